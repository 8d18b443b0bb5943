import { useQuery } from '@tanstack/react-query';
import {
  TRACE_SCAN_FAR_KM,
  TRACE_SCAN_FAR_MINUTES,
  TRACE_SCAN_MANY_CLIENTS,
  TRACE_SCAN_PAGE_SIZE,
  TRACE_SCAN_SUSPICIOUS_COUNT,
  type TraceScan,
  type TraceScanSummary,
} from '@tilth/contracts/trace-code.types';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Statistic from 'antd/es/statistic';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { formatNumber } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { traceCodeApi, traceCodeKeys } from './code.api';
import { placeText } from './scanText';

/** Trace records (/web/trace/record): every scan of a code's public page, with the copied-label flags. */
export function ScanRecordPage() {
  const { t, i18n } = useTranslation(['traceCode', 'common']);
  const lang = i18n.language;
  const { tenantId } = useShell();
  const [summary, setSummary] = useState<TraceScanSummary | null>(null);
  const key = useMemo(() => traceCodeKeys.scans(tenantId), [tenantId]);
  const fetchPage = useCallback(
    (q: Parameters<typeof traceCodeApi.scans>[1]) =>
      traceCodeApi.scans(tenantId, q).then((r) => {
        setSummary(r.summary);
        return r;
      }),
    [tenantId],
  );
  const list = usePagedList<TraceScan>(key, fetchPage, { pageSize: TRACE_SCAN_PAGE_SIZE });
  const batches = useQuery({
    queryKey: traceCodeKeys.batches(tenantId),
    queryFn: () => traceCodeApi.batches(tenantId),
  });

  const fields: FilterField[] = [
    { name: 'scanned', names: ['from', 'to'], label: t('traceCode:field.scannedAt'), type: 'dateRange' },
    {
      name: 'traceBatchId',
      label: t('traceCode:field.batch'),
      type: 'select',
      showSearch: true,
      options: (batches.data?.content ?? []).map((b) => ({
        value: b.traceBatchId,
        label: `${b.productName} · ${b.batchCode}`,
      })),
    },
    { name: 'serial', label: t('traceCode:field.serial'), type: 'text' },
    {
      name: 'suspicious',
      label: t('traceCode:field.suspicious'),
      type: 'select',
      options: [{ value: '1', label: t('traceCode:suspiciousOnly') }],
    },
  ];

  const columns: ColumnsType<TraceScan> = [
    {
      title: t('traceCode:field.scannedAt'),
      dataIndex: 'scannedAt',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('traceCode:field.serial'),
      dataIndex: 'serial',
      width: 190,
      render: (s: string) => <span style={{ fontFamily: 'monospace' }}>{s}</span>,
    },
    {
      title: t('traceCode:field.batch'),
      key: 'batch',
      ellipsis: true,
      render: (_, r) => `${r.productName ?? '—'} · ${r.batchCode ?? '—'}`,
    },
    { title: t('traceCode:field.place'), key: 'place', width: 200, render: (_, r) => placeText(r, lang) },
    {
      title: t('traceCode:field.scanNo'),
      dataIndex: 'scanNo',
      width: 110,
      render: (n: number) =>
        n === 1 ? (
          <Tag color="success">{t('traceCode:firstScan')}</Tag>
        ) : (
          <Tag>{t('traceCode:repeatScan', { n: formatNumber(n, lang) })}</Tag>
        ),
    },
    {
      title: t('traceCode:field.client'),
      dataIndex: 'client',
      width: 160,
      render: (c: string | null) => c ?? '—',
    },
    {
      title: t('traceCode:field.suspicious'),
      key: 'suspicious',
      width: 200,
      render: (_, r) =>
        r.suspicious && r.suspicionReason ? (
          <Tooltip title={t(`traceCode:reasonHelp.${r.suspicionReason}`, ruleValues)}>
            <Tag color="warning">{t(`traceCode:reason.${r.suspicionReason}`)}</Tag>
          </Tooltip>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <section className="tl-card">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        {(['scans', 'uniqueCodes', 'suspicious'] as const).map((k) => (
          <Col key={k} xs={24} sm={8}>
            <Card size="small">
              <Statistic
                title={t(`traceCode:summary.${k}`)}
                value={summary ? formatNumber(summary[k], lang) : '—'}
                valueStyle={k === 'suspicious' && summary?.suspicious ? { color: '#d46b08' } : undefined}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('traceCode:rules', ruleValues)} />
      <FilterBar fields={fields} onSearch={list.search} />
      <PagedTable<TraceScan>
        list={list}
        rowKey="scanId"
        columns={columns}
        scroll={{ x: 1300 }}
        empty={{ title: t('traceCode:scansEmpty') }}
      />
    </section>
  );
}

const ruleValues = {
  count: TRACE_SCAN_SUSPICIOUS_COUNT,
  km: TRACE_SCAN_FAR_KM,
  minutes: TRACE_SCAN_FAR_MINUTES,
  clients: TRACE_SCAN_MANY_CLIENTS,
};
