import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { seriesShape } from '../../../shared/chart/seriesShape';

// The report chart's option, kept apart from ECharts' runtime so the data mapping is unit-tested. Periods
// without data are null: bars leave the slot empty and lines break there (connectNulls false, no
// smoothing that would draw a curve across a gap).

export type ReportChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

export interface ReportSeries {
  name: string;
  kind: 'bar' | 'line';
  data: (number | null)[];
  /** 0 the left axis, 1 the right one. */
  axis?: 0 | 1;
}

export interface ReportChartProps {
  categories: string[];
  series: ReportSeries[];
  /** Axis names (units). */
  axes: [string, string?];
}

/** Whether a value stands alone between gaps (or a gap and an end). */
export const hasIsolated = (data: readonly (number | null)[]): boolean =>
  data.some((v, i) => v !== null && (data[i - 1] ?? null) === null && (data[i + 1] ?? null) === null);

export const toOption = ({ categories, series, axes }: ReportChartProps): ReportChartOption => ({
  animation: false,
  grid: { left: 56, right: axes[1] ? 56 : 24, top: 40, bottom: 32 },
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  xAxis: { type: 'category', data: categories },
  yAxis: [
    { type: 'value', name: axes[0] },
    ...(axes[1] ? [{ type: 'value' as const, name: axes[1], splitLine: { show: false } }] : []),
  ],
  series: series.map((s) =>
    s.kind === 'bar'
      ? ({ name: s.name, type: 'bar', data: s.data, yAxisIndex: s.axis ?? 0 } satisfies BarSeriesOption)
      : ({
          name: s.name,
          type: 'line',
          data: s.data,
          yAxisIndex: s.axis ?? 0,
          connectNulls: false,
          ...seriesShape('measure', { gaps: true }),
          // A value between two gaps has no segment to draw: its symbol is all that shows it.
          showSymbol: categories.length < 40 || hasIsolated(s.data),
        } satisfies LineSeriesOption),
  ),
});
