import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Pagination from 'antd/es/pagination';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { useShell } from '../../../../shell/ShellContext';
import { type Task, taskApi, taskKeys } from '../api/task.api';
import { TaskDetailDrawer } from '../components/TaskDetailDrawer';
import { TaskStatusTag } from '../components/TaskStatusTag';
import { useTaskActions } from '../components/useTaskActions';
import { groupByStatus, TASK_STATUSES } from '../taskModel';
import '../task.css';

const CARD_ACTIONS = ['start', 'finish'] as const;
const DETAIL_ACTIONS = ['start', 'finish', 'approve', 'reject', 'end', 'cancel'] as const;

/** My tasks (farm/task): the tasks I lead or take part in, as cards grouped by status, overdue first. */
export function MyTaskPage() {
  const { t } = useTranslation(['farmTask', 'common']);
  const { tenantId } = useShell();
  const [viewing, setViewing] = useState<number | null>(null);
  const key = useMemo(() => taskKeys.mine(tenantId), [tenantId]);
  const list = usePagedList<Task>(key, (q) => taskApi.mine(tenantId, q), { pageSize: 20 });
  const actions = useTaskActions({ tenantId, onChanged: list.refresh });

  const fields: FilterField[] = [
    { name: 'taskName', label: t('field.taskName'), type: 'text' },
    {
      name: 'status',
      label: t('field.status'),
      type: 'select',
      options: TASK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
    },
    { name: 'period', label: t('field.period'), type: 'dateRange', names: ['startDate', 'endDate'] },
  ];

  const filtered = Object.values(list.filters).some((v) => v !== undefined);
  const shown = list.rows.find((r) => r.taskId === viewing);
  return (
    <div className="tl-page tl-task-page">
      <FilterBar fields={fields} onSearch={list.search} />
      <Spin spinning={list.loading}>
        {list.rows.length === 0 ? (
          <EmptyState
            variant={filtered ? 'noSearchResult' : 'noData'}
            title={filtered ? undefined : t('empty.mineTitle')}
            description={filtered ? undefined : t('empty.mineDescription')}
          />
        ) : (
          groupByStatus(list.rows).map(([status, rows]) => (
            <section key={status} className={`tl-task-group tl-task-group--${status}`}>
              <h3 className="tl-task-group__title">
                <TaskStatusTag status={status} />
                <span>{t('mine.count', { count: rows.length })}</span>
              </h3>
              <div className="tl-task-cards">
                {rows.map((task) => (
                  <Card
                    key={task.taskId}
                    size="small"
                    hoverable
                    className={task.overdue ? 'tl-task-card tl-task-card--overdue' : 'tl-task-card'}
                    title={task.taskName}
                    extra={
                      task.taskTypeName ? (
                        <Tag color={task.taskTypeColor ?? undefined}>{task.taskTypeName}</Tag>
                      ) : null
                    }
                    onClick={() => setViewing(task.taskId)}
                    actions={[
                      <Space key="actions" size={0}>
                        <Button type="link" size="small">
                          {t('common:action.detail')}
                        </Button>
                        {actions.buttons(task, CARD_ACTIONS)}
                      </Space>,
                    ]}
                  >
                    <dl className="tl-task-card__facts">
                      <dt>{t('field.period')}</dt>
                      <dd className={task.overdue ? 'tl-task-card__late' : undefined}>
                        {task.startDate} ~ {task.endDate}
                      </dd>
                      <dt>{t('field.place')}</dt>
                      <dd>{[task.areaName, task.landName].filter(Boolean).join(' · ') || '—'}</dd>
                      <dt>{t('field.leader')}</dt>
                      <dd>{task.leaderName ?? '—'}</dd>
                      {task.reason && task.storedStatus === 'in_progress' ? (
                        <>
                          <dt>{t('field.rejectReason')}</dt>
                          <dd className="tl-task-card__late">{task.reason}</dd>
                        </>
                      ) : null}
                    </dl>
                  </Card>
                ))}
              </div>
            </section>
          ))
        )}
      </Spin>
      {list.total > list.size ? (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={list.page + 1}
          pageSize={list.size}
          total={list.total}
          showSizeChanger
          pageSizeOptions={[20, 50, 100]}
          showTotal={(total) => t('common:list.total', { total })}
          onChange={(current, size) => list.setPage(size !== list.size ? 0 : current - 1, size)}
        />
      ) : null}
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
