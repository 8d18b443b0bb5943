import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { toQuery, usePagedList } from '../../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../../shared/format/number';
import { formatDate } from '../../../../shared/format/time';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../shell/ShellContext';
import { DOC_AUDIT_STATES } from '../../../farm/approval/approval.api';
import { ExportBar } from '../../base/components/BaseListFrame';
import { type InvDoc, invDocApi, invDocKeys } from '../api/invDoc.api';
import { DocStateTags } from '../components/DocStateTags';
import { useWarehouses } from '../components/HeaderFields';
import { useDocActions } from '../components/useDocActions';
import { useDocFormat } from '../docFormat';
import { type DocAction, docActions } from '../docModel';
import { COUNTERPARTY, DOC_CODE, DOC_PATHS, type InvDocType } from '../docTypes';

const EXEC_STATES = ['pending', 'partial', 'done'] as const;

/** The actions shown in a row, in order; 'timeline' first, the rest by their labels. */
export const ROW_ACTIONS_SHOWN: readonly DocAction[] = [
  'timeline',
  'submit',
  'edit',
  'resubmit',
  'execute',
  'convertPurchase',
  'convertShipment',
  'shipmentReturn',
  'supplierReturn',
  'legs',
  'returnConvert',
  'adjust',
  'reverse',
  'delete',
];

/** A document's action label (store / ship by its type). */
export const actionLabel = (action: DocAction, type: InvDocType): string =>
  action === 'execute'
    ? `invDoc:action.${type === 'shipment' ? 'ship' : 'store'}`
    : `invDoc:action.${action}`;

/** The list of one document type: filters, paging, state tags, actions by state. */
export function DocListPage({ type }: { type: InvDocType }) {
  const { t } = useTranslation(['invDoc', 'farm', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const fmt = useDocFormat();
  const code = DOC_CODE[type];
  const key = useMemo(() => invDocKeys.list(tenantId, type), [tenantId, type]);
  const list = usePagedList<InvDoc>(key, (q) => invDocApi.page(tenantId, type, q));
  const actions = useDocActions(list.refresh);
  const warehouses = useWarehouses();
  const party = COUNTERPARTY[type];
  const businesses = useQuery({
    queryKey: invDocKeys.businesses(tenantId, party ?? 'none'),
    queryFn: () => invDocApi.businesses(tenantId, party ?? 'any'),
    enabled: party !== null,
    staleTime: 60_000,
  });

  const fields: FilterField[] = [
    { name: 'docCode', label: t('invDoc:field.code'), type: 'text' },
    {
      name: 'auditState',
      label: t('farm:approval.field.state'),
      type: 'select',
      options: DOC_AUDIT_STATES.map((s) => ({ value: s, label: t(`farm:approval.state.${s}`) })),
    },
    {
      name: 'execState',
      label: t('invDoc:field.execState'),
      type: 'select',
      options: EXEC_STATES.map((s) => ({ value: s, label: t(`invDoc:exec.${type}.${s}`) })),
    },
    {
      name: 'warehouseId',
      label: t(`invDoc:warehouse.${type}`),
      type: 'select',
      showSearch: true,
      options: (warehouses.data ?? []).map((w) => ({ value: w.id, label: w.warehouseName })),
    },
    ...(party !== null
      ? [
          {
            name: 'businessId',
            label: t(`invDoc:party.${party}`),
            type: 'select' as const,
            showSearch: true,
            options: (businesses.data ?? []).map((b) => ({ value: b.id, label: b.businessName })),
          },
        ]
      : []),
    {
      name: 'docDate',
      label: t('invDoc:field.dateRange'),
      type: 'dateRange',
      format: 'YYYY-MM-DD',
      names: ['dateFrom', 'dateTo'],
    },
  ];

  const add = () => navigate(DOC_PATHS.add(type));

  const columns: ColumnsType<InvDoc> = [
    {
      title: t('invDoc:field.code'),
      dataIndex: 'docCode',
      render: (v: string, d) => <Link to={DOC_PATHS.info(type, d.id)}>{v}</Link>,
    },
    { title: t(`invDoc:date.${type}`), dataIndex: 'docDate', render: (v: string) => formatDate(v) },
    {
      title: t(`invDoc:warehouse.${type}`),
      dataIndex: 'warehouseName',
      render: (v: string | null) => v ?? NO_DATA,
    },
    ...(type === 'transfer'
      ? [
          {
            title: t('invDoc:field.toWarehouse'),
            dataIndex: 'toWarehouseName',
            render: (v: string | null) => v ?? NO_DATA,
          },
        ]
      : []),
    ...(party !== null
      ? [
          {
            title: t(`invDoc:party.${party}`),
            dataIndex: 'businessName',
            render: (v: string | null) => v ?? NO_DATA,
          },
        ]
      : []),
    ...(type === 'purchase_request'
      ? [
          {
            title: t('invDoc:field.arrivalDate'),
            dataIndex: 'arrivalDate',
            render: (v: string | null) => (v ? formatDate(v) : NO_DATA),
          },
        ]
      : []),
    {
      title: t('invDoc:field.totalQuantity'),
      dataIndex: 'totalQuantity',
      align: 'right',
      render: (v: number) => fmt.quantity(v),
    },
    ...(type === 'stocktake'
      ? []
      : [
          {
            title: t('invDoc:field.total'),
            dataIndex: 'totalAmount',
            align: 'right' as const,
            render: (v: number) => fmt.money(v),
          },
        ]),
    {
      title: t('invDoc:field.state'),
      key: 'state',
      render: (_, d) => (
        <DocStateTags
          type={type}
          auditState={d.auditState}
          execState={d.execState}
          reversedFlag={d.reversedFlag}
          reversalOfId={d.reversalOfId}
        />
      ),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      fixed: 'right',
      width: 300,
      render: (_, d) => <RowButtons doc={d} run={actions.run} />,
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={add}
        addText={t(`invDoc:add.${type}`)}
        addCode={code}
      />
      <ExportBar run={() => invDocApi.exportFile(tenantId, type, toQuery(list.filters))} />
      <PagedTable<InvDoc>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1300 }}
        empty={{
          title: t(`invDoc:empty.${type}`),
          onAdd: add,
          addText: t(`invDoc:add.${type}`),
          addCode: code,
        }}
      />
      {actions.dialogs}
    </section>
  );
}

/** A row's buttons: detail for all; the state's actions for holders of the page code. */
export function RowButtons({ doc, run }: { doc: InvDoc; run: (a: DocAction, d: InvDoc) => void }) {
  const { t } = useTranslation(['invDoc', 'farm', 'common']);
  const navigate = useNavigate();
  const offered = new Set(docActions(doc));
  const shown = ROW_ACTIONS_SHOWN.filter((a) => offered.has(a));
  return (
    <span>
      <Button type="link" size="small" onClick={() => navigate(DOC_PATHS.info(doc.docType, doc.id))}>
        {t('common:action.detail')}
      </Button>
      {shown.includes('timeline') ? (
        <Button type="link" size="small" onClick={() => run('timeline', doc)}>
          {t('farm:approval.viewTimeline')}
        </Button>
      ) : null}
      <PermissionGuard codes={[DOC_CODE[doc.docType]]}>
        {shown
          .filter((a) => a !== 'timeline')
          .map((a) => (
            <Button key={a} type="link" size="small" danger={a === 'delete'} onClick={() => run(a, doc)}>
              {t(actionLabel(a, doc.docType))}
            </Button>
          ))}
      </PermissionGuard>
    </span>
  );
}
