import { INV_REMARK_MAX } from '@tilth/contracts/inventory.base.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Switch from 'antd/es/switch';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { invBaseKeys } from '../baseData.api';

// One frame for the base data edited in a dialog (units, attributes, warehouses): the form is filled
// from the row (or the defaults) each time it opens, saving refreshes every base-data query and closes.
// Each dialog lays out its own fields.

export interface BaseFormModalProps<R, V extends object> {
  tenantId: number;
  open: boolean;
  /** null: a new row. */
  row: R | null;
  onClose: () => void;
  /** Translation keys of the titles. */
  addTitle: string;
  editTitle: string;
  width: number;
  /** The form's values for the row (null: a new one). */
  valuesOf: (row: R | null) => V;
  /** Creates (row null) or updates the row with its version. */
  save: (values: V, row: R | null) => Promise<unknown>;
  children: ReactNode;
}

export function BaseFormModal<R, V extends object>(p: BaseFormModalProps<R, V>) {
  const { t } = useTranslation(['invBase', 'common']);
  const [form] = Form.useForm<V>();
  const { busy, run } = useSubmit(invBaseKeys.all(p.tenantId), p.onClose);
  const { open, row, valuesOf } = p;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(row) as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, row, form, valuesOf]);

  return (
    <Modal
      open={open}
      title={t(row ? p.editTitle : p.addTitle)}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={p.onClose}
      forceRender
      width={p.width}
    >
      <Form<V>
        form={form}
        layout="vertical"
        onFinish={(v) => void run(() => p.save(v, row), t('common:message.saved'))}
      >
        {p.children}
      </Form>
    </Modal>
  );
}

/** The remark of a dialog (two rows). */
export function RemarkItem() {
  const { t } = useTranslation(['invBase']);
  return (
    <Form.Item name="remark" label={t('invBase:field.remark')}>
      <Input.TextArea maxLength={INV_REMARK_MAX} rows={2} />
    </Form.Item>
  );
}

/** The enabled switch of a form (`enabled`, sent as enabledFlag). */
export function EnabledItem() {
  const { t } = useTranslation(['invBase']);
  return (
    <Form.Item name="enabled" label={t('invBase:field.enabled')} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}
