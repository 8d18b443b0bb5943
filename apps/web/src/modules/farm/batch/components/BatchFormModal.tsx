import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { DatePicker } from '../../../../shared/form/DatePicker';
import { requiredRule } from '../../../../shared/form/fieldRules';
import { localName } from '../../../../shared/format/name';
import { baseApi, baseKeys } from '../../base/api/base.api';
import { type Batch, batchApi, batchKeys } from '../api/batch.api';
import {
  BATCH_CODE_MAX,
  BATCH_DESCRIPTION_MAX,
  BATCH_NAME_MAX,
  BATCH_QUANTITY_MAX,
  BATCH_TYPES,
  BATCH_UNIT_MAX,
  type BatchFormValues,
  type BatchType,
  DATE_FORMAT,
  datesInOrder,
  PLANTING_STANDARDS,
  toCreateBody,
  toFormValues,
  toUpdateBody,
  twoDecimals,
} from '../batchForm';

interface BatchFormModalProps {
  tenantId: number;
  open: boolean;
  batch: Batch | null;
  /** Base preselected for a new batch (the shell's base). */
  defaultAreaId?: number;
  onClose: () => void;
}

const CODE = /^[A-Za-z0-9_-]*$/;

/** Add or edit a batch: a crop variety on a plot over a period, or a stock of animals or fish in a pond. */
export function BatchFormModal({ tenantId, open, batch, defaultAreaId, onClose }: BatchFormModalProps) {
  const { t, i18n } = useTranslation(['farmBatch', 'common']);
  const [form] = Form.useForm<BatchFormValues>();
  const { busy, run } = useSubmit(batchKeys.all(tenantId), onClose);
  const batchType = Form.useWatch('batchType', form) as BatchType | undefined;
  const areaId = Form.useWatch('areaId', form) as number | undefined;
  const cropId = Form.useWatch('cropId', form) as number | undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(toFormValues(batch, { areaId: defaultAreaId }));
  }, [open, batch, defaultAreaId, form]);

  const areas = useQuery({
    queryKey: baseKeys.options(tenantId),
    queryFn: () => baseApi.all(tenantId),
    enabled: open,
  });
  const lands = useQuery({
    queryKey: batchKeys.lands(tenantId, areaId),
    queryFn: () => batchApi.lands(tenantId, areaId),
    enabled: open && areaId !== undefined,
  });
  const crops = useQuery({
    queryKey: batchKeys.crops(tenantId),
    queryFn: () => batchApi.crops(tenantId),
    enabled: open,
  });
  const varieties = useQuery({
    queryKey: batchKeys.varieties(tenantId, cropId),
    queryFn: () => batchApi.varieties(tenantId, cropId ?? 0),
    enabled: open && cropId !== undefined,
  });

  const submit = async (values: BatchFormValues) => {
    await run(async () => {
      if (batch) await batchApi.update(tenantId, toUpdateBody(batch, values));
      else await batchApi.create(tenantId, toCreateBody(values));
    }, t('common:message.saved'));
  };

  const landOptions = (lands.data ?? [])
    .filter((l) => !batchType || l.landUsage === batchType)
    .map((l) => {
      const taken = l.currentBatch !== null && l.currentBatch.batchId !== batch?.batchId;
      return {
        value: l.landId,
        label: taken
          ? `${l.landName} · ${t('farmBatch:form.landTaken', { name: l.currentBatch?.batchName ?? '' })}`
          : l.landName,
      };
    });
  const cropOptions = (crops.data ?? [])
    .filter((c) => !batchType || c.cropType === batchType || c.cropId === batch?.cropId)
    .map((c) => ({ value: c.cropId, label: localName(c.cropName, c.cropEnName, i18n.language) }));
  const quantityRule = {
    validator: (_: unknown, v: number | null | undefined) =>
      twoDecimals(v) ? Promise.resolve() : Promise.reject(new Error(t('farmBatch:form.twoDecimals'))),
  };

  return (
    <Modal
      open={open}
      title={batch ? t('farmBatch:form.editTitle') : t('farmBatch:form.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={720}
    >
      <Form<BatchFormValues>
        form={form}
        name="batchForm"
        layout="vertical"
        onFinish={(v) => void submit(v)}
        className="tl-batch-form"
      >
        <Form.Item
          name="batchName"
          label={t('farmBatch:field.batchName')}
          rules={[
            { required: true, whitespace: true, message: t('common:validation.required') },
            { max: BATCH_NAME_MAX, message: t('common:validation.maxLength', { max: BATCH_NAME_MAX }) },
          ]}
        >
          <Input maxLength={BATCH_NAME_MAX} />
        </Form.Item>
        <Form.Item
          name="batchCode"
          label={t('farmBatch:field.batchCode')}
          extra={batch ? undefined : t('farmBatch:form.codeHint')}
          rules={[
            { pattern: CODE, message: t('common:validation.code') },
            { max: BATCH_CODE_MAX, message: t('common:validation.maxLength', { max: BATCH_CODE_MAX }) },
          ]}
        >
          <Input maxLength={BATCH_CODE_MAX} />
        </Form.Item>
        <Form.Item
          name="batchType"
          label={t('farmBatch:field.batchType')}
          rules={[requiredRule(t, t('farmBatch:field.batchType'), 'select')]}
        >
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={BATCH_TYPES.map((v) => ({ value: v, label: t(`farmBatch:type.${v}`) }))}
            onChange={() => form.setFieldsValue({ landId: null, cropId: undefined, varietyId: null })}
          />
        </Form.Item>
        <Form.Item
          name="plantingStandard"
          label={t('farmBatch:field.plantingStandard')}
          rules={[{ required: true, message: t('common:validation.required') }]}
        >
          <Select
            options={PLANTING_STANDARDS.map((v) => ({ value: v, label: t(`farmBatch:standard.${v}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="areaId"
          label={t('farmBatch:field.area')}
          rules={[{ required: true, message: t('common:validation.required') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={areas.isFetching}
            options={(areas.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
            onChange={() => form.setFieldsValue({ landId: null })}
          />
        </Form.Item>
        <Form.Item
          name="landId"
          label={batchType === 'nurture' ? t('farmBatch:field.pond') : t('farmBatch:field.land')}
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={lands.isFetching}
            disabled={areaId === undefined}
            placeholder={t('farmBatch:form.landPlaceholder')}
            options={landOptions}
          />
        </Form.Item>
        <Form.Item
          name="cropId"
          label={batchType === 'nurture' ? t('farmBatch:field.species') : t('farmBatch:field.crop')}
          rules={[{ required: true, message: t('common:validation.required') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={crops.isFetching}
            options={cropOptions}
            onChange={() => form.setFieldsValue({ varietyId: null })}
          />
        </Form.Item>
        <Form.Item name="varietyId" label={t('farmBatch:field.variety')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={varieties.isFetching}
            disabled={cropId === undefined}
            options={(varieties.data ?? []).map((v) => ({ value: v.varietyId, label: v.varietyName }))}
          />
        </Form.Item>
        <Form.Item
          name="startDate"
          label={t('farmBatch:field.startDate')}
          rules={[{ required: true, message: t('common:validation.required') }]}
        >
          <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} />
        </Form.Item>
        <Form.Item
          name="endDate"
          label={t('farmBatch:field.endDate')}
          dependencies={['startDate']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, end: BatchFormValues['endDate']) =>
                datesInOrder(getFieldValue('startDate') as BatchFormValues['startDate'], end)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('common:validation.dateOrder'))),
            }),
          ]}
        >
          <DatePicker style={{ width: '100%' }} format={DATE_FORMAT} />
        </Form.Item>
        <Form.Item name="plannedQuantity" label={t('farmBatch:field.plannedQuantity')} rules={[quantityRule]}>
          <InputNumber style={{ width: '100%' }} min={0} max={BATCH_QUANTITY_MAX} precision={2} />
        </Form.Item>
        <Form.Item
          name="unit"
          label={t('farmBatch:field.unit')}
          rules={[
            { max: BATCH_UNIT_MAX, message: t('common:validation.maxLength', { max: BATCH_UNIT_MAX }) },
          ]}
        >
          <Input maxLength={BATCH_UNIT_MAX} placeholder={t('farmBatch:form.unitPlaceholder')} />
        </Form.Item>
        {batchType === 'nurture' ? (
          <Form.Item name="stockCount" label={t('farmBatch:field.stockCount')}>
            <InputNumber style={{ width: '100%' }} min={0} max={2_147_483_647} precision={0} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="description"
          label={t('farmBatch:field.description')}
          className="tl-batch-form__wide"
          rules={[
            {
              max: BATCH_DESCRIPTION_MAX,
              message: t('common:validation.maxLength', { max: BATCH_DESCRIPTION_MAX }),
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={BATCH_DESCRIPTION_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
