import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Table from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/client';
import { EmptyState } from '../../shared/EmptyState/EmptyState';
import { useMessage } from '../../shared/FeedbackProvider';
import { RangePicker } from '../../shared/form/DatePicker';
import { offsetOf, toInstant, useTimeZone } from '../../shared/format/time';
import { approvalApi, approvalKeys, useDelegations } from './approval.api';
import { delegationBody } from './approvalModel';
import { formatNoticeTime } from './noticeModel';
import { UserPicker } from './UserPicker';
import { useSingleFlight } from './useSingleFlight';

interface Values {
  delegateId?: number;
  range?: [Dayjs, Dayjs];
  remark?: string;
}

/**
 * Away / delegate: while I am away (a range in the tenant's time zone, ADR 0010) my new approval tasks go
 * to the delegate. Lists my delegations with delete.
 */
export function DelegationModal({
  tenantId,
  open,
  onClose,
}: {
  tenantId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('notice');
  const message = useMessage();
  const client = useQueryClient();
  const zone = useTimeZone();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const list = useDelegations(tenantId, open);
  const timeFormat = t('notice.timeFormat');
  const refresh = () => client.invalidateQueries({ queryKey: approvalKeys.delegations(tenantId) });

  const save = useSingleFlight(async (values: Values) => {
    if (!values.delegateId || !values.range) return;
    setBusy(true);
    try {
      const range: [string, string] = [toInstant(values.range[0]), toInstant(values.range[1])];
      await approvalApi.createDelegation(tenantId, delegationBody(values.delegateId, range, values.remark));
      message.success(t('notice.approval.delegation.saved'));
      form.resetFields();
      await refresh();
    } catch (err) {
      message.error(`${t('notice.approval.delegation.saveFailed')}: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  });

  const remove = async (id: number) => {
    try {
      await approvalApi.deleteDelegation(tenantId, id);
      message.success(t('notice.approval.delegation.deleted'));
      await refresh();
    } catch (err) {
      message.error(`${t('notice.approval.delegation.deleteFailed')}: ${errorText(err)}`);
    }
  };

  const required = (text: string) => [{ required: true, message: text }];
  return (
    <Modal
      open={open}
      width={720}
      title={t('notice.approval.delegation')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <Form.Item
          name="delegateId"
          label={t('notice.approval.delegation.delegate')}
          rules={required(t('notice.approval.pickUser'))}
        >
          <UserPicker tenantId={tenantId} ariaLabel={t('notice.approval.delegation.delegate')} />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('notice.approval.delegation.range', { zone, offset: offsetOf(zone) })}
          rules={required(t('notice.approval.delegation.rangeRequired'))}
        >
          <RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="remark" label={t('notice.approval.delegation.remark')}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('notice.approval.delegation.add')}
        </Button>
      </Form>
      <h4 className="tl-approval-delegation__mine">{t('notice.approval.delegation.mine')}</h4>
      <Table
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.content ?? []}
        pagination={false}
        locale={{
          emptyText: list.isError ? (
            <EmptyState variant="noData" size="small" description={t('notice.approval.loadFailed')} />
          ) : (
            <EmptyState variant="noData" size="small" description={t('notice.approval.delegation.none')} />
          ),
        }}
        columns={[
          { key: 'delegate', dataIndex: 'delegateName', title: t('notice.approval.delegation.delegate') },
          {
            key: 'range',
            title: t('notice.approval.delegation.period'),
            render: (_: unknown, d) =>
              `${formatNoticeTime(d.startTime, timeFormat)} – ${formatNoticeTime(d.endTime, timeFormat)}`,
          },
          {
            key: 'remark',
            dataIndex: 'remark',
            title: t('notice.approval.delegation.remark'),
            ellipsis: true,
          },
          {
            key: 'actions',
            width: 64,
            render: (_: unknown, d) => (
              <Popconfirm
                title={t('notice.approval.delegation.deleteConfirm')}
                okText={t('notice.confirm')}
                cancelText={t('notice.cancel')}
                onConfirm={() => remove(d.id)}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('notice.approval.delegation.delete')}
                />
              </Popconfirm>
            ),
          },
        ]}
      />
    </Modal>
  );
}
