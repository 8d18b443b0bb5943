import type { BatchPlanItem } from '@tilth/contracts/batch.types';
import { describe, expect, it } from 'vitest';
import { assignLanes, computeGantt, dayNumber, monthsOf } from './gantt';

const item = (over: Partial<BatchPlanItem>): BatchPlanItem => ({
  batchId: 1,
  batchCode: 'B1',
  batchName: '番茄一茬',
  batchType: 'plant',
  status: 'growing',
  areaId: 1,
  areaName: '东区基地',
  landId: 10,
  landName: '1号大棚',
  cropId: 1,
  cropName: '番茄',
  varietyId: null,
  varietyName: null,
  plantingStandard: 'normal',
  startDate: '2025-03-01',
  endDate: '2025-06-30',
  expectedEndDate: '2025-06-30',
  ...over,
});

const YEAR = { start: '2025-01-01', end: '2025-12-31' };

describe('plan view layout', () => {
  it('splits the period into clipped months', () => {
    const start = dayNumber('2025-01-15');
    const months = monthsOf(start, dayNumber('2025-03-10'));
    expect(months).toEqual([
      { key: '2025-01', start: 0, span: 17 },
      { key: '2025-02', start: 17, span: 28 },
      { key: '2025-03', start: 45, span: 10 },
    ]);
  });

  it('places a batch by its days inside the period', () => {
    const layout = computeGantt([item({})], YEAR, '2025-03-01T12:00:00+08:00');
    expect(layout.days).toBe(365);
    expect(layout.months).toHaveLength(12);
    expect(layout.today).toBe(59);
    const bar = layout.rows[0]?.bars[0];
    expect(bar).toMatchObject({ start: 59, end: 180, lane: 0, clippedStart: false, clippedEnd: false });
  });

  it('clips batches running over the edges and draws open-ended ones to the end', () => {
    const layout = computeGantt(
      [
        item({ batchId: 1, startDate: '2024-11-01', endDate: '2025-02-01' }),
        item({ batchId: 2, landId: 11, landName: '2号大棚', endDate: null, expectedEndDate: null }),
      ],
      YEAR,
    );
    const [first, second] = layout.rows;
    expect(first?.bars[0]).toMatchObject({ start: 0, end: 31, clippedStart: true, clippedEnd: false });
    expect(second?.bars[0]).toMatchObject({ start: 59, end: 364, clippedEnd: true, openEnded: true });
  });

  it('uses the expected end when there is no end date', () => {
    const layout = computeGantt([item({ endDate: null, expectedEndDate: '2025-04-01' })], YEAR);
    expect(layout.rows[0]?.bars[0]).toMatchObject({ end: 90, openEnded: false });
  });

  it('leaves out batches outside the period', () => {
    expect(computeGantt([item({ startDate: '2026-01-02', endDate: '2026-02-01' })], YEAR).rows).toEqual([]);
  });

  it('groups by plot, stacks overlapping batches in lanes and numbers the grid rows', () => {
    const layout = computeGantt(
      [
        item({ batchId: 1, startDate: '2025-01-01', endDate: '2025-05-01' }),
        item({ batchId: 2, startDate: '2025-04-01', endDate: '2025-08-01' }),
        item({ batchId: 3, startDate: '2025-06-01', endDate: '2025-09-01' }),
        item({ batchId: 4, landId: null, landName: null, startDate: '2025-02-01' }),
        item({ batchId: 5, areaId: 2, areaName: '西区基地', landId: 20, landName: '鱼塘' }),
      ],
      YEAR,
    );
    expect(layout.rows.map((r) => [r.key, r.lanes, r.gridRow])).toEqual([
      ['land-10', 2, 2],
      ['area-1', 1, 4],
      ['land-20', 1, 5],
    ]);
    expect(layout.rows[0]?.bars.map((b) => [b.item.batchId, b.lane])).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
    ]);
    expect(layout.gridRows).toBe(5);
  });

  it('gives an empty layout for a reversed period', () => {
    expect(computeGantt([item({})], { start: '2025-02-01', end: '2025-01-01' })).toMatchObject({
      days: 0,
      rows: [],
    });
  });

  it('assigns lanes first-fit', () => {
    const lanes = assignLanes([
      { start: 0, end: 5 },
      { start: 6, end: 9 },
      { start: 3, end: 7 },
    ]);
    expect(lanes.map((b) => b.lane)).toEqual([0, 1, 0]);
  });
});
