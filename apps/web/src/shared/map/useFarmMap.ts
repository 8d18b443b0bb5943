import type { MapConfig, MapCrs } from '@tilth/contracts/map.types';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLngPair } from './coords';
import { createFarmMap, type FarmMapHandle, type FarmMapOptions } from './createFarmMap';

export interface FarmMapState {
  /** Give this to the map's container element. */
  ref: (el: HTMLDivElement | null) => void;
  handle: FarmMapHandle | null;
  /** Datum of the shown base layer; overlays redraw when it changes (rarely: a layer switch). */
  crs: MapCrs;
}

/**
 * One Leaflet map for the life of the container. Options are read when the map is made; a new config
 * (another tenant) makes a new map.
 */
export const useFarmMap = (
  config: MapConfig | undefined,
  options: FarmMapOptions & { center?: LatLngPair | null } = {},
): FarmMapState => {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const [handle, setHandle] = useState<FarmMapHandle | null>(null);
  const [crs, setCrs] = useState<MapCrs>('WGS84');
  const { t } = useTranslation();
  // Every map says when its tiles cannot be reached, unless the page words it itself.
  const opts = useRef(options);
  opts.current = {
    unreachable: {
      text: t('common:map.unreachable'),
      offer: (name) => t('common:map.useOffline', { name }),
    },
    ...options,
  };
  useEffect(() => {
    if (!el || !config) return;
    const h = createFarmMap(el, config, opts.current);
    setHandle(h);
    setCrs(h.crs());
    const off = h.onCrsChange(setCrs);
    return () => {
      off();
      h.destroy();
      setHandle(null);
    };
  }, [el, config]);
  return { ref: setEl, handle, crs };
};
