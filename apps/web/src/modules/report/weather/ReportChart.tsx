import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from '../../../shared/chart/useEChart';
import { type ReportChartProps, toOption } from './reportChartOption';

export type { ReportChartProps, ReportSeries } from './reportChartOption';

// Loaded lazily (LazyReportChart): ECharts stays out of the report pages' first chunk.
use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** Bars and lines over periods, with an optional right axis; null periods are gaps. */
export default function ReportChart(props: ReportChartProps) {
  const option = useMemo(() => toOption(props), [props]);
  const { ref } = useEChart(option);
  return <div ref={ref} className="tl-report-chart" />;
}
