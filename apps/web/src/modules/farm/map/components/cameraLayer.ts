import type { MapCrs, MapFeatures } from '@tilth/contracts/map.types';
import L from 'leaflet';
import { type LatLngPair, toDisplay } from '../../../../shared/map/coords';
import type { FarmMapHandle } from '../../../../shared/map/createFarmMap';
import type { Camera } from '../../../equipment/camera/camera.api';

// The farm map's camera layer: an icon per camera at its own location, else at its plot's centre (the
// stored centre, else the boundary's centroid), else at its base's centre. Clicking one opens the camera.

const parseLatLng = (s: string | null | undefined): LatLngPair | null => {
  if (!s) return null;
  const [lat, lng] = s.split(',').map((v) => Number(v.trim()));
  return lat !== undefined && lng !== undefined && Number.isFinite(lat) && Number.isFinite(lng)
    ? [lat, lng]
    : null;
};

/** Centroid of a GeoJSON ring ([lng, lat]) by the shoelace formula; the vertex mean when degenerate. */
export const ringCentroid = (ring: readonly (readonly [number, number])[]): LatLngPair | null => {
  if (ring.length === 0) return null;
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i] as readonly [number, number];
    const [x1, y1] = ring[(i + 1) % ring.length] as readonly [number, number];
    const f = x0 * y1 - x1 * y0;
    a += f;
    cx += (x0 + x1) * f;
    cy += (y0 + y1) * f;
  }
  if (Math.abs(a) < 1e-12) {
    const n = ring.length;
    return [ring.reduce((s, p) => s + p[1], 0) / n, ring.reduce((s, p) => s + p[0], 0) / n];
  }
  return [cy / (3 * a), cx / (3 * a)];
};

/** Where a camera is drawn (WGS84 [lat, lng]), or null when neither it, its plot nor its base is located. */
export const cameraPosition = (
  c: Pick<Camera, 'latlng' | 'landId' | 'areaId'>,
  features: MapFeatures | undefined,
): LatLngPair | null => {
  const own = parseLatLng(c.latlng);
  if (own) return own;
  const plot = c.landId === null ? undefined : features?.plots.find((p) => p.landId === c.landId);
  if (plot) {
    const centre = parseLatLng(plot.landCenter);
    if (centre) return centre;
    const ring = plot.boundary?.[0];
    if (ring) return ringCentroid(ring);
  }
  const base = c.areaId === null ? undefined : features?.bases.find((b) => b.areaId === c.areaId);
  return parseLatLng(base?.areaCenter);
};

const ICON_HTML =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M17 10.5V7a1 1 0 0 0-1-1H4a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-3.5l4 4v-11z"/></svg>';

/** The cameras as clickable icons; cameras without any location are left out. */
export const drawCameras = (
  handle: FarmMapHandle,
  crs: MapCrs,
  cameras: readonly Camera[],
  features: MapFeatures | undefined,
  onOpen: (c: Camera) => void,
): L.LayerGroup => {
  const group = L.layerGroup();
  for (const c of cameras) {
    const at = cameraPosition(c, features);
    if (!at) continue;
    const state = c.status === 0 ? 'disabled' : c.online === 1 ? 'online' : 'offline';
    const icon = L.divIcon({
      className: `tl-map-camera tl-map-camera--${state}`,
      html: `<span data-testid="map-camera" data-camera-id="${c.id}">${ICON_HTML}</span>`,
      iconSize: [28, 28],
      iconAnchor: [14, 14],
    });
    const marker = L.marker(toDisplay(at, crs), { icon, title: c.name, keyboard: true, riseOnHover: true });
    marker.bindTooltip(c.name, { direction: 'top', offset: [0, -14] });
    marker.on('click', () => onOpen(c));
    marker.addTo(group);
  }
  return group.addTo(handle.map);
};
