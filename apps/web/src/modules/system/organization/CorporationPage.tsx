import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { useShell } from '../../../shell/ShellContext';
import { FileImage } from '../components/FileImage';
import { CorporationFormModal } from './CorporationFormModal';
import { type Corporation, corporationApi, orgKeys } from './organization.api';

export const CORPORATION_CODES = {
  create: 'wfpf.company.system.corporation.ps.create',
  edit: 'wfpf.company.system.corporation.ps.edit',
  delete: 'wfpf.company.system.corporation.ps.delete',
} as const;

const dash = (v: string | null) => v || NO_DATA;

/** /system/corporation: the tenant's companies with their legal data; add, edit, delete. */
export function CorporationPage() {
  const { t } = useTranslation(['organization', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => orgKeys.corporations(tenantId), [tenantId]);
  const list = usePagedList<Corporation>(key, (q) => corporationApi.page(tenantId, q));
  const [editing, setEditing] = useState<{ corporation: Corporation | null } | null>(null);

  const fields: FilterField[] = [{ name: 'name', label: t('organization:corp.name'), type: 'text' }];
  const columns: ColumnsType<Corporation> = [
    {
      title: t('organization:corp.logo'),
      dataIndex: 'logoUrl',
      width: 100,
      render: (v: string | null) => (v ? <FileImage url={v} width={48} height={36} /> : NO_DATA),
    },
    { title: t('organization:corp.name'), dataIndex: 'name' },
    { title: t('organization:corp.creditCode'), dataIndex: 'creditCode', width: 210, render: dash },
    { title: t('organization:corp.legalRepresentative'), dataIndex: 'legalRepresentative', render: dash },
    { title: t('organization:corp.parent'), dataIndex: 'parentName', render: dash },
    { title: t('organization:corp.contactName'), dataIndex: 'contactName', render: dash },
    { title: t('organization:corp.contactPhone'), dataIndex: 'contactPhone', render: dash },
    { title: t('organization:corp.address'), dataIndex: 'address', ellipsis: true, render: dash },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      render: (_, c) => (
        <RowActions
          onEdit={() => setEditing({ corporation: c })}
          editCode={CORPORATION_CODES.edit}
          onDelete={() => confirmDelete(c.name, () => corporationApi.remove(tenantId, c.id), list.refresh)}
          deleteCode={CORPORATION_CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing({ corporation: null })}
        addText={t('organization:corp.add')}
        addCode={CORPORATION_CODES.create}
      />
      <PagedTable<Corporation>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1000 }}
        empty={{
          title: t('organization:corp.empty'),
          onAdd: () => setEditing({ corporation: null }),
          addText: t('organization:corp.add'),
          addCode: CORPORATION_CODES.create,
        }}
      />
      <CorporationFormModal
        tenantId={tenantId}
        open={editing !== null}
        corporation={editing?.corporation ?? null}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
