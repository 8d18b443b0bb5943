import type { LineSeriesOption } from 'echarts/charts';
import { describe, expect, it } from 'vitest';
import { hasIsolated, toOption } from './reportChartOption';

// A period without data is a gap in the chart: the null reaches ECharts as null, and lines neither
// bridge it nor smooth across it.

describe('report chart option', () => {
  const option = toOption({
    categories: ['11-23', '11-24', '11-25'],
    axes: ['mm'],
    series: [
      { name: 'Rainfall', kind: 'bar', data: [1.5, null, 0] },
      { name: 'Max hourly', kind: 'line', data: [0.5, null, 0] },
    ],
  });
  const series = option.series as (LineSeriesOption & { type: string })[];

  it('passes nulls through as gaps', () => {
    expect(series.map((s) => s.data)).toEqual([
      [1.5, null, 0],
      [0.5, null, 0],
    ]);
  });

  it('lines do not connect or smooth across gaps', () => {
    const line = series.find((s) => s.type === 'line');
    expect(line).toMatchObject({ connectNulls: false, smooth: false });
  });

  it('shows symbols on long ranges when a value stands alone between gaps', () => {
    expect(hasIsolated([null, 3, null])).toBe(true);
    expect(hasIsolated([3, null, 4, 5])).toBe(true);
    expect(hasIsolated([3, 4, null, 5, 6])).toBe(false);
    const long = toOption({
      categories: Array.from({ length: 60 }, (_, i) => String(i)),
      axes: ['°C'],
      series: [
        { name: 't', kind: 'line', data: Array.from({ length: 60 }, (_, i) => (i === 30 ? 1 : null)) },
      ],
    });
    expect((long.series as LineSeriesOption[])[0]?.showSymbol).toBe(true);
  });
});
