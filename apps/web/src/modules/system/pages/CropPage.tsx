import { CROP_TYPES } from '@tilth/contracts/crop.types';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { type Crop, catalogueKeys, cropApi } from '../api/catalogue.api';
import { CropFormModal } from '../components/CropFormModal';
import { ENABLED_OPTIONS, EnabledTag } from '../components/catalogueUi';
import { FileImage } from '../components/FileImage';

export const CROP_CODES = {
  create: 'wfpf.company.system.crop.ps.create',
  edit: 'wfpf.company.system.crop.ps.edit',
  delete: 'wfpf.company.system.crop.ps.delete',
} as const;

/** The crop catalogue (system/crop): list, filters, add, edit, delete. */
export function CropPage() {
  const { t } = useTranslation(['systemCatalogue', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => catalogueKeys.crops(tenantId), [tenantId]);
  const list = usePagedList<Crop>(key, (q) => cropApi.page(tenantId, q));
  const [editing, setEditing] = useState<{ crop: Crop | null } | null>(null);

  const fields: FilterField[] = [
    { name: 'cropName', label: t('systemCatalogue:crop.cropName'), type: 'text' },
    {
      name: 'cropType',
      label: t('systemCatalogue:crop.cropType'),
      type: 'select',
      options: CROP_TYPES.map((c) => ({ value: c, label: t(`systemCatalogue:cropType.${c}`) })),
    },
    {
      name: 'enabledFlag',
      label: t('systemCatalogue:field.enabled'),
      type: 'select',
      options: ENABLED_OPTIONS.map((f) => ({ value: f, label: t(`systemCatalogue:enabled.${f}`) })),
    },
  ];

  const columns: ColumnsType<Crop> = [
    {
      title: t('systemCatalogue:field.image'),
      dataIndex: 'imageUrl',
      width: 90,
      render: (v: string | null) => (v ? <FileImage url={v} width={56} height={42} /> : '—'),
    },
    { title: t('systemCatalogue:crop.cropName'), dataIndex: 'cropName' },
    {
      title: t('systemCatalogue:crop.cropEnName'),
      dataIndex: 'cropEnName',
      render: (v: string | null) => v || '—',
    },
    {
      title: t('systemCatalogue:crop.cropType'),
      dataIndex: 'cropType',
      render: (v: string) => (
        <Tag color={v === 'nurture' ? 'blue' : 'green'}>
          {(CROP_TYPES as readonly string[]).includes(v) ? t(`systemCatalogue:cropType.${v}`) : v}
        </Tag>
      ),
    },
    {
      title: t('systemCatalogue:field.enabled'),
      dataIndex: 'enabledFlag',
      render: (v: number) => <EnabledTag flag={v} />,
    },
    {
      title: t('systemCatalogue:field.description'),
      dataIndex: 'description',
      ellipsis: true,
      render: (v: string | null) => v || '—',
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
      render: (_, c) => (
        <RowActions
          onEdit={() => setEditing({ crop: c })}
          editCode={CROP_CODES.edit}
          onDelete={() => confirmDelete(c.cropName, () => cropApi.remove(tenantId, c.cropId), list.refresh)}
          deleteCode={CROP_CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing({ crop: null })}
        addText={t('systemCatalogue:crop.add')}
        addCode={CROP_CODES.create}
      />
      <PagedTable<Crop>
        list={list}
        rowKey="cropId"
        columns={columns}
        scroll={{ x: 900 }}
        empty={{
          title: t('systemCatalogue:crop.empty'),
          onAdd: () => setEditing({ crop: null }),
          addText: t('systemCatalogue:crop.add'),
          addCode: CROP_CODES.create,
        }}
      />
      <CropFormModal
        tenantId={tenantId}
        open={editing !== null}
        crop={editing?.crop ?? null}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
