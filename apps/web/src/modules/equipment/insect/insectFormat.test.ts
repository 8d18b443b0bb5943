import { describe, expect, it } from 'vitest';
import { boxAt, boxFromDrag, countsOf, insectLabel, legendSelection, trendSeries } from './insectFormat';

describe('pest helpers', () => {
  it('labels the automatic name in the interface language', () => {
    expect(insectLabel('unidentified', '未识别')).toBe('未识别');
    expect(insectLabel('稻飞虱', '未识别')).toBe('稻飞虱');
  });

  it('makes a box from a drag in any direction, clamped to the image', () => {
    expect(boxFromDrag({ x: 0.5, y: 0.6 }, { x: 0.2, y: 0.1 })).toEqual([0.2, 0.1, 0.3, 0.5]);
    expect(boxFromDrag({ x: 0.9, y: 0.9 }, { x: 1.3, y: 1.2 })).toEqual([0.9, 0.9, 0.1, 0.1]);
    expect(boxFromDrag({ x: 0.5, y: 0.5 }, { x: 0.501, y: 0.7 })).toBeNull();
  });

  it('finds the topmost box under a point', () => {
    const boxes = [{ box: [0, 0, 0.5, 0.5] }, { box: [0.25, 0.25, 0.5, 0.5] }];
    expect(boxAt(boxes, { x: 0.3, y: 0.3 })).toBe(1);
    expect(boxAt(boxes, { x: 0.1, y: 0.1 })).toBe(0);
    expect(boxAt(boxes, { x: 0.9, y: 0.1 })).toBe(-1);
  });

  it('counts boxes by name', () => {
    expect(countsOf([{ name: 'a' }, { name: 'b' }, { name: 'b' }])).toEqual([
      { name: 'b', count: 2 },
      { name: 'a', count: 1 },
    ]);
  });

  it('turns trend points into series with zeros for missing days, largest first', () => {
    const { days, series } = trendSeries([
      { name: 'a', insectQuantity: 1, creationDate: '2024-05-02' },
      { name: 'b', insectQuantity: 5, creationDate: '2024-05-01' },
      { name: 'a', insectQuantity: 2, creationDate: '2024-05-01' },
    ]);
    expect(days).toEqual(['2024-05-01', '2024-05-02']);
    expect(series).toEqual([
      { name: 'b', data: [5, 0] },
      { name: 'a', data: [2, 1] },
    ]);
  });

  it('selects the first five series in the legend', () => {
    const sel = legendSelection(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(Object.values(sel).filter(Boolean)).toHaveLength(5);
    expect(sel.f).toBe(false);
  });
});
