import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { formatNumber } from '../../../shared/format/number';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { type CarbonMonitor, carbonApi, carbonKeys } from '../api/carbon.api';
import './spectaculars.css';

const CarbonChart = lazy(() => import('./CarbonChart'));

const TEXT = '#e6f1ff';
const AXIS = {
  axisLabel: { color: '#8fb3d9' },
  axisLine: { lineStyle: { color: '#1f3b5c' } },
  splitLine: { lineStyle: { color: '#1f3b5c' } },
};
const COLORS = ['#5ee1a5', '#4ea8ff', '#ffc857', '#ff7b72', '#b392f0', '#56d4dd'];

/** The chart options of the year, in the reader's language (pure: memoised by the page). */
const optionsOf = (m: CarbonMonitor, t: (k: string) => string, fmt: (n: number) => string) => {
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

/** /web/carbon/spectaculars: the big-screen view of the fixed year (spec 03 §3), exportable as a report. */
export function SpectacularsPage() {
  const { t, i18n } = useTranslation(['carbon', 'common']);
  const lang = i18n.language;
  const { tenantId } = useShell();
  const message = useMessage();
  const { allowed: canExport } = usePermissions(['wfpf.farm.carbon.spectaculars.ps.export']);
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const dash = useQuery({
    queryKey: carbonKeys.dashboard(tenantId, undefined),
    queryFn: () => carbonApi.dashboard(tenantId),
  });
  const m = dash.data;
  const year = m ? Number(m.from.slice(0, 4)) : undefined;
  const fmt = (n: number) => formatNumber(n, lang, 2);
  const charts = useMemo(() => (m ? optionsOf(m, t, (n) => formatNumber(n, lang, 2)) : null), [m, t, lang]);
  const exportAs = async (format: 'xlsx' | 'pdf') => {
    if (year === undefined) return;
    setBusy(format);
    try {
      await carbonApi.exportReport(tenantId, year, format);
    } catch (err) {
      message.error(err instanceof Error && err.message ? err.message : t('carbon:dashboard.exportFailed'));
    } finally {
      setBusy(null);
    }
  };
  if (dash.isLoading) return <Spin />;
  if (!m || !charts) return <EmptyState variant="networkError" />;
  const perKg = m.byBatch.filter((b) => b.id != null && b.kgCo2ePerKg != null);
  const harvest = perKg.reduce((s, b) => s + Number(b.harvestKg ?? 0), 0);
  const net = perKg.reduce((s, b) => s + Number(b.net), 0);
  const panel = (key: keyof typeof charts.counts, title: string, option: EChartsCoreOption) => (
    <div className="tl-carbon-panel">
      <h3>{title}</h3>
      {charts.counts[key] > 0 ? (
        <Suspense fallback={<div className="tl-carbon-empty">…</div>}>
          <CarbonChart option={option} label={title} />
        </Suspense>
      ) : (
        <div className="tl-carbon-empty">{t('carbon:dashboard.noData')}</div>
      )}
    </div>
  );
  return (
    <div className="tl-carbon-screen">
      <div className="tl-carbon-head">
        <h2>{t('carbon:dashboard.title', { year })}</h2>
        <Space>
          <span>{t('carbon:monitor.grid', { region: t(`carbon:grid.${m.gridRegion}`) })}</span>
          {canExport && (
            <>
              <Button loading={busy === 'xlsx'} onClick={() => void exportAs('xlsx')}>
                {busy === 'xlsx' ? t('carbon:dashboard.exporting') : t('carbon:dashboard.exportXlsx')}
              </Button>
              <Button loading={busy === 'pdf'} onClick={() => void exportAs('pdf')}>
                {busy === 'pdf' ? t('carbon:dashboard.exporting') : t('carbon:dashboard.exportPdf')}
              </Button>
            </>
          )}
        </Space>
      </div>
      <div className="tl-carbon-figures">
        {[
          ['emissions', m.totals.emissions, 'kgCO₂e'],
          ['removals', m.totals.removals, 'kgCO₂e'],
          ['net', m.totals.net, 'kgCO₂e'],
        ].map(([k, v, u]) => (
          <div key={k} className="tl-carbon-figure">
            <div className="label">{t(`carbon:col.${k}`)}</div>
            <span className="value">{fmt(Number(v))}</span>
            <span className="unit">{u}</span>
          </div>
        ))}
        <div className="tl-carbon-figure">
          <div className="label">{t('carbon:col.perKg')}</div>
          <span className="value">{harvest > 0 ? formatNumber(net / harvest, lang, 4) : '—'}</span>
          <span className="unit">kgCO₂e/kg</span>
        </div>
      </div>
      <div className="tl-carbon-panels">
        {panel('source', t('carbon:dashboard.bySource'), charts.source)}
        {panel('stage', t('carbon:dashboard.byStage'), charts.stage)}
        {panel('base', t('carbon:dashboard.byBase'), charts.base)}
        {panel('trend', t('carbon:dashboard.trend'), charts.trend)}
        {panel('intensity', t('carbon:dashboard.intensity'), charts.intensity)}
      </div>
    </div>
  );
}
