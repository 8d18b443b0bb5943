import { useQuery } from '@tanstack/react-query';
import { TRACE_BATCH_STATUSES } from '@tilth/contracts/trace-catalog.rules';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Statistic from 'antd/es/statistic';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { useMessage } from '../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { useShell } from '../../../shell/ShellContext';
import { CATALOG_CODES, catalogApi, catalogKeys, type TraceBatch } from '../api/catalog.api';
import { BatchDetailDrawer } from './BatchDetailDrawer';
import { BatchFormDrawer } from './BatchFormDrawer';
import { batchActions, STATUS_COLOR } from './catalogModel';

/** The traceability overview (/web/trace/index): counts, then the trace batches with their life cycle. */
export function TraceIndexPage() {
  const { t, i18n } = useTranslation(['traceCatalog', 'common']);
  const { tenantId } = useShell();
  const { modal } = App.useApp();
  const message = useMessage();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => catalogKeys.batches(tenantId), [tenantId]);
  const list = usePagedList<TraceBatch>(key, (q) => catalogApi.batches(tenantId, q));
  const overview = useQuery({
    queryKey: catalogKeys.overview(tenantId),
    queryFn: () => catalogApi.overview(tenantId),
  });
  const products = useQuery({
    queryKey: catalogKeys.productOptions(tenantId),
    queryFn: () => catalogApi.products(tenantId, { page: 0, size: 0 }).then((p) => p.content),
  });
  const [editing, setEditing] = useState<TraceBatch | null | undefined>(undefined);
  const [viewing, setViewing] = useState<number | null>(null);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  const publish = async (b: TraceBatch) => {
    try {
      await catalogApi.publishBatch(tenantId, b);
      message.success(t('traceCatalog:batch.published'));
      await list.refresh();
    } catch {
      // The server's reason (not ready, ledger unavailable …) was shown by the API client.
    }
  };
  const withdraw = (b: TraceBatch) =>
    modal.confirm({
      title: t('traceCatalog:batch.withdrawConfirm', { code: b.batchCode }),
      content: t('traceCatalog:batch.withdrawHelp'),
      okButtonProps: { danger: true },
      okText: t('traceCatalog:action.withdraw'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await catalogApi.withdrawBatch(tenantId, b);
          message.success(t('traceCatalog:batch.withdrawn'));
          await list.refresh();
        } catch {
          // Shown by the API client.
        }
      },
    });

  const fields: FilterField[] = [
    {
      name: 'traceProductId',
      label: t('traceCatalog:batch.product'),
      type: 'select',
      showSearch: true,
      options: (products.data ?? []).map((p) => ({ value: p.traceProductId, label: p.productName })),
    },
    {
      name: 'status',
      label: t('traceCatalog:batch.status'),
      type: 'select',
      options: TRACE_BATCH_STATUSES.map((s) => ({ value: s, label: t(`traceCatalog:status.${s}`) })),
    },
    { name: 'batchCode', label: t('traceCatalog:batch.code'), type: 'text' },
    {
      name: 'production',
      label: t('traceCatalog:batch.productionDate'),
      type: 'dateRange',
      format: 'YYYY-MM-DD',
      names: ['from', 'to'],
    },
  ];

  const columns: ColumnsType<TraceBatch> = [
    {
      title: t('traceCatalog:batch.code'),
      dataIndex: 'batchCode',
      width: 160,
      render: (c: string, b) => (
        <Button type="link" size="small" onClick={() => setViewing(b.traceBatchId)}>
          {c}
        </Button>
      ),
    },
    { title: t('traceCatalog:batch.product'), dataIndex: 'productName', width: 170, ellipsis: true },
    {
      title: t('traceCatalog:batch.sources'),
      key: 'sources',
      width: 200,
      ellipsis: true,
      render: (_, b) =>
        b.sources
          .map((s) =>
            s.landName
              ? t('traceCatalog:batch.sourceItem', { code: s.batchCode, plot: s.landName })
              : s.batchCode,
          )
          .join(t('traceCatalog:list.separator')) || NO_DATA,
    },
    { title: t('traceCatalog:batch.productionDate'), dataIndex: 'productionDate', width: 120 },
    {
      title: t('traceCatalog:batch.expiryDate'),
      dataIndex: 'expiryDate',
      width: 120,
      render: (d: string | null) => d ?? NO_DATA,
    },
    {
      title: t('traceCatalog:batch.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: TraceBatch['status']) => <Tag color={STATUS_COLOR[s]}>{t(`traceCatalog:status.${s}`)}</Tag>,
    },
    {
      title: t('traceCatalog:batch.version'),
      dataIndex: 'version',
      width: 80,
      render: (v: number) => (v ? `v${v}` : NO_DATA),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 240,
      fixed: 'right',
      render: (_, b) => {
        const can = batchActions(b);
        return (
          <RowActions
            leading={
              <>
                <Button type="link" size="small" onClick={() => setViewing(b.traceBatchId)}>
                  {t('traceCatalog:action.detail')}
                </Button>
                <PermissionGuard codes={[CATALOG_CODES.batchPublish]}>
                  {can.includes('publish') || can.includes('republish') ? (
                    <Button type="link" size="small" onClick={() => void publish(b)}>
                      {t(`traceCatalog:action.${can.includes('publish') ? 'publish' : 'republish'}`)}
                    </Button>
                  ) : null}
                  {can.includes('withdraw') ? (
                    <Button type="link" size="small" danger onClick={() => withdraw(b)}>
                      {t('traceCatalog:action.withdraw')}
                    </Button>
                  ) : null}
                </PermissionGuard>
              </>
            }
            onEdit={can.includes('edit') ? () => setEditing(b) : undefined}
            editCode={CATALOG_CODES.batchEdit}
            onDelete={
              can.includes('delete')
                ? () => confirmDelete(b.batchCode, () => catalogApi.removeBatch(tenantId, b), list.refresh)
                : undefined
            }
            deleteCode={CATALOG_CODES.batchDelete}
          />
        );
      },
    },
  ];

  const o = overview.data;
  const stats: [string, number | null | undefined][] = [
    ['products', o?.products],
    ['published', o?.published],
    ['draft', o?.draft],
    ['withdrawn', o?.withdrawn],
    ['codesIssued', o?.codesIssued],
    ['scansThisMonth', o?.scansThisMonth],
  ];
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {stats
          .filter(([, v]) => v !== null)
          .map(([k, v]) => (
            <Col key={k} xs={12} md={8} xl={4}>
              <Card size="small" loading={overview.isLoading}>
                <Statistic
                  title={t(`traceCatalog:overview.${k}`)}
                  value={v ?? 0}
                  formatter={(n) => number(Number(n))}
                />
              </Card>
            </Col>
          ))}
      </Row>
      <section className="tl-card">
        <FilterBar
          fields={fields}
          onSearch={list.search}
          onAdd={() => setEditing(null)}
          addText={t('traceCatalog:batch.add')}
          addCode={CATALOG_CODES.batchEdit}
        />
        <PagedTable<TraceBatch>
          list={list}
          rowKey="traceBatchId"
          columns={columns}
          scroll={{ x: 1250 }}
          empty={{
            title: t('traceCatalog:batch.empty'),
            onAdd: () => setEditing(null),
            addText: t('traceCatalog:batch.add'),
            addCode: CATALOG_CODES.batchEdit,
          }}
        />
      </section>
      <BatchFormDrawer
        open={editing !== undefined}
        batch={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <BatchDetailDrawer batchId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
