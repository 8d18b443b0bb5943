import { describe, expect, it } from 'vitest';
import {
  centroid,
  EARTH_RADIUS_M,
  formatLatLng,
  GeometryError,
  MAX_POSITIONS,
  measurePolygon,
  normalizePolygon,
  type Polygon,
  polygonArea,
  ringArea,
  toMu,
} from '../geometry.js';

const RAD = Math.PI / 180;
/** Exact spherical area of the cell between two meridians and two parallels. */
const cellArea = (lng1: number, lat1: number, lng2: number, lat2: number): number =>
  EARTH_RADIUS_M ** 2 * Math.abs((lng2 - lng1) * RAD) * Math.abs(Math.sin(lat2 * RAD) - Math.sin(lat1 * RAD));

const square = (lng: number, lat: number, side: number): [number, number][] => [
  [lng, lat],
  [lng + side, lat],
  [lng + side, lat + side],
  [lng, lat + side],
  [lng, lat],
];

const problem = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof GeometryError) return e.problem;
    throw e;
  }
  return 'none';
};

describe('geodesic area', () => {
  it('measures a 0.001° × 0.001° square at the equator as ≈ 12,364 m² (as @turf/area)', () => {
    const a = polygonArea([square(0, 0, 0.001)]);
    expect(a).toBeCloseTo(12_364.35, 1);
    expect(a).toBeCloseTo(cellArea(0, 0, 0.001, 0.001), 6);
  });

  it('is exact for cells bounded by meridians and parallels, at any latitude', () => {
    for (const [lng, lat, side] of [
      [113.34, 22.96, 0.002],
      [-70.5, -33.4, 0.01],
      [10, 60, 0.5],
      [0, 0, 1],
    ] as const) {
      const expected = cellArea(lng, lat, lng + side, lat + side);
      expect(polygonArea([square(lng, lat, side)]) / expected).toBeCloseTo(1, 10);
    }
    // A 1° cell at the equator is about 12,364 km².
    expect(polygonArea([square(0, 0, 1)]) / 1e6).toBeCloseTo(12_363.5, 0);
  });

  it('does not depend on the direction a ring is drawn; the signed ring area does', () => {
    const cw = square(113.34, 22.96, 0.001);
    const ccw = [...cw].reverse();
    expect(polygonArea([cw])).toBeCloseTo(polygonArea([ccw]), 6);
    expect(Math.sign(ringArea(cw))).toBe(-Math.sign(ringArea(ccw)));
  });

  it('subtracts holes', () => {
    const outer = square(113.34, 22.96, 0.002);
    const hole = square(113.3405, 22.9605, 0.001);
    const expected =
      cellArea(113.34, 22.96, 113.342, 22.962) - cellArea(113.3405, 22.9605, 113.3415, 22.9615);
    expect(polygonArea([outer, hole])).toBeCloseTo(expected, 4);
    // The hole's drawing direction does not matter either.
    expect(polygonArea([outer, [...hole].reverse()])).toBeCloseTo(expected, 4);
  });

  it('halves a cell along its diagonal (a triangle)', () => {
    const tri: [number, number][] = [
      [0, 0],
      [0.001, 0],
      [0.001, 0.001],
      [0, 0],
    ];
    expect(polygonArea([tri])).toBeCloseTo(cellArea(0, 0, 0.001, 0.001) / 2, 0);
  });

  it('converts m² to mu (1 mu = 666.67 m²)', () => {
    expect(toMu(10_000 / 15)).toBeCloseTo(1, 12);
    expect(toMu(10_000)).toBeCloseTo(15, 12);
  });
});

describe('centroid', () => {
  it('is the middle of a square and of a rectangle', () => {
    const c = centroid([square(113.34, 22.96, 0.002)]);
    expect(c.lng).toBeCloseTo(113.341, 9);
    expect(c.lat).toBeCloseTo(22.961, 9);
  });

  it('weights by area: an L shape and a square with an off-centre hole', () => {
    // L of three unit squares: (0,0)-(2,1) plus (0,1)-(1,2) → centroid (5/6, 5/6).
    const l: Polygon = [
      [
        [0, 0],
        [2, 0],
        [2, 1],
        [1, 1],
        [1, 2],
        [0, 2],
        [0, 0],
      ],
    ];
    const c = centroid(l);
    expect(c.lng).toBeCloseTo(5 / 6, 12);
    expect(c.lat).toBeCloseTo(5 / 6, 12);
    // 4×4 square with a 2×2 hole in its right half: centre moves left of 2.
    const holed = centroid([square(0, 0, 4), square(2, 1, 2)]);
    // (16·2 − 4·3) / 12 = 5/3 in x; y stays 2.
    expect(holed.lng).toBeCloseTo(5 / 3, 12);
    expect(holed.lat).toBeCloseTo(2, 12);
  });

  it("is answered as 'lat,lng' with 6 decimals", () => {
    expect(formatLatLng({ lat: 22.9612345678, lng: 113.3412 })).toBe('22.961235,113.341200');
  });
});

describe('validation', () => {
  it('closes a ring the client left open and keeps a closed one as it is', () => {
    const open: [number, number][] = [
      [113.34, 22.96],
      [113.341, 22.96],
      [113.341, 22.961],
    ];
    const [ring] = normalizePolygon([open]);
    expect(ring).toEqual([...open, [113.34, 22.96]]);
    const closed = square(113.34, 22.96, 0.001);
    expect(normalizePolygon([closed])[0]).toEqual(closed);
  });

  it('refuses rings of fewer than 3 distinct positions', () => {
    expect(
      problem(() =>
        normalizePolygon([
          [
            [1, 1],
            [2, 2],
            [1, 1],
          ],
        ]),
      ),
    ).toBe('tooFewPositions');
    expect(
      problem(() =>
        normalizePolygon([
          [
            [1, 1],
            [2, 2],
            [2, 2],
            [1, 1],
          ],
        ]),
      ),
    ).toBe('tooFewPositions');
    expect(problem(() => normalizePolygon([[]]))).toBe('tooFewPositions');
    expect(problem(() => normalizePolygon([]))).toBe('tooFewPositions');
  });

  it('refuses positions out of range or not [lng, lat]', () => {
    expect(
      problem(() =>
        normalizePolygon([
          [
            [181, 0],
            [1, 1],
            [1, 0],
          ],
        ]),
      ),
    ).toBe('position');
    expect(
      problem(() =>
        normalizePolygon([
          [
            [0, -91],
            [1, 1],
            [1, 0],
          ],
        ]),
      ),
    ).toBe('position');
    expect(
      problem(() =>
        normalizePolygon([
          [
            [0, 0, 5],
            [1, 1],
            [1, 0],
          ],
        ]),
      ),
    ).toBe('position');
    expect(
      problem(() =>
        normalizePolygon([
          [
            [Number.NaN, 0],
            [1, 1],
            [1, 0],
          ],
        ]),
      ),
    ).toBe('position');
  });

  it('refuses more than 2,000 positions in all', () => {
    const many = (n: number): [number, number][] =>
      Array.from({ length: n }, (_, i) => {
        const t = (2 * Math.PI * i) / n;
        return [113.34 + 0.01 * Math.cos(t), 22.96 + 0.01 * Math.sin(t)] as [number, number];
      });
    expect(normalizePolygon([many(MAX_POSITIONS - 1)])[0]).toHaveLength(MAX_POSITIONS);
    expect(problem(() => normalizePolygon([many(MAX_POSITIONS)]))).toBe('tooManyPositions');
  });

  it('refuses zero area: collinear points, and holes that cover the plot', () => {
    const line: [number, number][] = [
      [0, 0],
      [0.001, 0.001],
      [0.002, 0.002],
      [0, 0],
    ];
    expect(problem(() => normalizePolygon([line]))).toBe('noArea');
    // Points in a line in degrees away from the equator (not a line in the equal-area projection).
    const tilted: [number, number][] = [
      [113, 22],
      [113.001, 22.001],
      [113.002, 22.002],
    ];
    expect(problem(() => normalizePolygon([tilted]))).toBe('noArea');
    const sq = square(113.34, 22.96, 0.001);
    expect(problem(() => normalizePolygon([sq, sq]))).toBe('noArea');
  });

  it('accepts a thin but real strip (300 m × 1 m)', () => {
    const dLat = 1 / 111_195;
    const strip: [number, number][] = [
      [113.34, 22.96],
      [113.343, 22.96],
      [113.343, 22.96 + dLat],
      [113.34, 22.96 + dLat],
    ];
    expect(polygonArea(normalizePolygon([strip]))).toBeCloseTo(307, -1);
  });

  it('refuses a continent', () => {
    expect(problem(() => normalizePolygon([square(100, 20, 10)]))).toBe('tooLarge');
  });

  it('measures a plot: closed polygon, m², mu and centre', () => {
    const m = measurePolygon([square(113.34, 22.96, 0.001).slice(0, 4)]);
    expect(m.polygon[0]).toHaveLength(5);
    expect(m.areaM2).toBeCloseTo(cellArea(113.34, 22.96, 113.341, 22.961), 6);
    expect(m.areaMu).toBeCloseTo(m.areaM2 / (10_000 / 15), 9);
    expect(m.center).toBe('22.960500,113.340500');
  });
});
