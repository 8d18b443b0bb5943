import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/client';
import { EmptyState } from '../../shared/EmptyState/EmptyState';
import { useMessage } from '../../shared/FeedbackProvider';
import { approvalApi, approvalKeys, useProcessDetail } from './approval.api';
import { type ApprovalView, processStateOption } from './approvalModel';
import { formatNoticeTime } from './noticeModel';
import { ProcessTimeline } from './ProcessTimeline';
import { type TaskAction, TaskActionModal } from './TaskActionModal';
import { useSingleFlight } from './useSingleFlight';

export interface ProcessDrawerProps {
  tenantId: number;
  processId: number | null;
  view: ApprovalView;
  onClose: () => void;
  /** Approve / reject from the timeline (my approvals, a task below state 2). */
  onDecide?: (decision: 'approve' | 'reject') => void;
}

/**
 * One process: its summary, steps and timeline. The applicant (under 'submitted by me') may withdraw
 * before the first decision and remind the approvers; an approver with an open task may transfer it or add
 * signers before / after.
 */
export function ProcessDrawer({ tenantId, processId, view, onClose, onDecide }: ProcessDrawerProps) {
  const { t } = useTranslation('notice');
  const message = useMessage();
  const client = useQueryClient();
  const query = useProcessDetail(tenantId, processId);
  const detail = query.data;
  const [action, setAction] = useState<TaskAction | null>(null);
  const [busy, setBusy] = useState<'withdraw' | 'remind' | null>(null);
  const myTask = detail?.tasks.find((task) => task.taskId === detail.myTaskId);

  const processAction = useSingleFlight(async (kind: 'withdraw' | 'remind', id: number, version: number) => {
    setBusy(kind);
    try {
      await approvalApi[kind](tenantId, id, { objectVersionNumber: version });
      message.success(t(`notice.approval.${kind}.success`));
      await client.invalidateQueries({ queryKey: approvalKeys.all(tenantId) });
    } catch (err) {
      message.error(`${t(`notice.approval.${kind}.failed`)}: ${errorText(err)}`);
    } finally {
      setBusy(null);
    }
  });

  const state = detail ? processStateOption(detail.processState) : null;
  const applicant = view === 'user_edit' && detail;
  const approver = view === 'approval' && detail && myTask;

  return (
    <Drawer
      open={processId !== null}
      onClose={onClose}
      size={560}
      title={detail ? `${detail.formName} · ${detail.formCode}` : t('notice.approval.timeline')}
      destroyOnHidden
      extra={
        <Space>
          {applicant && detail.canRemind ? (
            <Button
              loading={busy === 'remind'}
              onClick={() => void processAction('remind', detail.processId, detail.objectVersionNumber)}
            >
              {t('notice.approval.remind')}
            </Button>
          ) : null}
          {applicant && detail.canWithdraw ? (
            <Popconfirm
              title={t('notice.approval.withdraw.confirm')}
              okText={t('notice.confirm')}
              cancelText={t('notice.cancel')}
              onConfirm={() => processAction('withdraw', detail.processId, detail.objectVersionNumber)}
            >
              <Button danger loading={busy === 'withdraw'}>
                {t('notice.approval.withdraw')}
              </Button>
            </Popconfirm>
          ) : null}
          {approver && onDecide ? (
            <>
              <Button type="primary" onClick={() => onDecide('approve')}>
                {t('notice.approval.approve')}
              </Button>
              <Button danger onClick={() => onDecide('reject')}>
                {t('notice.approval.reject')}
              </Button>
            </>
          ) : null}
          {approver ? (
            <>
              <Button onClick={() => setAction('transfer')}>{t('notice.approval.transfer')}</Button>
              <Button onClick={() => setAction('addSigner')}>{t('notice.approval.addSigner')}</Button>
            </>
          ) : null}
        </Space>
      }
    >
      {query.isError ? (
        <EmptyState variant="noData" size="small" description={t('notice.approval.loadFailed')} />
      ) : !detail ? (
        <div className="tl-notice-list__loading">
          <Spin />
        </div>
      ) : (
        <>
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'submitName', label: t('notice.approval.col.submitName'), children: detail.submitName },
              {
                key: 'state',
                label: t('notice.approval.col.state'),
                children: state ? (
                  <Tag color={state.color}>{t(`notice.approval.state.${state.key}`)}</Tag>
                ) : (
                  '—'
                ),
              },
              {
                key: 'start',
                label: t('notice.approval.col.startTime'),
                children: formatNoticeTime(detail.startTime, t('notice.timeFormat')),
              },
              {
                key: 'end',
                label: t('notice.approval.endTime'),
                children: formatNoticeTime(detail.endTime, t('notice.timeFormat')) || '—',
              },
            ]}
          />
          <ProcessTimeline detail={detail} />
          {myTask ? (
            <TaskActionModal
              tenantId={tenantId}
              action={action}
              taskId={myTask.taskId}
              objectVersionNumber={myTask.objectVersionNumber}
              onClose={() => setAction(null)}
            />
          ) : null}
        </>
      )}
    </Drawer>
  );
}
