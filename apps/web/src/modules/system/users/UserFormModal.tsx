import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { requiredRule } from '../../../shared/form/fieldRules';
import { type TenantUserView, userKeys, usersApi } from './users.api';

const PHONE = /^1\d{10}$/;
const passwordOk = (p: string) =>
  p.length >= 6 && p.length <= 20 && [/[A-Za-z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(p)).length >= 2;

interface Values {
  realName: string;
  phone: string;
  mode: 'password' | 'invite';
  password?: string;
  roleIds: number[];
}

export interface RoleOption {
  value: number;
  label: string;
}

interface Props {
  tenantId: number;
  open: boolean;
  /** null: a new user. */
  user: TenantUserView | null;
  roles: RoleOption[];
  onClose: () => void;
}

/** Add a user (initial password or SMS invitation, roles) or edit one (name, phone). */
export function UserFormModal({ tenantId, open, user, roles, onClose }: Props) {
  const { t } = useTranslation(['users', 'common']);
  const [form] = Form.useForm<Values>();
  const { busy, run } = useSubmit(userKeys.list(tenantId), onClose);
  const mode = Form.useWatch('mode', form);
  const phoneFixed = user !== null && user.otherTenants > 0;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      realName: user?.realName ?? '',
      phone: user?.phone ?? '',
      mode: 'password',
      roleIds: user?.roleIds ?? [],
    });
  }, [open, user, form]);

  const submit = async (v: Values) => {
    if (user) {
      await run(
        () =>
          usersApi.update(tenantId, {
            id: user.id,
            realName: v.realName,
            phone: v.phone,
            objectVersionNumber: user.objectVersionNumber,
          }),
        t('common:message.saved'),
      );
      return;
    }
    const invite = v.mode === 'invite';
    await run(
      () =>
        usersApi.create(tenantId, {
          realName: v.realName,
          phone: v.phone,
          invite,
          roleIds: v.roleIds,
          ...(invite ? {} : { password: v.password ?? '' }),
        }),
      invite ? t('users:message.invited') : t('users:message.created'),
    );
  };

  return (
    <Modal
      open={open}
      title={user ? t('users:title.edit') : t('users:title.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="realName"
          label={t('users:field.realName')}
          rules={[requiredRule(t, t('users:field.realName'))]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('users:field.phone')}
          extra={phoneFixed ? t('users:shared.phoneFixed') : undefined}
          rules={[
            requiredRule(t, t('users:field.phone')),
            { pattern: PHONE, message: t('common:validation.phone') },
          ]}
        >
          <Input maxLength={11} disabled={phoneFixed} />
        </Form.Item>
        {user ? null : (
          <>
            <Form.Item name="mode" label={t('users:field.mode')}>
              <Radio.Group
                options={[
                  { value: 'password', label: t('users:mode.password') },
                  { value: 'invite', label: t('users:mode.invite') },
                ]}
              />
            </Form.Item>
            {mode === 'invite' ? (
              <Alert type="info" showIcon message={t('users:mode.inviteHelp')} style={{ marginBottom: 16 }} />
            ) : (
              <Form.Item
                name="password"
                label={t('users:field.password')}
                rules={[
                  requiredRule(t, t('users:field.password')),
                  {
                    validator: (_, v: string | undefined) =>
                      !v || passwordOk(v)
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('common:validation.password'))),
                  },
                ]}
              >
                <Input.Password maxLength={20} autoComplete="new-password" />
              </Form.Item>
            )}
            <Form.Item name="roleIds" label={t('users:field.roles')}>
              <Select mode="multiple" options={roles} optionFilterProp="label" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
