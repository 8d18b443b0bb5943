import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { RowActions } from '../../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { formatDateTime } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { type SeedSummary, seedApi, seedKeys } from '../api/seed.api';
import { FileImage } from '../components/FileImage';
import { SeedFormDrawer } from '../components/SeedFormDrawer';
import { SeedLinkModal } from '../components/SeedLinkModal';
import '../seed.css';

export const SEED_CODES = {
  create: 'wfpf.farm.farm.seed.ps.create',
  edit: 'wfpf.farm.farm.seed.ps.edit',
  delete: 'wfpf.farm.farm.seed.ps.delete',
} as const;

/** Seed products (farm/seed): list, add, edit, delete, and the public link with its QR code. */
export function SeedPage() {
  const { t } = useTranslation(['farmSeed', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => seedKeys.all(tenantId), [tenantId]);
  const list = usePagedList<SeedSummary>(key, (q) => seedApi.page(tenantId, q));
  const [editing, setEditing] = useState<{ seedId: number | null } | null>(null);
  const [linking, setLinking] = useState<SeedSummary | null>(null);

  const fields: FilterField[] = [
    { name: 'seedName', label: t('farmSeed:field.seedName'), type: 'text' },
    { name: 'cropName', label: t('farmSeed:field.cropName'), type: 'text' },
    {
      name: 'enabledFlag',
      label: t('farmSeed:field.enabled'),
      type: 'select',
      options: [
        { value: 1, label: t('farmSeed:enabled.on') },
        { value: 0, label: t('farmSeed:enabled.off') },
      ],
    },
  ];

  const remove = (s: SeedSummary) =>
    confirmDelete(s.seedName, () => seedApi.remove(tenantId, s.seedId), list.refresh);

  const columns: ColumnsType<SeedSummary> = [
    {
      title: t('farmSeed:field.imageUrl'),
      dataIndex: 'imageUrl',
      width: 88,
      render: (v: string | null, s) => <FileImage url={v} alt={s.seedName} className="tl-seed-thumb" />,
    },
    {
      title: t('farmSeed:field.seedName'),
      key: 'seed',
      render: (_, s) => (
        <div className="tl-seed-names">
          <span>{s.seedName}</span>
          {s.seedEnName ? <small>{s.seedEnName}</small> : null}
        </div>
      ),
    },
    {
      title: t('farmSeed:field.cropName'),
      key: 'crop',
      render: (_, s) => (
        <div className="tl-seed-names">
          <span>{s.cropName}</span>
          {s.corpEnName ? <small>{s.corpEnName}</small> : null}
        </div>
      ),
    },
    {
      title: t('farmSeed:field.publicity'),
      dataIndex: 'publicity',
      ellipsis: true,
      render: (v: string | null) => v || '—',
    },
    {
      title: t('farmSeed:field.cards'),
      key: 'cards',
      render: (_, s) => t('farmSeed:cards', { practices: s.practiceCount, attributes: s.attributeCount }),
    },
    {
      title: t('farmSeed:field.enabled'),
      dataIndex: 'enabledFlag',
      render: (v: number) => (
        <Tag color={v === 1 ? 'green' : 'default'}>
          {v === 1 ? t('farmSeed:enabled.on') : t('farmSeed:enabled.off')}
        </Tag>
      ),
    },
    {
      title: t('farmSeed:field.lastUpdateDate'),
      dataIndex: 'lastUpdateDate',
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_, s) => (
        <RowActions
          leading={
            <Button type="link" size="small" onClick={() => setLinking(s)}>
              {t('farmSeed:action.link')}
            </Button>
          }
          onEdit={() => setEditing({ seedId: s.seedId })}
          editCode={SEED_CODES.edit}
          onDelete={() => remove(s)}
          deleteCode={SEED_CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing({ seedId: null })}
        addText={t('farmSeed:action.add')}
        addCode={SEED_CODES.create}
      />
      <PagedTable<SeedSummary>
        list={list}
        rowKey="seedId"
        columns={columns}
        scroll={{ x: 1100 }}
        empty={{
          title: t('farmSeed:empty'),
          onAdd: () => setEditing({ seedId: null }),
          addText: t('farmSeed:action.add'),
          addCode: SEED_CODES.create,
        }}
      />
      <SeedFormDrawer
        tenantId={tenantId}
        open={editing !== null}
        seedId={editing?.seedId ?? null}
        onClose={() => setEditing(null)}
      />
      <SeedLinkModal tenantId={tenantId} seed={linking} onClose={() => setLinking(null)} />
    </section>
  );
}
