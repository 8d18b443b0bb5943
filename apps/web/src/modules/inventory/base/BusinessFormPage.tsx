import { useQuery } from '@tanstack/react-query';
import {
  INV_ADDRESS_MAX,
  INV_BANK_ACCOUNT_MAX,
  INV_BANK_MAX,
  INV_BUSINESS_CATEGORIES,
  INV_CODE_MAX,
  INV_CONTACT_MAX,
  INV_NAME_MAX,
  INV_PHONE_MAX,
  INV_REMARK_MAX,
  INV_TAX_NO_MAX,
  type InvBusinessCategory,
} from '@tilth/contracts/inventory.base.types';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { requiredRule } from '../../../shared/form/fieldRules';
import { useShell } from '../../../shell/ShellContext';
import { businessApi, INV_BASE_PATHS, invBaseKeys } from './baseData.api';
import { CODE_PATTERN } from './components/baseUi';

interface Values {
  businessCode: string;
  businessName: string;
  category: InvBusinessCategory;
  bankName?: string;
  bankAccount?: string;
  taxNo?: string;
  contactName?: string;
  contactPhone?: string;
  address?: string;
  remark?: string;
  enabled: boolean;
}

/** Add (base/businesses/add) or edit (base/businesses/edit/{id}) a counterparty. */
export function BusinessFormPage() {
  const { t } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const { id } = useParams();
  const businessId = id ? Number(id) : undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { busy, run } = useSubmit(invBaseKeys.all(tenantId), () => navigate(INV_BASE_PATHS.businesses));
  const current = useQuery({
    queryKey: invBaseKeys.business(tenantId, businessId ?? 0),
    queryFn: () => businessApi.get(tenantId, businessId ?? 0),
    enabled: businessId !== undefined && Number.isSafeInteger(businessId),
  });

  useEffect(() => {
    const b = current.data;
    if (!b) return;
    form.setFieldsValue({
      businessCode: b.businessCode,
      businessName: b.businessName,
      category: b.category,
      bankName: b.bankName ?? '',
      bankAccount: b.bankAccount ?? '',
      taxNo: b.taxNo ?? '',
      contactName: b.contactName ?? '',
      contactPhone: b.contactPhone ?? '',
      address: b.address ?? '',
      remark: b.remark ?? '',
      enabled: b.enabledFlag === 1,
    });
  }, [current.data, form]);

  if (businessId !== undefined && (current.isError || !Number.isSafeInteger(businessId)))
    return <EmptyState variant="notFound" title={t('invBase:business.notFound')} />;
  if (businessId !== undefined && !current.data) return <Spin />;

  const submit = (v: Values) =>
    run(async () => {
      const body = {
        businessCode: v.businessCode,
        businessName: v.businessName,
        category: v.category,
        bankName: v.bankName ?? '',
        bankAccount: v.bankAccount ?? '',
        taxNo: v.taxNo ?? '',
        contactName: v.contactName ?? '',
        contactPhone: v.contactPhone ?? '',
        address: v.address ?? '',
        remark: v.remark ?? '',
        enabledFlag: v.enabled ? 1 : 0,
      } as const;
      if (current.data)
        await businessApi.update(tenantId, current.data.id, {
          ...body,
          objectVersionNumber: current.data.objectVersionNumber,
        });
      else await businessApi.create(tenantId, body);
    }, t('common:message.saved'));

  return (
    <section className="tl-card">
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{ enabled: true, category: 'supplier' }}
        onFinish={(v) => void submit(v)}
      >
        <Space size="large" wrap>
          <Form.Item
            name="businessCode"
            label={t('invBase:business.businessCode')}
            rules={[
              { required: true, message: t('invBase:rule.required') },
              { pattern: CODE_PATTERN, message: t('invBase:rule.code') },
            ]}
          >
            <Input maxLength={INV_CODE_MAX} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item
            name="businessName"
            label={t('invBase:business.businessName')}
            rules={[{ required: true, whitespace: true, message: t('invBase:rule.required') }]}
          >
            <Input maxLength={INV_NAME_MAX} style={{ width: 360 }} />
          </Form.Item>
        </Space>
        <Form.Item
          name="category"
          label={t('invBase:business.category')}
          rules={[requiredRule(t, t('invBase:business.category'), 'select')]}
        >
          <Radio.Group
            optionType="button"
            options={INV_BUSINESS_CATEGORIES.map((c) => ({ value: c, label: t(`invBase:category.${c}`) }))}
          />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="contactName" label={t('invBase:business.contactName')}>
            <Input maxLength={INV_CONTACT_MAX} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item
            name="contactPhone"
            label={t('invBase:business.contactPhone')}
            rules={[{ pattern: /^[0-9+\- ()]*$/, message: t('invBase:rule.phone') }]}
          >
            <Input maxLength={INV_PHONE_MAX} style={{ width: 220 }} />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item name="bankName" label={t('invBase:business.bankName')}>
            <Input maxLength={INV_BANK_MAX} style={{ width: 300 }} />
          </Form.Item>
          <Form.Item
            name="bankAccount"
            label={t('invBase:business.bankAccount')}
            rules={[{ pattern: /^[0-9A-Za-z\- ]*$/, message: t('invBase:rule.bankAccount') }]}
          >
            <Input maxLength={INV_BANK_ACCOUNT_MAX + 10} style={{ width: 300 }} />
          </Form.Item>
        </Space>
        <Form.Item
          name="taxNo"
          label={t('invBase:business.taxNo')}
          rules={[{ pattern: /^[0-9A-Za-z]*$/, message: t('invBase:rule.taxNo') }]}
        >
          <Input maxLength={INV_TAX_NO_MAX} style={{ width: 300 }} />
        </Form.Item>
        <Form.Item name="address" label={t('invBase:field.address')}>
          <Input maxLength={INV_ADDRESS_MAX} />
        </Form.Item>
        <Form.Item name="remark" label={t('invBase:field.remark')}>
          <Input.TextArea maxLength={INV_REMARK_MAX} rows={3} />
        </Form.Item>
        <Form.Item name="enabled" label={t('invBase:field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common:action.save')}
          </Button>
          <Button onClick={() => navigate(INV_BASE_PATHS.businesses)}>{t('common:action.cancel')}</Button>
        </Space>
      </Form>
    </section>
  );
}
