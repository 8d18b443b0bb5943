import { useQuery } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../shell/ShellContext';
import { useAgriFormat } from '../agriFormat';
import { type AgriDoc, type AgriDocType, agriApi, agriKeys } from '../api/agricultural.api';
import { AGRI_CODES, AGRI_PATHS } from '../paths';

/** Receipts (agricultural-warehousing) or issues (agricultural-shipment): filters, add, edit, info, delete. */
function DocListPage({ type }: { type: AgriDocType }) {
  const { t } = useTranslation(['agricultural', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const message = useMessage();
  const fmt = useAgriFormat();
  const key = useMemo(() => agriKeys.docs(tenantId, type), [tenantId, type]);
  const list = usePagedList<AgriDoc>(key, (q) => agriApi.docPage(tenantId, type, q));
  const bases = useQuery({ queryKey: agriKeys.bases(tenantId), queryFn: () => agriApi.bases(tenantId) });
  const write = AGRI_CODES.write[type];

  const fields: FilterField[] = [
    { name: 'docCode', label: t('agricultural:doc.field.code'), type: 'text' },
    {
      name: 'areaId',
      label: t('agricultural:doc.field.base'),
      type: 'select',
      showSearch: true,
      options: (bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName })),
    },
    {
      name: 'docDate',
      label: t('agricultural:doc.field.dateRange'),
      type: 'dateRange',
      format: 'YYYY-MM-DD',
      names: ['startDate', 'endDate'],
    },
  ];

  const add = () => navigate(AGRI_PATHS.docAdd(type));

  const remove = (d: AgriDoc) => {
    modal.confirm({
      title: t('common:confirm.delete', { name: d.docCode }),
      content: t('agricultural:doc.deleteHint'),
      width: 400,
      okButtonProps: { danger: true },
      okText: t('common:action.delete'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await agriApi.removeDoc(tenantId, type, d.docId, d.objectVersionNumber);
          message.success(t('common:message.deleted'));
          await list.refresh();
        } catch {
          // Not enough stock to reverse, stale version: the API client showed the server's reason.
        }
      },
    });
  };

  const columns: ColumnsType<AgriDoc> = [
    {
      title: t('agricultural:doc.field.code'),
      dataIndex: 'docCode',
      render: (code: string, d) => <Link to={AGRI_PATHS.docInfo(type, d.docId)}>{code}</Link>,
    },
    {
      title: t('agricultural:doc.field.base'),
      dataIndex: 'areaName',
      render: (v: string | null) => v ?? '—',
    },
    { title: t(`agricultural:doc.${type}.date`), dataIndex: 'docDate' },
    {
      title: t(`agricultural:doc.${type}.counterparty`),
      dataIndex: 'counterparty',
      render: (v: string | null) => v || '—',
    },
    {
      title: t('agricultural:doc.field.handler'),
      dataIndex: 'handler',
      render: (v: string | null) => v || '—',
    },
    { title: t('agricultural:doc.field.lineCount'), dataIndex: 'lineCount', align: 'right' },
    {
      title: t('agricultural:doc.field.total'),
      dataIndex: 'totalAmount',
      align: 'right',
      render: (v: number) => fmt.money(v),
    },
    {
      title: t('agricultural:doc.field.creationDate'),
      dataIndex: 'creationDate',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_, d) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(AGRI_PATHS.docInfo(type, d.docId))}>
            {t('common:action.detail')}
          </Button>
          <PermissionGuard codes={[write]}>
            <Button type="link" size="small" onClick={() => navigate(AGRI_PATHS.docEdit(type, d.docId))}>
              {t('common:action.edit')}
            </Button>
            <Button type="link" size="small" danger onClick={() => remove(d)}>
              {t('common:action.delete')}
            </Button>
          </PermissionGuard>
        </Space>
      ),
    },
  ];

  const filtered = Object.keys(list.filters).length > 0;
  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={add}
        addText={t(`agricultural:doc.${type}.add`)}
        addCode={write}
      />
      <PagedTable<AgriDoc>
        list={list}
        rowKey="docId"
        columns={columns}
        scroll={{ x: 1100 }}
        locale={{
          emptyText: filtered ? (
            <EmptyState variant="noSearchResult" size="small" />
          ) : (
            <EmptyState
              variant="noData"
              size="small"
              title={t(`agricultural:doc.${type}.empty`)}
              onAdd={add}
              addText={t(`agricultural:doc.${type}.add`)}
              addCode={write}
            />
          ),
        }}
      />
    </section>
  );
}

export const WarehousingListPage = () => <DocListPage type="warehousing" />;
export const ShipmentListPage = () => <DocListPage type="shipment" />;
