import {
  MAP_DEFAULT_ZOOM,
  MAP_MAX_ZOOM,
  type MapConfig,
  type MapCrs,
  type MapProvider,
} from '@tilth/contracts/map.types';
import L from 'leaflet';
import { type LatLngPair, toDisplay } from './coords';
import { createTileWatch, OFFLINE_PROVIDER_ID } from './tileWatch';

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
  /** Texts of the notice shown when the base layer's tiles cannot be reached (translated by the caller). */
  unreachable?: { text: string; offer: (layerName: string) => string };
}

const baseLayer = (p: MapProvider, maxZoom: number, onTile: (ok: boolean) => void): L.Layer => {
  const opts: L.TileLayerOptions = {
    subdomains: p.subdomains.length > 0 ? p.subdomains : 'abc',
    maxZoom,
    maxNativeZoom: Math.min(p.maxNativeZoom, maxZoom),
    attribution: p.attribution,
    // Offline or blocked tiles: keep the grey background instead of broken-image icons.
    errorTileUrl: 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==',
    crossOrigin: false,
  };
  // Only the imagery counts for reachability; a label overlay failing alone still shows a map.
  const tiles = L.tileLayer(p.url, opts)
    .on('tileload', () => onTile(true))
    .on('tileerror', () => onTile(false));
  return p.labelUrl ? L.layerGroup([tiles, L.tileLayer(p.labelUrl, { ...opts, attribution: '' })]) : tiles;
};

/** A small notice on the map: the layer is unreachable, and a button to the offline layer if any. */
const noticeControl = (text: string, offer: { label: string; onClick: () => void } | null): L.Control => {
  const control = new L.Control({ position: 'bottomleft' });
  control.onAdd = () => {
    const box = L.DomUtil.create('div', 'leaflet-bar tl-map-unreachable');
    box.setAttribute('role', 'status');
    box.style.background = '#fff';
    box.style.padding = '6px 10px';
    box.style.maxWidth = '320px';
    L.DomUtil.create('span', '', box).textContent = text;
    if (offer) {
      const button = L.DomUtil.create('button', 'tl-map-unreachable__offer', box);
      button.type = 'button';
      button.textContent = offer.label;
      button.style.border = '0';
      button.style.background = 'none';
      button.style.color = 'inherit';
      button.style.textDecoration = 'underline';
      button.style.cursor = 'pointer';
      L.DomEvent.on(button, 'click', offer.onClick);
    }
    L.DomEvent.disableClickPropagation(box);
    return box;
  };
  return control;
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
  const watch = createTileWatch();
  let notice: L.Control | null = null;
  const hideNotice = () => {
    notice?.remove();
    notice = null;
  };
  // Declared below; tiles only load once the map has a view.
  let onTile = (_id: string, _ok: boolean): void => undefined;
  for (const p of config.providers)
    layers.set(
      p.id,
      baseLayer(p, maxZoom, (ok) => onTile(p.id, ok)),
    );

  const wanted = remembered();
  let current =
    config.providers.find((p) => p.id === wanted) ??
    config.providers.find((p) => p.id === config.defaultProvider) ??
    config.providers[0];
  const listeners = new Set<(crs: MapCrs) => void>();
  const crs = (): MapCrs => current?.crs ?? 'WGS84';

  const first = current ? layers.get(current.id) : undefined;
  first?.addTo(map);
  const switcher = !options.noSwitcher && config.providers.length > 1;
  if (switcher) {
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
    watch.reset();
    hideNotice();
    const before = crs();
    current = next;
    remember(next.id);
    if (next.crs !== before) for (const fn of listeners) fn(next.crs);
  });

  const offline = config.providers.find((p) => p.id === OFFLINE_PROVIDER_ID);
  const showOffline = () => {
    const from = current ? layers.get(current.id) : undefined;
    const to = offline ? layers.get(offline.id) : undefined;
    if (!to) return;
    if (from) map.removeLayer(from);
    to.addTo(map);
    // The layer switcher reports the change itself; without one, report it here.
    if (!switcher) map.fire('baselayerchange', { layer: to, name: OFFLINE_PROVIDER_ID });
  };
  onTile = (id, ok) => {
    if (id !== current?.id || !options.unreachable) return;
    const change = watch.tile(ok);
    if (change === 'reachable') hideNotice();
    if (change !== 'unreachable') return;
    const { text, offer } = options.unreachable;
    const canOffer = offline !== undefined && offline.id !== current?.id;
    hideNotice();
    notice = noticeControl(
      text,
      canOffer ? { label: offer(options.layerName?.(offline) ?? offline.id), onClick: showOffline } : null,
    ).addTo(map);
  };

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
