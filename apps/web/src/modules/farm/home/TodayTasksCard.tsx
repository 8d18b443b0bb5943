import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import Segmented from 'antd/es/segmented';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import type { FarmOverview, FarmOverviewTask } from './farmOverview.api';
import { daysOverdue, TASK_STATUS_COLOR } from './overviewModel';

const KNOWN_STATUSES = ['unassigned', 'not_started', 'in_progress'];

function TaskRow({ task, today }: { task: FarmOverviewTask; today: string }) {
  const { t } = useTranslation('farm');
  const place = task.landName ?? task.areaName;
  return (
    <li className={`tl-home-task${task.overdue ? ' tl-home-task--overdue' : ''}`}>
      <span className="tl-home-task__dot" style={{ background: task.taskTypeColor ?? undefined }} />
      <div className="tl-home-task__main">
        <div className="tl-home-task__name">
          {task.taskName}
          {task.taskTypeName ? <span className="tl-home-task__type">{task.taskTypeName}</span> : null}
        </div>
        <div className="tl-home-task__meta">
          {task.startDate} ~ {task.endDate}
          {place ? ` · ${place}` : ''}
          {` · ${t('home.tasks.leaderOf', { name: task.leaderName ?? t('home.tasks.noLeader') })}`}
        </div>
      </div>
      <div className="tl-home-task__tags">
        {task.overdue ? (
          <Tag color="red">{t('home.tasks.overdueDays', { count: daysOverdue(task, today) })}</Tag>
        ) : null}
        <Tag color={TASK_STATUS_COLOR[task.status] ?? 'default'}>
          {KNOWN_STATUSES.includes(task.status) ? t(`home.tasks.status.${task.status}`) : task.status}
        </Tag>
      </div>
    </li>
  );
}

/** Today's open tasks and the overdue ones (farm day in the tenant's time zone), with status and leader. */
export function TodayTasksCard({ overview }: { overview: FarmOverview | undefined }) {
  const { t } = useTranslation('farm');
  const [tab, setTab] = useState<'today' | 'overdue'>('today');
  const tasks = overview?.tasks;
  const rows = tasks ? tasks[tab] : [];
  const count = tasks ? (tab === 'today' ? tasks.todayCount : tasks.overdueCount) : 0;
  return (
    <section className="tl-card tl-home-tasks">
      <div className="tl-card__head">
        <h3 className="tl-card__title">
          <CalendarOutlined /> {t('home.tasks.title')}
        </h3>
        <Segmented
          size="small"
          value={tab}
          onChange={(v) => setTab(v === 'overdue' ? 'overdue' : 'today')}
          options={[
            { value: 'today', label: t('home.tasks.today', { count: tasks?.todayCount ?? 0 }) },
            { value: 'overdue', label: t('home.tasks.overdue', { count: tasks?.overdueCount ?? 0 }) },
          ]}
        />
      </div>
      {rows.length ? (
        <>
          <ul className="tl-home-task-list">
            {rows.map((task) => (
              <TaskRow key={task.taskId} task={task} today={overview?.today ?? ''} />
            ))}
          </ul>
          {count > rows.length ? (
            <div className="tl-home-more">{t('home.tasks.more', { count: count - rows.length })}</div>
          ) : null}
        </>
      ) : (
        <EmptyState
          variant="noData"
          size="small"
          title={tab === 'today' ? t('home.tasks.noneToday') : t('home.tasks.noneOverdue')}
        />
      )}
    </section>
  );
}
