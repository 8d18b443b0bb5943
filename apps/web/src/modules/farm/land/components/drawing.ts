import '../../../../shared/map/geoman';
import type { LandBoundary } from '@tilth/contracts/land.types';
import type { MapCrs } from '@tilth/contracts/map.types';
import L from 'leaflet';
import {
  boundaryFromDisplay,
  boundaryToDisplay,
  type LatLngPair,
  type LngLatPair,
} from '../../../../shared/map/coords';
import type { FarmMapHandle } from '../../../../shared/map/createFarmMap';

// Drawing a plot's boundary with Geoman: draw (polygon or rectangle), move vertices, remove. One plot has
// one polygon: drawing a new one replaces the old. Every change is reported as a stored WGS84 boundary.

const STYLE: L.PathOptions = { color: '#1b9961', weight: 2, fillColor: '#1b9961', fillOpacity: 0.3 };

/** Rings of a drawn polygon as [lat, lng] pairs (Leaflet nests a simple polygon one level less). */
const ringsOf = (layer: L.Polygon): LatLngPair[][] => {
  const raw = layer.getLatLngs() as L.LatLng[] | L.LatLng[][] | L.LatLng[][][];
  const first = raw[0];
  if (first === undefined) return [];
  if (first instanceof L.LatLng) return [(raw as L.LatLng[]).map((p) => [p.lat, p.lng])];
  const rings = Array.isArray((first as L.LatLng[][])[0])
    ? ((raw as L.LatLng[][][])[0] ?? [])
    : (raw as L.LatLng[][]);
  return rings.map((ring) => ring.map((p) => [p.lat, p.lng] as LatLngPair));
};

export interface BoundaryEditor {
  /** Zooms to the polygon, if any. */
  fit: () => void;
  destroy: () => void;
}

export const attachBoundaryEditor = (
  handle: FarmMapHandle,
  crs: MapCrs,
  initial: LandBoundary | null,
  onChange: (boundary: LandBoundary | null) => void,
  texts: { draw: string; lang: 'zh' | 'en' },
): BoundaryEditor => {
  const { map } = handle;
  let polygon: L.Polygon | null = null;

  const report = () =>
    onChange(polygon ? (boundaryFromDisplay(ringsOf(polygon), crs) as LandBoundary) : null);
  const watch = (layer: L.Polygon) => {
    layer.on('pm:edit', report);
    layer.on('pm:remove', () => {
      if (polygon === layer) polygon = null;
      report();
    });
  };
  if (initial && initial.length > 0) {
    polygon = L.polygon(boundaryToDisplay(initial as LngLatPair[][], crs), { ...STYLE });
    polygon.addTo(map);
    watch(polygon);
  }

  map.pm.setGlobalOptions({ pathOptions: STYLE, snappable: true, allowSelfIntersection: false });
  map.pm.setLang(texts.lang);
  map.pm.addControls({
    position: 'topleft',
    drawMarker: false,
    drawCircleMarker: false,
    drawPolyline: false,
    drawCircle: false,
    drawText: false,
    drawRectangle: true,
    drawPolygon: true,
    editMode: true,
    dragMode: true,
    cutPolygon: false,
    removalMode: true,
    rotateMode: false,
  });
  const onCreate = (e: { layer: L.Layer }) => {
    if (!(e.layer instanceof L.Polygon)) {
      e.layer.remove();
      return;
    }
    polygon?.remove();
    polygon = e.layer;
    watch(polygon);
    report();
  };
  map.on('pm:create', onCreate);
  const drawButton = map.getContainer().querySelector('.leaflet-pm-icon-polygon')?.parentElement;
  drawButton?.setAttribute('title', texts.draw);

  return {
    fit: () => {
      if (polygon) map.fitBounds(polygon.getBounds(), { padding: [30, 30], maxZoom: 19 });
    },
    destroy: () => {
      map.off('pm:create', onCreate);
      map.pm.disableDraw();
      map.pm.disableGlobalEditMode();
      map.pm.disableGlobalRemovalMode();
      map.pm.disableGlobalDragMode();
      map.pm.removeControls();
      polygon?.remove();
    },
  };
};
