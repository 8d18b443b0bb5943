import Button from 'antd/es/button';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedArea } from '../../../../shared/area/areaStore';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { useShell } from '../../../../shell/ShellContext';
import { type Task, type TaskDetail, taskApi, taskKeys } from '../api/task.api';
import { TaskDetailDrawer } from '../components/TaskDetailDrawer';
import { TaskFormDrawer } from '../components/TaskFormDrawer';
import { TaskStatusTag } from '../components/TaskStatusTag';
import { useTaskActions } from '../components/useTaskActions';
import { useTaskOptions } from '../components/useTaskOptions';
import { TASK_CODES, TASK_STATUSES } from '../taskModel';
import '../task.css';
import { localName } from '../../../../shared/format/name';

const ROW_ACTIONS = ['edit', 'assign', 'approve', 'reject', 'end', 'cancel', 'delete'] as const;
const DETAIL_ACTIONS = ['assign', 'start', 'finish', 'approve', 'reject', 'end', 'cancel'] as const;

/** Task management (farm/taskManger): filters, the paged table, add / edit, assign, review, end, cancel. */
export function TaskManagePage() {
  const { t, i18n } = useTranslation(['farmTask', 'common']);
  const { tenantId } = useShell();
  const selected = useSelectedArea();
  const [editing, setEditing] = useState<{ task: TaskDetail | null } | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const key = useMemo(() => taskKeys.all(tenantId), [tenantId]);
  const initialFilters = selected ? { areaId: selected.areaId } : {};
  const list = usePagedList<Task>([...key, 'manage'], (q) => taskApi.page(tenantId, q), { initialFilters });
  const o = useTaskOptions(tenantId, { places: true, workers: true, types: true });
  const actions = useTaskActions({
    tenantId,
    onChanged: list.refresh,
    onEdit: (task) => {
      void taskApi.get(tenantId, task.taskId).then(
        (detail) => setEditing({ task: detail }),
        () => undefined,
      );
    },
  });
  const filterArea = list.filters.areaId;

  const fields: FilterField[] = [
    { name: 'taskName', label: t('field.taskName'), type: 'text' },
    {
      name: 'status',
      label: t('field.status'),
      type: 'select',
      options: TASK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
    },
    {
      name: 'areaId',
      label: t('field.area'),
      type: 'select',
      showSearch: true,
      options: o.areas.map((a) => ({ value: a.areaId, label: a.areaName })),
    },
    {
      name: 'batchId',
      label: t('field.batch'),
      type: 'select',
      showSearch: true,
      options: o.batches
        .filter((b) => typeof filterArea !== 'number' || b.areaId === filterArea)
        .map((b) => ({ value: b.batchId, label: b.batchName })),
    },
    {
      name: 'leaderWorkerId',
      label: t('field.leader'),
      type: 'select',
      showSearch: true,
      options: o.workers.map((w) => ({ value: w.workerId, label: w.name })),
    },
    {
      name: 'taskTypeId',
      label: t('field.taskType'),
      type: 'select',
      options: o.types.map((ty) => ({
        value: ty.taskTypeId,
        label: localName(ty.typeName, ty.typeEnName, i18n.language),
      })),
    },
    { name: 'period', label: t('field.period'), type: 'dateRange', names: ['startDate', 'endDate'] },
  ];

  const columns: ColumnsType<Task> = [
    {
      title: t('field.taskName'),
      dataIndex: 'taskName',
      render: (v: string, task) => (
        <Button type="link" className="tl-task-link" onClick={() => setViewing(task.taskId)}>
          {v}
        </Button>
      ),
    },
    {
      title: t('field.taskType'),
      dataIndex: 'taskTypeName',
      width: 110,
      render: (v: string | null, task) => (v ? <Tag color={task.taskTypeColor ?? undefined}>{v}</Tag> : '—'),
    },
    {
      title: t('field.place'),
      key: 'place',
      render: (_, task) => [task.areaName, task.landName, task.batchName].filter(Boolean).join(' · ') || '—',
    },
    {
      title: t('field.period'),
      key: 'period',
      width: 200,
      render: (_, task) => `${task.startDate} ~ ${task.endDate}`,
    },
    { title: t('field.leader'), dataIndex: 'leaderName', width: 100, render: (v: string | null) => v ?? '—' },
    {
      title: t('field.participants'),
      dataIndex: 'participants',
      render: (v: Task['participants']) =>
        v
          .map((p) => p.workerName)
          .filter(Boolean)
          .join('、') || '—',
    },
    {
      title: t('field.status'),
      dataIndex: 'status',
      width: 100,
      render: (_, task) => <TaskStatusTag status={task.status} />,
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 240,
      render: (_, task) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setViewing(task.taskId)}>
            {t('common:action.detail')}
          </Button>
          {actions.buttons(task, ROW_ACTIONS)}
        </Space>
      ),
    },
  ];

  const shown = list.rows.find((r) => r.taskId === viewing);
  const filtered = Object.values(list.filters).some((v) => v !== undefined);
  return (
    <div className="tl-page tl-task-page">
      <FilterBar
        fields={fields}
        initialValues={initialFilters}
        onSearch={list.search}
        onAdd={() => setEditing({ task: null })}
        addText={t('action.add')}
        addCode={TASK_CODES.create}
      />
      <PagedTable<Task>
        list={list}
        rowKey="taskId"
        columns={columns}
        scroll={{ x: 1200 }}
        rowClassName={(task) => (task.overdue ? 'tl-task-row--overdue' : '')}
        locale={{
          emptyText: (
            <EmptyState
              variant="noData"
              size="small"
              title={filtered ? t('empty.filtered') : t('empty.title')}
              description={filtered ? undefined : t('empty.description')}
              onAdd={filtered ? undefined : () => setEditing({ task: null })}
              addText={t('action.add')}
              addCode={TASK_CODES.create}
            />
          ),
        }}
      />
      <TaskFormDrawer
        tenantId={tenantId}
        open={editing !== null}
        task={editing?.task ?? null}
        defaultAreaId={selected?.areaId}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void list.refresh();
        }}
      />
      <TaskDetailDrawer
        tenantId={tenantId}
        taskId={viewing}
        onClose={() => setViewing(null)}
        extra={shown ? <Space size={0}>{actions.buttons(shown, DETAIL_ACTIONS)}</Space> : null}
      />
      {actions.modals}
    </div>
  );
}
