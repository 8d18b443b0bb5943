import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { deviceApi, deviceKeys } from '../../equipment/device/api/device.api';
import type { ReportChartProps } from './ReportChart';
import { reportApi, reportKeys, type StationScope } from './report.api';
import './report.css';

const ReportChart = lazy(() => import('./ReportChart'));

/** The chart, loaded with ECharts on first use. */
export function LazyReportChart(props: ReportChartProps) {
  return (
    <Suspense fallback={<div className="tl-report-chart tl-report-chart--loading" />}>
      <ReportChart {...props} />
    </Suspense>
  );
}

/** Base and station selects: a station, all stations of a base, or all of the tenant. */
export function StationPicker({
  tenantId,
  value,
  onChange,
}: {
  tenantId: number;
  value: StationScope;
  onChange: (v: StationScope) => void;
}) {
  const { t } = useTranslation('report');
  const bases = useQuery({ queryKey: deviceKeys.bases(tenantId), queryFn: () => deviceApi.bases(tenantId) });
  const stations = useQuery({
    queryKey: reportKeys.stations(tenantId, value.areaId),
    queryFn: () => reportApi.stations(tenantId, value.areaId),
  });
  return (
    <Space wrap>
      <Select
        allowClear
        style={{ width: 180 }}
        placeholder={t('field.allBases')}
        aria-label={t('field.base')}
        value={value.areaId}
        onChange={(areaId?: number) => onChange({ areaId })}
        options={(bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
      />
      <Select
        allowClear
        style={{ width: 200 }}
        placeholder={t('field.allStations')}
        aria-label={t('field.station')}
        value={value.deviceId}
        loading={stations.isLoading}
        onChange={(deviceId?: number) => onChange({ ...value, deviceId })}
        options={(stations.data ?? []).map((s) => ({ value: s.deviceId, label: s.name }))}
        notFoundContent={t('empty')}
      />
    </Space>
  );
}

/** The export button: shows progress while the workbook is made and downloaded. */
export function ExportButton({ run }: { run: () => Promise<void> }) {
  const { t } = useTranslation('report');
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await run();
        } catch (err) {
          message.error(err instanceof Error && err.message ? err.message : t('exportFailed'));
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? t('exporting') : t('export')}
    </Button>
  );
}

/**
 * A report page: toolbar, summary figures, chart and table. `empty` (no period of the answer has data)
 * shows the empty state instead of a chart of gaps; `answered` names the range the server cut the asked
 * one to (from the first reading, up to today).
 */
export function ReportLayout({
  toolbar,
  summary,
  loading,
  empty = false,
  answered,
  children,
}: {
  toolbar: ReactNode;
  summary?: ReactNode;
  loading: boolean;
  empty?: boolean;
  answered?: { from: string; to: string } | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('report');
  return (
    <section className="tl-card tl-report">
      <div className="tl-report__toolbar">{toolbar}</div>
      <Spin spinning={loading}>
        {empty ? (
          <EmptyState variant="noData" title={t('empty')} />
        ) : (
          <>
            {summary ? <div className="tl-report__summary">{summary}</div> : null}
            {answered ? <p className="tl-report__note">{t('answeredRange', answered)}</p> : null}
            {children}
          </>
        )}
      </Spin>
    </section>
  );
}

export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="tl-report__figure">
      <div className="tl-report__figure-value">{value}</div>
      <div className="tl-report__figure-label">{label}</div>
    </div>
  );
}
