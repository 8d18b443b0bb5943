import {
  TRACE_SCAN_PAGE_SIZE,
  type TraceCode,
  type TraceCodePackage,
} from '@tilth/contracts/trace-code.types';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { useMessage } from '../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { formatNumber } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { TRACE_CODE_CODES, traceCodeApi, traceCodeKeys } from './code.api';
import { VoidModal } from './VoidModal';

/** One package: its facts and its codes in label order, searchable by serial, with scans and void state. */
export function CodePackageDrawer(props: {
  tenantId: number;
  pkg: TraceCodePackage | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { pkg, tenantId } = props;
  return (
    <Drawer open={pkg !== null} onClose={props.onClose} size="large" title={pkg?.packageCode} destroyOnHidden>
      {pkg ? <PackageCodes tenantId={tenantId} pkg={pkg} onChanged={props.onChanged} /> : null}
    </Drawer>
  );
}

function PackageCodes({
  tenantId,
  pkg,
  onChanged,
}: {
  tenantId: number;
  pkg: TraceCodePackage;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation(['traceCode', 'common']);
  const lang = i18n.language;
  const message = useMessage();
  const key = useMemo(() => traceCodeKeys.codes(tenantId, pkg.packageId), [tenantId, pkg.packageId]);
  const list = usePagedList<TraceCode>(key, (q) => traceCodeApi.codes(tenantId, pkg.packageId, q), {
    pageSize: TRACE_SCAN_PAGE_SIZE,
    enabled: pkg.status === 'ready',
  });
  const [voiding, setVoiding] = useState<TraceCode | null>(null);

  const fields: FilterField[] = [
    { name: 'serial', label: t('traceCode:field.serial'), type: 'text' },
    {
      name: 'voided',
      label: t('traceCode:field.voided'),
      type: 'select',
      options: [
        { value: '0', label: t('traceCode:voided.0') },
        { value: '1', label: t('traceCode:voided.1') },
      ],
    },
  ];

  const voidCode = async (reason: string) => {
    if (!voiding) return;
    try {
      await traceCodeApi.voidCode(tenantId, voiding.serial, reason);
      message.success(t('traceCode:void.done', { count: 1 }));
      setVoiding(null);
      onChanged();
    } catch {
      // Shown by the API client.
    }
    await list.refresh();
  };

  const columns: ColumnsType<TraceCode> = [
    { title: '#', dataIndex: 'seq', width: 70, render: (n: number) => formatNumber(n, lang) },
    {
      title: t('traceCode:field.serial'),
      dataIndex: 'serial',
      width: 200,
      render: (s: string, c) => (
        <Typography.Text copyable={{ text: c.url }} style={{ fontFamily: 'monospace' }}>
          {s}
        </Typography.Text>
      ),
    },
    {
      title: t('traceCode:field.scans'),
      dataIndex: 'scanCount',
      width: 90,
      align: 'right',
      render: (n: number) => formatNumber(n, lang),
    },
    {
      title: t('traceCode:field.firstScan'),
      dataIndex: 'firstScanAt',
      width: 170,
      render: (v: string | null) => (v ? formatDateTime(v) : '—'),
    },
    {
      title: t('traceCode:field.voided'),
      key: 'voided',
      width: 220,
      ellipsis: true,
      render: (_, c) =>
        c.voidedAt ? (
          <Tooltip title={t('traceCode:voidedTip', { at: formatDateTime(c.voidedAt) })}>
            <Tag color="error">{t('traceCode:voidedAt', { reason: c.voidReason ?? '' })}</Tag>
          </Tooltip>
        ) : (
          <PermissionGuard codes={[TRACE_CODE_CODES.void]} fallback="—">
            <Button type="link" size="small" danger onClick={() => setVoiding(c)}>
              {t('traceCode:action.void')}
            </Button>
          </PermissionGuard>
        ),
    },
  ];

  return (
    <>
      <Descriptions
        size="small"
        column={2}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'batch',
            label: t('traceCode:field.batch'),
            children: `${pkg.productName ?? '—'} · ${pkg.batchCode ?? '—'}`,
          },
          {
            key: 'quantity',
            label: t('traceCode:field.quantity'),
            children: formatNumber(pkg.quantity, lang),
          },
          {
            key: 'scheme',
            label: t('traceCode:field.scheme'),
            children: t(`traceCode:scheme.${pkg.codeScheme}`),
          },
          {
            key: 'status',
            label: t('traceCode:field.status'),
            children: t(`traceCode:status.${pkg.status}`),
          },
          { key: 'created', label: t('traceCode:field.created'), children: formatDateTime(pkg.creationDate) },
          { key: 'remark', label: t('traceCode:field.remark'), children: pkg.remark ?? '—' },
        ]}
      />
      {pkg.status === 'ready' ? (
        <>
          <FilterBar fields={fields} onSearch={list.search} />
          <PagedTable<TraceCode>
            list={list}
            rowKey="serial"
            columns={columns}
            empty={{ title: t('traceCode:codesEmpty') }}
          />
        </>
      ) : (
        <Typography.Paragraph type="secondary">{t('traceCode:codesNotReady')}</Typography.Paragraph>
      )}
      <VoidModal
        open={voiding !== null}
        title={t('traceCode:void.codeTitle', { serial: voiding?.serial ?? '' })}
        description={t('traceCode:void.codeHelp')}
        onCancel={() => setVoiding(null)}
        onVoid={voidCode}
      />
    </>
  );
}
