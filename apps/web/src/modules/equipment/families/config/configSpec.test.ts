import { deviceConfigSchema } from '@tilth/contracts/device-config.types';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIG_SPECS, crossRuleError, fenceToText, textToFence } from './configSpec';

// The form shows exactly settings the server accepts, and its cross-field rules agree with the server's.

describe('device form settings', () => {
  it("every field is a key of the type's server schema", () => {
    for (const [type, spec] of Object.entries(CONFIG_SPECS)) {
      const schema = deviceConfigSchema(type);
      expect(schema, type).toBeInstanceOf(z.ZodObject);
      const keys = Object.keys((schema as z.ZodObject).shape);
      for (const f of spec.fields) expect(keys, `${type}.${f.name}`).toContain(f.name);
    }
  });

  it('cross-field rules match the server', () => {
    const cases: [string, Record<string, unknown>, string, string | null][] = [
      ['pest-station', { photoIntervalMin: 60, durationMin: 30 }, 'photoIntervalMin', 'config.rule.photo'],
      ['pest-station', { photoIntervalMin: 30, durationMin: 30 }, 'durationMin', null],
      ['gateway', { pollingSec: 61, nodeResponseSec: 6, nodeCount: 10 }, 'pollingSec', 'config.rule.polling'],
      ['gateway', { pollingSec: 60 }, 'nodeCount', 'config.rule.together'],
      ['electric-valve', { highLevelCm: 109, lowLevelCm: 100 }, 'lowLevelCm', 'config.rule.levels'],
      ['electric-valve', { highLevelCm: 110, lowLevelCm: 100 }, 'highLevelCm', null],
      ['inverter', { defaultRunMin: 200, maxRunMin: 100 }, 'maxRunMin', 'config.rule.run'],
    ];
    for (const [type, cfg, field, want] of cases) {
      const spec = CONFIG_SPECS[type];
      expect(
        crossRuleError(spec?.rules ?? [], field, (n) => cfg[n]),
        `${type} ${field}`,
      ).toBe(want);
      const serverOk = deviceConfigSchema(type).safeParse(cfg).success;
      expect(serverOk, `${type} server agrees`).toBe(want === null);
    }
  });

  it('geofence text round-trips', () => {
    const fence = textToFence('22.9,113.3\n23.0,113.3\n23.0，113.4');
    expect(fence).toEqual([
      { lat: 22.9, lng: 113.3 },
      { lat: 23, lng: 113.3 },
      { lat: 23, lng: 113.4 },
    ]);
    expect(textToFence(fenceToText(fence))).toEqual(fence);
    expect(textToFence('  ')).toBeUndefined();
  });
});
