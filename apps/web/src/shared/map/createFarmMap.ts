import {
  MAP_DEFAULT_ZOOM,
  MAP_MAX_ZOOM,
  type MapConfig,
  type MapCrs,
  type MapProvider,
} from '@tilth/contracts/map.types';
import L from 'leaflet';
import { type LatLngPair, toDisplay } from './coords';

// The imperative core of the map kit: one Leaflet map with the configured base layers, a layer switcher
// and a canvas renderer for the overlays. Pages add their overlays through the handle and redraw them
// when the base layer's datum changes (crs), so stored WGS84 shapes always sit on the imagery.

const LAYER_KEY = 'tilth.map.layer';

const remembered = (): string | null => {
  try {
    return localStorage.getItem(LAYER_KEY);
  } catch {
    return null;
  }
};
const remember = (id: string): void => {
  try {
    localStorage.setItem(LAYER_KEY, id);
  } catch {
    // Storage unavailable: the next visit starts on the default layer.
  }
};

export interface FarmMapHandle {
  map: L.Map;
  /** One canvas renderer for every overlay: thousands of polygons stay one <canvas>. */
  renderer: L.Canvas;
  /** Datum of the shown base layer. */
  crs: () => MapCrs;
  provider: () => MapProvider | undefined;
  onCrsChange: (listener: (crs: MapCrs) => void) => () => void;
  /** Pans to a WGS84 [lat, lng], converting for the shown tiles. */
  flyTo: (p: LatLngPair, zoom?: number) => void;
  destroy: () => void;
}

export interface FarmMapOptions {
  /** Shown name of a provider in the layer switcher (translated by the page). */
  layerName?: (p: MapProvider) => string;
  /** Initial WGS84 [lat, lng]; the configured centre otherwise. */
  center?: LatLngPair | null;
  zoom?: number;
  /** No layer switcher (small panels). */
  noSwitcher?: boolean;
  className?: string;
}

const baseLayer = (p: MapProvider, maxZoom: number): L.Layer => {
  const opts: L.TileLayerOptions = {
    subdomains: p.subdomains.length > 0 ? p.subdomains : 'abc',
    maxZoom,
    maxNativeZoom: Math.min(p.maxNativeZoom, maxZoom),
    attribution: p.attribution,
    // Offline or blocked tiles: keep the grey background instead of broken-image icons.
    errorTileUrl: 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==',
    crossOrigin: false,
  };
  const tiles = L.tileLayer(p.url, opts);
  return p.labelUrl ? L.layerGroup([tiles, L.tileLayer(p.labelUrl, { ...opts, attribution: '' })]) : tiles;
};

export const createFarmMap = (
  el: HTMLElement,
  config: MapConfig,
  options: FarmMapOptions = {},
): FarmMapHandle => {
  const maxZoom = config.maxZoom || MAP_MAX_ZOOM;
  const map = L.map(el, {
    preferCanvas: true,
    zoomControl: true,
    attributionControl: true,
    maxZoom,
    minZoom: 3,
    worldCopyJump: true,
  });
  if (options.className) el.classList.add(options.className);
  const renderer = L.canvas({ padding: 0.5 });
  const layers = new Map<string, L.Layer>();
  for (const p of config.providers) layers.set(p.id, baseLayer(p, maxZoom));

  const wanted = remembered();
  let current =
    config.providers.find((p) => p.id === wanted) ??
    config.providers.find((p) => p.id === config.defaultProvider) ??
    config.providers[0];
  const listeners = new Set<(crs: MapCrs) => void>();
  const crs = (): MapCrs => current?.crs ?? 'WGS84';

  const first = current ? layers.get(current.id) : undefined;
  first?.addTo(map);
  if (!options.noSwitcher && config.providers.length > 1) {
    const named: Record<string, L.Layer> = {};
    for (const p of config.providers) {
      const layer = layers.get(p.id);
      if (layer) named[options.layerName?.(p) ?? p.id] = layer;
    }
    L.control.layers(named, undefined, { position: 'topright', collapsed: true }).addTo(map);
  }
  map.on('baselayerchange', (e: L.LayersControlEvent) => {
    const next = config.providers.find((p) => layers.get(p.id) === e.layer);
    if (!next) return;
    const before = crs();
    current = next;
    remember(next.id);
    if (next.crs !== before) for (const fn of listeners) fn(next.crs);
  });

  const start = options.center ?? config.center;
  map.setView(toDisplay([start[0], start[1]], crs()), options.zoom ?? config.zoom ?? MAP_DEFAULT_ZOOM);

  // Kept-alive tabs and resizable panels change the container's size without a window resize.
  const resize =
    typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
  resize?.observe(el);

  return {
    map,
    renderer,
    crs,
    provider: () => current,
    onCrsChange: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    flyTo: (p, zoom) => map.setView(toDisplay(p, crs()), zoom ?? Math.max(map.getZoom(), 16)),
    destroy: () => {
      resize?.disconnect();
      listeners.clear();
      map.remove();
    },
  };
};
