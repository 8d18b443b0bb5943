import {
  CATALOGUE_DESCRIPTION_MAX,
  CROP_EN_NAME_MAX,
  CROP_NAME_MAX,
  CROP_TYPES,
  isCropEnName,
} from '@tilth/contracts/crop.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { requiredRule } from '../../../shared/form/fieldRules';
import { type Crop, catalogueKeys, cropApi } from '../api/catalogue.api';
import { ImageUrlField } from './ImageUrlField';

interface CropFormValues {
  cropName: string;
  cropEnName?: string;
  cropType: 'plant' | 'nurture';
  imageUrl?: string | null;
  description?: string;
  enabled: boolean;
}

interface CropFormModalProps {
  tenantId: number;
  open: boolean;
  /** null: a new crop. */
  crop: Crop | null;
  onClose: () => void;
}

const toValues = (c: Crop | null): CropFormValues => ({
  cropName: c?.cropName ?? '',
  cropEnName: c?.cropEnName ?? '',
  cropType: c?.cropType === 'nurture' ? 'nurture' : 'plant',
  imageUrl: c?.imageUrl ?? null,
  description: c?.description ?? '',
  enabled: (c?.enabledFlag ?? 1) === 1,
});

/** Add or edit a crop: names (zh, en), plant or nurture, image, description, enabled. */
export function CropFormModal({ tenantId, open, crop, onClose }: CropFormModalProps) {
  const { t } = useTranslation(['systemCatalogue', 'common']);
  const [form] = Form.useForm<CropFormValues>();
  const { busy, run } = useSubmit(catalogueKeys.crops(tenantId), onClose);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(toValues(crop));
  }, [open, crop, form]);

  const submit = async (v: CropFormValues) => {
    const body = {
      cropName: v.cropName,
      cropEnName: v.cropEnName ?? '',
      cropType: v.cropType,
      imageUrl: v.imageUrl ?? null,
      description: v.description ?? '',
      enabledFlag: v.enabled ? 1 : 0,
    } as const;
    await run(
      async () => {
        if (crop) {
          await cropApi.update(tenantId, {
            ...body,
            cropId: crop.cropId,
            objectVersionNumber: crop.objectVersionNumber,
          });
        } else await cropApi.create(tenantId, body);
      },
      crop ? t('common:message.saved') : t('systemCatalogue:message.created'),
    );
  };

  const required = { required: true, whitespace: true, message: t('common:validation.required') };
  return (
    <Modal
      open={open}
      title={crop ? t('systemCatalogue:crop.editTitle') : t('systemCatalogue:crop.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={560}
    >
      <Form<CropFormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="cropName" label={t('systemCatalogue:crop.cropName')} rules={[required]}>
          <Input maxLength={CROP_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="cropEnName"
          label={t('systemCatalogue:crop.cropEnName')}
          rules={[
            {
              // The server's rule (contracts): Latin letters, digits, spaces and punctuation only.
              validator: async (_r, v: string | undefined) => {
                if (v && !isCropEnName(v.trim())) throw new Error(t('systemCatalogue:crop.enNameLatin'));
              },
            },
          ]}
        >
          <Input maxLength={CROP_EN_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="cropType"
          label={t('systemCatalogue:crop.cropType')}
          rules={[requiredRule(t, t('systemCatalogue:crop.cropType'), 'select')]}
        >
          <Radio.Group
            optionType="button"
            options={CROP_TYPES.map((c) => ({ value: c, label: t(`systemCatalogue:cropType.${c}`) }))}
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
