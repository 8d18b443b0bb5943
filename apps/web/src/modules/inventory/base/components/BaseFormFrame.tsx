import { useQuery } from '@tanstack/react-query';
import {
  INV_ADDRESS_MAX,
  INV_CODE_MAX,
  INV_NAME_MAX,
  INV_REMARK_MAX,
} from '@tilth/contracts/inventory.base.types';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { useShell } from '../../../../shell/ShellContext';
import { invBaseKeys } from '../baseData.api';
import { CODE_PATTERN } from './baseUi';

// One frame for the base-data pages edited on a page of their own (shops, counterparties): add at
// …/add, edit at …/edit/{id}; code and name first, the page's own fields, then address, remark and
// state; save goes back to the list, an unknown id shows "not found".

/** What the frame itself reads and writes of a row; the page adds its own fields. */
export interface BaseFormRow {
  id: number;
  address: string | null;
  remark: string | null;
  enabledFlag: number;
  objectVersionNumber: number;
}
/** The frame's fields in the form. */
export interface BaseFormValues {
  address?: string;
  remark?: string;
  enabled: boolean;
}
/** The frame's part of a body: the page spreads it into its own. */
export interface BaseFormBody {
  address: string;
  remark: string;
  enabledFlag: 0 | 1;
}

export interface BaseFormConfig<R extends BaseFormRow, V extends BaseFormValues> {
  /** The field names of the code and the name and their translation keys. */
  codeField: { name: string; label: string };
  nameField: { name: string; label: string };
  /** The list page the form returns to. */
  listPath: string;
  /** Translation key of the "no such row" state. */
  notFound: string;
  rowKey: (tenantId: number, id: number) => readonly unknown[];
  get: (tenantId: number, id: number) => Promise<R>;
  /** The page's own fields of the row, as form values. */
  valuesOf: (row: R) => Omit<V, keyof BaseFormValues>;
  /** Saves (create when `current` is undefined, else update with its version). */
  save: (tenantId: number, values: V, common: BaseFormBody, current: R | undefined) => Promise<unknown>;
  initialValues?: Partial<V>;
  /** The page's fields between the name and the address. */
  children: (current: R | undefined) => ReactNode;
}

export function BaseFormFrame<R extends BaseFormRow, V extends BaseFormValues>(cfg: BaseFormConfig<R, V>) {
  const { t } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const { id } = useParams();
  const rowId = id ? Number(id) : undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm<V>();
  const { busy, run } = useSubmit(invBaseKeys.all(tenantId), () => navigate(cfg.listPath));
  const current = useQuery({
    queryKey: cfg.rowKey(tenantId, rowId ?? 0),
    queryFn: () => cfg.get(tenantId, rowId ?? 0),
    enabled: rowId !== undefined && Number.isSafeInteger(rowId),
  });
  const { valuesOf } = cfg;

  useEffect(() => {
    const row = current.data;
    if (!row) return;
    form.setFieldsValue({
      ...valuesOf(row),
      address: row.address ?? '',
      remark: row.remark ?? '',
      enabled: row.enabledFlag === 1,
    } as Parameters<typeof form.setFieldsValue>[0]);
  }, [current.data, form, valuesOf]);

  if (rowId !== undefined && (current.isError || !Number.isSafeInteger(rowId)))
    return <EmptyState variant="notFound" title={t(cfg.notFound)} />;
  if (rowId !== undefined && !current.data) return <Spin />;

  const submit = (v: V) =>
    run(async () => {
      const common: BaseFormBody = {
        address: v.address ?? '',
        remark: v.remark ?? '',
        enabledFlag: v.enabled ? 1 : 0,
      };
      await cfg.save(tenantId, v, common, current.data);
    }, t('common:message.saved'));

  return (
    <section className="tl-card">
      <Form<V>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{ enabled: true, ...cfg.initialValues }}
        onFinish={(v) => void submit(v)}
      >
        <Space size="large" wrap>
          <Form.Item
            name={cfg.codeField.name}
            label={t(cfg.codeField.label)}
            rules={[
              { required: true, message: t('invBase:rule.required') },
              { pattern: CODE_PATTERN, message: t('invBase:rule.code') },
            ]}
          >
            <Input maxLength={INV_CODE_MAX} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item
            name={cfg.nameField.name}
            label={t(cfg.nameField.label)}
            rules={[{ required: true, whitespace: true, message: t('invBase:rule.required') }]}
          >
            <Input maxLength={INV_NAME_MAX} style={{ width: 360 }} />
          </Form.Item>
        </Space>
        {cfg.children(current.data)}
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
          <Button onClick={() => navigate(cfg.listPath)}>{t('common:action.cancel')}</Button>
        </Space>
      </Form>
    </section>
  );
}
