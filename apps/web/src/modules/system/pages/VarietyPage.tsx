import { useQuery } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { localName } from '../../../shared/format/name';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { catalogueKeys, cropApi, type Variety, varietyApi } from '../api/catalogue.api';
import { ENABLED_OPTIONS, EnabledTag } from '../components/catalogueUi';
import { FileImage } from '../components/FileImage';
import { VarietyFormModal } from '../components/VarietyFormModal';

export const VARIETY_CODES = {
  create: 'wfpf.company.system.varieties.ps.create',
  edit: 'wfpf.company.system.varieties.ps.edit',
  delete: 'wfpf.company.system.varieties.ps.delete',
} as const;

/** Varieties of the crops (system/varieties): list filtered by crop, add, edit, delete. */
export function VarietyPage() {
  const { t, i18n } = useTranslation(['systemCatalogue', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => catalogueKeys.varieties(tenantId), [tenantId]);
  const list = usePagedList<Variety>(key, (q) => varietyApi.page(tenantId, q));
  const crops = useQuery({
    queryKey: catalogueKeys.cropOptions(tenantId),
    queryFn: () => cropApi.all(tenantId),
  });
  const [editing, setEditing] = useState<{ variety: Variety | null } | null>(null);
  const filteredCrop = typeof list.filters.cropId === 'number' ? list.filters.cropId : undefined;

  const fields: FilterField[] = [
    {
      name: 'cropId',
      label: t('systemCatalogue:variety.crop'),
      type: 'select',
      showSearch: true,
      options: (crops.data ?? []).map((c) => ({
        value: c.cropId,
        label: localName(c.cropName, c.cropEnName, i18n.language),
      })),
    },
    { name: 'varietyName', label: t('systemCatalogue:variety.varietyName'), type: 'text' },
    {
      name: 'enabledFlag',
      label: t('systemCatalogue:field.enabled'),
      type: 'select',
      options: ENABLED_OPTIONS.map((f) => ({ value: f, label: t(`systemCatalogue:enabled.${f}`) })),
    },
  ];

  const columns: ColumnsType<Variety> = [
    {
      title: t('systemCatalogue:field.image'),
      dataIndex: 'imageUrl',
      width: 90,
      render: (v: string | null) => (v ? <FileImage url={v} width={56} height={42} /> : '—'),
    },
    { title: t('systemCatalogue:variety.varietyName'), dataIndex: 'varietyName' },
    {
      title: t('systemCatalogue:variety.crop'),
      dataIndex: 'cropName',
      render: (_, v) => localName(v.cropName, v.cropEnName, i18n.language),
    },
    {
      title: t('systemCatalogue:variety.varietyCode'),
      dataIndex: 'varietyCode',
      render: (v: string | null) => v || '—',
    },
    {
      title: t('systemCatalogue:variety.growthDays'),
      dataIndex: 'growthDays',
      render: (v: number | null) => (v === null ? '—' : t('systemCatalogue:variety.daysValue', { count: v })),
    },
    {
      title: t('systemCatalogue:field.enabled'),
      dataIndex: 'enabledFlag',
      render: (v: number) => <EnabledTag flag={v} />,
    },
    {
      title: t('systemCatalogue:field.creationDate'),
      dataIndex: 'creationDate',
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      render: (_, v) => (
        <RowActions
          onEdit={() => setEditing({ variety: v })}
          editCode={VARIETY_CODES.edit}
          onDelete={() =>
            confirmDelete(v.varietyName, () => varietyApi.remove(tenantId, v.varietyId), list.refresh)
          }
          deleteCode={VARIETY_CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing({ variety: null })}
        addText={t('systemCatalogue:variety.add')}
        addCode={VARIETY_CODES.create}
      />
      <PagedTable<Variety>
        list={list}
        rowKey="varietyId"
        columns={columns}
        scroll={{ x: 900 }}
        empty={{
          title: t('systemCatalogue:variety.empty'),
          onAdd: () => setEditing({ variety: null }),
          addText: t('systemCatalogue:variety.add'),
          addCode: VARIETY_CODES.create,
        }}
      />
      <VarietyFormModal
        tenantId={tenantId}
        open={editing !== null}
        variety={editing?.variety ?? null}
        cropId={filteredCrop}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
