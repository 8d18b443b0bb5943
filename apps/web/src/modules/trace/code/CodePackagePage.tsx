import { useQuery } from '@tanstack/react-query';
import {
  TRACE_CODE_PACKAGE_PAGE_SIZE,
  TRACE_CODE_PACKAGE_STATUSES,
  type TraceCodePackage,
} from '@tilth/contracts/trace-code.types';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { useMessage } from '../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { formatNumber } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { useShell } from '../../../shell/ShellContext';
import { CodePackageDrawer } from './CodePackageDrawer';
import { CreatePackageModal } from './CreatePackageModal';
import { downloadPackageFile, TRACE_CODE_CODES, traceCodeApi, traceCodeKeys } from './code.api';
import { VoidModal } from './VoidModal';

const STATUS_COLOR = {
  queued: 'default',
  generating: 'processing',
  ready: 'success',
  failed: 'error',
} as const;
/** How often the list asks again while a package is being made. */
const POLL_MS = 1500;

/** Code packages (/web/trace/code-package): generate, follow, download and void trace codes. */
export function CodePackagePage() {
  const { t, i18n } = useTranslation(['traceCode', 'common']);
  const lang = i18n.language;
  const { tenantId } = useShell();
  const message = useMessage();
  const key = useMemo(() => traceCodeKeys.packages(tenantId), [tenantId]);
  const list = usePagedList<TraceCodePackage>(key, (q) => traceCodeApi.page(tenantId, q), {
    pageSize: TRACE_CODE_PACKAGE_PAGE_SIZE,
  });
  const batches = useQuery({
    queryKey: traceCodeKeys.batches(tenantId),
    queryFn: () => traceCodeApi.batches(tenantId),
  });
  const batchOptions = batches.data?.content ?? [];
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<TraceCodePackage | null>(null);
  const [voiding, setVoiding] = useState<TraceCodePackage | null>(null);

  const working = list.rows.some((p) => p.status === 'queued' || p.status === 'generating');
  const { refresh } = list;
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [working, refresh]);

  const fields: FilterField[] = [
    {
      name: 'traceBatchId',
      label: t('traceCode:field.batch'),
      type: 'select',
      showSearch: true,
      options: batchOptions.map((b) => ({
        value: b.traceBatchId,
        label: `${b.productName} · ${b.batchCode}`,
      })),
    },
    {
      name: 'status',
      label: t('traceCode:field.status'),
      type: 'select',
      options: TRACE_CODE_PACKAGE_STATUSES.map((s) => ({ value: s, label: t(`traceCode:status.${s}`) })),
    },
    { name: 'created', names: ['from', 'to'], label: t('traceCode:field.created'), type: 'dateRange' },
  ];

  const download = async (p: TraceCodePackage, file: 'pdf' | 'csv' | 'zip') => {
    try {
      await downloadPackageFile(tenantId, p, file);
    } catch (err) {
      message.error(err instanceof Error && err.message ? err.message : t('traceCode:downloadFailed'));
    }
  };

  const voidPackage = async (reason: string) => {
    if (!voiding) return;
    try {
      const r = await traceCodeApi.voidPackage(tenantId, voiding, reason);
      message.success(t('traceCode:void.done', { count: r.voided }));
      setVoiding(null);
    } catch {
      // Shown by the API client (stale version …).
    }
    await list.refresh();
  };

  const columns: ColumnsType<TraceCodePackage> = [
    { title: t('traceCode:field.packageCode'), dataIndex: 'packageCode', width: 170 },
    {
      title: t('traceCode:field.batch'),
      key: 'batch',
      ellipsis: true,
      render: (_, p) => `${p.productName ?? '—'} · ${p.batchCode ?? '—'}`,
    },
    {
      title: t('traceCode:field.quantity'),
      dataIndex: 'quantity',
      width: 100,
      align: 'right',
      render: (n: number) => formatNumber(n, lang),
    },
    {
      title: t('traceCode:field.scheme'),
      dataIndex: 'codeScheme',
      width: 120,
      render: (s: TraceCodePackage['codeScheme']) => (
        <Tooltip title={t(`traceCode:scheme.${s}Help`)}>
          <Tag>{t(`traceCode:scheme.${s}`)}</Tag>
        </Tooltip>
      ),
    },
    {
      title: t('traceCode:field.status'),
      dataIndex: 'status',
      width: 170,
      render: (s: TraceCodePackage['status'], p) =>
        s === 'generating' || s === 'queued' ? (
          <Progress
            percent={p.progress}
            size="small"
            status="active"
            aria-label={t(`traceCode:status.${s}`)}
          />
        ) : s === 'failed' && p.error ? (
          <Tooltip title={p.error}>
            <Tag color={STATUS_COLOR[s]}>{t(`traceCode:status.${s}`)}</Tag>
          </Tooltip>
        ) : (
          <Tag color={STATUS_COLOR[s]}>{t(`traceCode:status.${s}`)}</Tag>
        ),
    },
    {
      title: t('traceCode:field.scanned'),
      key: 'scanned',
      width: 170,
      render: (_, p) =>
        t('traceCode:scannedOf', {
          scanned: formatNumber(p.scannedCount, lang),
          voided: formatNumber(p.voidedCount, lang),
        }),
    },
    {
      title: t('traceCode:field.created'),
      dataIndex: 'creationDate',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    { title: t('traceCode:field.remark'), dataIndex: 'remark', ellipsis: true, width: 160 },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_, p) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setOpen(p)}>
            {t('traceCode:action.codes')}
          </Button>
          <PermissionGuard codes={[TRACE_CODE_CODES.export]}>
            <Dropdown
              disabled={p.status !== 'ready'}
              menu={{
                items: [
                  { key: 'pdf', label: t('traceCode:file.pdf') },
                  { key: 'csv', label: t('traceCode:file.csv') },
                  {
                    key: 'zip',
                    label: p.zipHasImages ? t('traceCode:file.zip') : t('traceCode:file.zipNoImages'),
                  },
                ],
                onClick: ({ key: file }) => void download(p, file as 'pdf' | 'csv' | 'zip'),
              }}
            >
              <Button type="link" size="small" disabled={p.status !== 'ready'}>
                {t('traceCode:action.download')}
              </Button>
            </Dropdown>
          </PermissionGuard>
          <PermissionGuard codes={[TRACE_CODE_CODES.void]}>
            <Button
              type="link"
              size="small"
              danger
              disabled={p.status !== 'ready' || p.voidedCount >= p.quantity}
              onClick={() => setVoiding(p)}
            >
              {t('traceCode:action.voidPackage')}
            </Button>
          </PermissionGuard>
        </Space>
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setCreating(true)}
        addText={t('traceCode:create.button')}
        addCode={TRACE_CODE_CODES.create}
      />
      <PagedTable<TraceCodePackage>
        list={list}
        rowKey="packageId"
        columns={columns}
        scroll={{ x: 1400 }}
        empty={{
          title: t('traceCode:empty'),
          onAdd: () => setCreating(true),
          addText: t('traceCode:create.button'),
          addCode: TRACE_CODE_CODES.create,
        }}
      />
      <CreatePackageModal
        tenantId={tenantId}
        open={creating}
        batches={batchOptions}
        onClose={(created) => {
          setCreating(false);
          if (created) void list.refresh();
        }}
      />
      <CodePackageDrawer
        tenantId={tenantId}
        pkg={open}
        onClose={() => setOpen(null)}
        onChanged={() => void list.refresh()}
      />
      <VoidModal
        open={voiding !== null}
        title={t('traceCode:void.packageTitle', { code: voiding?.packageCode ?? '' })}
        description={t('traceCode:void.packageHelp', {
          count: formatNumber((voiding?.quantity ?? 0) - (voiding?.voidedCount ?? 0), lang),
        })}
        onCancel={() => setVoiding(null)}
        onVoid={voidPackage}
      />
    </section>
  );
}
