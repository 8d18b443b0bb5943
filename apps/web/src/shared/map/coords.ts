import type { MapCrs } from '@tilth/contracts/map.types';
import gcoord from 'gcoord';

// Datum conversion for the map (spec 01 §9). Everything stored is WGS84: boundaries as GeoJSON rings of
// [lng, lat], centres as 'lat,lng'. Chinese tile providers draw in GCJ-02 (AMap) or BD-09 (Baidu), so
// overlays are shifted into the tiles' datum for display, and what the user draws is shifted back
// before it is saved. Leaflet works in [lat, lng].

/** [lat, lng], Leaflet's order. */
export type LatLngPair = [number, number];
/** [lng, lat], GeoJSON's order. */
export type LngLatPair = [number, number];

/** Stored precision: 7 decimals ≈ 1 cm. */
const DECIMALS = 7;
const fix = (v: number): number => Number(v.toFixed(DECIMALS));

const CRS = { WGS84: gcoord.WGS84, GCJ02: gcoord.GCJ02, BD09: gcoord.BD09 } as const;

const forward = (p: LngLatPair, crs: MapCrs): LngLatPair => {
  if (crs === 'WGS84') return p;
  const [lng, lat] = gcoord.transform<[number, number]>([p[0], p[1]], gcoord.WGS84, CRS[crs]);
  return [lng, lat];
};

/**
 * Back to WGS84. gcoord's inverse stops at 1e-6° (about 10 cm); a few more fixed-point steps on the
 * forward formula bring the round trip under a centimetre, so re-saving a plot never creeps.
 */
const inverse = (t: LngLatPair, crs: MapCrs): LngLatPair => {
  if (crs === 'WGS84') return t;
  let [lng, lat] = gcoord.transform<[number, number]>([t[0], t[1]], CRS[crs], gcoord.WGS84);
  for (let i = 0; i < 8; i++) {
    const [fx, fy] = forward([lng, lat], crs);
    const dx = fx - t[0];
    const dy = fy - t[1];
    lng -= dx;
    lat -= dy;
    if (Math.abs(dx) < 1e-10 && Math.abs(dy) < 1e-10) break;
  }
  return [lng, lat];
};

/** A WGS84 [lat, lng] shown on tiles in `crs`. */
export const toDisplay = (p: LatLngPair, crs: MapCrs): LatLngPair => {
  const [lng, lat] = forward([p[1], p[0]], crs);
  return [lat, lng];
};

/** A [lat, lng] picked on tiles in `crs`, back to WGS84 (rounded to the stored precision). */
export const fromDisplay = (p: LatLngPair, crs: MapCrs): LatLngPair => {
  const [lng, lat] = inverse([p[1], p[0]], crs);
  return [fix(lat), fix(lng)];
};

/** Stored rings ([lng, lat] WGS84) as Leaflet rings ([lat, lng] in `crs`), the closing position dropped. */
export const boundaryToDisplay = (
  boundary: readonly (readonly LngLatPair[])[],
  crs: MapCrs,
): LatLngPair[][] =>
  boundary.map((ring) => {
    const open = isClosed(ring) ? ring.slice(0, -1) : ring;
    return open.map(([lng, lat]) => toDisplay([lat, lng], crs));
  });

/** Rings drawn on the map ([lat, lng] in `crs`) as stored GeoJSON rings ([lng, lat] WGS84), closed. */
export const boundaryFromDisplay = (rings: readonly (readonly LatLngPair[])[], crs: MapCrs): LngLatPair[][] =>
  rings
    .filter((ring) => ring.length > 0)
    .map((ring) => {
      const out = ring.map((p) => {
        const [lat, lng] = fromDisplay(p, crs);
        return [lng, lat] as LngLatPair;
      });
      const first = out[0];
      return first && !isClosed(out) ? [...out, [first[0], first[1]] as LngLatPair] : out;
    });

const isClosed = (ring: readonly LngLatPair[]): boolean => {
  const a = ring[0];
  const b = ring[ring.length - 1];
  return ring.length > 1 && a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];
};

/** 'lat,lng' → [lat, lng], or null when it is not a valid pair. */
export const parseLatLng = (text: string | null | undefined): LatLngPair | null => {
  const parts = (text ?? '').split(',').map((s) => Number(s.trim()));
  const [lat, lng] = parts;
  if (parts.length !== 2 || lat === undefined || lng === undefined) return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  if (text?.trim() === '') return null;
  return [lat, lng];
};

/** Distance in metres between two WGS84 points (haversine), for checking round trips. */
export const metresBetween = (a: LatLngPair, b: LatLngPair): number => {
  const R = 6_371_008.8;
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLng = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
};
