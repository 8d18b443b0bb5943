import type { EChartsCoreOption } from 'echarts/core';
import type { CarbonMonitor } from '../api/carbon.api';

// The dashboard's ECharts options from the year's figures (pure, so the page memoises and a test reads them).

const TEXT = '#e6f1ff';
const AXIS = {
  axisLabel: { color: '#8fb3d9' },
  axisLine: { lineStyle: { color: '#1f3b5c' } },
  splitLine: { lineStyle: { color: '#1f3b5c' } },
};
const COLORS = ['#5ee1a5', '#4ea8ff', '#ffc857', '#ff7b72', '#b392f0', '#56d4dd'];

/** The chart options of the year, in the reader's language (pure: memoised by the page). */
export const optionsOf = (m: CarbonMonitor, t: (k: string) => string, fmt: (n: number) => string) => {
  const tooltip = { trigger: 'item' as const, valueFormatter: (v: unknown) => `${fmt(Number(v))} kgCO₂e` };
  const bar = (names: string[], values: number[], color: string): EChartsCoreOption => ({
    color: [color],
    tooltip: { ...tooltip, trigger: 'axis' },
    grid: { left: 60, right: 16, top: 16, bottom: 40 },
    xAxis: { type: 'category', data: names, ...AXIS },
    yAxis: { type: 'value', ...AXIS },
    series: [{ type: 'bar', data: values, barMaxWidth: 36 }],
  });
  const batches = m.byBatch.filter((b) => b.id != null && b.kgCo2ePerKg != null);
  return {
    source: {
      color: COLORS,
      tooltip,
      legend: { bottom: 0, textStyle: { color: TEXT } },
      series: [
        {
          type: 'pie',
          radius: ['40%', '68%'],
          center: ['50%', '45%'],
          label: { color: TEXT },
          data: m.bySource.map((s) => ({
            name: t(`carbon:source.${s.source}`),
            value: Math.max(0, Number(s.kgCo2e)),
          })),
        },
      ],
    } as EChartsCoreOption,
    stage: {
      color: ['#ff7b72', '#5ee1a5'],
      tooltip: { ...tooltip, trigger: 'axis' },
      legend: { bottom: 0, textStyle: { color: TEXT } },
      grid: { left: 60, right: 16, top: 16, bottom: 48 },
      xAxis: { type: 'category', data: m.byStage.map((s) => t(`carbon:stage.${s.stage}`)), ...AXIS },
      yAxis: { type: 'value', ...AXIS },
      series: [
        { name: t('carbon:col.emissions'), type: 'bar', data: m.byStage.map((s) => Number(s.emissions)) },
        { name: t('carbon:col.removals'), type: 'bar', data: m.byStage.map((s) => Number(s.removals)) },
      ],
    } as EChartsCoreOption,
    base: bar(
      m.byBase.map((b) => b.name || t('carbon:col.unassigned')),
      m.byBase.map((b) => Number(b.net)),
      '#4ea8ff',
    ),
    trend: {
      color: ['#ffc857', '#5ee1a5'],
      tooltip: { ...tooltip, trigger: 'axis' },
      legend: { bottom: 0, textStyle: { color: TEXT } },
      grid: { left: 60, right: 16, top: 16, bottom: 48 },
      xAxis: { type: 'category', data: m.byMonth.map((x) => x.month), ...AXIS },
      yAxis: { type: 'value', ...AXIS },
      series: [
        {
          name: t('carbon:col.emissions'),
          type: 'line',
          smooth: true,
          areaStyle: { opacity: 0.15 },
          data: m.byMonth.map((x) => Number(x.emissions)),
        },
        {
          name: t('carbon:col.removals'),
          type: 'line',
          smooth: true,
          data: m.byMonth.map((x) => Number(x.removals)),
        },
      ],
    } as EChartsCoreOption,
    intensity: {
      ...bar(
        batches.map((b) => b.name),
        batches.map((b) => Number(b.kgCo2ePerKg)),
        '#b392f0',
      ),
      tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${fmt(Number(v))} kgCO₂e/kg` },
    } as EChartsCoreOption,
    counts: {
      source: m.bySource.length,
      stage: m.lines.length,
      base: m.byBase.length,
      trend: m.byMonth.length,
      intensity: batches.length,
    },
  };
};
