import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CameraSaveShareBody } from '@tilth/contracts/camera.types';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useMessage } from '../../../shared/FeedbackProvider';
import { DatePicker } from '../../../shared/form/DatePicker';
import { formatDateTime, nowInZone, toInstant } from '../../../shared/format/time';
import type { Camera } from '../../equipment/camera/camera.api';
import { usersApi } from '../users/users.api';
import { type CameraShare, cameraAdminApi, cameraAdminKeys } from './cameraAdmin.api';

export interface ShareFormValues {
  target: 'tenant' | 'user';
  toTenantId?: number | null;
  toUserId?: number | null;
  expiresAt?: Dayjs | null;
}

/** Why the share form cannot be sent (an i18n key of the camera namespace), or null. */
export const shareFormError = (
  v: ShareFormValues,
  ownTenantId: number,
  now: number = Date.now(),
): string | null => {
  if (v.target === 'tenant') {
    if (!v.toTenantId) return 'share.tenantRequired';
    if (v.toTenantId === ownTenantId) return 'share.notOwnTenant';
  } else if (!v.toUserId) return 'share.userRequired';
  if (!v.expiresAt) return 'share.expiryRequired';
  // A picked value holds the tenant's wall clock: compare its instant.
  if (Date.parse(toInstant(v.expiresAt)) <= now) return 'share.expiryPast';
  return null;
};

/** POST save-share's body: a user is shared within this tenant, a tenant as a whole. */
export const shareBodyOf = (v: ShareFormValues, cameraId: number, expiresAt: string): CameraSaveShareBody =>
  v.target === 'tenant'
    ? { cameraId, toTenantId: Number(v.toTenantId), expiresAt }
    : { cameraId, toUserId: Number(v.toUserId), expiresAt };

/** The shares of a camera: to whom, until when, still running or expired, revoke. */
export function ShareList({
  shares,
  userName,
  onRevoke,
}: {
  shares: readonly CameraShare[];
  userName: (id: number) => string | undefined;
  onRevoke?: (s: CameraShare) => void;
}) {
  const { t } = useTranslation(['camera', 'common']);
  return (
    <Table<CameraShare>
      size="small"
      rowKey="id"
      dataSource={[...shares]}
      pagination={shares.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      locale={{
        emptyText: <EmptyState variant="noData" size="small" description={t('camera:share.none')} />,
      }}
      columns={[
        {
          title: t('camera:share.to'),
          key: 'to',
          render: (_, s) =>
            s.toUserId === null
              ? t('camera:share.toTenant', { id: s.toTenantId })
              : t('camera:share.toUser', { name: userName(s.toUserId) ?? `#${s.toUserId}` }),
        },
        {
          title: t('camera:share.expiresAt'),
          dataIndex: 'expiresAt',
          render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
        },
        {
          title: t('camera:share.state'),
          dataIndex: 'expired',
          render: (expired: boolean) =>
            expired ? (
              <Tag>{t('camera:share.expired')}</Tag>
            ) : (
              <Tag color="success">{t('camera:share.active')}</Tag>
            ),
        },
        ...(onRevoke
          ? [
              {
                title: t('common:action.operation'),
                key: 'revoke',
                width: 96,
                render: (_: unknown, s: CameraShare) => (
                  <Popconfirm
                    title={t('camera:share.revokeConfirm')}
                    okText={t('common:action.confirm')}
                    cancelText={t('common:action.cancel')}
                    onConfirm={() => onRevoke(s)}
                  >
                    <Button type="link" size="small" danger>
                      {t('camera:share.revoke')}
                    </Button>
                  </Popconfirm>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** Share a camera view-only to another tenant or a user of this tenant until a time; current shares below. */
export function CameraShareModal({
  tenantId,
  camera,
  onClose,
}: {
  tenantId: number;
  camera: Camera;
  onClose: () => void;
}) {
  const { t } = useTranslation(['camera', 'common']);
  const message = useMessage();
  const client = useQueryClient();
  const [form] = Form.useForm<ShareFormValues>();
  const target = Form.useWatch('target', form) ?? 'tenant';
  const [busy, setBusy] = useState(false);
  const [userSearch, setUserSearch] = useState('');
  const key = cameraAdminKeys.shares(tenantId, camera.id);
  const shares = useQuery({ queryKey: key, queryFn: () => cameraAdminApi.shares(tenantId, camera.id) });
  const users = useQuery({
    queryKey: ['camera', tenantId, 'share-users', userSearch],
    queryFn: () => usersApi.page(tenantId, { page: 0, size: 50, realName: userSearch || undefined }),
    // Only when a user is picked or listed: the user list needs its own permission.
    enabled: target === 'user' || (shares.data ?? []).some((s) => s.toUserId !== null),
  });
  const names = new Map((users.data?.content ?? []).map((u) => [u.id, u.realName || u.loginName]));

  const submit = async (v: ShareFormValues) => {
    const problem = shareFormError(v, tenantId);
    if (problem) {
      void message.warning(t(`camera:${problem}`));
      return;
    }
    setBusy(true);
    try {
      await cameraAdminApi.saveShare(tenantId, shareBodyOf(v, camera.id, toInstant(v.expiresAt as Dayjs)));
      void message.success(t('camera:share.saved'));
      form.resetFields(['toTenantId', 'toUserId']);
      await client.invalidateQueries({ queryKey: ['camera', tenantId] });
    } catch {
      // The client has shown the server's message (no such tenant, expiry in the past…).
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (s: CameraShare) => {
    try {
      await cameraAdminApi.revokeShare(tenantId, s.id);
      void message.success(t('camera:share.revoked'));
      await client.invalidateQueries({ queryKey: key });
    } catch {
      // Shown by the client.
    }
  };

  return (
    <Modal
      open
      width={720}
      title={t('camera:share.title', { name: camera.name })}
      okText={t('camera:share.submit')}
      cancelText={t('camera:close')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="tl-cam-hint">{t('camera:share.viewOnlyHint')}</p>
      <Form<ShareFormValues>
        form={form}
        layout="vertical"
        name="cameraShare"
        initialValues={{ target: 'tenant', expiresAt: nowInZone().add(7, 'day').startOf('minute') }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="target" label={t('camera:share.target')}>
          <Radio.Group
            options={[
              { value: 'tenant', label: t('camera:share.targetTenant') },
              { value: 'user', label: t('camera:share.targetUser') },
            ]}
          />
        </Form.Item>
        {target === 'tenant' ? (
          <Form.Item
            name="toTenantId"
            label={t('camera:share.tenantId')}
            rules={[
              { required: true, message: t('camera:share.tenantRequired') },
              {
                validator: (_, v) =>
                  v === tenantId
                    ? Promise.reject(new Error(t('camera:share.notOwnTenant')))
                    : Promise.resolve(),
              },
            ]}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ) : (
          <Form.Item
            name="toUserId"
            label={t('camera:share.user')}
            rules={[{ required: true, message: t('camera:share.userRequired') }]}
          >
            <Select
              showSearch={{ filterOption: false, onSearch: setUserSearch }}
              loading={users.isFetching}
              options={(users.data?.content ?? []).map((u) => ({
                value: u.id,
                label: `${u.realName || u.loginName}${u.phone ? ` (${u.phone})` : ''}`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="expiresAt"
          label={t('camera:share.expiresAt')}
          rules={[
            { required: true, message: t('camera:share.expiryRequired') },
            {
              validator: (_, v: Dayjs | null) =>
                v && Date.parse(toInstant(v)) <= Date.now()
                  ? Promise.reject(new Error(t('camera:share.expiryPast')))
                  : Promise.resolve(),
            },
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
      <h4>{t('camera:share.current')}</h4>
      <ShareList
        shares={shares.data ?? []}
        userName={(id) => names.get(id)}
        onRevoke={(s) => void revoke(s)}
      />
    </Modal>
  );
}
