import Pagination from 'antd/es/pagination';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Table, { type ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../shared/EmptyState/EmptyState';
import {
  APPROVAL_VIEWS,
  type ApprovalTask,
  type ApprovalView,
  approvalStateOf,
  approvalStatuses,
} from './approvalModel';
import { formatNoticeTime, NOTICE_PAGE_SIZE, NOTICE_PAGE_SIZES } from './noticeModel';

/**
 * The approval tab (key APPROVE): submitted by me / my approvals / copied to me, a status filter, the
 * table and a paginator with a size changer. The server has no approval API yet, so no call is made and
 * the table shows the empty state; the filters keep their state for when the API arrives.
 */
export function ApprovalPanel() {
  const { t } = useTranslation('notice');
  const [view, setView] = useState<ApprovalView>('user_edit');
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(NOTICE_PAGE_SIZE);
  const rows: ApprovalTask[] = [];
  const total = 0;

  const statuses = approvalStatuses(view);
  const stateText = (state: number | null) => {
    const found = statuses.find((s) => s.value === state);
    return found ? t(`notice.approval.state.${found.key}`) : '—';
  };

  const columns: ColumnsType<ApprovalTask> = [
    { key: 'formName', dataIndex: 'formName', title: t('notice.approval.col.formName'), ellipsis: true },
    { key: 'formCode', dataIndex: 'formCode', title: t('notice.approval.col.formCode'), ellipsis: true },
    ...(view === 'user_edit'
      ? []
      : [{ key: 'submitName', dataIndex: 'submitName', title: t('notice.approval.col.submitName') }]),
    {
      key: 'startTime',
      dataIndex: 'startTime',
      title: t('notice.approval.col.startTime'),
      render: (value: string) => formatNoticeTime(value, t('notice.timeFormat')),
    },
    { key: 'currentTaskName', dataIndex: 'currentTaskName', title: t('notice.approval.col.currentTask') },
    {
      key: 'state',
      title: t('notice.approval.col.state'),
      render: (_: unknown, task: ApprovalTask) => stateText(approvalStateOf(view, task)),
    },
  ];

  return (
    <div className="tl-notice-list">
      <div className="tl-notice-list__bar">
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
          options={statuses.map((s) => ({ value: s.value, label: t(`notice.approval.state.${s.key}`) }))}
        />
      </div>
      <div className="tl-notice-list__body">
        <Table<ApprovalTask>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: <EmptyState variant="noData" size="small" /> }}
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
    </div>
  );
}
