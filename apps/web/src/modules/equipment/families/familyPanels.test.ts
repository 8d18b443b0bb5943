import { DEVICE_TYPES } from '@tilth/contracts/device-types';
import { describe, expect, it } from 'vitest';
import { familyPanels } from './index';

// The data dialog shows no tab a type cannot fill: the photo tab only for types that take photos.
describe('familyPanels', () => {
  it('gives the pest photo tab to exactly the trap types that take photos', () => {
    for (const type of DEVICE_TYPES) {
      const photos = familyPanels(type.key).some((p) => p.key === 'pest');
      const traps = ['pest-station', 'forecast-lamp'].includes(type.key);
      expect(photos, type.key).toBe(traps);
      if (photos) expect(type.commands.some((c) => c.action === 'capture')).toBe(true);
    }
  });

  it('gives the insecticidal lamp no photo tab', () => {
    expect(familyPanels('pest-lamp').map((p) => p.key)).not.toContain('pest');
  });
});
