import type { MapFeatures } from '@tilth/contracts/map.types';
import type { LatLngPair } from '../../../../shared/map/coords';
import type { Camera } from '../../../equipment/camera/camera.api';

// Where the farm map draws a camera: its own location, else its plot's centre (the stored centre, else the
// boundary's centroid), else its base's centre. No Leaflet here, so it is tested without a DOM.

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
  // Relative to the first vertex: products of raw degrees would lose the metres to rounding.
  const [ox, oy] = ring[0] as readonly [number, number];
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i] as readonly [number, number];
    const [x1, y1] = ring[(i + 1) % ring.length] as readonly [number, number];
    const f = (x0 - ox) * (y1 - oy) - (x1 - ox) * (y0 - oy);
    a += f;
    cx += (x0 - ox + x1 - ox) * f;
    cy += (y0 - oy + y1 - oy) * f;
  }
  if (Math.abs(a) < 1e-18) {
    const n = ring.length;
    return [ring.reduce((s, p) => s + p[1], 0) / n, ring.reduce((s, p) => s + p[0], 0) / n];
  }
  return [oy + cy / (3 * a), ox + cx / (3 * a)];
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
