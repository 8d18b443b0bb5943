import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { useShell } from '../../../shell/ShellContext';
import { CATALOG_CODES, catalogApi, catalogKeys, type TraceOutlet } from '../api/catalog.api';
import { OutletFormModal } from './OutletFormModal';

/** Shops or online stores selling traced products (the public trace page lists them). */
function OutletList({ kind }: { kind: 'store' | 'online' }) {
  const { t } = useTranslation(['traceCatalog', 'common']);
  const { tenantId } = useShell();
  const key = useMemo(() => catalogKeys.outlets(tenantId, kind), [tenantId, kind]);
  const list = usePagedList<TraceOutlet>(key, (q) => catalogApi.outlets(tenantId, { ...q, kind }));
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<TraceOutlet | null | undefined>(undefined);
  const text = (v: string | null) => v || NO_DATA;

  const fields: FilterField[] = [
    { name: 'outletName', label: t('traceCatalog:outlet.name'), type: 'text' },
    {
      name: 'enabledFlag',
      label: t('traceCatalog:field.enabled'),
      type: 'select',
      options: [
        { value: 1, label: t('traceCatalog:enabled.1') },
        { value: 0, label: t('traceCatalog:enabled.0') },
      ],
    },
  ];
  const specific: ColumnsType<TraceOutlet> =
    kind === 'online'
      ? [
          {
            title: t('traceCatalog:outlet.platform'),
            dataIndex: 'platform',
            width: 110,
            render: (p: string) => t(`traceCatalog:platform.${p}`),
          },
          {
            title: t('traceCatalog:outlet.url'),
            dataIndex: 'url',
            ellipsis: true,
            render: (u: string | null) =>
              u ? (
                <Typography.Link href={u} target="_blank" rel="noopener noreferrer">
                  {u}
                </Typography.Link>
              ) : (
                NO_DATA
              ),
          },
        ]
      : [
          { title: t('traceCatalog:field.address'), dataIndex: 'address', ellipsis: true, render: text },
          { title: t('traceCatalog:outlet.location'), dataIndex: 'location', width: 170, render: text },
          {
            title: t('traceCatalog:outlet.openingHours'),
            dataIndex: 'openingHours',
            width: 130,
            render: text,
          },
        ];
  const columns: ColumnsType<TraceOutlet> = [
    { title: t('traceCatalog:outlet.name'), dataIndex: 'outletName', width: 200, ellipsis: true },
    ...specific,
    { title: t('traceCatalog:field.contact'), dataIndex: 'contactName', width: 110, render: text },
    { title: t('traceCatalog:field.phone'), dataIndex: 'phone', width: 140, render: text },
    {
      title: t('traceCatalog:field.enabled'),
      dataIndex: 'enabledFlag',
      width: 90,
      render: (f: number) => (
        <Tag color={f === 1 ? 'success' : 'default'}>{t(`traceCatalog:enabled.${f}`)}</Tag>
      ),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, o) => (
        <RowActions
          onEdit={() => setEditing(o)}
          editCode={CATALOG_CODES.baseEdit}
          onDelete={() =>
            confirmDelete(o.outletName, () => catalogApi.removeOutlet(tenantId, o), list.refresh, {
              content: t('traceCatalog:outlet.deleteHint'),
            })
          }
          deleteCode={CATALOG_CODES.baseEdit}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing(null)}
        addText={t(`traceCatalog:outlet.add.${kind}`)}
        addCode={CATALOG_CODES.baseEdit}
      />
      <PagedTable<TraceOutlet>
        list={list}
        rowKey="outletId"
        columns={columns}
        scroll={{ x: 1100 }}
        empty={{
          title: t(`traceCatalog:outlet.empty.${kind}`),
          onAdd: () => setEditing(null),
          addText: t(`traceCatalog:outlet.add.${kind}`),
          addCode: CATALOG_CODES.baseEdit,
        }}
      />
      <OutletFormModal
        kind={kind}
        open={editing !== undefined}
        outlet={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
    </section>
  );
}

/** /web/trace/base/store */
export function StorePage() {
  return <OutletList kind="store" />;
}

/** /web/trace/base/onlineStore */
export function OnlineStorePage() {
  return <OutletList kind="online" />;
}
