import {
  TRACE_CODE_MAX_QUANTITY,
  TRACE_CODE_REMARK_MAX,
  TRACE_CODE_ZIP_PNG_MAX,
  TRACE_LABELS_PER_PAGE,
} from '@tilth/contracts/trace-code.types';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/FeedbackProvider';
import { formatNumber } from '../../../shared/format/number';
import { type BatchOption, traceCodeApi } from './code.api';

interface Values {
  traceBatchId: number;
  quantity: number;
  remark?: string;
}

/** Queues a code package for a trace batch; the list then shows its progress. */
export function CreatePackageModal(props: {
  tenantId: number;
  open: boolean;
  batches: BatchOption[];
  onClose: (created: boolean) => void;
}) {
  const { t, i18n } = useTranslation(['traceCode', 'common']);
  const lang = i18n.language;
  const message = useMessage();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const quantity = Form.useWatch('quantity', form) ?? 0;
  const batchId = Form.useWatch('traceBatchId', form);
  const batch = props.batches.find((b) => b.traceBatchId === batchId);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await traceCodeApi.create(props.tenantId, {
        traceBatchId: v.traceBatchId,
        quantity: v.quantity,
        remark: v.remark?.trim() || null,
      });
      message.success(t('traceCode:create.queued'));
      props.onClose(true);
    } catch {
      // The API client showed the reason; the form stays.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('traceCode:create.title')}
      open={props.open}
      onCancel={() => props.onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('traceCode:create.submit')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ quantity: 100 }}>
        <Form.Item
          name="traceBatchId"
          label={t('traceCode:field.batch')}
          rules={[{ required: true, message: t('traceCode:create.batchRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('traceCode:create.batchPlaceholder')}
            notFoundContent={t('traceCode:create.noBatches')}
            options={props.batches.map((b) => ({
              value: b.traceBatchId,
              label: `${b.productName} · ${b.batchCode}${b.status === 'withdrawn' ? ` (${t('traceCode:batchWithdrawn')})` : ''}`,
              disabled: b.status === 'withdrawn',
            }))}
          />
        </Form.Item>
        {batch ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={
              batch.gtin
                ? t('traceCode:scheme.gs1Hint', { gtin: batch.gtin })
                : t('traceCode:scheme.tenantHint')
            }
          />
        ) : null}
        <Form.Item
          name="quantity"
          label={t('traceCode:field.quantity')}
          extra={t('traceCode:create.quantityHint', {
            max: formatNumber(TRACE_CODE_MAX_QUANTITY, lang),
            perPage: TRACE_LABELS_PER_PAGE,
            pages: formatNumber(Math.ceil(Math.max(1, quantity) / TRACE_LABELS_PER_PAGE), lang),
          })}
          rules={[
            { required: true, message: t('traceCode:create.quantityRequired') },
            {
              type: 'integer',
              min: 1,
              max: TRACE_CODE_MAX_QUANTITY,
              message: t('traceCode:create.quantityRange', {
                max: formatNumber(TRACE_CODE_MAX_QUANTITY, lang),
              }),
            },
          ]}
        >
          <InputNumber min={1} max={TRACE_CODE_MAX_QUANTITY} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {quantity > TRACE_CODE_ZIP_PNG_MAX ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('traceCode:create.zipWithoutImages', {
              max: formatNumber(TRACE_CODE_ZIP_PNG_MAX, lang),
            })}
          />
        ) : null}
        <Form.Item
          name="remark"
          label={t('traceCode:field.remark')}
          rules={[
            { max: TRACE_CODE_REMARK_MAX, message: t('traceCode:tooLong', { max: TRACE_CODE_REMARK_MAX }) },
          ]}
        >
          <Input.TextArea rows={2} maxLength={TRACE_CODE_REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
