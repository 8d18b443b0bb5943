import { INV_CODE_MAX, INV_REMARK_MAX } from '@tilth/contracts/inventory.base.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { type InvUnit, invBaseKeys, unitApi } from '../baseData.api';
import { CODE_PATTERN } from './baseUi';

interface Values {
  unitName: string;
  unitCode: string;
  remark?: string;
  enabled: boolean;
}

interface Props {
  tenantId: number;
  open: boolean;
  /** null: a new unit. */
  unit: InvUnit | null;
  onClose: () => void;
}

/** Add or edit a unit: name, code, remark, enabled. */
export function UnitFormModal({ tenantId, open, unit, onClose }: Props) {
  const { t } = useTranslation(['invBase', 'common']);
  const [form] = Form.useForm<Values>();
  const { busy, run } = useSubmit(invBaseKeys.all(tenantId), onClose);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      unitName: unit?.unitName ?? '',
      unitCode: unit?.unitCode ?? '',
      remark: unit?.remark ?? '',
      enabled: (unit?.enabledFlag ?? 1) === 1,
    });
  }, [open, unit, form]);

  const submit = (v: Values) =>
    run(async () => {
      const body = {
        unitName: v.unitName,
        unitCode: v.unitCode,
        remark: v.remark ?? '',
        enabledFlag: v.enabled ? 1 : 0,
      } as const;
      if (unit)
        await unitApi.update(tenantId, unit.id, { ...body, objectVersionNumber: unit.objectVersionNumber });
      else await unitApi.create(tenantId, body);
    }, t('common:message.saved'));

  return (
    <Modal
      open={open}
      title={unit ? t('invBase:unit.editTitle') : t('invBase:unit.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={480}
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="unitName"
          label={t('invBase:unit.unitName')}
          rules={[{ required: true, whitespace: true, message: t('invBase:rule.required') }]}
        >
          <Input maxLength={20} showCount />
        </Form.Item>
        <Form.Item
          name="unitCode"
          label={t('invBase:unit.unitCode')}
          rules={[
            { required: true, message: t('invBase:rule.required') },
            { pattern: CODE_PATTERN, message: t('invBase:rule.code') },
          ]}
        >
          <Input maxLength={INV_CODE_MAX} placeholder="KG" />
        </Form.Item>
        <Form.Item name="remark" label={t('invBase:field.remark')}>
          <Input.TextArea maxLength={INV_REMARK_MAX} rows={2} />
        </Form.Item>
        <Form.Item name="enabled" label={t('invBase:field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
