import { VISUAL_DEFAULT } from '@tilth/contracts/vr.types';
import { describe, expect, it } from 'vitest';
import { renderWithCodes } from '../../../test/renderWithCodes';
import type { Scene } from '../api/vr.api';
import { nextStartPanel, SceneSidePanel } from './SceneSidePanel';

// Spec 03 §2: the editor's start-only scene panel — collapsible, gone for the visit once used or closed.

const scene = (scenesId: number, scenesName: string): Scene => ({
  scenesId,
  scenesName,
  vrId: 9,
  panoramaId: scenesId,
  sortOrder: scenesId,
  thumbUrl: '',
  previewUrl: '',
  images: '',
  scenesCover: '',
  visualJson: JSON.stringify(VISUAL_DEFAULT),
  hotSpotJson: '[]',
  panorama: {
    panoramaId: scenesId,
    panoramaName: '',
    panoramaImages: '',
    panoramaPreview: '',
    panoramaThumb: '',
    tiles: null,
  },
  objectVersionNumber: 1,
});

describe('start-only scene panel', () => {
  it('collapses and expands, and closes for good once a scene is picked or it is closed', () => {
    expect(nextStartPanel('open', 'toggle')).toBe('collapsed');
    expect(nextStartPanel('collapsed', 'toggle')).toBe('open');
    expect(nextStartPanel('open', 'choose')).toBe('closed');
    expect(nextStartPanel('collapsed', 'close')).toBe('closed');
    expect(nextStartPanel('closed', 'toggle')).toBe('closed');
  });

  it('lists the scenes with the current one highlighted', () => {
    const html = renderWithCodes(
      <SceneSidePanel
        scenes={[scene(1, 'Rice field'), scene(2, 'Fish pond')]}
        currentId={2}
        state="open"
        onToggle={() => undefined}
        onClose={() => undefined}
        onChoose={() => undefined}
      />,
      { codes: [] },
    );
    expect(html).toContain('Rice field');
    expect(html).toContain('Fish pond');
    expect(html).toContain('Close the scene panel');
    expect(html.match(/tl-vr-start__scene--current/g)).toHaveLength(1);
    expect(html).toMatch(/tl-vr-start__scene--current" aria-current="true"[^>]*>.*?Fish pond/);
  });

  it('shows only the expand button when collapsed', () => {
    const html = renderWithCodes(
      <SceneSidePanel
        scenes={[scene(1, 'Rice field')]}
        currentId={1}
        state="collapsed"
        onToggle={() => undefined}
        onClose={() => undefined}
        onChoose={() => undefined}
      />,
      { codes: [] },
    );
    expect(html).toContain('Expand the scene panel');
    expect(html).not.toContain('Rice field');
  });
});
