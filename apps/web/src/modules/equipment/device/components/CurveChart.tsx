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
import { chartTime } from '../../../../shared/format/time';
import type { Curve } from '../api/device.api';

// Loaded lazily by the data dialog: ECharts stays out of the device list's bundle.
use([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

type Option = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DataZoomComponentOption
>;

export interface CurveChartProps {
  curve: Curve;
  /** Series names in the interface language. */
  labels: { value: string; min: string; max: string };
  decimals: number;
  /** Enumerated metrics: the state names, drawn as a step line with the names on the axis. */
  states?: readonly { value: number; label: string }[];
}

const toOption = ({ curve, labels, decimals, states }: CurveChartProps): Option => {
  const at = (p: Curve['points'][number]) => chartTime(p.collectionTime);
  const stateName = (v: number) => states?.find((s) => s.value === v)?.label;
  const hasBand = curve.points.some((p) => p.min !== undefined && p.max !== undefined);
  const line = (name: string, pick: (p: Curve['points'][number]) => number | undefined, faint: boolean) =>
    ({
      name,
      type: 'line',
      showSymbol: curve.points.length < 60,
      smooth: false,
      // A state holds until the next reading: no slope between closed and open.
      ...(states ? { step: 'end' as const } : {}),
      sampling: 'lttb',
      lineStyle: faint ? { width: 1, type: 'dashed', opacity: 0.6 } : { width: 2 },
      data: curve.points.map((p) => [at(p), pick(p) ?? null]),
    }) satisfies LineSeriesOption;
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 36, bottom: 56 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v) =>
        typeof v !== 'number' ? '—' : (stateName(v) ?? `${v.toFixed(decimals)} ${curve.unit}`.trim()),
    },
    legend: { top: 0 },
    xAxis: { type: 'time' },
    yAxis: states?.length
      ? {
          type: 'value',
          min: Math.min(...states.map((s) => s.value)),
          max: Math.max(...states.map((s) => s.value)),
          interval: 1,
          axisLabel: { formatter: (v: number) => stateName(v) ?? String(v) },
        }
      : { type: 'value', name: curve.unit, scale: true },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    series: [
      line(labels.value, (p) => p.collectionData, false),
      ...(hasBand ? [line(labels.min, (p) => p.min, true), line(labels.max, (p) => p.max, true)] : []),
    ],
  };
};

/** The history curve of one metric: averages, with the min / max of each bucket when bucketed. */
export default function CurveChart(props: CurveChartProps) {
  const option = useMemo(() => toOption(props), [props]);
  const { ref } = useEChart(option);
  return <div ref={ref} className="tl-device-curve__chart" data-testid="device-curve-chart" />;
}
