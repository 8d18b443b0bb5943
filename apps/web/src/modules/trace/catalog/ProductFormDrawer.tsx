import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import { PLANTING_STANDARDS } from '@tilth/contracts/trace.types';
import { WEIGHT_UNITS } from '@tilth/contracts/trace-catalog.rules';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { DatePicker } from '../../../shared/form/DatePicker';
import { useShell } from '../../../shell/ShellContext';
import { PromoVideoSelect } from '../../content/media/PromoVideoSelect';
import { catalogApi, catalogKeys, type ProductInput, type TraceProduct } from '../api/catalog.api';
import { gtinProblem } from './catalogModel';
import { dayField } from './components/dateField';
import { FileField } from './components/FileField';

const CERT_KINDS = ['organic', 'green', 'pollution_free', 'gap', 'haccp', 'iso22000', 'other'] as const;

type Values = Omit<ProductInput, 'enabledFlag'> & { enabled: boolean };

const toValues = (p: TraceProduct | null): Partial<Values> =>
  p
    ? {
        ...p,
        netWeight: p.netWeight === null ? null : Number(p.netWeight),
        weightUnit: p.weightUnit as Values['weightUnit'],
        enabled: p.enabledFlag === 1,
      }
    : { weightUnit: 'kg', plantingStandard: 'normal', certificates: [], outletIds: [], enabled: true };

export interface ProductFormDrawerProps {
  open: boolean;
  /** null: a new product. */
  product: TraceProduct | null;
  onClose: () => void;
}

/** Create or edit a traced product: what it is, its label, certificates and where it is sold. */
export function ProductFormDrawer({ open, product, onClose }: ProductFormDrawerProps) {
  const { t } = useTranslation(['traceCatalog', 'common']);
  const { tenantId } = useShell();
  const [form] = Form.useForm<Values>();
  const submit = useSubmit(catalogKeys.products(tenantId), onClose);
  const crops = useQuery({
    queryKey: catalogKeys.crops(tenantId),
    queryFn: () => catalogApi.crops(tenantId),
    enabled: open,
  });
  const inventory = useQuery({
    queryKey: catalogKeys.inventoryProducts(tenantId),
    queryFn: () => catalogApi.inventoryProducts(tenantId),
    enabled: open,
  });
  const outlets = useQuery({
    queryKey: catalogKeys.allOutlets(tenantId),
    queryFn: async () => {
      const [s, o] = await Promise.all([
        catalogApi.outlets(tenantId, { kind: 'store', page: 0, size: 0 }),
        catalogApi.outlets(tenantId, { kind: 'online', page: 0, size: 0 }),
      ]);
      return [...s.content, ...o.content];
    },
    enabled: open,
  });

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(toValues(product));
    }
  }, [open, product, form]);

  const save = async () => {
    // An invalid form shows its messages in place.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { enabled, ...v } = values;
    const body: ProductInput = {
      ...v,
      gtin: v.gtin?.trim() || null,
      inventoryProductId: v.inventoryProductId ?? null,
      cropId: v.cropId ?? null,
      certificates: v.certificates ?? [],
      outletIds: v.outletIds ?? [],
      promoVideoId: v.promoVideoId ?? null,
      enabledFlag: enabled ? 1 : 0,
    };
    await submit.run(
      () =>
        product
          ? catalogApi.updateProduct(tenantId, {
              ...body,
              traceProductId: product.traceProductId,
              objectVersionNumber: product.objectVersionNumber,
            })
          : catalogApi.createProduct(tenantId, body),
      t('common:message.saved'),
    );
  };

  const required = { required: true, whitespace: true, message: t('traceCatalog:form.required') };
  return (
    <Drawer
      open={open}
      width={640}
      title={t(product ? 'traceCatalog:product.edit' : 'traceCatalog:product.add')}
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
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item name="productName" label={t('traceCatalog:product.name')} rules={[required, { max: 60 }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="productEnName" label={t('traceCatalog:product.enName')} rules={[{ max: 100 }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item
            name="inventoryProductId"
            label={t('traceCatalog:product.inventoryProduct')}
            style={{ flex: 1 }}
          >
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={inventory.isLoading}
              options={(inventory.data ?? []).map((p) => ({ value: p.id, label: p.productName }))}
            />
          </Form.Item>
          <Form.Item
            name="cropId"
            label={t('traceCatalog:product.crop')}
            style={{ flex: 1, marginLeft: 12 }}
            dependencies={['inventoryProductId']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v) =>
                  v || getFieldValue('inventoryProductId')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('traceCatalog:product.sourceRequired'))),
              }),
            ]}
          >
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={crops.isLoading}
              options={(crops.data ?? []).map((c) => ({ value: c.cropId, label: c.cropName }))}
            />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="gtin"
          label={t('traceCatalog:product.gtin')}
          extra={t('traceCatalog:product.gtinHelp')}
          rules={[
            {
              validator: (_, v: string | null) =>
                gtinProblem(v)
                  ? Promise.reject(new Error(t('traceCatalog:product.gtinInvalid')))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input maxLength={20} inputMode="numeric" />
        </Form.Item>
        <Form.Item
          name="placeOfOrigin"
          label={t('traceCatalog:field.placeOfOrigin')}
          rules={[required, { max: 100 }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="netWeight" label={t('traceCatalog:product.netWeight')} style={{ flex: 1 }}>
            <InputNumber min={0.001} max={1e9} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="weightUnit"
            label={t('traceCatalog:product.unit')}
            style={{ width: 120, marginLeft: 12 }}
          >
            <Select options={WEIGHT_UNITS.map((u) => ({ value: u, label: t(`traceCatalog:unit.${u}`) }))} />
          </Form.Item>
          <Form.Item
            name="shelfLifeDays"
            label={t('traceCatalog:product.shelfLife')}
            style={{ flex: 1, marginLeft: 12 }}
          >
            <InputNumber
              min={1}
              max={3650}
              precision={0}
              style={{ width: '100%' }}
              suffix={t('traceCatalog:product.days')}
            />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="specification" label={t('traceCatalog:field.specification')} rules={[{ max: 60 }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="plantingStandard" label={t('traceCatalog:field.plantingStandard')}>
          <Select
            options={PLANTING_STANDARDS.map((s) => ({ value: s, label: t(`traceCatalog:standard.${s}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('traceCatalog:product.certificates')}>
          <Form.List name="certificates">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <div key={f.key} className="tl-card" style={{ padding: 12, marginBottom: 8 }}>
                    <Space wrap align="start">
                      <Form.Item
                        name={[f.name, 'kind']}
                        label={t('traceCatalog:cert.kind')}
                        rules={[required]}
                      >
                        <Select
                          style={{ width: 150 }}
                          options={CERT_KINDS.map((k) => ({
                            value: k,
                            label: t(`traceCatalog:certKind.${k}`),
                          }))}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'name']}
                        label={t('traceCatalog:cert.name')}
                        rules={[required, { max: 100 }]}
                      >
                        <Input style={{ width: 200 }} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'number']}
                        label={t('traceCatalog:cert.number')}
                        rules={[{ max: 60 }]}
                      >
                        <Input style={{ width: 180 }} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'issuer']}
                        label={t('traceCatalog:cert.issuer')}
                        rules={[{ max: 100 }]}
                      >
                        <Input style={{ width: 200 }} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'validUntil']}
                        label={t('traceCatalog:cert.validUntil')}
                        {...dayField}
                      >
                        <DatePicker />
                      </Form.Item>
                      <Form.Item name={[f.name, 'fileUrl']} label={t('traceCatalog:cert.file')}>
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
                {fields.length < 10 ? (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ kind: 'other' })}>
                    {t('traceCatalog:cert.add')}
                  </Button>
                ) : null}
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="imageUrl" label={t('traceCatalog:field.image')}>
          <FileField />
        </Form.Item>
        <Form.Item
          name="promoVideoId"
          label={t('traceCatalog:product.promoVideo')}
          extra={t('traceCatalog:product.promoVideoHint')}
        >
          <PromoVideoSelect
            tenantId={tenantId}
            current={product?.promoVideo ?? null}
            placeholder={t('traceCatalog:product.promoVideoPlaceholder')}
            emptyText={t('traceCatalog:product.promoVideoEmpty')}
          />
        </Form.Item>
        <Form.Item name="outletIds" label={t('traceCatalog:product.outlets')}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={(outlets.data ?? []).map((o) => ({
              value: o.outletId,
              label: t('traceCatalog:product.outletOption', {
                name: o.outletName,
                kind: t(`traceCatalog:kind.${o.kind}`),
              }),
            }))}
          />
        </Form.Item>
        <Form.Item name="description" label={t('traceCatalog:field.description')} rules={[{ max: 1000 }]}>
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        <Form.Item name="enabled" label={t('traceCatalog:field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
