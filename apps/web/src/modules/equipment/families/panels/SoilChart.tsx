import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  type DataZoomComponentOption,
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
import { useEChart } from '../../../../shared/chart/useEChart';

// Lazily loaded: ECharts stays out of the device list's bundle.
use([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

type Option = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DataZoomComponentOption
>;

export interface SoilChartProps {
  series: { name: string; points: [number, number | null][] }[];
  unit: string;
}

/** One line per layer of the chosen value. */
export default function SoilChart({ series, unit }: SoilChartProps) {
  const option = useMemo<Option>(
    () => ({
      animation: false,
      grid: { left: 56, right: 24, top: 48, bottom: 56 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, type: 'scroll' },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', name: unit, scale: true },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
      series: series.map((s) => ({
        name: s.name,
        type: 'line',
        showSymbol: s.points.length < 60,
        data: s.points,
      })),
    }),
    [series, unit],
  );
  const { ref } = useEChart(option);
  return <div ref={ref} style={{ width: '100%', height: 320 }} />;
}
