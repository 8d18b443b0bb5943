import { PUSH_EVENT_NAMES, PUSH_EVENT_TYPES } from '@tilth/contracts/push.types';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { useMessage } from '../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { DeliveryDrawer } from './DeliveryDrawer';
import { PushFormModal } from './PushFormModal';
import {
  PUSH_CODES,
  type PushSubscription,
  type PushSubscriptionWithSecret,
  pushApi,
  pushKeys,
} from './push.api';

/** /system/dataPush: subscriptions that push chosen events to an integrator's URL, with their delivery log. */
export function DataPushPage() {
  const { t, i18n } = useTranslation(['dataPush', 'common']);
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const { tenantId } = useShell();
  const message = useMessage();
  const confirmDelete = useConfirmDelete();
  const { allowed: mayEdit } = usePermissions([PUSH_CODES.edit]);
  const key = useMemo(() => pushKeys.list(tenantId), [tenantId]);
  const list = usePagedList<PushSubscription>(key, (q) => pushApi.page(tenantId, q));
  const [editing, setEditing] = useState<{ subscription: PushSubscription | null } | null>(null);
  const [logOf, setLogOf] = useState<PushSubscription | null>(null);
  const [secret, setSecret] = useState<PushSubscriptionWithSecret | null>(null);
  const [testing, setTesting] = useState<number | null>(null);

  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      message.success(done);
      await list.refresh();
    } catch {
      // Shown by the API client.
    }
  };
  const test = async (s: PushSubscription) => {
    setTesting(s.id);
    try {
      const r = await pushApi.test(tenantId, s.id);
      message.success(t('dataPush:test.ok', { status: r.status, ms: r.responseMs }));
    } catch {
      // The API client shows "push test failed, link not detected" with the receiver's answer.
    } finally {
      setTesting(null);
    }
  };
  const rotate = (s: PushSubscription) =>
    Modal.confirm({
      title: t('dataPush:secret.rotateConfirm'),
      content: t('dataPush:secret.rotateHint'),
      onOk: async () => {
        try {
          setSecret(await pushApi.rotate(tenantId, s));
          await list.refresh();
        } catch {
          // Shown by the API client.
        }
      },
    });

  const fields: FilterField[] = [
    { name: 'name', label: t('dataPush:field.name'), type: 'text' },
    {
      name: 'eventType',
      label: t('dataPush:field.eventTypes'),
      type: 'select',
      options: PUSH_EVENT_TYPES.map((e) => ({ value: e, label: PUSH_EVENT_NAMES[e][lang] })),
    },
    {
      name: 'enabled',
      label: t('dataPush:field.enabled'),
      type: 'select',
      options: [
        { value: 'true', label: t('dataPush:enabled.true') },
        { value: 'false', label: t('dataPush:enabled.false') },
      ],
    },
  ];
  const columns: ColumnsType<PushSubscription> = [
    { title: t('dataPush:field.name'), dataIndex: 'name', width: 160 },
    { title: t('dataPush:field.url'), dataIndex: 'url', ellipsis: true },
    {
      title: t('dataPush:field.eventTypes'),
      dataIndex: 'eventTypes',
      render: (v: PushSubscription['eventTypes']) => (
        <Space size={[0, 4]} wrap>
          {v.map((e) => (
            <Tag key={e}>{PUSH_EVENT_NAMES[e][lang]}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('dataPush:field.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (v: boolean, s) => (
        <Switch
          size="small"
          checked={v}
          disabled={!mayEdit}
          onChange={(on) =>
            void act(
              () => pushApi.setEnabled(tenantId, s, on),
              on ? t('dataPush:message.enabled') : t('dataPush:message.disabled'),
            )
          }
        />
      ),
    },
    {
      title: t('dataPush:field.counts'),
      key: 'counts',
      width: 150,
      render: (_, s) => (
        <Space size={4}>
          <Tag color="success">{s.delivered}</Tag>
          <Tag color="processing">{s.pending}</Tag>
          <Tag color="error">{s.failed}</Tag>
        </Space>
      ),
    },
    {
      title: t('dataPush:field.lastDeliveredAt'),
      dataIndex: 'lastDeliveredAt',
      width: 170,
      render: (v: string | null) => (v ? formatDateTime(v) : NO_DATA),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 320,
      fixed: 'right',
      render: (_, s) => (
        <RowActions
          leading={
            <Button type="link" size="small" onClick={() => setLogOf(s)}>
              {t('dataPush:action.log')}
            </Button>
          }
          onEdit={() => setEditing({ subscription: s })}
          editCode={PUSH_CODES.edit}
          editExtra={
            <>
              <Button type="link" size="small" loading={testing === s.id} onClick={() => void test(s)}>
                {t('dataPush:action.test')}
              </Button>
              <Button type="link" size="small" onClick={() => rotate(s)}>
                {t('dataPush:action.rotate')}
              </Button>
            </>
          }
          onDelete={() => confirmDelete(s.name, () => pushApi.remove(tenantId, s.id), list.refresh)}
          deleteCode={PUSH_CODES.delete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing({ subscription: null })}
        addText={t('dataPush:add')}
        addCode={PUSH_CODES.create}
      />
      <PagedTable<PushSubscription>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1200 }}
        empty={{
          title: t('dataPush:empty'),
          onAdd: () => setEditing({ subscription: null }),
          addText: t('dataPush:add'),
          addCode: PUSH_CODES.create,
        }}
      />
      <PushFormModal
        tenantId={tenantId}
        open={editing !== null}
        subscription={editing?.subscription ?? null}
        onClose={() => setEditing(null)}
        onCreated={setSecret}
      />
      <DeliveryDrawer tenantId={tenantId} subscription={logOf} onClose={() => setLogOf(null)} />
      <Modal
        open={secret !== null}
        title={t('dataPush:secret.title', { name: secret?.name ?? '' })}
        onOk={() => setSecret(null)}
        onCancel={() => setSecret(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText={t('dataPush:secret.copied')}
      >
        <Alert type="warning" showIcon message={t('dataPush:secret.once')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable code>
          {secret?.secret}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('dataPush:secret.verify')}</Typography.Paragraph>
      </Modal>
    </section>
  );
}
