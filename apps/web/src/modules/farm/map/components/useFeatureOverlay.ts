import type { MapFeatures } from '@tilth/contracts/map.types';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { drawFeatures, type FeatureOverlay } from '../../../../shared/map/overlays';
import type { FarmMapState } from '../../../../shared/map/useFarmMap';
import { basePopup, plotPopup } from './popups';

/**
 * Draws the features on the map imperatively and redraws only when the data or the tiles' datum change;
 * the page's own renders (filters, list) never touch the map's layers. `onDrawn` runs after each draw
 * (the page marks the map ready for the benchmark and fits the view the first time).
 */
export const useFeatureOverlay = (
  map: FarmMapState,
  data: MapFeatures | undefined,
  onDrawn?: (overlay: FeatureOverlay, first: boolean) => void,
  /** The base filter when the features are (re)drawn. */
  areaId?: number,
) => {
  const { t, i18n } = useTranslation('farmMap');
  const overlay = useRef<FeatureOverlay | null>(null);
  // Popups read the latest texts when they open, so a language switch does not redraw the map.
  const texts = useRef({ t, lang: i18n.language });
  texts.current = { t, lang: i18n.language };
  const drawnOnce = useRef(false);
  const after = useRef(onDrawn);
  after.current = onDrawn;
  const area = useRef(areaId);
  area.current = areaId;
  const { handle, crs } = map;

  useEffect(() => {
    if (!handle || !data) return;
    const baseNames = new Map(data.bases.map((b) => [b.areaId, b.areaName]));
    const o = drawFeatures(handle, crs, data, {
      plotPopup: (p) => plotPopup(texts.current.t, texts.current.lang, p, baseNames.get(p.areaId)),
      basePopup: (b) => basePopup(texts.current.t, texts.current.lang, b),
      areaId: area.current,
      // The first drawing frames everything; later ones (new data, another datum) keep the view.
      fit: !drawnOnce.current,
    });
    overlay.current = o;
    after.current?.(o, !drawnOnce.current);
    drawnOnce.current = true;
    return () => {
      o.remove();
      overlay.current = null;
    };
  }, [handle, crs, data]);

  return overlay;
};
