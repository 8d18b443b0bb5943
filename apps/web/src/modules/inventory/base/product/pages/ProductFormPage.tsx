import { useQuery } from '@tanstack/react-query';
import { INV_PRODUCT_TYPES } from '@tilth/contracts/inventory.product.types';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useSubmit } from '../../../../../shared/crud/useSubmit';
import { EmptyState } from '../../../../../shared/EmptyState/EmptyState';
import { requiredRule } from '../../../../../shared/form/fieldRules';
import { useShell } from '../../../../../shell/ShellContext';
import { useClosePage } from '../../../../../shell/tabs/closePage';
import { PRODUCT_PATHS, productApi, productKeys } from '../api/product.api';
import { ProductImagesField, ProductVideoField } from '../components/MediaFields';
import { SkuTable } from '../components/SkuTable';
import {
  buildSkuRows,
  type ChosenAttribute,
  chosenFromProduct,
  factorOk,
  formValuesOf,
  type ProductFormValues,
  priceOk,
  rowsFromProduct,
  type SkuRow,
  toProductBody,
} from '../productModel';
import '../product.css';

/** base/product add | edit/{id} and the farm-produce variant agricultural/add | agricultural/edit/{id}. */
export function ProductFormPage() {
  const { t } = useTranslation(['invProduct', 'common']);
  const { tenantId } = useShell();
  const { id } = useParams();
  const productId = id ? Number(id) : undefined;
  const agricultural = useLocation().pathname.includes('/agricultural/');
  const navigate = useNavigate();
  const closePage = useClosePage();
  const [form] = Form.useForm<ProductFormValues>();
  const [chosen, setChosen] = useState<ChosenAttribute[]>([]);
  const [rows, setRows] = useState<SkuRow[]>(() => buildSkuRows([], []).rows);
  const [kept, setKept] = useState<SkuRow[]>([]);
  const [uploading, setUploading] = useState(false);
  const { busy: saving, run } = useSubmit(productKeys.all(tenantId), () => closePage(PRODUCT_PATHS.list));
  const units = useQuery({
    queryKey: productKeys.options(tenantId, 'units'),
    queryFn: () => productApi.units(tenantId),
  });
  const standards = useQuery({
    queryKey: productKeys.options(tenantId, 'standards'),
    queryFn: () => productApi.standards(tenantId),
  });
  const warehouses = useQuery({
    queryKey: productKeys.options(tenantId, 'warehouses'),
    queryFn: () => productApi.warehouses(tenantId),
  });
  const crops = useQuery({
    queryKey: productKeys.options(tenantId, 'crops'),
    queryFn: () => productApi.crops(tenantId),
    enabled: agricultural,
  });
  const cropId = Form.useWatch('cropId', form);
  const varieties = useQuery({
    queryKey: productKeys.options(tenantId, `varieties-${cropId ?? 0}`),
    queryFn: () => productApi.varieties(tenantId, cropId ?? 0),
    enabled: agricultural && !!cropId,
  });
  const stockUnitId = Form.useWatch('stockUnitId', form);
  const purchaseUnitId = Form.useWatch('purchaseUnitId', form);
  const retailUnitId = Form.useWatch('retailUnitId', form);
  const current = useQuery({
    queryKey: productKeys.one(tenantId, productId ?? 0),
    queryFn: () => productApi.one(tenantId, productId ?? 0),
    enabled: productId !== undefined && Number.isSafeInteger(productId),
  });

  useEffect(() => {
    const p = current.data;
    if (!p) return;
    form.setFieldsValue(formValuesOf(p));
    setChosen(chosenFromProduct(p));
    setRows(rowsFromProduct(p));
  }, [current.data, form]);

  if (productId !== undefined && (current.isError || !Number.isSafeInteger(productId))) {
    return <EmptyState variant="notFound" title={t('invProduct:notFound')} />;
  }
  if (productId !== undefined && !current.data) return <Spin />;

  const regrid = (next: ChosenAttribute[]) => {
    setChosen(next);
    const grid = buildSkuRows(next, rows);
    setRows(grid.rows);
    setKept(grid.kept);
  };
  const pickStandards = (ids: number[]) =>
    regrid(
      ids.map(
        (sid) =>
          chosen.find((c) => c.standardId === sid) ?? {
            standardId: sid,
            values: (standards.data ?? []).find((s) => s.id === sid)?.values ?? [],
          },
      ),
    );
  const pickValues = (sid: number, valueIds: number[]) => {
    const all = (standards.data ?? []).find((s) => s.id === sid)?.values ?? [];
    regrid(
      chosen.map((c) =>
        c.standardId === sid ? { ...c, values: all.filter((v) => valueIds.includes(v.id)) } : c,
      ),
    );
  };

  const submit = async (v: ProductFormValues) => {
    const body = toProductBody(
      { ...v, productType: agricultural ? 'agricultural' : v.productType },
      chosen,
      rows,
    );
    await run(async () => {
      if (current.data) {
        await productApi.update(tenantId, current.data.id, {
          ...body,
          objectVersionNumber: current.data.objectVersionNumber,
        });
      } else {
        await productApi.create(tenantId, body);
      }
    }, t('common:message.saved'));
  };

  const unitOptions = (units.data ?? [])
    .filter((u) => u.enabledFlag === 1 || [stockUnitId, purchaseUnitId, retailUnitId].includes(u.id))
    .map((u) => ({ value: u.id, label: u.unitName }));
  const priceRule = {
    validator: (_: unknown, x: number | null | undefined) =>
      priceOk(x) ? Promise.resolve() : Promise.reject(new Error(t('invProduct:rule.price'))),
  };
  const factorRule = (unitField: 'purchaseUnitId' | 'retailUnitId') => ({
    validator: (_: unknown, x: number | null | undefined) =>
      form.getFieldValue(unitField) === form.getFieldValue('stockUnitId') || factorOk(x)
        ? Promise.resolve()
        : Promise.reject(new Error(t('invProduct:rule.factor'))),
  });
  const money = { min: 0, max: 99_999, precision: 2, step: 0.01, style: { width: 160 } } as const;
  const factorInput = { min: 0.0001, max: 1_000_000, precision: 4, style: { width: 160 } } as const;

  return (
    <section className="tl-card">
      <Form<ProductFormValues>
        form={form}
        layout="vertical"
        initialValues={{
          productType: agricultural ? 'agricultural' : 'goods',
          enabledFlag: 1,
          purchaseFactor: 1,
          retailFactor: 1,
          tracksLot: false,
          tracksExpiry: false,
          images: [],
        }}
        onFinish={(v) => void submit(v)}
      >
        <div className="tl-inv-product__section">{t('invProduct:section.basic')}</div>
        <Space size="large" wrap align="start">
          <Form.Item
            name="productName"
            label={t('invProduct:field.productName')}
            rules={[{ required: true, whitespace: true, message: t('invProduct:rule.name') }]}
          >
            <Input maxLength={60} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item
            name="productCode"
            label={t('invProduct:field.productCode')}
            rules={[
              { required: true, message: t('invProduct:rule.codeRequired') },
              { pattern: /^\w+$/, message: t('invProduct:rule.code') },
            ]}
          >
            <Input maxLength={30} style={{ width: 200 }} />
          </Form.Item>
          {agricultural ? null : (
            <Form.Item
              name="productType"
              label={t('invProduct:field.productType')}
              rules={[requiredRule(t, t('invProduct:field.productType'), 'select')]}
            >
              <Select
                style={{ width: 160 }}
                options={INV_PRODUCT_TYPES.filter((x) => x !== 'agricultural').map((x) => ({
                  value: x,
                  label: t(`invProduct:type.${x}`),
                }))}
              />
            </Form.Item>
          )}
          {(['model', 'specification', 'alias', 'brand'] as const).map((f) => (
            <Form.Item key={f} name={f} label={t(`invProduct:field.${f}`)}>
              <Input maxLength={60} style={{ width: 200 }} />
            </Form.Item>
          ))}
        </Space>
        {agricultural ? (
          <Space size="large" wrap>
            <Form.Item
              name="cropId"
              label={t('invProduct:field.crop')}
              rules={[{ required: true, message: t('invProduct:rule.crop') }]}
            >
              <Select
                style={{ width: 200 }}
                loading={crops.isLoading}
                options={(crops.data ?? []).map((c) => ({ value: c.cropId, label: c.cropName }))}
                onChange={() => form.setFieldValue('varietyId', null)}
              />
            </Form.Item>
            <Form.Item
              name="varietyId"
              label={t('invProduct:field.variety')}
              rules={[{ required: true, message: t('invProduct:rule.variety') }]}
            >
              <Select
                style={{ width: 200 }}
                disabled={!cropId}
                options={(varieties.data ?? []).map((v) => ({ value: v.varietyId, label: v.varietyName }))}
              />
            </Form.Item>
          </Space>
        ) : null}

        <div className="tl-inv-product__section">{t('invProduct:section.units')}</div>
        <Space size="large" wrap align="start">
          <Form.Item
            name="stockUnitId"
            label={t('invProduct:field.stockUnit')}
            rules={[{ required: true, message: t('invProduct:rule.unit') }]}
          >
            <Select style={{ width: 140 }} options={unitOptions} loading={units.isLoading} />
          </Form.Item>
          <Form.Item
            name="purchaseUnitId"
            label={t('invProduct:field.purchaseUnit')}
            rules={[{ required: true, message: t('invProduct:rule.unit') }]}
          >
            <Select style={{ width: 140 }} options={unitOptions} />
          </Form.Item>
          <Form.Item
            name="purchaseFactor"
            label={t('invProduct:field.purchaseFactor')}
            dependencies={['purchaseUnitId', 'stockUnitId']}
            rules={[factorRule('purchaseUnitId')]}
          >
            <InputNumber<number> {...factorInput} disabled={purchaseUnitId === stockUnitId} />
          </Form.Item>
          <Form.Item
            name="retailUnitId"
            label={t('invProduct:field.retailUnit')}
            rules={[{ required: true, message: t('invProduct:rule.unit') }]}
          >
            <Select style={{ width: 140 }} options={unitOptions} />
          </Form.Item>
          <Form.Item
            name="retailFactor"
            label={t('invProduct:field.retailFactor')}
            dependencies={['retailUnitId', 'stockUnitId']}
            rules={[factorRule('retailUnitId')]}
          >
            <InputNumber<number> {...factorInput} disabled={retailUnitId === stockUnitId} />
          </Form.Item>
        </Space>

        <div className="tl-inv-product__section">{t('invProduct:section.prices')}</div>
        <Space size="large" wrap>
          {(['retailPrice', 'memberPrice', 'costPrice'] as const).map((f) => (
            <Form.Item key={f} name={f} label={t(`invProduct:field.${f}`)} rules={[priceRule]}>
              <InputNumber<number> {...money} />
            </Form.Item>
          ))}
        </Space>

        <div className="tl-inv-product__section">{t('invProduct:section.skus')}</div>
        <Form.Item label={t('invProduct:field.standards')}>
          <Select
            mode="multiple"
            maxCount={4}
            style={{ maxWidth: 520 }}
            value={chosen.map((c) => c.standardId)}
            loading={standards.isLoading}
            options={(standards.data ?? [])
              .filter((s) => s.enabledFlag !== 0 || chosen.some((c) => c.standardId === s.id))
              .map((s) => ({ value: s.id, label: s.standardName }))}
            onChange={pickStandards}
          />
        </Form.Item>
        {chosen.map((c) => {
          const s = (standards.data ?? []).find((x) => x.id === c.standardId);
          return (
            <Form.Item key={c.standardId} label={s?.standardName ?? `#${c.standardId}`}>
              <Checkbox.Group
                value={c.values.map((v) => v.id)}
                options={(s?.values ?? c.values).map((v) => ({ value: v.id, label: v.valueName }))}
                onChange={(ids) => pickValues(c.standardId, ids as number[])}
              />
            </Form.Item>
          );
        })}
        {kept.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={t('invProduct:sku.keptHint', {
              names: kept.map((r) => r.skuName || r.skuCode).join('、'),
            })}
          />
        ) : null}
        <SkuTable rows={rows} onChange={setRows} warehouses={warehouses.data ?? []} />

        <div className="tl-inv-product__section">{t('invProduct:section.more')}</div>
        <Space size="large">
          <Form.Item name="tracksLot" label={t('invProduct:field.tracksLot')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="tracksExpiry" label={t('invProduct:field.tracksExpiry')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="images" label={t('invProduct:field.images')}>
          <ProductImagesField tenantId={tenantId} onBusyChange={setUploading} />
        </Form.Item>
        <Form.Item name="videoUrl" label={t('invProduct:field.video')}>
          <ProductVideoField tenantId={tenantId} />
        </Form.Item>
        <Form.Item name="description" label={t('invProduct:field.description')}>
          <Input.TextArea maxLength={2000} showCount rows={4} style={{ maxWidth: 720 }} />
        </Form.Item>
        <Form.Item name="enabledFlag" label={t('invProduct:field.enabledFlag')}>
          <Radio.Group options={[1, 0].map((f) => ({ value: f, label: t(`invProduct:enabled.${f}`) }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} disabled={uploading}>
            {t('common:action.save')}
          </Button>
          <Button onClick={() => navigate(PRODUCT_PATHS.list)}>{t('common:action.cancel')}</Button>
        </Space>
      </Form>
    </section>
  );
}
