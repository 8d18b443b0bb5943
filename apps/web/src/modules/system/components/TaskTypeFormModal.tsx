import {
  CATALOGUE_DESCRIPTION_MAX,
  isCropEnName,
  TASK_TYPE_CODE_MAX,
  TASK_TYPE_EN_NAME_MAX,
  TASK_TYPE_NAME_MAX,
} from '@tilth/contracts/crop.types';
import ColorPicker from 'antd/es/color-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { catalogueKeys, type TaskType, taskTypeApi } from '../api/catalogue.api';

interface TaskTypeFormValues {
  typeName: string;
  typeEnName?: string;
  typeCode?: string;
  color?: string | null;
  description?: string;
  enabled: boolean;
}

interface TaskTypeFormModalProps {
  tenantId: number;
  open: boolean;
  /** null: a new task type. */
  taskType: TaskType | null;
  onClose: () => void;
}

const CODE = /^[A-Za-z0-9_]*$/;
/** Suggested colours of the picker. */
export const TASK_TYPE_PRESETS = [
  '#1b9961',
  '#1677ff',
  '#fa8c16',
  '#eb2f96',
  '#722ed1',
  '#13c2c2',
  '#a0d911',
  '#8c8c8c',
];

/** Add or edit a task type: name, code, colour, description, enabled. */
export function TaskTypeFormModal({ tenantId, open, taskType, onClose }: TaskTypeFormModalProps) {
  const { t } = useTranslation(['systemCatalogue', 'common']);
  const [form] = Form.useForm<TaskTypeFormValues>();
  const { busy, run } = useSubmit(catalogueKeys.taskTypes(tenantId), onClose);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      typeName: taskType?.typeName ?? '',
      typeEnName: taskType?.typeEnName ?? '',
      typeCode: taskType?.typeCode ?? '',
      color: taskType?.color ?? null,
      description: taskType?.description ?? '',
      enabled: (taskType?.enabledFlag ?? 1) === 1,
    });
  }, [open, taskType, form]);

  const submit = async (v: TaskTypeFormValues) => {
    const body = {
      typeName: v.typeName,
      typeEnName: v.typeEnName ?? '',
      typeCode: v.typeCode ?? '',
      color: v.color ?? null,
      description: v.description ?? '',
      enabledFlag: v.enabled ? 1 : 0,
    } as const;
    await run(
      async () => {
        if (taskType) {
          await taskTypeApi.update(tenantId, {
            ...body,
            taskTypeId: taskType.taskTypeId,
            objectVersionNumber: taskType.objectVersionNumber,
          });
        } else await taskTypeApi.create(tenantId, body);
      },
      taskType ? t('common:message.saved') : t('systemCatalogue:message.created'),
    );
  };

  return (
    <Modal
      open={open}
      title={taskType ? t('systemCatalogue:taskType.editTitle') : t('systemCatalogue:taskType.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={520}
    >
      <Form<TaskTypeFormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="typeName"
          label={t('systemCatalogue:taskType.typeName')}
          rules={[{ required: true, whitespace: true, message: t('common:validation.required') }]}
        >
          <Input maxLength={TASK_TYPE_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="typeEnName"
          label={t('systemCatalogue:taskType.typeEnName')}
          rules={[
            {
              // The server's rule (contracts): Latin letters, digits, spaces and punctuation only.
              validator: async (_r, v: string | undefined) => {
                if (v && !isCropEnName(v.trim())) throw new Error(t('systemCatalogue:crop.enNameLatin'));
              },
            },
          ]}
        >
          <Input maxLength={TASK_TYPE_EN_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="typeCode"
          label={t('systemCatalogue:taskType.typeCode')}
          rules={[{ pattern: CODE, message: t('systemCatalogue:validation.code') }]}
        >
          <Input maxLength={TASK_TYPE_CODE_MAX} />
        </Form.Item>
        <Form.Item
          name="color"
          label={t('systemCatalogue:taskType.color')}
          getValueFromEvent={(_: unknown, hex: string) => hex}
        >
          <ColorPicker
            allowClear
            disabledAlpha
            format="hex"
            showText
            presets={[{ label: t('systemCatalogue:taskType.presets'), colors: TASK_TYPE_PRESETS }]}
            onClear={() => form.setFieldValue('color', null)}
          />
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
