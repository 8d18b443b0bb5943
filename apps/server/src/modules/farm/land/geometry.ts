// Plot geometry on the WGS84 sphere: validation of a GeoJSON polygon, its geodesic area and its centre.
// Coordinates are [lng, lat] degrees (WGS84); the map converts GCJ-02 / BD-09 in the browser.

export type Position = [number, number];
export type Ring = Position[];
export type Polygon = Ring[];

/**
 * Mean Earth radius (IUGG), the sphere @turf/area (v7) measures on. It gives the reference value of a
 * 0.001° × 0.001° square at the equator, ≈ 12,364 m². (With the equatorial radius 6,378,137 m of older
 * @turf/area that square would be ≈ 12,392 m²; the true WGS84 ellipsoid area there is ≈ 12,309 m².)
 */
export const EARTH_RADIUS_M = 6_371_008.8;
/** 1 mu (亩) = 10000/15 m² ≈ 666.67 m². */
export const M2_PER_MU = 10_000 / 15;
export const MAX_POSITIONS = 2000;
/** A plot larger than this (10,000 km²) is a drawing mistake, not a field. */
export const MAX_AREA_M2 = 1e10;
/** Below this a polygon has no area worth storing (numeric(14,2) would round it to 0). */
export const MIN_AREA_M2 = 0.01;

export type GeometryProblem = 'position' | 'tooFewPositions' | 'tooManyPositions' | 'noArea' | 'tooLarge';

/** Why a polygon was refused; `ring` is 1-based (1 is the outer ring) when the problem is one ring's. */
export class GeometryError extends Error {
  constructor(
    readonly problem: GeometryProblem,
    readonly ring: number,
    detail: string,
  ) {
    super(detail);
  }
}

const RAD = Math.PI / 180;

const samePosition = (a: Position, b: Position): boolean => a[0] === b[0] && a[1] === b[1];

/**
 * Validates a polygon and answers it with every ring closed: at least 3 distinct positions per ring,
 * longitude −180..180, latitude −90..90, at most MAX_POSITIONS positions in all, a non-zero area for
 * every ring and for the polygon (outer ring less its holes), at most MAX_AREA_M2.
 */
export const normalizePolygon = (rings: readonly (readonly (readonly number[])[])[]): Polygon => {
  if (rings.length === 0) throw new GeometryError('tooFewPositions', 1, 'the outer ring is missing');
  let total = 0;
  const out: Polygon = rings.map((ring, r) => {
    const closed: Ring = ring.map((p, i) => {
      const [lng, lat] = [p[0], p[1]];
      if (
        p.length !== 2 ||
        typeof lng !== 'number' ||
        typeof lat !== 'number' ||
        !(Math.abs(lng) <= 180) ||
        !(Math.abs(lat) <= 90)
      ) {
        throw new GeometryError(
          'position',
          r + 1,
          `ring ${r + 1}, position ${i + 1}: must be [lng, lat] with lng −180..180 and lat −90..90`,
        );
      }
      return [lng, lat];
    });
    const first = closed[0];
    const last = closed[closed.length - 1];
    if (first && last && !samePosition(first, last)) closed.push([first[0], first[1]]);
    const distinct = new Set(closed.map((p) => `${p[0]},${p[1]}`));
    if (closed.length < 4 || distinct.size < 3) {
      throw new GeometryError(
        'tooFewPositions',
        r + 1,
        `ring ${r + 1} needs at least 3 distinct positions (4 with the closing one)`,
      );
    }
    total += closed.length;
    return closed;
  });
  if (total > MAX_POSITIONS) {
    throw new GeometryError(
      'tooManyPositions',
      0,
      `at most ${MAX_POSITIONS} positions in all (got ${total})`,
    );
  }
  out.forEach((ring, r) => {
    if (isFlat(ring)) throw new GeometryError('noArea', r + 1, `ring ${r + 1} has no area`);
  });
  const area = polygonArea(out);
  if (area < MIN_AREA_M2) throw new GeometryError('noArea', 0, 'the holes leave no area');
  if (area > MAX_AREA_M2) throw new GeometryError('tooLarge', 0, 'the plot is larger than 10,000 km²');
  return out;
};

const M_PER_DEG = (Math.PI / 180) * EARTH_RADIUS_M;

/**
 * Whether a ring encloses no area: its planar area in a local equirectangular projection (where points in
 * a line in degrees stay in a line, unlike the equal-area projection of ringArea) is below MIN_AREA_M2 or
 * within rounding of zero for the ring's extent.
 */
const isFlat = (ring: readonly Position[]): boolean => {
  const [x0, y0] = ring[0] as Position;
  const kx = M_PER_DEG * Math.cos(y0 * RAD);
  let twice = 0;
  let [minX, minY, maxX, maxY] = [0, 0, 0, 0];
  for (let i = 0; i + 1 < ring.length; i++) {
    const [xa, ya] = ring[i] as Position;
    const [xb, yb] = ring[i + 1] as Position;
    const [x1, y1, x2, y2] = [(xa - x0) * kx, (ya - y0) * M_PER_DEG, (xb - x0) * kx, (yb - y0) * M_PER_DEG];
    twice += x1 * y2 - x2 * y1;
    [minX, minY, maxX, maxY] = [
      Math.min(minX, x2),
      Math.min(minY, y2),
      Math.max(maxX, x2),
      Math.max(maxY, y2),
    ];
  }
  const extent2 = (maxX - minX) ** 2 + (maxY - minY) ** 2;
  return Math.abs(twice / 2) < Math.max(MIN_AREA_M2, 1e-9 * extent2);
};

/**
 * Signed area of a closed ring in m² on the sphere (Chamberlain & Duquette, "Some algorithms for polygons
 * on a sphere", as @turf/area): the area of the ring in the cylindrical equal-area projection, exact for
 * edges along meridians and parallels. Positive for clockwise rings.
 */
export const ringArea = (ring: readonly Position[]): number => {
  const n = ring.length - 1; // the closing position repeats the first
  if (n < 3) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const prev = ring[(i + n - 1) % n] as Position;
    const here = ring[i] as Position;
    const next = ring[(i + 1) % n] as Position;
    sum += (next[0] - prev[0]) * RAD * Math.sin(here[1] * RAD);
  }
  return (sum * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2;
};

/** Area in m²: the outer ring less its holes. */
export const polygonArea = (polygon: readonly (readonly Position[])[]): number =>
  polygon.reduce((acc, ring, i) => acc + (i === 0 ? 1 : -1) * Math.abs(ringArea(ring)), 0);

export const toMu = (m2: number): number => m2 / M2_PER_MU;

/**
 * Area-weighted centroid (holes subtracted), by the shoelace formula on [lng, lat] taken relative to the
 * first position (a centroid is unchanged by the scaling of a local equirectangular projection).
 * Plots crossing the antimeridian are not handled.
 */
export const centroid = (polygon: readonly (readonly Position[])[]): { lat: number; lng: number } => {
  const origin = polygon[0]?.[0];
  if (!origin) throw new GeometryError('tooFewPositions', 1, 'the outer ring is missing');
  const [x0, y0] = origin;
  let area = 0;
  let cx = 0;
  let cy = 0;
  polygon.forEach((ring, r) => {
    let a = 0;
    let sx = 0;
    let sy = 0;
    for (let i = 0; i + 1 < ring.length; i++) {
      const [xa, ya] = ring[i] as Position;
      const [xb, yb] = ring[i + 1] as Position;
      const [x1, y1, x2, y2] = [xa - x0, ya - y0, xb - x0, yb - y0];
      const cross = x1 * y2 - x2 * y1;
      a += cross;
      sx += (x1 + x2) * cross;
      sy += (y1 + y2) * cross;
    }
    // Outer ring counts positive and holes negative, whatever way each ring was drawn.
    const sign = (r === 0 ? 1 : -1) * (a < 0 ? -1 : 1);
    area += (sign * a) / 2;
    cx += sign * sx;
    cy += sign * sy;
  });
  if (area === 0) return { lng: x0, lat: y0 };
  return { lng: x0 + cx / (6 * area), lat: y0 + cy / (6 * area) };
};

/** 'lat,lng' with 6 decimals, the form of areas.area_center. */
export const formatLatLng = (p: { lat: number; lng: number }): string =>
  `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;

export interface Measure {
  polygon: Polygon;
  areaM2: number;
  areaMu: number;
  center: string;
}

/** Validates and closes a polygon and measures it. Throws GeometryError. */
export const measurePolygon = (rings: readonly (readonly (readonly number[])[])[]): Measure => {
  const polygon = normalizePolygon(rings);
  const areaM2 = polygonArea(polygon);
  return { polygon, areaM2, areaMu: toMu(areaM2), center: formatLatLng(centroid(polygon)) };
};
