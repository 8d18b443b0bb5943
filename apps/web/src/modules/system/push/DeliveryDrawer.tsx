import { PUSH_EVENT_NAMES, PUSH_STATES, type PushEventType } from '@tilth/contracts/push.types';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { useMessage } from '../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { PermissionGuard } from '../../../shared/permission/PermissionGuard';
import { PUSH_CODES, type PushDelivery, type PushSubscription, pushApi, pushKeys } from './push.api';

const STATE_COLOR: Record<string, string> = { pending: 'processing', delivered: 'success', failed: 'error' };

interface DeliveryDrawerProps {
  tenantId: number;
  subscription: PushSubscription | null;
  onClose: () => void;
}

/** A subscription's delivery log: state, attempts, last error, response time; redeliver a failed event. */
export function DeliveryDrawer({ tenantId, subscription, onClose }: DeliveryDrawerProps) {
  const { t, i18n } = useTranslation(['dataPush', 'common']);
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const message = useMessage();
  const id = subscription?.id ?? 0;
  const key = useMemo(() => pushKeys.deliveries(tenantId, id), [tenantId, id]);
  const list = usePagedList<PushDelivery>(key, (q) => pushApi.deliveries(tenantId, id, q), {
    enabled: subscription !== null,
  });

  const redeliver = async (d: PushDelivery) => {
    try {
      await pushApi.redeliver(tenantId, id, d.seq);
      message.success(t('dataPush:log.requeued'));
      await list.refresh();
    } catch {
      // Shown by the API client.
    }
  };

  const fields: FilterField[] = [
    {
      name: 'state',
      label: t('dataPush:log.state'),
      type: 'select',
      options: PUSH_STATES.map((s) => ({ value: s, label: t(`dataPush:state.${s}`) })),
    },
  ];
  const columns: ColumnsType<PushDelivery> = [
    { title: t('dataPush:log.seq'), dataIndex: 'seq', width: 70 },
    {
      title: t('dataPush:log.eventType'),
      dataIndex: 'eventType',
      width: 130,
      render: (v: string) => PUSH_EVENT_NAMES[v as PushEventType]?.[lang] ?? v,
    },
    {
      title: t('dataPush:log.state'),
      dataIndex: 'state',
      width: 100,
      render: (v: string) => <Tag color={STATE_COLOR[v]}>{t(`dataPush:state.${v}`)}</Tag>,
    },
    { title: t('dataPush:log.attempts'), dataIndex: 'attempts', width: 80 },
    {
      title: t('dataPush:log.responseMs'),
      dataIndex: 'lastResponseMs',
      width: 140,
      render: (v: number | null, d) => (v === null ? NO_DATA : `${d.lastStatus ?? '—'} · ${v} ms`),
    },
    {
      title: t('dataPush:log.lastError'),
      dataIndex: 'lastError',
      ellipsis: true,
      render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : NO_DATA),
    },
    {
      title: t('dataPush:log.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('dataPush:log.deliveredAt'),
      dataIndex: 'deliveredAt',
      width: 170,
      render: (v: string | null, d) =>
        v
          ? formatDateTime(v)
          : d.nextAttemptAt
            ? t('dataPush:log.nextAt', { at: formatDateTime(d.nextAttemptAt) })
            : NO_DATA,
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 100,
      render: (_, d) =>
        d.state === 'failed' ? (
          <PermissionGuard codes={[PUSH_CODES.edit]}>
            <Button type="link" size="small" onClick={() => void redeliver(d)}>
              {t('dataPush:log.redeliver')}
            </Button>
          </PermissionGuard>
        ) : null,
    },
  ];

  return (
    <Drawer
      open={subscription !== null}
      onClose={onClose}
      width={1100}
      title={t('dataPush:log.title', { name: subscription?.name ?? '' })}
      destroyOnHidden
    >
      <FilterBar fields={fields} onSearch={list.search} />
      <PagedTable<PushDelivery>
        list={list}
        rowKey="seq"
        columns={columns}
        scroll={{ x: 1000 }}
        empty={{ title: t('dataPush:log.empty') }}
      />
    </Drawer>
  );
}
