import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApprovalTaskItem } from '@tilth/contracts';
import Button from 'antd/es/button';
import Pagination from 'antd/es/pagination';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/DataTable';
import { NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { processStateOption } from '../../../shell/notice/approvalModel';
import { ProcessDrawer } from '../../../shell/notice/ProcessDrawer';
import { processApi, processKeys } from './process.api';

const STATES = [1, 2, 3, 4] as const;

/** The info page's processes of one version: in approval by default, each opening its timeline. */
export function VersionProcesses({
  tenantId,
  id,
  version,
}: {
  tenantId: number;
  id: number;
  version: number;
}) {
  const { t } = useTranslation(['process', 'notice', 'common']);
  const [state, setState] = useState<number | undefined>(1);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [opened, setOpened] = useState<number | null>(null);
  const query = { version, processState: state, page: page.current - 1, size: page.size };
  const list = useQuery({
    queryKey: processKeys.processes(tenantId, id, query),
    queryFn: () => processApi.processes(tenantId, id, query),
    placeholderData: keepPreviousData,
  });
  const stateTag = (value: number) => {
    const s = processStateOption(value);
    return s ? <Tag color={s.color}>{t(`notice:notice.approval.state.${s.key}`)}</Tag> : NO_DATA;
  };
  const columns: ColumnsType<ApprovalTaskItem> = [
    { title: t('notice:notice.approval.col.formCode'), dataIndex: 'formCode', width: 170 },
    { title: t('notice:notice.approval.col.submitName'), dataIndex: 'submitName', width: 120 },
    {
      title: t('notice:notice.approval.col.startTime'),
      dataIndex: 'startTime',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('notice:notice.approval.col.currentTask'),
      dataIndex: 'currentTaskName',
      render: (v: string) => v || NO_DATA,
    },
    { title: t('notice:notice.approval.col.state'), dataIndex: 'processState', width: 110, render: stateTag },
    {
      title: t('common:action.operation'),
      key: 'timeline',
      width: 110,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpened(r.processId)}>
          {t('notice:notice.approval.timeline')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <Space style={{ margin: '16px 0 8px' }}>
        <h3 style={{ margin: 0 }}>{t('process:info.processesOf', { version })}</h3>
        <Select<number>
          allowClear
          style={{ width: 140 }}
          placeholder={t('notice:notice.approval.status')}
          aria-label={t('notice:notice.approval.status')}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={STATES.map((v) => {
            const s = processStateOption(v);
            return { value: v, label: s ? t(`notice:notice.approval.state.${s.key}`) : String(v) };
          })}
        />
      </Space>
      <DataTable<ApprovalTaskItem>
        rowKey="processId"
        size="small"
        columns={columns}
        dataSource={list.data?.content ?? []}
        loading={list.isFetching}
      />
      <Pagination
        size="small"
        align="end"
        style={{ marginTop: 12 }}
        current={page.current}
        pageSize={page.size}
        total={list.data?.totalElements ?? 0}
        showSizeChanger
        showTotal={(count) => t('notice:notice.total', { count })}
        onChange={(current, size) => setPage({ current: size === page.size ? current : 1, size })}
      />
      <ProcessDrawer
        tenantId={tenantId}
        processId={opened}
        view="carbon_copy"
        onClose={() => setOpened(null)}
      />
    </>
  );
}
