import ColorPicker from 'antd/es/color-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../shared/crud/useSubmit';
import { requiredRule } from '../../shared/form/fieldRules';
import { useShell } from '../../shell/ShellContext';
import { LogoField } from './LogoField';
import {
  BRAND_IMAGE_FIELDS,
  type BrandInput,
  platformApi,
  platformKeys,
  type TenantDomain,
} from './platform.api';

/** The host-name rule of the server (contracts hostNameSchema), checked here first. */
export const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

interface Values extends BrandInput {
  domainName: string;
}

interface Props {
  tenantId: number;
  open: boolean;
  /** null: a new domain. */
  domain: TenantDomain | null;
  onClose: () => void;
}

const colourText = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && 'toHexString' in v && typeof v.toHexString === 'function')
    return String(v.toHexString()).slice(0, 7);
  return '';
};

/** A domain of a tenant and the login-page brand its host shows. */
export function DomainFormModal({ tenantId, open, domain, onClose }: Props) {
  const { t } = useTranslation(['platform', 'common']);
  const { tenantId: ownTenant } = useShell();
  const [form] = Form.useForm<Values>();
  const { busy, run } = useSubmit(platformKeys.domains(tenantId), onClose);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ domainName: domain?.domainName ?? '', ...(domain?.brand ?? {}) });
  }, [open, domain, form]);

  const submit = async (v: Values) => {
    const { domainName, ...rest } = v;
    const brand: BrandInput = {};
    for (const [k, value] of Object.entries(rest)) {
      const text =
        k === 'loginBackgroundColor' ? colourText(value) : typeof value === 'string' ? value.trim() : '';
      if (text) brand[k as keyof BrandInput] = text;
    }
    const body = { domainName: domainName.trim().toLowerCase(), brand };
    await run(
      () => (domain ? platformApi.updateDomain(domain, body) : platformApi.addDomain(tenantId, body)),
      t('common:message.saved'),
    );
  };

  return (
    <Modal
      open={open}
      width={640}
      title={domain ? t('platform:title.editDomain') : t('platform:title.addDomain')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="domainName"
          label={t('platform:field.domainName')}
          extra={t('platform:help.domainName')}
          rules={[
            requiredRule(t, t('platform:field.domainName')),
            { pattern: HOST_NAME, message: t('platform:validation.domainName') },
          ]}
        >
          <Input maxLength={253} placeholder="farm.example.com" />
        </Form.Item>
        <Form.Item name="loginTitle" label={t('platform:brand.loginTitle')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="subTitle" label={t('platform:brand.subTitle')}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="copyright" label={t('platform:brand.copyright')}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="loginBackgroundColor" label={t('platform:brand.loginBackgroundColor')}>
          <ColorPicker disabledAlpha showText />
        </Form.Item>
        {BRAND_IMAGE_FIELDS.map((f) => (
          <Form.Item key={f} name={f} label={t(`platform:brand.${f}`)}>
            <LogoField tenantId={ownTenant} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
