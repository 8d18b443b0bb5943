import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { DatePicker } from '../../../shared/form/DatePicker';
import { useShell } from '../../../shell/ShellContext';
import { type BatchInput, catalogApi, catalogKeys, type TraceBatch } from '../api/catalog.api';
import { harvestLabel, proposedExpiry, quantityProblem } from './catalogModel';
import { dayField } from './components/dateField';
import { FileField } from './components/FileField';

const LOT_PATTERN = /^[A-Za-z0-9_-]{1,20}$/;

const toValues = (b: TraceBatch | null): Partial<BatchInput> =>
  b
    ? {
        ...b,
        weight: b.weight === null ? null : Number(b.weight),
        sources: b.sources.map((s) => ({
          farmBatchId: s.farmBatchId,
          quantity: s.quantity === null ? null : Number(s.quantity),
        })),
      }
    : { sources: [{ farmBatchId: undefined as unknown as number }], inspections: [] };

export interface BatchFormDrawerProps {
  open: boolean;
  batch: TraceBatch | null;
  onClose: () => void;
}

/** Create or edit a trace batch: product, lot code, the harvests it is made of, dates and inspections. */
export function BatchFormDrawer({ open, batch, onClose }: BatchFormDrawerProps) {
  const { t, i18n } = useTranslation(['traceCatalog', 'common']);
  const { tenantId } = useShell();
  const [form] = Form.useForm<BatchInput>();
  const submit = useSubmit(catalogKeys.batches(tenantId), onClose);
  const products = useQuery({
    queryKey: catalogKeys.productOptions(tenantId),
    queryFn: () => catalogApi.products(tenantId, { page: 0, size: 0 }).then((p) => p.content),
    enabled: open,
  });
  const harvests = useQuery({
    queryKey: catalogKeys.harvests(tenantId),
    queryFn: () => catalogApi.harvests(tenantId, { page: 0, size: 0 }).then((p) => p.content),
    enabled: open,
  });
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const productId = Form.useWatch('traceProductId', form);
  const product = products.data?.find((p) => p.traceProductId === productId);

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(toValues(batch));
    }
  }, [open, batch, form]);

  // The expiry proposed from the product's shelf life when the production date or product changes.
  // Read from the form, not the last render: the select's change runs before the watch updates.
  const propose = () => {
    const id = form.getFieldValue('traceProductId');
    const chosen = products.data?.find((p) => p.traceProductId === id);
    const expiry = proposedExpiry(form.getFieldValue('productionDate'), chosen);
    if (expiry) form.setFieldValue('expiryDate', expiry);
  };

  const save = async () => {
    // An invalid form shows its messages in place.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: BatchInput = { ...v, inspections: v.inspections ?? [] };
    await submit.run(
      () =>
        batch
          ? catalogApi.updateBatch(tenantId, {
              ...body,
              traceBatchId: batch.traceBatchId,
              objectVersionNumber: batch.objectVersionNumber,
            })
          : catalogApi.createBatch(tenantId, body),
      t('common:message.saved'),
    );
  };

  const required = { required: true, message: t('traceCatalog:form.required') };
  return (
    <Drawer
      open={open}
      width={720}
      title={t(batch ? 'traceCatalog:batch.edit' : 'traceCatalog:batch.add')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="primary" loading={submit.busy} onClick={() => void save()}>
            {t('common:action.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item name="traceProductId" label={t('traceCatalog:batch.product')} rules={[required]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={products.isLoading}
            onChange={() => setTimeout(propose)}
            options={(products.data ?? []).map((p) => ({ value: p.traceProductId, label: p.productName }))}
          />
        </Form.Item>
        <Form.Item
          name="batchCode"
          label={t('traceCatalog:batch.code')}
          extra={t('traceCatalog:batch.codeHelp')}
          rules={[required, { pattern: LOT_PATTERN, message: t('traceCatalog:batch.codeInvalid') }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item label={t('traceCatalog:batch.sources')} required>
          <Form.List name="sources">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="start" style={{ display: 'flex' }}>
                    <Form.Item name={[f.name, 'farmBatchId']} rules={[required]} style={{ width: 470 }}>
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        loading={harvests.isLoading}
                        placeholder={t('traceCatalog:batch.pickHarvest')}
                        notFoundContent={t('traceCatalog:batch.noHarvest')}
                        options={(harvests.data ?? []).map((h) => ({
                          value: h.farmBatchId,
                          label: harvestLabel(h, number),
                        }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'quantity']}
                      dependencies={[['sources', f.name, 'farmBatchId']]}
                      rules={[
                        ({ getFieldValue }) => ({
                          validator: (_, q: number | null) => {
                            const id = getFieldValue(['sources', f.name, 'farmBatchId']);
                            const problem = quantityProblem(
                              q,
                              harvests.data?.find((h) => h.farmBatchId === id),
                            );
                            return problem
                              ? Promise.reject(new Error(t(`traceCatalog:batch.quantity.${problem}`)))
                              : Promise.resolve();
                          },
                        }),
                      ]}
                    >
                      <InputNumber
                        min={0}
                        placeholder={t('traceCatalog:batch.quantityAll')}
                        style={{ width: 150 }}
                      />
                    </Form.Item>
                    {fields.length > 1 ? (
                      <Button
                        type="text"
                        danger
                        icon={<MinusCircleOutlined />}
                        aria-label={t('common:action.delete')}
                        onClick={() => remove(f.name)}
                      />
                    ) : null}
                  </Space>
                ))}
                {fields.length < 20 ? (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                    {t('traceCatalog:batch.addSource')}
                  </Button>
                ) : null}
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item
          name="placeOfOrigin"
          label={t('traceCatalog:field.placeOfOrigin')}
          extra={
            product ? t('traceCatalog:batch.originDefault', { origin: product.placeOfOrigin }) : undefined
          }
          rules={[{ max: 100 }]}
        >
          <Input maxLength={100} placeholder={product?.placeOfOrigin} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item
            name="weight"
            label={t('traceCatalog:batch.weight', {
              unit: product ? t(`traceCatalog:unit.${product.weightUnit}`) : '',
            })}
            style={{ flex: 1 }}
          >
            <InputNumber min={0.001} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="specification"
            label={t('traceCatalog:field.specification')}
            style={{ flex: 1, marginLeft: 12 }}
            rules={[{ max: 60 }]}
          >
            <Input maxLength={60} placeholder={product?.specification ?? undefined} />
          </Form.Item>
        </Space.Compact>
        <Space.Compact block>
          <Form.Item
            name="productionDate"
            label={t('traceCatalog:batch.productionDate')}
            rules={[required]}
            style={{ flex: 1 }}
            {...dayField}
          >
            <DatePicker style={{ width: '100%' }} onChange={() => setTimeout(propose)} />
          </Form.Item>
          <Form.Item
            name="expiryDate"
            label={t('traceCatalog:batch.expiryDate')}
            style={{ flex: 1, marginLeft: 12 }}
            dependencies={['productionDate']}
            {...dayField}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v: string | null) =>
                  v && getFieldValue('productionDate') && v < getFieldValue('productionDate')
                    ? Promise.reject(new Error(t('traceCatalog:batch.expiryBefore')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>
        <Form.Item label={t('traceCatalog:batch.inspections')}>
          <Form.List name="inspections">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <div key={f.key} className="tl-card" style={{ padding: 12, marginBottom: 8 }}>
                    <Space wrap align="start">
                      <Form.Item
                        name={[f.name, 'name']}
                        label={t('traceCatalog:inspection.name')}
                        rules={[required, { max: 100 }]}
                      >
                        <Input style={{ width: 200 }} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'agency']}
                        label={t('traceCatalog:inspection.agency')}
                        rules={[{ max: 100 }]}
                      >
                        <Input style={{ width: 220 }} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'date']}
                        label={t('traceCatalog:inspection.date')}
                        rules={[required]}
                        {...dayField}
                      >
                        <DatePicker />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'result']}
                        label={t('traceCatalog:inspection.result')}
                        rules={[required]}
                      >
                        <Select
                          style={{ width: 110 }}
                          options={['pass', 'fail'].map((r) => ({
                            value: r,
                            label: t(`traceCatalog:result.${r}`),
                          }))}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'items']}
                        label={t('traceCatalog:inspection.items')}
                        rules={[{ max: 500 }]}
                      >
                        <Input style={{ width: 300 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'fileUrl']} label={t('traceCatalog:inspection.file')}>
                        <FileField kind="file" />
                      </Form.Item>
                      <Button
                        type="text"
                        danger
                        icon={<MinusCircleOutlined />}
                        aria-label={t('common:action.delete')}
                        onClick={() => remove(f.name)}
                      />
                    </Space>
                  </div>
                ))}
                {fields.length < 20 ? (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ result: 'pass' })}>
                    {t('traceCatalog:inspection.add')}
                  </Button>
                ) : null}
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="remark" label={t('traceCatalog:field.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
