import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { requiredRule } from '../../../shared/form/fieldRules';
import type { RoleOption } from './UserFormModal';
import { type TenantUserView, userKeys, usersApi } from './users.api';

/** Adds the account with a phone (a user of another enterprise) to this one, with roles. */
export function AddExistingModal(props: {
  tenantId: number;
  open: boolean;
  roles: RoleOption[];
  onClose: () => void;
}) {
  const { tenantId, open, roles, onClose } = props;
  const { t } = useTranslation(['users', 'common']);
  const [form] = Form.useForm<{ phone: string; roleIds: number[] }>();
  const { busy, run } = useSubmit(userKeys.list(tenantId), onClose);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal
      open={open}
      title={t('users:title.addExisting')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('users:existing.help')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ roleIds: [] }}
        onFinish={(v) => run(() => usersApi.addExisting(tenantId, v), t('users:message.created'))}
      >
        <Form.Item
          name="phone"
          label={t('users:field.phone')}
          rules={[
            requiredRule(t, t('users:field.phone')),
            { pattern: /^1\d{10}$/, message: t('common:validation.phone') },
          ]}
        >
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="roleIds" label={t('users:field.roles')}>
          <Select mode="multiple" options={roles} optionFilterProp="label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Sets the roles a member holds here. */
export function RolesModal(props: {
  tenantId: number;
  user: TenantUserView | null;
  roles: RoleOption[];
  onClose: () => void;
}) {
  const { tenantId, user, roles, onClose } = props;
  const { t } = useTranslation(['users', 'common']);
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const { busy, run } = useSubmit(userKeys.list(tenantId), onClose);
  useEffect(() => setRoleIds(user?.roleIds ?? []), [user]);
  return (
    <Modal
      open={user !== null}
      title={t('users:title.roles', { name: user?.realName ?? '' })}
      onCancel={onClose}
      onOk={() => user && run(() => usersApi.setRoles(tenantId, user.id, roleIds), t('common:message.saved'))}
      confirmLoading={busy}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={roleIds}
        onChange={setRoleIds}
        options={roles}
        optionFilterProp="label"
      />
    </Modal>
  );
}

/** A temporary password shown once with a copy button, or an SMS code the user sets a password with. */
export function ResetPasswordModal(props: {
  tenantId: number;
  user: TenantUserView | null;
  onClose: () => void;
}) {
  const { tenantId, user, onClose } = props;
  const { t } = useTranslation(['users', 'common']);
  const shared = (user?.otherTenants ?? 0) > 0;
  const [mode, setMode] = useState<'temporary' | 'sms'>('sms');
  const [result, setResult] = useState<{ temporaryPassword?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setResult(null);
    setMode(shared ? 'sms' : 'temporary');
  }, [shared]);
  const close = () => {
    setResult(null);
    onClose();
  };
  const submit = async () => {
    if (!user) return;
    setBusy(true);
    try {
      setResult(await usersApi.resetPassword(tenantId, user.id, mode));
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={user !== null}
      title={t('users:title.resetPassword', { name: user?.realName ?? '' })}
      onCancel={close}
      onOk={result ? close : submit}
      okText={result ? t('common:action.confirm') : t('users:action.resetPassword')}
      cancelButtonProps={{ style: result ? { display: 'none' } : undefined }}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      {result ? (
        result.temporaryPassword ? (
          <>
            <Alert
              type="warning"
              showIcon
              message={t('users:reset.shownOnce')}
              style={{ marginBottom: 16 }}
            />
            <Typography.Paragraph copyable code style={{ fontSize: 18 }}>
              {result.temporaryPassword}
            </Typography.Paragraph>
          </>
        ) : (
          <Alert type="success" showIcon message={t('users:reset.smsSent')} />
        )
      ) : (
        <>
          {shared ? (
            <Alert type="info" showIcon message={t('users:reset.shared')} style={{ marginBottom: 16 }} />
          ) : null}
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value as 'temporary' | 'sms')}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={[
              { value: 'temporary', label: t('users:reset.temporary'), disabled: shared },
              { value: 'sms', label: t('users:reset.sms'), disabled: !user?.phone },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
