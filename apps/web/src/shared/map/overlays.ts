import type { MapBase, MapCrs, MapPlot } from '@tilth/contracts/map.types';
import L from 'leaflet';
import { boundaryToDisplay, type LngLatPair, parseLatLng, toDisplay } from './coords';
import type { FarmMapHandle } from './createFarmMap';

// Bases and plots drawn straight into Leaflet on the shared canvas renderer: no React element per feature,
// one click handler for the whole group, popups built only when opened. 2,000 polygons and 500 markers
// draw in one canvas pass.

export const PLOT_COLORS = {
  growing: '#34c759',
  nurture: '#2f8cff',
  idle: '#ffb020',
  disabled: '#9aa5b1',
} as const;
export type PlotState = keyof typeof PLOT_COLORS;

export const plotState = (p: Pick<MapPlot, 'enabledFlag' | 'batchId' | 'landUsage'>): PlotState => {
  if (p.enabledFlag !== 1) return 'disabled';
  if (p.batchId === null) return 'idle';
  return p.landUsage === 'nurture' ? 'nurture' : 'growing';
};

const plotStyle = (p: MapPlot, selected: boolean): L.PathOptions => {
  const color = PLOT_COLORS[plotState(p)];
  return {
    color: selected ? '#ffffff' : color,
    weight: selected ? 3 : 1.5,
    fillColor: color,
    fillOpacity: selected ? 0.55 : 0.35,
    dashArray: p.enabledFlag === 1 ? undefined : '4 4',
  };
};

const BASE_STYLE: L.CircleMarkerOptions = {
  radius: 7,
  color: '#ffffff',
  weight: 2,
  fillColor: '#e8590c',
  fillOpacity: 0.95,
};

export interface FeatureOverlayOptions {
  plotPopup: (p: MapPlot) => HTMLElement;
  basePopup: (b: MapBase) => HTMLElement;
  onPlotClick?: (p: MapPlot) => void;
  onBaseClick?: (b: MapBase) => void;
  /** Only this base's features at first (undefined: all). */
  areaId?: number | undefined;
  /** Zoom to the features before they are added, so they are projected once, not twice. */
  fit?: boolean;
}

export interface FeatureOverlay {
  /** Shows only the plots and bases of one base (undefined: all). */
  filter: (areaId: number | undefined) => void;
  /** Highlights a plot, zooms to it and opens its popup. */
  focusPlot: (landId: number) => void;
  focusBase: (areaId: number) => void;
  /** Zooms to everything shown. */
  fit: () => void;
  plotCount: () => number;
  remove: () => void;
}

const boundsOf = (layer: L.Layer): L.LatLngBounds | null => {
  if (layer instanceof L.Polygon) return layer.getBounds();
  if (layer instanceof L.CircleMarker) return L.latLngBounds([layer.getLatLng()]);
  return null;
};

export const drawFeatures = (
  handle: FarmMapHandle,
  crs: MapCrs,
  data: { bases: readonly MapBase[]; plots: readonly MapPlot[] },
  opts: FeatureOverlayOptions,
): FeatureOverlay => {
  const { map, renderer } = handle;
  const plotLayers = new Map<number, L.Path>();
  const baseLayers = new Map<number, L.CircleMarker>();
  const plotOf = new WeakMap<L.Layer, MapPlot>();
  const baseOf = new WeakMap<L.Layer, MapBase>();
  const plotsGroup = L.featureGroup();
  const basesGroup = L.featureGroup();
  let selected: number | null = null;

  for (const p of data.plots) {
    let layer: L.Path | null = null;
    if (p.boundary && p.boundary.length > 0) {
      layer = L.polygon(boundaryToDisplay(p.boundary as LngLatPair[][], crs), {
        ...plotStyle(p, false),
        renderer,
      });
    } else {
      // Not drawn yet: a dot at its centre, so it can still be found.
      const c = parseLatLng(p.landCenter);
      if (c) layer = L.circleMarker(toDisplay(c, crs), { ...plotStyle(p, false), radius: 5, renderer });
    }
    if (!layer) continue;
    plotOf.set(layer, p);
    plotLayers.set(p.landId, layer);
  }
  for (const b of data.bases) {
    const c = parseLatLng(b.areaCenter);
    if (!c) continue;
    const marker = L.circleMarker(toDisplay(c, crs), { ...BASE_STYLE, renderer });
    baseOf.set(marker, b);
    baseLayers.set(b.areaId, marker);
  }

  const select = (landId: number | null) => {
    if (selected !== null) {
      const prev = plotLayers.get(selected);
      const p = prev ? plotOf.get(prev) : undefined;
      if (prev && p) prev.setStyle(plotStyle(p, false));
    }
    selected = landId;
    const next = landId === null ? undefined : plotLayers.get(landId);
    const p = next ? plotOf.get(next) : undefined;
    if (next && p) {
      next.setStyle(plotStyle(p, true));
      next.bringToFront();
    }
  };

  const openPlot = (layer: L.Path, p: MapPlot, at?: L.LatLng) => {
    select(p.landId);
    const where = at ?? boundsOf(layer)?.getCenter();
    if (where) L.popup({ maxWidth: 280 }).setLatLng(where).setContent(opts.plotPopup(p)).openOn(map);
  };
  const openBase = (marker: L.CircleMarker, b: MapBase) => {
    L.popup({ maxWidth: 280, offset: [0, -4] })
      .setLatLng(marker.getLatLng())
      .setContent(opts.basePopup(b))
      .openOn(map);
  };

  type GroupEvent = L.LeafletMouseEvent & { propagatedFrom?: L.Layer; layer?: L.Layer };
  plotsGroup.on('click', (e: GroupEvent) => {
    const layer = e.propagatedFrom ?? e.layer;
    const p = layer ? plotOf.get(layer) : undefined;
    if (!layer || !p) return;
    openPlot(layer as L.Path, p, e.latlng);
    opts.onPlotClick?.(p);
  });
  basesGroup.on('click', (e: GroupEvent) => {
    const layer = e.propagatedFrom ?? e.layer;
    const b = layer ? baseOf.get(layer) : undefined;
    if (!(layer instanceof L.CircleMarker) || !b) return;
    openBase(layer, b);
    opts.onBaseClick?.(b);
  });

  const fill = (areaId: number | undefined) => {
    plotsGroup.clearLayers();
    basesGroup.clearLayers();
    for (const [, layer] of plotLayers) {
      const p = plotOf.get(layer);
      if (p && (areaId === undefined || p.areaId === areaId)) plotsGroup.addLayer(layer);
    }
    for (const [, marker] of baseLayers) {
      const b = baseOf.get(marker);
      if (b && (areaId === undefined || b.areaId === areaId)) basesGroup.addLayer(marker);
    }
  };
  const frame = () => {
    const bounds = L.latLngBounds([]);
    for (const group of [plotsGroup, basesGroup]) {
      group.eachLayer((l) => {
        const b = boundsOf(l);
        if (b) bounds.extend(b);
      });
    }
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 17, animate: false });
  };

  fill(opts.areaId);
  if (opts.fit) frame();
  plotsGroup.addTo(map);
  basesGroup.addTo(map);

  return {
    filter: fill,
    focusPlot: (landId) => {
      const layer = plotLayers.get(landId);
      const p = layer ? plotOf.get(layer) : undefined;
      if (!layer || !p) return;
      const b = boundsOf(layer);
      if (b) map.fitBounds(b, { padding: [40, 40], maxZoom: 18 });
      openPlot(layer, p);
    },
    focusBase: (areaId) => {
      const marker = baseLayers.get(areaId);
      const b = marker ? baseOf.get(marker) : undefined;
      const bounds = L.latLngBounds([]);
      for (const [, layer] of plotLayers) {
        if (plotOf.get(layer)?.areaId === areaId) {
          const lb = boundsOf(layer);
          if (lb) bounds.extend(lb);
        }
      }
      if (marker) bounds.extend(marker.getLatLng());
      if (bounds.isValid()) map.fitBounds(bounds, { padding: [40, 40], maxZoom: 17 });
      if (marker && b) openBase(marker, b);
    },
    fit: frame,
    plotCount: () => plotsGroup.getLayers().length,
    remove: () => {
      map.closePopup();
      plotsGroup.off();
      basesGroup.off();
      plotsGroup.remove();
      basesGroup.remove();
    },
  };
};
