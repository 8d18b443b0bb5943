import { useQuery } from '@tanstack/react-query';
import { CREDIT_CODE_LENGTH } from '@tilth/contracts/corporation.types';
import { mayContain, UNIT_NAME_MAX } from '@tilth/contracts/organization.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { requiredRule } from '../../../shared/form/fieldRules';
import { ImageUrlField } from '../components/ImageUrlField';
import { type Corporation, corporationApi, organizationApi, orgKeys } from './organization.api';
import { creditCodeHint, flatten } from './orgRules';

interface CorporationFormValues {
  parentId?: number;
  name: string;
  creditCode: string;
  legalRepresentative?: string;
  address?: string;
  contactName?: string;
  contactPhone?: string;
  logoUrl?: string | null;
}

interface CorporationFormModalProps {
  tenantId: number;
  open: boolean;
  /** null: a new company. */
  corporation: Corporation | null;
  onClose: () => void;
}

/** Add or edit a company: parent (new only), name, credit code with its check hint, legal data, logo. */
export function CorporationFormModal({ tenantId, open, corporation, onClose }: CorporationFormModalProps) {
  const { t } = useTranslation(['organization', 'common']);
  const [form] = Form.useForm<CorporationFormValues>();
  const { busy, run } = useSubmit(orgKeys.all(tenantId), onClose);
  const tree = useQuery({
    queryKey: orgKeys.tree(tenantId),
    queryFn: () => organizationApi.tree(tenantId),
    enabled: open,
  });
  const parents = flatten(tree.data ?? []).filter((u) => mayContain(u.organizationType, 'company'));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (corporation) {
      form.setFieldsValue({
        name: corporation.name,
        creditCode: corporation.creditCode ?? '',
        legalRepresentative: corporation.legalRepresentative ?? '',
        address: corporation.address ?? '',
        contactName: corporation.contactName ?? '',
        contactPhone: corporation.contactPhone ?? '',
        logoUrl: corporation.logoUrl,
      });
    }
  }, [open, corporation, form]);

  const submit = async (v: CorporationFormValues) => {
    const legal = {
      name: v.name,
      creditCode: v.creditCode,
      legalRepresentative: v.legalRepresentative ?? '',
      address: v.address ?? '',
      contactName: v.contactName ?? '',
      contactPhone: v.contactPhone ?? '',
      logoUrl: v.logoUrl ?? null,
    };
    await run(
      async () => {
        if (corporation) {
          await corporationApi.update(tenantId, {
            ...legal,
            id: corporation.id,
            objectVersionNumber: corporation.objectVersionNumber,
          });
        } else await corporationApi.create(tenantId, { ...legal, parentId: v.parentId ?? 0 });
      },
      corporation ? t('common:message.saved') : t('organization:message.created'),
    );
  };

  const required = { required: true, whitespace: true, message: t('common:validation.required') };
  return (
    <Modal
      open={open}
      title={corporation ? t('organization:corp.editTitle') : t('organization:corp.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={600}
    >
      <Form<CorporationFormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        {corporation ? null : (
          <Form.Item
            name="parentId"
            label={t('organization:corp.parent')}
            rules={[requiredRule(t, t('organization:corp.parent'), 'select')]}
          >
            <Select
              loading={tree.isLoading}
              options={parents.map((p) => ({
                value: p.id,
                label: `${t(`organization:type.${p.organizationType}`)} · ${p.name}`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('organization:corp.name')} rules={[required]}>
          <Input maxLength={UNIT_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="creditCode"
          label={t('organization:corp.creditCode')}
          rules={[
            required,
            {
              // The server checks it too (GB 32100-2015); this names the problem while typing.
              validator: async (_r, v: string | undefined) => {
                if (!v?.trim()) return;
                const hint = creditCodeHint(v);
                if (!hint.ok) {
                  throw new Error(t(`organization:credit.${hint.reason}`, { expected: hint.expected ?? '' }));
                }
              },
            },
          ]}
        >
          <Input maxLength={CREDIT_CODE_LENGTH} style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item name="legalRepresentative" label={t('organization:corp.legalRepresentative')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="address" label={t('organization:corp.address')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="contactName" label={t('organization:corp.contactName')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="contactPhone" label={t('organization:corp.contactPhone')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="logoUrl" label={t('organization:corp.logo')}>
          <ImageUrlField tenantId={tenantId} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
