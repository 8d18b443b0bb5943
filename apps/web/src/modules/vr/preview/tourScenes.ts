import { VISUAL_DEFAULT, type Visual, visual as visualSchema } from '@tilth/contracts/vr.types';
import type { PublicVr, Scene } from '../api/vr.api';
import { parseHotspots } from './hotspotAction';
import type { TourScene } from './TourView';

/** A scene's stored view; a missing or broken visualJson falls back to the default view. */
export const parseVisual = (json: string): Visual => {
  try {
    const parsed = visualSchema.safeParse(JSON.parse(json || '{}'));
    return parsed.success ? parsed.data : VISUAL_DEFAULT;
  } catch {
    return VISUAL_DEFAULT;
  }
};

/** The console's scenes (signed in) as the tour view shows them, in strip order. */
export const tourScenesOf = (scenes: readonly Scene[]): TourScene[] =>
  [...scenes]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((s) => ({
      scenesId: s.scenesId,
      scenesName: s.scenesName,
      thumbUrl: s.thumbUrl || s.panorama.panoramaThumb,
      source: {
        images: s.images || s.panorama.panoramaImages,
        preview: s.previewUrl || s.panorama.panoramaPreview,
        tiles: s.panorama.tiles,
      },
      visual: parseVisual(s.visualJson),
      hotspots: parseHotspots(s.hotSpotJson),
    }));

/** A published tour's scenes (public URLs, read without a session). */
export const publicTourScenesOf = (tour: PublicVr): TourScene[] =>
  tour.scenes.map((s) => ({
    scenesId: s.scenesId,
    scenesName: s.scenesName,
    thumbUrl: s.thumbUrl,
    source: { images: s.images, preview: s.previewUrl, tiles: s.tiles },
    visual: parseVisual(s.visualJson),
    hotspots: parseHotspots(s.hotSpotJson),
  }));
