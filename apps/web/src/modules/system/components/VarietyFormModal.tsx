import { useQuery } from '@tanstack/react-query';
import {
  CATALOGUE_DESCRIPTION_MAX,
  GROWTH_DAYS_MAX,
  GROWTH_DAYS_MIN,
  VARIETY_CODE_MAX,
  VARIETY_NAME_MAX,
} from '@tilth/contracts/crop.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { localName } from '../../../shared/format/name';
import { catalogueKeys, cropApi, type Variety, varietyApi } from '../api/catalogue.api';
import { ImageUrlField } from './ImageUrlField';

interface VarietyFormValues {
  cropId?: number;
  varietyName: string;
  varietyCode?: string;
  growthDays?: number | null;
  imageUrl?: string | null;
  description?: string;
  enabled: boolean;
}

interface VarietyFormModalProps {
  tenantId: number;
  open: boolean;
  /** null: a new variety. */
  variety: Variety | null;
  /** Preselected crop of a new variety (the list's crop filter). */
  cropId?: number;
  onClose: () => void;
}

const CODE = /^[A-Za-z0-9_]*$/;

/** Add or edit a variety of a crop: name, code, growth days, image, description, enabled. */
export function VarietyFormModal({ tenantId, open, variety, cropId, onClose }: VarietyFormModalProps) {
  const { t, i18n } = useTranslation(['systemCatalogue', 'common']);
  const [form] = Form.useForm<VarietyFormValues>();
  const { busy, run } = useSubmit(catalogueKeys.varieties(tenantId), onClose);
  const crops = useQuery({
    queryKey: catalogueKeys.cropOptions(tenantId),
    queryFn: () => cropApi.all(tenantId),
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      cropId: variety?.cropId ?? cropId,
      varietyName: variety?.varietyName ?? '',
      varietyCode: variety?.varietyCode ?? '',
      growthDays: variety?.growthDays ?? null,
      imageUrl: variety?.imageUrl ?? null,
      description: variety?.description ?? '',
      enabled: (variety?.enabledFlag ?? 1) === 1,
    });
  }, [open, variety, cropId, form]);

  const submit = async (v: VarietyFormValues) => {
    if (v.cropId === undefined) return;
    const body = {
      cropId: v.cropId,
      varietyName: v.varietyName,
      varietyCode: v.varietyCode ?? '',
      growthDays: v.growthDays ?? null,
      imageUrl: v.imageUrl ?? null,
      description: v.description ?? '',
      enabledFlag: v.enabled ? 1 : 0,
    } as const;
    await run(
      async () => {
        if (variety) {
          await varietyApi.update(tenantId, {
            ...body,
            varietyId: variety.varietyId,
            objectVersionNumber: variety.objectVersionNumber,
          });
        } else await varietyApi.create(tenantId, body);
      },
      variety ? t('common:message.saved') : t('systemCatalogue:message.created'),
    );
  };

  return (
    <Modal
      open={open}
      title={variety ? t('systemCatalogue:variety.editTitle') : t('systemCatalogue:variety.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={560}
    >
      <Form<VarietyFormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="cropId"
          label={t('systemCatalogue:variety.crop')}
          rules={[{ required: true, message: t('common:validation.required') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={crops.isFetching}
            options={(crops.data ?? []).map((c) => ({
              value: c.cropId,
              label: localName(c.cropName, c.cropEnName, i18n.language),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="varietyName"
          label={t('systemCatalogue:variety.varietyName')}
          rules={[{ required: true, whitespace: true, message: t('common:validation.required') }]}
        >
          <Input maxLength={VARIETY_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="varietyCode"
          label={t('systemCatalogue:variety.varietyCode')}
          rules={[{ pattern: CODE, message: t('systemCatalogue:validation.code') }]}
        >
          <Input maxLength={VARIETY_CODE_MAX} />
        </Form.Item>
        <Form.Item name="growthDays" label={t('systemCatalogue:variety.growthDays')}>
          <InputNumber
            min={GROWTH_DAYS_MIN}
            max={GROWTH_DAYS_MAX}
            precision={0}
            style={{ width: '100%' }}
            suffix={t('systemCatalogue:variety.days')}
          />
        </Form.Item>
        <Form.Item name="imageUrl" label={t('systemCatalogue:field.image')}>
          <ImageUrlField tenantId={tenantId} />
        </Form.Item>
        <Form.Item name="description" label={t('systemCatalogue:field.description')}>
          <Input.TextArea rows={3} maxLength={CATALOGUE_DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item name="enabled" label={t('systemCatalogue:field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
