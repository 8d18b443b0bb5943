import { useQuery, useQueryClient } from '@tanstack/react-query';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../../shared/FeedbackProvider';
import { DatePicker } from '../../../../shared/form/DatePicker';
import { fromInstant } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { type InvDoc, type InvDocLine, type InvExecuteBody, invDocApi, invDocKeys } from '../api/invDoc.api';
import { useDocFormat } from '../docFormat';
import { executeLines, executeProblem } from '../docModel';

export interface ExecuteRow {
  lineId: number;
  quantity: number | null;
  lotNo?: string;
  expiryDate?: Dayjs | null;
}

export interface ExecuteValues {
  rows: ExecuteRow[];
}

/** The lines still to store / ship, each defaulting to all that remains. */
export const executeDefaults = (doc: InvDoc): ExecuteValues => ({
  rows: (doc.lines ?? [])
    .filter((l) => l.remainingQty > 0)
    .map((l) => ({
      lineId: l.id,
      quantity: l.remainingQty,
      lotNo: l.lotNo,
      expiryDate: l.expiryDate ? fromInstant(l.expiryDate) : null,
    })),
});

/** The execute call's body: lines with a quantity above zero, lot and expiry as entered. */
export const executeBody = (doc: InvDoc, values: ExecuteValues): InvExecuteBody => ({
  objectVersionNumber: doc.objectVersionNumber,
  lines: executeLines(values.rows).map((r) => ({
    lineId: r.lineId,
    quantity: r.quantity ?? 0,
    ...(r.lotNo?.trim() ? { lotNo: r.lotNo.trim() } : {}),
    ...(r.expiryDate ? { expiryDate: r.expiryDate.format('YYYY-MM-DD') } : {}),
  })),
});

/** The form rule of a store / ship quantity: 0 (skip) up to what remains of the line, 4 decimals. */
export const executeQuantityRule = (remaining: number, t: (key: string) => string) => ({
  validator: async (_rule: unknown, v: number | null | undefined) => {
    const problem = executeProblem(v, remaining);
    if (problem) throw new Error(t(`invDoc:rule.execute.${problem}`));
  },
});

interface ExecuteFormProps {
  doc: InvDoc;
  form: FormInstance<ExecuteValues>;
  mode: 'store' | 'ship';
}

/** Per line: what remains and how much to store / ship now (partial allowed, never above what remains). */
export function ExecuteForm({ doc, form, mode }: ExecuteFormProps) {
  const { t } = useTranslation(['invDoc', 'common']);
  const fmt = useDocFormat();
  const byId = new Map((doc.lines ?? []).map((l) => [l.id, l]));
  const initial = executeDefaults(doc);
  // A receipt in parts may name another lot (and expiry) per part; a shipment takes the line's lot.
  const lotEditable = mode === 'store';
  return (
    <Form<ExecuteValues> form={form} initialValues={initial} layout="vertical">
      <Form.List
        name="rows"
        rules={[
          {
            validator: async (_, rows: ExecuteRow[] | undefined) => {
              if (executeLines(rows ?? []).length === 0) throw new Error(t('invDoc:rule.executeNone'));
            },
          },
        ]}
      >
        {(fields, _ops, { errors }) => (
          <>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={fields}
              scroll={{ x: 760 }}
              columns={[
                {
                  title: t('invDoc:line.product'),
                  key: 'product',
                  render: (_, f) => {
                    const l = byId.get(initial.rows[f.name]?.lineId ?? 0);
                    return l ? `${l.productName ?? ''}${l.skuName ? ` · ${l.skuName}` : ''}` : null;
                  },
                },
                {
                  title: t('invDoc:line.unit'),
                  key: 'unit',
                  width: 80,
                  render: (_, f) => byId.get(initial.rows[f.name]?.lineId ?? 0)?.unitName ?? '',
                },
                {
                  title: t('invDoc:line.remaining'),
                  key: 'remaining',
                  width: 110,
                  align: 'right',
                  render: (_, f) => fmt.quantity(byId.get(initial.rows[f.name]?.lineId ?? 0)?.remainingQty),
                },
                {
                  title: t(`invDoc:execute.${mode}Qty`),
                  key: 'quantity',
                  width: 160,
                  render: (_, f) => {
                    const remaining = byId.get(initial.rows[f.name]?.lineId ?? 0)?.remainingQty ?? 0;
                    return (
                      <Form.Item
                        name={[f.name, 'quantity']}
                        style={{ margin: 0 }}
                        rules={[executeQuantityRule(remaining, t)]}
                      >
                        <InputNumber<number>
                          min={0}
                          max={remaining}
                          style={{ width: '100%' }}
                          aria-label={t(`invDoc:execute.${mode}Qty`)}
                        />
                      </Form.Item>
                    );
                  },
                },
                {
                  title: t('invDoc:line.lot'),
                  key: 'lot',
                  width: 150,
                  render: (_, f) => {
                    const l: InvDocLine | undefined = byId.get(initial.rows[f.name]?.lineId ?? 0);
                    if (!l?.lotNo || !lotEditable) return l?.lotNo || '';
                    return (
                      <Form.Item
                        name={[f.name, 'lotNo']}
                        style={{ margin: 0 }}
                        rules={[{ required: true, whitespace: true, message: t('invDoc:rule.lot') }]}
                      >
                        <Input maxLength={40} />
                      </Form.Item>
                    );
                  },
                },
                {
                  title: t('invDoc:line.expiry'),
                  key: 'expiry',
                  width: 160,
                  render: (_, f) => {
                    const l = byId.get(initial.rows[f.name]?.lineId ?? 0);
                    if (!l?.expiryDate || !lotEditable) return l?.expiryDate ?? '';
                    return (
                      <Form.Item
                        name={[f.name, 'expiryDate']}
                        style={{ margin: 0 }}
                        rules={[{ required: true, message: t('invDoc:rule.expiry') }]}
                      >
                        <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
                      </Form.Item>
                    );
                  },
                },
              ]}
            />
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Form>
  );
}

/** Store (inbound) or ship (outbound) an approved document, line by line. */
export function ExecuteDialog({
  docId,
  onClose,
  onDone,
}: {
  docId: number | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation(['invDoc', 'common']);
  const { tenantId } = useShell();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ExecuteValues>();
  const [saving, setSaving] = useState(false);
  const doc = useQuery({
    queryKey: invDocKeys.doc(tenantId, docId ?? 0),
    queryFn: () => invDocApi.get(tenantId, docId ?? 0),
    enabled: docId !== null,
  });
  const d = doc.data;
  const mode = d?.docType === 'shipment' ? 'ship' : 'store';
  useEffect(() => {
    if (d && docId !== null) form.setFieldsValue(executeDefaults(d));
  }, [d, docId, form]);

  const ok = async () => {
    if (!d) return;
    let values: ExecuteValues;
    try {
      await form.validateFields();
      // validateFields answers only the rendered fields; the rows' lineId lives in the store alone.
      values = form.getFieldsValue(true) as ExecuteValues;
    } catch {
      return;
    }
    setSaving(true);
    try {
      await invDocApi.execute(tenantId, d.id, executeBody(d, values));
      message.success(t(`invDoc:message.${mode}Done`));
      await queryClient.invalidateQueries({ queryKey: invDocKeys.all(tenantId) });
      onDone?.();
      onClose();
    } catch {
      // Shortage, over-quantity, stale version: the API client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={docId !== null}
      title={d ? t(`invDoc:execute.${mode}Title`, { code: d.docCode }) : ''}
      width={900}
      onCancel={onClose}
      onOk={() => void ok()}
      okText={t(`invDoc:action.${mode}`)}
      confirmLoading={saving}
      destroyOnHidden
    >
      {d ? <ExecuteForm doc={d} form={form} mode={mode} /> : <Spin />}
    </Modal>
  );
}
