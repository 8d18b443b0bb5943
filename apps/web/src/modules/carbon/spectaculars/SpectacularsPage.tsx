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
import { carbonApi, carbonKeys } from '../api/carbon.api';
import { optionsOf } from './dashboardOptions';
import './spectaculars.css';

const CarbonChart = lazy(() => import('./CarbonChart'));

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
        <Suspense
          fallback={
            // A spinner while the chart code loads: a bare '…' read as a cut label in English.
            <div className="tl-carbon-empty">
              <Spin />
            </div>
          }
        >
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
