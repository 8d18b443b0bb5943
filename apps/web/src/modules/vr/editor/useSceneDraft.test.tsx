import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { VISUAL_DEFAULT } from '@tilth/contracts/vr.types';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Scene } from '../api/vr.api';
import { useSceneDraft } from './useSceneDraft';

const scene = (scenesId: number, fov: number, version = 1): Scene => ({
  scenesId,
  scenesName: `s${scenesId}`,
  vrId: 9,
  panoramaId: scenesId,
  sortOrder: scenesId,
  thumbUrl: '',
  previewUrl: '',
  images: '',
  scenesCover: '',
  visualJson: JSON.stringify({ ...VISUAL_DEFAULT, fov, hlookat: fov }),
  hotSpotJson: '[]',
  panorama: {
    panoramaId: scenesId,
    panoramaName: '',
    panoramaImages: '',
    panoramaPreview: '',
    panoramaThumb: '',
    tiles: null,
  },
  objectVersionNumber: version,
});

function Probe({ scenes }: { scenes: Scene[] }) {
  const d = useSceneDraft(1, 9, scenes);
  return (
    <output>
      {d.scene?.scenesId}:{d.visual.fov}:{d.visual.hlookat}
    </output>
  );
}

const render = (scenes: Scene[]) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <Probe scenes={scenes} />
    </QueryClientProvider>,
  ).replace(/<!-- -->/g, '');

describe('the editor’s scene draft', () => {
  it("holds the first scene's stored view in the very first render, so the viewer opens on it", () => {
    expect(render([scene(1, 70), scene(2, 50)])).toBe('<output>1:70:70</output>');
  });

  it('starts from the default view when the stored one is missing', () => {
    expect(render([{ ...scene(3, 0), visualJson: '' }])).toBe(
      `<output>3:${VISUAL_DEFAULT.fov}:${VISUAL_DEFAULT.hlookat}</output>`,
    );
  });
});
