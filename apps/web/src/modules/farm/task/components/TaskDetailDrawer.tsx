import { useQuery } from '@tanstack/react-query';
import type { TaskInputLine } from '@tilth/contracts/task.types';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Image from 'antd/es/image';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/time';
import { taskApi, taskKeys } from '../api/task.api';
import { TaskPhoto } from './TaskPhoto';
import { TaskStatusTag } from './TaskStatusTag';

const TIME = 'YYYY-MM-DD HH:mm';
const EVENT_COLOR: Record<string, string> = {
  created: 'gray',
  started: 'blue',
  finished: 'green',
  rejected: 'orange',
  approved: 'green',
  ended: 'purple',
  canceled: 'red',
};

interface TaskDetailDrawerProps {
  tenantId: number;
  taskId: number | null;
  onClose: () => void;
  /** Action buttons for the task shown (the page decides which). */
  extra?: ReactNode;
}

/** One task: its place, people, dates, planned and used inputs, finish note and photos, and timeline. */
export function TaskDetailDrawer({ tenantId, taskId, onClose, extra }: TaskDetailDrawerProps) {
  const { t, i18n } = useTranslation(['farmTask', 'common']);
  const q = useQuery({
    queryKey: taskKeys.detail(tenantId, taskId ?? 0),
    queryFn: () => taskApi.get(tenantId, taskId ?? 0),
    enabled: taskId !== null,
  });
  const task = q.data;
  const num = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  const dash = (v: string | null | undefined) => v || '—';
  const inputTable = (rows: TaskInputLine[]) => (
    <Table<TaskInputLine>
      size="small"
      pagination={false}
      rowKey="inputId"
      dataSource={rows}
      locale={{ emptyText: t('detail.noInputs') }}
      columns={[
        { title: t('field.input'), dataIndex: 'inputName', render: (v: string | null) => dash(v) },
        {
          title: t('field.quantity'),
          dataIndex: 'quantity',
          align: 'right',
          render: (v: number, r) => `${num.format(v)} ${r.unit ?? ''}`,
        },
      ]}
    />
  );
  return (
    <Drawer
      open={taskId !== null}
      size="large"
      title={task?.taskName ?? t('detail.title')}
      onClose={onClose}
      extra={extra}
    >
      <Spin spinning={q.isFetching}>
        {task ? (
          <div className="tl-task-detail">
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label={t('field.status')}>
                <TaskStatusTag status={task.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('field.taskType')}>
                {task.taskTypeName ? (
                  <Tag color={task.taskTypeColor ?? undefined}>{task.taskTypeName}</Tag>
                ) : (
                  '—'
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('field.area')}>{dash(task.areaName)}</Descriptions.Item>
              <Descriptions.Item label={t('field.land')}>{dash(task.landName)}</Descriptions.Item>
              <Descriptions.Item label={t('field.batch')}>{dash(task.batchName)}</Descriptions.Item>
              <Descriptions.Item label={t('field.plan')}>{dash(task.planName)}</Descriptions.Item>
              <Descriptions.Item label={t('field.period')} span={2}>
                {task.startDate} ~ {task.endDate}
              </Descriptions.Item>
              <Descriptions.Item label={t('field.leader')}>{dash(task.leaderName)}</Descriptions.Item>
              <Descriptions.Item label={t('field.participants')}>
                {task.participants
                  .map((p) => p.workerName)
                  .filter(Boolean)
                  .join('、') || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('field.description')} span={2}>
                {dash(task.description)}
              </Descriptions.Item>
              {task.reason ? (
                <Descriptions.Item label={t('field.reason')} span={2}>
                  {task.reason}
                </Descriptions.Item>
              ) : null}
              <Descriptions.Item label={t('field.note')} span={2}>
                {dash(task.finishNote)}
              </Descriptions.Item>
            </Descriptions>
            <h4 className="tl-task-detail__heading">{t('field.photos')}</h4>
            {task.finishPhotos.length ? (
              <Image.PreviewGroup>
                <div className="tl-task-gallery">
                  {task.finishPhotos.map((url) => (
                    <TaskPhoto key={url} url={url} size={96} />
                  ))}
                </div>
              </Image.PreviewGroup>
            ) : (
              <p className="tl-task-detail__none">{t('detail.noPhotos')}</p>
            )}
            <h4 className="tl-task-detail__heading">{t('field.plannedInputs')}</h4>
            {inputTable(task.plannedInputs)}
            <h4 className="tl-task-detail__heading">{t('field.usedInputs')}</h4>
            {inputTable(task.usedInputs)}
            <h4 className="tl-task-detail__heading">{t('field.timeline')}</h4>
            <Timeline
              items={task.timeline.map((e) => ({
                color: EVENT_COLOR[e.event] ?? 'gray',
                content: (
                  <div>
                    <strong>{t(`event.${e.event}`)}</strong>
                    <span className="tl-task-detail__time">{formatDateTime(e.at, TIME)}</span>
                    {e.reason ? <div className="tl-task-detail__reason">{e.reason}</div> : null}
                  </div>
                ),
              }))}
            />
          </div>
        ) : null}
      </Spin>
    </Drawer>
  );
}
