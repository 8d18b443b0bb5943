import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Collapse from 'antd/es/collapse';
import Descriptions from 'antd/es/descriptions';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { useShell } from '../../../../shell/ShellContext';
import { AuditStateTag } from '../../approval/AuditStateTag';
import { ProcessTimelineModal } from '../../approval/ProcessTimelineModal';
import { type PlanTask, planApi, planKeys } from '../api/plan.api';
import { TaskStatusTag } from '../components/statusTag';
import '../plan.css';

/** One plan (farm/plan/info/{id}): its figures, its batches and each batch's tasks with their status. */
export function PlanInfoPage() {
  const { t } = useTranslation(['farmPlan', 'farm', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const [timeline, setTimeline] = useState<number | null>(null);
  const planId = Number(useParams().id);
  const valid = Number.isSafeInteger(planId) && planId > 0;
  const info = useQuery({
    queryKey: planKeys.info(tenantId, planId),
    queryFn: () => planApi.info(tenantId, planId),
    enabled: valid,
  });
  if (!valid || info.isError) return <EmptyState variant="notFound" title={t('farmPlan:plan.notFound')} />;
  const p = info.data;
  if (!p) return <Spin />;
  const c = p.statusCounts;
  return (
    <section className="tl-card">
      <Space style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate('/web/farm/plan')}>{t('common:action.back')}</Button>
        {p.processId !== null ? (
          <Button onClick={() => setTimeline(p.processId)}>{t('farm:approval.viewTimeline')}</Button>
        ) : null}
      </Space>
      {p.auditState === 'submitted' ? (
        <Alert type="info" showIcon title={t('farm:approval.planWaitingHint')} style={{ marginBottom: 16 }} />
      ) : null}
      <ProcessTimelineModal processId={timeline} onClose={() => setTimeline(null)} />
      <Descriptions
        title={p.planName}
        column={{ xs: 1, sm: 2, md: 3 }}
        size="small"
        items={[
          {
            key: 'audit',
            label: t('farm:approval.field.state'),
            children: <AuditStateTag state={p.auditState} />,
          },
          { key: 'pkg', label: t('farmPlan:plan.package'), children: p.packageName ?? '—' },
          { key: 'base', label: t('farmPlan:plan.base'), children: p.areaName ?? '—' },
          { key: 'start', label: t('farmPlan:plan.startDate'), children: p.startDate },
          {
            key: 'leader',
            label: t('farmPlan:plan.leader'),
            children: p.leaderWorkerName ?? t('farmPlan:status.unassigned'),
          },
          { key: 'batches', label: t('farmPlan:plan.batchCount'), children: p.batchCount },
          { key: 'tasks', label: t('farmPlan:plan.taskCount'), children: p.taskCount },
          {
            key: 'progress',
            label: t('farmPlan:plan.progress'),
            children: <Progress percent={p.progress} size="small" style={{ width: 200 }} />,
          },
          {
            key: 'counts',
            label: t('farmPlan:plan.byStatus'),
            span: 2,
            children: (
              <Space wrap size={4}>
                {(
                  [
                    'unassigned',
                    'not_started',
                    'in_progress',
                    'overdue',
                    'finished',
                    'closed',
                    'canceled',
                  ] as const
                )
                  .filter((s) => c[s] > 0)
                  .map((s) => (
                    <span key={s}>
                      <TaskStatusTag status={s} />
                      {c[s]}
                    </span>
                  ))}
              </Space>
            ),
          },
          { key: 'desc', label: t('farmPlan:field.description'), children: p.description || '—' },
        ]}
      />
      {p.batches.length === 0 ? (
        <EmptyState variant="noData" size="small" title={t('farmPlan:plan.noBatches')} />
      ) : (
        <Collapse
          style={{ marginTop: 16 }}
          defaultActiveKey={p.batches.slice(0, 1).map((b) => b.batchId)}
          items={p.batches.map((b) => ({
            key: b.batchId,
            label: (
              <Space>
                <span>{b.batchName ?? b.batchId}</span>
                <span style={{ opacity: 0.6 }}>{[b.batchCode, b.landName].filter(Boolean).join(' · ')}</span>
                <Progress percent={b.progress} size="small" style={{ width: 160, margin: 0 }} />
              </Space>
            ),
            children: (
              <Table<PlanTask>
                size="small"
                rowKey="taskId"
                pagination={false}
                dataSource={b.tasks}
                locale={{ emptyText: <EmptyState variant="noData" size="small" /> }}
                columns={[
                  { title: t('farmPlan:package.task.name'), dataIndex: 'taskName' },
                  {
                    title: t('farmPlan:package.task.type'),
                    dataIndex: 'taskTypeName',
                    render: (v: string | null) => v || '—',
                  },
                  { title: t('farmPlan:task.start'), dataIndex: 'startDate', width: 110 },
                  { title: t('farmPlan:task.end'), dataIndex: 'endDate', width: 110 },
                  {
                    title: t('farmPlan:task.status'),
                    dataIndex: 'status',
                    width: 100,
                    render: (s: PlanTask['status']) => <TaskStatusTag status={s} />,
                  },
                  {
                    title: t('farmPlan:plan.leader'),
                    dataIndex: 'leaderWorkerName',
                    render: (v: string | null) => v || '—',
                  },
                  {
                    title: t('farmPlan:package.task.inputs'),
                    dataIndex: 'plannedInputs',
                    render: (inputs: PlanTask['plannedInputs']) =>
                      inputs.length === 0
                        ? '—'
                        : inputs.map((i) => (
                            <div key={i.inputId}>
                              {i.inputName ?? i.inputId}{' '}
                              {new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 }).format(
                                i.amount,
                              )}{' '}
                              {i.unit ?? ''}
                            </div>
                          )),
                  },
                ]}
              />
            ),
          }))}
        />
      )}
    </section>
  );
}
