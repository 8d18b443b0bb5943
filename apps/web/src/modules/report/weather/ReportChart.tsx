import { BarChart, type BarSeriesOption, LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from '../../../shared/chart/useEChart';

// Loaded lazily (LazyReportChart): ECharts stays out of the report pages' first chunk.
use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

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

const toOption = ({ categories, series, axes }: ReportChartProps): ReportChartOption => ({
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
          showSymbol: categories.length < 40,
        } satisfies LineSeriesOption),
  ),
});

/** Bars and lines over periods, with an optional right axis. */
export default function ReportChart(props: ReportChartProps) {
  const option = useMemo(() => toOption(props), [props]);
  const { ref } = useEChart(option);
  return <div ref={ref} className="tl-report-chart" />;
}
