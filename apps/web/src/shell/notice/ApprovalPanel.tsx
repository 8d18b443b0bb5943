import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Pagination from 'antd/es/pagination';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../shared/api/client';
import { EmptyState } from '../../shared/EmptyState/EmptyState';
import { useMessage } from '../../shared/FeedbackProvider';
import { ApprovalDecisionModal, type Decision } from './ApprovalDecisionModal';
import { approvalApi, approvalKeys, useApprovalList } from './approval.api';
import {
  APPROVAL_VIEWS,
  type ApprovalTask,
  type ApprovalView,
  approvalStateOf,
  approvalStatuses,
  canReview,
  isUnreadCc,
  openBusiness,
} from './approvalModel';
import { DelegationModal } from './DelegationModal';
import { formatNoticeTime, NOTICE_PAGE_SIZE, NOTICE_PAGE_SIZES } from './noticeModel';
import { ProcessDrawer } from './ProcessDrawer';

export interface ApprovalPanelProps {
  tenantId: number;
  /** Closes the notice modal (after going to a business object). */
  onClose: () => void;
  /** The view first shown (tests; default 'submitted by me'). */
  initialView?: ApprovalView;
}

/**
 * The approval tab (key APPROVE, spec 01 §2.12, §4): submitted by me / my approvals / copied to me, a
 * status filter per view, the table and a paginator with a size changer. Rows open the business object,
 * the process timeline, and in 'my approvals' the approve / reject dialog.
 */
export function ApprovalPanel({ tenantId, onClose, initialView = 'user_edit' }: ApprovalPanelProps) {
  const { t } = useTranslation('notice');
  const navigate = useNavigate();
  const message = useMessage();
  const client = useQueryClient();
  const [view, setView] = useState<ApprovalView>(initialView);
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(NOTICE_PAGE_SIZE);
  const [deciding, setDeciding] = useState<{ task: ApprovalTask; decision: Decision } | null>(null);
  const [opened, setOpened] = useState<ApprovalTask | null>(null);
  const [away, setAway] = useState(false);
  const list = useApprovalList(tenantId, view, current, size, status);
  const rows = list.data?.content ?? [];
  const total = list.data?.totalElements ?? 0;
  const timeFormat = t('notice.timeFormat');

  // Opening a CC row (its document or its timeline) reads it: the badge counts unread CC.
  const markRead = (task: ApprovalTask) => {
    if (!isUnreadCc(view, task)) return;
    void approvalApi
      .read(tenantId, task.currentTaskId ?? task.id)
      .then(() => client.invalidateQueries({ queryKey: approvalKeys.all(tenantId) }))
      .catch(() => undefined);
  };

  const viewBusiness = (task: ApprovalTask) => {
    markRead(task);
    return openBusiness(task.processId, {
      load: (id) => approvalApi.businessData(tenantId, id),
      navigate: (to, options) => navigate(to, options),
      close: onClose,
    }).catch((err: unknown) => message.error(`${t('notice.approval.loadFailed')}: ${errorText(err)}`));
  };

  const openTimeline = (task: ApprovalTask) => {
    setOpened(task);
    markRead(task);
  };

  const columns: ColumnsType<ApprovalTask> = [
    { key: 'formName', dataIndex: 'formName', title: t('notice.approval.col.formName'), ellipsis: true },
    // Wide enough for a whole document number (RK-20261126-006): it is how a row is recognised.
    {
      key: 'formCode',
      dataIndex: 'formCode',
      title: t('notice.approval.col.formCode'),
      ellipsis: true,
      width: 150,
    },
    ...(view === 'user_edit'
      ? []
      : [{ key: 'submitName', dataIndex: 'submitName', title: t('notice.approval.col.submitName') }]),
    {
      key: 'startTime',
      dataIndex: 'startTime',
      title: t('notice.approval.col.startTime'),
      // One line for the date and time (it broke inside the date).
      width: 170,
      render: (value: string) => formatNoticeTime(value, timeFormat),
    },
    {
      key: 'currentTaskName',
      dataIndex: 'currentTaskName',
      title: t('notice.approval.col.currentTask'),
      render: (value: string) => value || '—',
    },
    {
      key: 'state',
      title: t('notice.approval.col.state'),
      render: (_: unknown, task: ApprovalTask) => {
        const state = approvalStateOf(view, task);
        return (
          <Space size={4}>
            {state ? <Tag color={state.color}>{t(`notice.approval.state.${state.key}`)}</Tag> : '—'}
            {isUnreadCc(view, task) ? <Tag color="blue">{t('notice.unread')}</Tag> : null}
          </Space>
        );
      },
    },
    {
      key: 'actions',
      title: t('notice.approval.col.actions'),
      // Room for all four links on one line (they wrapped onto three in the 1040 modal).
      width: 250,
      render: (_: unknown, task: ApprovalTask) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => void viewBusiness(task)}>
            {t('notice.approval.view')}
          </Button>
          <Button type="link" size="small" onClick={() => openTimeline(task)}>
            {t('notice.approval.timeline')}
          </Button>
          {canReview(view, task) ? (
            <>
              <Button type="link" size="small" onClick={() => setDeciding({ task, decision: 'approve' })}>
                {t('notice.approval.approve')}
              </Button>
              <Button
                type="link"
                size="small"
                danger
                onClick={() => setDeciding({ task, decision: 'reject' })}
              >
                {t('notice.approval.reject')}
              </Button>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div className="tl-notice-list">
      <div className="tl-notice-list__bar">
        <Space wrap>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            size="small"
            value={view}
            onChange={(e) => {
              setView(e.target.value as ApprovalView);
              setStatus(undefined);
              setCurrent(1);
            }}
            options={APPROVAL_VIEWS.map((v) => ({ value: v, label: t(`notice.approval.view.${v}`) }))}
          />
          <Select<number>
            size="small"
            allowClear
            className="tl-notice-approval__status"
            placeholder={t('notice.approval.status')}
            aria-label={t('notice.approval.status')}
            value={status}
            onChange={(value) => {
              setStatus(value);
              setCurrent(1);
            }}
            options={approvalStatuses(view).map((s) => ({
              value: s.value,
              label: t(`notice.approval.state.${s.key}`),
            }))}
          />
        </Space>
        <Button size="small" onClick={() => setAway(true)}>
          {t('notice.approval.delegation')}
        </Button>
      </div>
      <div className="tl-notice-list__body">
        <Table<ApprovalTask>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching && !list.data}
          pagination={false}
          rowClassName={(task) => (isUnreadCc(view, task) ? 'tl-approval-row--unread' : '')}
          locale={{
            emptyText: list.isError ? (
              <EmptyState variant="noData" size="small" description={t('notice.approval.loadFailed')} />
            ) : (
              <EmptyState variant="noData" size="small" />
            ),
          }}
        />
      </div>
      <div className="tl-notice-list__pager">
        <Pagination
          size="small"
          current={current}
          pageSize={size}
          total={total}
          showSizeChanger
          pageSizeOptions={NOTICE_PAGE_SIZES.map(String)}
          showTotal={(count) => t('notice.total', { count })}
          onChange={(page, pageSize) => {
            setCurrent(pageSize === size ? page : 1);
            setSize(pageSize);
          }}
        />
      </div>
      <ApprovalDecisionModal
        tenantId={tenantId}
        task={deciding?.task ?? null}
        decision={deciding?.decision ?? 'approve'}
        onClose={() => setDeciding(null)}
      />
      <ProcessDrawer
        tenantId={tenantId}
        processId={opened?.processId ?? null}
        view={view}
        onClose={() => setOpened(null)}
        onDecide={
          opened && canReview(view, opened)
            ? (decision) => {
                setDeciding({ task: opened, decision });
                setOpened(null);
              }
            : undefined
        }
      />
      <DelegationModal tenantId={tenantId} open={away} onClose={() => setAway(false)} />
    </div>
  );
}
