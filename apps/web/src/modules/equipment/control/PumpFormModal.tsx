import type { AeratorItem } from '@tilth/contracts/control.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { requiredRule } from '../../../shared/form/fieldRules';
import { controlApi, controlKeys } from './control.api';

interface Values {
  name: string;
  node: number;
}

/** Adds or edits an aerator pump: name and a free port (node 1–4) of the regulator. */
export function PumpFormModal({
  tenantId,
  regulatorId,
  open,
  item,
  usedNodes,
  onClose,
}: {
  tenantId: number;
  regulatorId: number;
  open: boolean;
  item: AeratorItem | null;
  usedNodes: readonly number[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['control', 'common']);
  const [form] = Form.useForm<Values>();
  const submit = useSubmit(controlKeys.pumps(tenantId, regulatorId), onClose);
  const free = [1, 2, 3, 4].filter((n) => n === item?.node || !usedNodes.includes(n));
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(item ? { name: item.name, node: item.node } : { node: free[0] });
  }, [open, item, form, free[0]]);

  const save = async () => {
    const v = await form.validateFields();
    await submit.run(
      () =>
        item
          ? controlApi.updatePump(tenantId, {
              id: item.id,
              objectVersionNumber: item.objectVersionNumber,
              ...v,
            })
          : controlApi.createPump(tenantId, { regulatorId, ...v }),
      t('control:message.saved'),
    );
  };

  return (
    <Modal
      open={open}
      title={item ? t('control:aerator.edit') : t('control:aerator.add')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={submit.busy}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('control:aerator.name')}
          rules={[{ required: true, whitespace: true, max: 60 }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="node"
          label={t('control:aerator.node')}
          rules={[requiredRule(t, t('control:aerator.node'), 'select')]}
        >
          <Select options={free.map((n) => ({ value: n, label: t('control:aerator.port', { node: n }) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
