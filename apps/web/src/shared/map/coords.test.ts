import { describe, expect, it } from 'vitest';
import {
  boundaryFromDisplay,
  boundaryToDisplay,
  fromDisplay,
  type LatLngPair,
  type LngLatPair,
  metresBetween,
  parseLatLng,
  toDisplay,
} from './coords';

const PANYU: LatLngPair = [22.96, 113.34];

describe('WGS84 ↔ GCJ-02 / BD-09 for display', () => {
  it('leaves WGS84 tiles alone', () => {
    expect(toDisplay(PANYU, 'WGS84')).toEqual(PANYU);
    expect(fromDisplay(PANYU, 'WGS84')).toEqual(PANYU);
  });

  it('shifts a point in China by the GCJ-02 offset (a few hundred metres) and BD-09 further', () => {
    const gcj = toDisplay(PANYU, 'GCJ02');
    const bd = toDisplay(PANYU, 'BD09');
    const shift = metresBetween(PANYU, gcj);
    expect(shift).toBeGreaterThan(200);
    expect(shift).toBeLessThan(1000);
    expect(metresBetween(gcj, bd)).toBeGreaterThan(500);
  });

  it.each(['GCJ02', 'BD09'] as const)('round-trips %s within 2 cm across China', (crs) => {
    const points: LatLngPair[] = [
      PANYU,
      [39.9087, 116.3975],
      [30.5728, 104.0668],
      [45.75, 126.65],
      [18.25, 109.5],
    ];
    for (const p of points) {
      const back = fromDisplay(toDisplay(p, crs), crs);
      expect(metresBetween(p, back), `${p} via ${crs}`).toBeLessThan(0.02);
    }
  });

  it('does not shift points outside China (GCJ-02 only applies there)', () => {
    const paris: LatLngPair = [48.8566, 2.3522];
    expect(metresBetween(paris, toDisplay(paris, 'GCJ02'))).toBeLessThan(0.01);
  });
});

describe('boundaries', () => {
  const stored: LngLatPair[][] = [
    [
      [113.34, 22.96],
      [113.341, 22.96],
      [113.341, 22.961],
      [113.34, 22.961],
      [113.34, 22.96],
    ],
  ];

  it('drops the closing position for Leaflet and swaps to [lat, lng]', () => {
    const shown = boundaryToDisplay(stored, 'WGS84');
    expect(shown[0]).toHaveLength(4);
    expect(shown[0]?.[1]).toEqual([22.96, 113.341]);
  });

  it('closes a drawn ring and comes back to the stored boundary through GCJ-02 within 2 cm', () => {
    const back = boundaryFromDisplay(boundaryToDisplay(stored, 'GCJ02'), 'GCJ02');
    const ring = back[0] ?? [];
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    ring.forEach((p, i) => {
      const want = stored[0]?.[i] ?? [0, 0];
      expect(metresBetween([p[1], p[0]], [want[1], want[0]])).toBeLessThan(0.02);
    });
  });

  it('keeps holes and drops empty rings', () => {
    const withHole: LatLngPair[][] = [
      [
        [22.96, 113.34],
        [22.96, 113.35],
        [22.97, 113.35],
      ],
      [],
    ];
    expect(boundaryFromDisplay(withHole, 'WGS84')).toHaveLength(1);
  });
});

describe('parseLatLng', () => {
  it('reads "lat,lng" and refuses anything else', () => {
    expect(parseLatLng(' 22.96 , 113.34 ')).toEqual([22.96, 113.34]);
    expect(parseLatLng('')).toBeNull();
    expect(parseLatLng(null)).toBeNull();
    expect(parseLatLng('22.96')).toBeNull();
    expect(parseLatLng('95,10')).toBeNull();
    expect(parseLatLng('a,b')).toBeNull();
  });
});
