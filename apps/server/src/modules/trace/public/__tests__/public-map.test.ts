import { describe, expect, it } from 'vitest';
import { originMapSvg, parseCenter } from '../public.map.js';

// The origin map is drawn on the server with no tile server: polygons where the plot has a boundary, the
// base's center, a round-number scale bar; names escaped; nothing at all without coordinates.

const texts = { title: 'Map', base: 'Base', scale: 'Scale' };
const square = [
  [
    [113.38, 22.94],
    [113.382, 22.94],
    [113.382, 22.942],
    [113.38, 22.942],
    [113.38, 22.94],
  ] as [number, number][],
];

describe('the origin map', () => {
  it('draws the plot polygon inside the view box with the base center and a round scale', () => {
    const svg = originMapSvg(
      [{ areaName: 'Base <b>', areaCenter: '22.9410,113.3810', landName: '1号棚', boundary: square }],
      texts,
    );
    expect(svg).toContain('<path class="plot" fill-rule="evenodd"');
    const d = / d="M([^"Z]+)Z"/.exec(svg ?? '')?.[1] ?? '';
    const pts = d.split('L').map((p) => p.split(',').map(Number));
    expect(pts).toHaveLength(5);
    for (const [x, y] of pts) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(360);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(240);
    }
    // ~205 m × 222 m of plot: the bar is a round number of metres.
    expect(svg).toMatch(/>(50|100|200) m</);
    expect(svg).toContain('<circle class="base"');
    expect(svg).toContain('Base &lt;b&gt;');
    expect(svg).not.toContain('<b>');
  });

  it('draws an inner ring as a hole of the same path and names the plot once', () => {
    const hole: [number, number][] = [
      [113.3805, 22.9405],
      [113.381, 22.9405],
      [113.381, 22.941],
      [113.3805, 22.9405],
    ];
    const svg =
      originMapSvg([{ areaName: 'B', landName: '西片', boundary: [square[0] ?? [], hole] }], texts) ?? '';
    expect(svg.match(/<path class="plot"/g)?.length).toBe(1);
    expect(svg.match(/Z/g)?.length).toBe(2);
    expect(svg.match(/>西片</g)?.length).toBe(1);
  });

  it('shows a plot without boundary by its center, and nothing without any coordinate', () => {
    const svg = originMapSvg(
      [{ areaName: 'B', areaCenter: null, landName: 'P', landCenter: '30,120' }],
      texts,
    );
    expect(svg).toContain('<rect class="plot"');
    expect(originMapSvg([{ areaName: 'B', areaCenter: 'nonsense', landName: null }], texts)).toBeNull();
  });

  it('reads centers as lat,lng and refuses out-of-range ones', () => {
    expect(parseCenter('22.94, 113.38')).toEqual([113.38, 22.94]);
    expect(parseCenter('95,10')).toBeNull();
    expect(parseCenter('')).toBeNull();
  });
});
