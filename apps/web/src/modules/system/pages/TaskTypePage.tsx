import Space from 'antd/es/space';
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
import { catalogueKeys, type TaskType, taskTypeApi } from '../api/catalogue.api';
import { ENABLED_OPTIONS, EnabledTag } from '../components/catalogueUi';
import { TaskTypeFormModal } from '../components/TaskTypeFormModal';

export const TASK_TYPE_CODES = {
  create: 'wfpf.company.system.taskType.ps.create',
  edit: 'wfpf.company.system.taskType.ps.edit',
  delete: 'wfpf.company.system.taskType.ps.delete',
} as const;

/** Task types (system/taskType): list, filters, add, edit, delete; each with its colour. */
export function TaskTypePage() {
  const { t } = useTranslation(['systemCatalogue', 'common']);
  const { tenantId } = useShell();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => catalogueKeys.taskTypes(tenantId), [tenantId]);
  const list = usePagedList<TaskType>(key, (q) => taskTypeApi.page(tenantId, q));
  const [editing, setEditing] = useState<{ taskType: TaskType | null } | null>(null);

  const fields: FilterField[] = [
    { name: 'typeName', label: t('systemCatalogue:taskType.typeName'), type: 'text' },
    {
      name: 'enabledFlag',
      label: t('systemCatalogue:field.enabled'),
      type: 'select',
      options: ENABLED_OPTIONS.map((f) => ({ value: f, label: t(`systemCatalogue:enabled.${f}`) })),
    },
  ];

  const columns: ColumnsType<TaskType> = [
    {
      title: t('systemCatalogue:taskType.typeName'),
      dataIndex: 'typeName',
      render: (_, tt) => <Tag color={tt.color ?? undefined}>{tt.typeName}</Tag>,
    },
    {
      title: t('systemCatalogue:taskType.typeEnName'),
      dataIndex: 'typeEnName',
      render: (v: string | null) => v || '—',
    },
    {
      title: t('systemCatalogue:taskType.typeCode'),
      dataIndex: 'typeCode',
      render: (v: string | null) => v || '—',
    },
    {
      title: t('systemCatalogue:taskType.color'),
      dataIndex: 'color',
      render: (v: string | null) =>
        v ? (
          <Space size={6}>
            <span
              style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: v }}
              aria-hidden
            />
            <span>{v}</span>
          </Space>
        ) : (
          '—'
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
      render: (_, tt) => (
        <RowActions
          onEdit={() => setEditing({ taskType: tt })}
          editCode={TASK_TYPE_CODES.edit}
          onDelete={() =>
            confirmDelete(tt.typeName, () => taskTypeApi.remove(tenantId, tt.taskTypeId), list.refresh)
          }
          deleteCode={TASK_TYPE_CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing({ taskType: null })}
        addText={t('systemCatalogue:taskType.add')}
        addCode={TASK_TYPE_CODES.create}
      />
      <PagedTable<TaskType>
        list={list}
        rowKey="taskTypeId"
        columns={columns}
        scroll={{ x: 800 }}
        empty={{
          title: t('systemCatalogue:taskType.empty'),
          onAdd: () => setEditing({ taskType: null }),
          addText: t('systemCatalogue:taskType.add'),
          addCode: TASK_TYPE_CODES.create,
        }}
      />
      <TaskTypeFormModal
        tenantId={tenantId}
        open={editing !== null}
        taskType={editing?.taskType ?? null}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
