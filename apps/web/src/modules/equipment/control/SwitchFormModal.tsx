import type { SwitchItem } from '@tilth/contracts/control.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { requiredRule } from '../../../shared/form/fieldRules';
import { controlApi, controlKeys } from './control.api';

interface Values {
  name: string;
  circuit: number;
  switchTypeName: 'regular' | 'motorised' | 'curtain';
}

/** Adds or edits a gateway switch (name, circuit 0–255, regular / motorised / curtain). */
export function SwitchFormModal({
  tenantId,
  gatewayId,
  open,
  item,
  onClose,
}: {
  tenantId: number;
  gatewayId: number;
  open: boolean;
  item: SwitchItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['control', 'common']);
  const [form] = Form.useForm<Values>();
  const submit = useSubmit(controlKeys.switches(tenantId, gatewayId), onClose);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (item)
      form.setFieldsValue({ name: item.name, circuit: item.circuit, switchTypeName: item.switchTypeName });
  }, [open, item, form]);

  const save = async () => {
    const v = await form.validateFields();
    await submit.run(
      () =>
        item
          ? controlApi.updateSwitch(tenantId, {
              switchId: item.switchId,
              objectVersionNumber: item.objectVersionNumber,
              ...v,
            })
          : controlApi.createSwitch(tenantId, { concentratorId: gatewayId, ...v }),
      t('control:message.saved'),
    );
  };

  return (
    <Modal
      open={open}
      title={item ? t('control:switch.edit') : t('control:switch.add')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={submit.busy}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ switchTypeName: 'regular' }}>
        <Form.Item
          name="name"
          label={t('control:switch.name')}
          rules={[{ required: true, whitespace: true, max: 60 }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="circuit" label={t('control:switch.circuit')} rules={[{ required: true }]}>
          <InputNumber min={0} max={255} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="switchTypeName"
          label={t('control:switch.type')}
          rules={[requiredRule(t, t('control:switch.type'), 'select')]}
        >
          <Select
            options={(['regular', 'motorised', 'curtain'] as const).map((v) => ({
              value: v,
              label: t(`control:switch.types.${v}`),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
