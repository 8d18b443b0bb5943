import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../shared/crud/useSubmit';
import { requiredRule } from '../../shared/form/fieldRules';
import { TimeZoneSelect } from '../../shared/form/TimeZoneSelect';
import { type PlatformTenant, platformApi, platformKeys } from './platform.api';

const PHONE = /^1\d{10}$/;
const TENANT_NUM = /^[A-Za-z0-9_-]{2,30}$/;

interface Values {
  tenantName: string;
  tenantNum?: string;
  timeZone: string;
  adminPhone?: string;
  adminName?: string;
  adminPassword?: string;
}

interface Props {
  open: boolean;
  /** null: a new tenant. */
  tenant: PlatformTenant | null;
  onClose: () => void;
}

/** Create a tenant with its first administrator, or edit a tenant's name and time zone. */
export function TenantFormModal({ open, tenant, onClose }: Props) {
  const { t } = useTranslation(['platform', 'common']);
  const [form] = Form.useForm<Values>();
  const { busy, run } = useSubmit(platformKeys.tenants, onClose);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      tenantName: tenant?.tenantName ?? '',
      timeZone: tenant?.timeZone ?? 'Asia/Shanghai',
    });
  }, [open, tenant, form]);

  const submit = async (v: Values) => {
    if (tenant) {
      await run(
        () => platformApi.update(tenant, { tenantName: v.tenantName, timeZone: v.timeZone }),
        t('common:message.saved'),
      );
      return;
    }
    await run(
      () =>
        platformApi.create({
          tenantName: v.tenantName,
          timeZone: v.timeZone,
          adminPhone: v.adminPhone ?? '',
          ...(v.tenantNum?.trim() ? { tenantNum: v.tenantNum.trim() } : {}),
          ...(v.adminName?.trim() ? { adminName: v.adminName.trim() } : {}),
          ...(v.adminPassword ? { adminPassword: v.adminPassword } : {}),
        }),
      t('platform:message.created'),
    );
  };

  return (
    <Modal
      open={open}
      title={tenant ? t('platform:title.edit') : t('platform:title.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="tenantName"
          label={t('platform:field.tenantName')}
          rules={[requiredRule(t, t('platform:field.tenantName'))]}
        >
          <Input maxLength={60} />
        </Form.Item>
        {tenant ? null : (
          <Form.Item
            name="tenantNum"
            label={t('platform:field.tenantNum')}
            extra={t('platform:help.tenantNum')}
            rules={[{ pattern: TENANT_NUM, message: t('platform:validation.tenantNum') }]}
          >
            <Input maxLength={30} />
          </Form.Item>
        )}
        <Form.Item name="timeZone" label={t('platform:field.timeZone')} rules={[{ required: true }]}>
          <TimeZoneSelect />
        </Form.Item>
        {tenant ? null : (
          <>
            <Alert type="info" showIcon message={t('platform:help.admin')} style={{ marginBottom: 16 }} />
            <Form.Item
              name="adminPhone"
              label={t('platform:field.adminPhone')}
              rules={[
                requiredRule(t, t('platform:field.adminPhone')),
                { pattern: PHONE, message: t('common:validation.phone') },
              ]}
            >
              <Input maxLength={11} />
            </Form.Item>
            <Form.Item name="adminName" label={t('platform:field.adminName')}>
              <Input maxLength={60} />
            </Form.Item>
            <Form.Item
              name="adminPassword"
              label={t('platform:field.adminPassword')}
              extra={t('platform:help.adminPassword')}
            >
              <Input.Password maxLength={20} autoComplete="new-password" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
