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
import { PACKAGE_CODES, type PlanPackage, planApi, planKeys } from '../api/plan.api';
import { PackageEditor } from '../components/PackageEditor';
import '../plan.css';

/** Plan packages (farm/planPackage): list, filters, add / edit with the task table, delete. */
export function PlanPackagePage() {
  const { t } = useTranslation(['farmPlan', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => planKeys.packages(tenantId), [tenantId]);
  const list = usePagedList<PlanPackage>(key, (q) => planApi.packagePage(tenantId, q));
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);

  const fields: FilterField[] = [
    { name: 'packageName', label: t('farmPlan:package.name'), type: 'text' },
    {
      name: 'enabledFlag',
      label: t('farmPlan:package.enabled'),
      type: 'select',
      options: [1, 0].map((f) => ({ value: f, label: t(`farmPlan:enabled.${f}`) })),
    },
  ];
  const columns: ColumnsType<PlanPackage> = [
    { title: t('farmPlan:package.name'), dataIndex: 'packageName' },
    { title: t('farmPlan:package.crop'), dataIndex: 'cropName', render: (v: string | null) => v || '—' },
    { title: t('farmPlan:package.taskCount'), dataIndex: 'taskCount', width: 100 },
    {
      title: t('farmPlan:package.cycle'),
      dataIndex: 'totalDays',
      width: 120,
      render: (v: number) => t('farmPlan:package.totalDays', { count: v }),
    },
    {
      title: t('farmPlan:package.enabled'),
      dataIndex: 'enabledFlag',
      width: 90,
      render: (v: number) => <Tag color={v === 1 ? 'green' : undefined}>{t(`farmPlan:enabled.${v}`)}</Tag>,
    },
    {
      title: t('farmPlan:field.creationDate'),
      dataIndex: 'creationDate',
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      render: (_, p) => (
        <RowActions
          onEdit={() => setEditing({ id: p.packageId })}
          editCode={PACKAGE_CODES.edit}
          onDelete={() =>
            confirmDelete(p.packageName, () => planApi.removePackage(tenantId, p.packageId), list.refresh)
          }
          deleteCode={PACKAGE_CODES.delete}
        />
      ),
    },
  ];
  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing({ id: null })}
        addText={t('farmPlan:package.add')}
        addCode={PACKAGE_CODES.create}
      />
      <PagedTable<PlanPackage>
        list={list}
        rowKey="packageId"
        columns={columns}
        scroll={{ x: 800 }}
        empty={{
          title: t('farmPlan:package.empty'),
          onAdd: () => setEditing({ id: null }),
          addText: t('farmPlan:package.add'),
          addCode: PACKAGE_CODES.create,
        }}
      />
      <PackageEditor
        tenantId={tenantId}
        packageId={editing?.id ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
