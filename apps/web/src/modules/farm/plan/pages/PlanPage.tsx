import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import type { ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { RowActions } from '../../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { PermissionGuard } from '../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../shell/ShellContext';
import { AuditStateTag } from '../../approval/AuditStateTag';
import { DOC_AUDIT_STATES } from '../../approval/approval.api';
import { ProcessTimelineModal } from '../../approval/ProcessTimelineModal';
import { useSubmitForApproval } from '../../approval/useSubmitForApproval';
import { PLAN_CODES, type Plan, planApi, planKeys } from '../api/plan.api';
import { PlanWizard } from '../components/PlanWizard';
import '../plan.css';

/** Plans (farm/plan): list with progress, the new-plan wizard, delete; a row opens the plan's detail. */
export function PlanPage() {
  const { t } = useTranslation(['farmPlan', 'farm', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const submitForApproval = useSubmitForApproval();
  const [timeline, setTimeline] = useState<number | null>(null);
  const key = useMemo(() => planKeys.plans(tenantId), [tenantId]);
  const list = usePagedList<Plan>(key, (q) => planApi.planPage(tenantId, q));
  const [adding, setAdding] = useState(false);

  const fields: FilterField[] = [
    { name: 'planName', label: t('farmPlan:plan.name'), type: 'text' },
    {
      name: 'auditState',
      label: t('farm:approval.field.state'),
      type: 'select',
      options: DOC_AUDIT_STATES.map((s) => ({ value: s, label: t(`farm:approval.state.${s}`) })),
    },
  ];
  const columns: ColumnsType<Plan> = [
    {
      title: t('farmPlan:plan.name'),
      dataIndex: 'planName',
      render: (v: string, p) => (
        <Button type="link" size="small" onClick={() => navigate(`/web/farm/plan/info/${p.planId}`)}>
          {v}
        </Button>
      ),
    },
    { title: t('farmPlan:plan.package'), dataIndex: 'packageName', render: (v: string | null) => v || '—' },
    { title: t('farmPlan:plan.base'), dataIndex: 'areaName', render: (v: string | null) => v || '—' },
    { title: t('farmPlan:plan.startDate'), dataIndex: 'startDate', width: 120 },
    {
      title: t('farmPlan:plan.leader'),
      dataIndex: 'leaderWorkerName',
      render: (v: string | null) => v || '—',
    },
    { title: t('farmPlan:plan.batchCount'), dataIndex: 'batchCount', width: 90 },
    {
      title: t('farmPlan:plan.progress'),
      dataIndex: 'progress',
      width: 220,
      render: (v: number, p) => (
        <Tooltip
          title={t('farmPlan:plan.progressTip', {
            done: p.statusCounts.finished + p.statusCounts.closed,
            total: p.taskCount - p.statusCounts.canceled,
            overdue: p.statusCounts.overdue,
          })}
        >
          <Progress
            percent={v}
            size="small"
            // Red when tasks are overdue, but keep the figure (antd's exception status hides it).
            strokeColor={p.statusCounts.overdue > 0 ? 'var(--ant-color-error, #ff4d4f)' : undefined}
            format={(pct) => `${pct ?? 0}%`}
          />
        </Tooltip>
      ),
    },
    {
      title: t('farm:approval.field.state'),
      dataIndex: 'auditState',
      width: 100,
      render: (_, p) => <AuditStateTag state={p.auditState} />,
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 240,
      render: (_, p) => (
        <RowActions
          leading={
            <>
              <Button type="link" size="small" onClick={() => navigate(`/web/farm/plan/info/${p.planId}`)}>
                {t('farmPlan:plan.detail')}
              </Button>
              {p.processId !== null ? (
                <Button type="link" size="small" onClick={() => setTimeline(p.processId)}>
                  {p.auditState === 'submitted'
                    ? t('farm:approval.inApproval')
                    : t('farm:approval.viewTimeline')}
                </Button>
              ) : null}
              {p.auditState === 'draft' || p.auditState === 'rejected' ? (
                <PermissionGuard codes={[PLAN_CODES.edit]}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() =>
                      submitForApproval(
                        p.planName,
                        (chosen) => planApi.submitPlan(tenantId, p.planId, p.objectVersionNumber, chosen),
                        {
                          tenantId,
                          docType: 'farm_plan',
                          // taskCount: generated tasks, none before approval; the server decides exactly.
                          fields: {
                            batchCount: p.batchCount,
                            ...(p.areaId === null ? {} : { areaId: p.areaId }),
                          },
                        },
                      ).then(list.refresh)
                    }
                  >
                    {t('farm:approval.submit')}
                  </Button>
                </PermissionGuard>
              ) : null}
            </>
          }
          {...(p.auditState === 'submitted'
            ? {}
            : {
                onDelete: () =>
                  confirmDelete(p.planName, () => planApi.removePlan(tenantId, p.planId), list.refresh),
                deleteCode: PLAN_CODES.delete,
              })}
        />
      ),
    },
  ];
  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setAdding(true)}
        addText={t('farmPlan:plan.add')}
        addCode={PLAN_CODES.create}
      />
      <PagedTable<Plan>
        list={list}
        rowKey="planId"
        columns={columns}
        scroll={{ x: 1000 }}
        empty={{
          title: t('farmPlan:plan.empty'),
          onAdd: () => setAdding(true),
          addText: t('farmPlan:plan.add'),
          addCode: PLAN_CODES.create,
        }}
      />
      <PlanWizard tenantId={tenantId} open={adding} onClose={() => setAdding(false)} />
      <ProcessTimelineModal processId={timeline} onClose={() => setTimeline(null)} />
    </section>
  );
}
