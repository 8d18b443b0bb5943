import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { DatePicker } from '../../../../shared/form/DatePicker';
import { fromInstant } from '../../../../shared/format/time';
import { type Batch, batchApi, batchKeys } from '../api/batch.api';
import {
  BATCH_QUANTITY_MAX,
  BATCH_UNIT_MAX,
  DATE_FORMAT,
  type HarvestFormValues,
  toHarvestBody,
  toHarvestValues,
  twoDecimals,
} from '../batchForm';

/** Records the harvest of a batch (quantity, unit, date); the batch becomes harvested. */
export function HarvestModal({
  tenantId,
  batch,
  onClose,
}: {
  tenantId: number;
  batch: Batch | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['farmBatch', 'common']);
  const [form] = Form.useForm<HarvestFormValues>();
  const { busy, run } = useSubmit(batchKeys.all(tenantId), onClose);

  useEffect(() => {
    if (!batch) return;
    form.resetFields();
    form.setFieldsValue(toHarvestValues(batch));
  }, [batch, form]);

  const submit = async (values: HarvestFormValues) => {
    if (!batch) return;
    await run(async () => {
      await batchApi.harvest(tenantId, toHarvestBody(batch, values));
    }, t('farmBatch:harvest.done'));
  };

  return (
    <Modal
      open={batch !== null}
      title={t('farmBatch:harvest.title', { name: batch?.batchName ?? '' })}
      okText={t('common:action.confirm')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<HarvestFormValues>
        form={form}
        name="harvestForm"
        layout="vertical"
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="harvestQuantity"
          label={t('farmBatch:field.harvestQuantity')}
          rules={[
            { required: true, message: t('common:validation.required') },
            {
              validator: (_, v: number | null | undefined) =>
                v === null || v === undefined || (v > 0 && twoDecimals(v))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('farmBatch:harvest.quantityRule'))),
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} min={0} max={BATCH_QUANTITY_MAX} precision={2} />
        </Form.Item>
        <Form.Item
          name="unit"
          label={t('farmBatch:field.unit')}
          rules={[
            { required: true, whitespace: true, message: t('common:validation.required') },
            { max: BATCH_UNIT_MAX, message: t('common:validation.maxLength', { max: BATCH_UNIT_MAX }) },
          ]}
        >
          <Input maxLength={BATCH_UNIT_MAX} placeholder={t('farmBatch:form.unitPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="harvestDate"
          label={t('farmBatch:field.harvestDate')}
          rules={[
            { required: true, message: t('common:validation.required') },
            {
              validator: (_, v: HarvestFormValues['harvestDate']) =>
                !v || !batch || !v.isBefore(fromInstant(batch.startDate), 'day')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('farmBatch:harvest.beforeStart'))),
            },
          ]}
        >
          <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
