import { LineChart, type LineSeriesOption, PieChart, type PieSeriesOption } from 'echarts/charts';
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
import { useEffect, useMemo } from 'react';
import { seriesShape } from '../../../shared/chart/seriesShape';
import { useEChart } from '../../../shared/chart/useEChart';
import { legendSelection } from './insectFormat';

// Loaded lazily (LazyInsectChart) so device panels do not carry ECharts until a chart is opened.
use([LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

type Option = ComposeOption<
  LineSeriesOption | PieSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

export type InsectChartProps =
  | {
      kind: 'line';
      days: string[];
      series: { name: string; data: number[] }[];
      /** Spec 02 §2: the tooltip walks through the days every this many ms (0: off). */
      carouselMs?: number;
    }
  | { kind: 'pie'; slices: { name: string; value: number }[] };

const toOption = (p: InsectChartProps): Option =>
  p.kind === 'pie'
    ? {
        animation: false,
        tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
        legend: { type: 'scroll', bottom: 0 },
        series: [{ type: 'pie', radius: ['35%', '65%'], data: p.slices, label: { formatter: '{b}\n{d}%' } }],
      }
    : {
        animation: false,
        grid: { left: 48, right: 24, top: 48, bottom: 32 },
        tooltip: { trigger: 'axis' },
        legend: { type: 'scroll', top: 0, selected: legendSelection(p.series.map((s) => s.name)) },
        xAxis: { type: 'category', data: p.days },
        yAxis: { type: 'value', minInterval: 1 },
        series: p.series.map(
          (s) =>
            ({
              name: s.name,
              type: 'line',
              data: s.data,
              ...seriesShape('count'),
            }) satisfies LineSeriesOption,
        ),
      };

/** A pest trend (lines per insect) or a share (pie). */
export default function InsectChart(props: InsectChartProps) {
  const option = useMemo(() => toOption(props), [props]);
  const { ref, chart } = useEChart(option);
  const carousel = props.kind === 'line' ? (props.carouselMs ?? 0) : 0;
  const length = props.kind === 'line' ? props.days.length : 0;
  useEffect(() => {
    const c = chart.current;
    if (!c || carousel <= 0 || length === 0) return;
    let i = 0;
    let paused = false;
    const pause = () => {
      paused = true;
    };
    const resume = () => {
      paused = false;
    };
    c.getZr().on('mousemove', pause);
    c.getZr().on('globalout', resume);
    const timer = setInterval(() => {
      if (paused) return;
      c.dispatchAction({ type: 'showTip', seriesIndex: 0, dataIndex: i });
      i = (i + 1) % length;
    }, carousel);
    return () => {
      clearInterval(timer);
      c.getZr().off('mousemove', pause);
      c.getZr().off('globalout', resume);
    };
  }, [chart, carousel, length]);
  return <div ref={ref} className={`tl-insect-chart tl-insect-chart--${props.kind}`} />;
}
