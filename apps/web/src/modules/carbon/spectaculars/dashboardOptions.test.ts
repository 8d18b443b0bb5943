import { describe, expect, it } from 'vitest';
import type { CarbonMonitor } from '../api/carbon.api';
import { optionsOf } from './dashboardOptions';

const m: CarbonMonitor = {
  from: '2023-01-01',
  to: '2023-12-31',
  gridRegion: 'CN',
  totals: { emissions: '561.9999', removals: '10', net: '551.9999' },
  bySource: [
    { source: 'fertilizer_n2o_direct', kgCo2e: '191.5571' },
    { source: 'manual', kgCo2e: '-10' },
  ],
  byStage: [
    { stage: 'planting', emissions: '503.6339', removals: '10' },
    { stage: 'processing', emissions: '53.06', removals: '0' },
    { stage: 'storage', emissions: '0', removals: '0' },
    { stage: 'transport_sales', emissions: '0', removals: '0' },
    { stage: 'usage', emissions: '0', removals: '0' },
    { stage: 'scrap', emissions: '0', removals: '0' },
  ],
  byBase: [
    {
      key: '1',
      id: 1,
      name: 'Tea base',
      emissions: '561.9999',
      removals: '10',
      net: '551.9999',
      harvestKg: null,
      kgCo2ePerKg: null,
    },
  ],
  byPlot: [],
  byBatch: [
    {
      key: '7',
      id: 7,
      name: 'Spring tea',
      emissions: '556.6939',
      removals: '10',
      net: '546.6939',
      harvestKg: '1000',
      kgCo2ePerKg: '0.546694',
    },
    {
      key: '8',
      id: 8,
      name: 'In crates',
      emissions: '5',
      removals: '0',
      net: '5',
      harvestKg: null,
      kgCo2ePerKg: null,
    },
    {
      key: 'none',
      id: null,
      name: '',
      emissions: '5.306',
      removals: '0',
      net: '5.306',
      harvestKg: null,
      kgCo2ePerKg: null,
    },
  ],
  byMonth: [
    { month: '2023-04', emissions: '490.8995', removals: '0' },
    { month: '2023-06', emissions: '0', removals: '10' },
  ],
  lines: [],
  notCounted: [],
};

const t = (k: string) => k;
const series = (o: unknown) => (o as { series: { data: unknown[] }[] }).series;

describe('carbon dashboard options', () => {
  const o = optionsOf(m, t, (n) => String(n));

  it('draws sources as a pie without negative slices (a net removal shows as 0)', () => {
    expect(series(o.source)[0]?.data).toEqual([
      { name: 'carbon:source.fertilizer_n2o_direct', value: 191.5571 },
      { name: 'carbon:source.manual', value: 0 },
    ]);
  });

  it('plots intensity only for batches with a harvest weight', () => {
    expect(series(o.intensity)[0]?.data).toEqual([0.546694]);
    expect(o.counts.intensity).toBe(1);
  });

  it('has emissions and removals per stage and per month', () => {
    expect(series(o.stage).map((s) => s.data.slice(0, 2))).toEqual([
      [503.6339, 53.06],
      [10, 0],
    ]);
    expect(series(o.trend)[1]?.data).toEqual([0, 10]);
  });
});
