import {
  INV_BANK_ACCOUNT_MAX,
  INV_BANK_MAX,
  INV_BUSINESS_CATEGORIES,
  INV_CONTACT_MAX,
  INV_PHONE_MAX,
  INV_TAX_NO_MAX,
  type InvBusiness,
  type InvBusinessCategory,
} from '@tilth/contracts/inventory.base.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../../shared/form/fieldRules';
import { businessApi, INV_BASE_PATHS, invBaseKeys } from './baseData.api';
import { BaseFormFrame, type BaseFormValues } from './components/BaseFormFrame';

interface Values extends BaseFormValues {
  businessCode: string;
  businessName: string;
  category: InvBusinessCategory;
  bankName?: string;
  bankAccount?: string;
  taxNo?: string;
  contactName?: string;
  contactPhone?: string;
}

const valuesOf = (b: InvBusiness): Omit<Values, keyof BaseFormValues> => ({
  businessCode: b.businessCode,
  businessName: b.businessName,
  category: b.category,
  bankName: b.bankName ?? '',
  bankAccount: b.bankAccount ?? '',
  taxNo: b.taxNo ?? '',
  contactName: b.contactName ?? '',
  contactPhone: b.contactPhone ?? '',
});

/** Add (base/businesses/add) or edit (base/businesses/edit/{id}) a counterparty. */
export function BusinessFormPage() {
  const { t } = useTranslation(['invBase', 'common']);
  return (
    <BaseFormFrame<InvBusiness, Values>
      codeField={{ name: 'businessCode', label: 'invBase:business.businessCode' }}
      nameField={{ name: 'businessName', label: 'invBase:business.businessName' }}
      listPath={INV_BASE_PATHS.businesses}
      notFound="invBase:business.notFound"
      rowKey={invBaseKeys.business}
      get={businessApi.get}
      valuesOf={valuesOf}
      initialValues={{ category: 'supplier' }}
      save={async (tenant, v, common, current) => {
        const body = {
          businessCode: v.businessCode,
          businessName: v.businessName,
          category: v.category,
          bankName: v.bankName ?? '',
          bankAccount: v.bankAccount ?? '',
          taxNo: v.taxNo ?? '',
          contactName: v.contactName ?? '',
          contactPhone: v.contactPhone ?? '',
          address: common.address,
          remark: common.remark,
          enabledFlag: common.enabledFlag,
        } as const;
        if (current)
          await businessApi.update(tenant, current.id, {
            ...body,
            objectVersionNumber: current.objectVersionNumber,
          });
        else await businessApi.create(tenant, body);
      }}
    >
      {() => (
        <>
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
        </>
      )}
    </BaseFormFrame>
  );
}
