import { useQuery } from '@tanstack/react-query';
import {
  INV_ADDRESS_MAX,
  INV_CODE_MAX,
  INV_NAME_MAX,
  INV_PHONE_MAX,
  INV_REMARK_MAX,
} from '@tilth/contracts/inventory.base.types';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSubmit } from '../../../shared/crud/useSubmit';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { useShell } from '../../../shell/ShellContext';
import { basesApi, INV_BASE_PATHS, invBaseKeys, shopApi, storeApi } from './baseData.api';
import { CODE_PATTERN } from './components/baseUi';
import { ManagerPicker } from './components/ManagerPicker';

interface Values {
  shopCode: string;
  shopName: string;
  address?: string;
  managerId?: number | null;
  phone?: string;
  warehouseId?: number | null;
  areaId?: number | null;
  remark?: string;
  enabled: boolean;
}

/** Add (base/shops/add) or edit (base/shops/edit/{id}) a shop. */
export function ShopFormPage() {
  const { t } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const { id } = useParams();
  const shopId = id ? Number(id) : undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { busy, run } = useSubmit(invBaseKeys.all(tenantId), () => navigate(INV_BASE_PATHS.shops));
  const current = useQuery({
    queryKey: invBaseKeys.shop(tenantId, shopId ?? 0),
    queryFn: () => shopApi.get(tenantId, shopId ?? 0),
    enabled: shopId !== undefined && Number.isSafeInteger(shopId),
  });
  const warehouses = useQuery({
    queryKey: invBaseKeys.warehouseOptions(tenantId),
    queryFn: () => storeApi.all(tenantId),
  });
  const bases = useQuery({ queryKey: invBaseKeys.bases(tenantId), queryFn: () => basesApi(tenantId) });

  useEffect(() => {
    const s = current.data;
    if (!s) return;
    form.setFieldsValue({
      shopCode: s.shopCode,
      shopName: s.shopName,
      address: s.address ?? '',
      managerId: s.managerId,
      phone: s.phone ?? '',
      warehouseId: s.warehouseId,
      areaId: s.areaId,
      remark: s.remark ?? '',
      enabled: s.enabledFlag === 1,
    });
  }, [current.data, form]);

  if (shopId !== undefined && (current.isError || !Number.isSafeInteger(shopId)))
    return <EmptyState variant="notFound" title={t('invBase:shop.notFound')} />;
  if (shopId !== undefined && !current.data) return <Spin />;

  const submit = (v: Values) =>
    run(async () => {
      const body = {
        shopCode: v.shopCode,
        shopName: v.shopName,
        address: v.address ?? '',
        managerId: v.managerId ?? null,
        phone: v.phone ?? '',
        warehouseId: v.warehouseId ?? null,
        areaId: v.areaId ?? null,
        remark: v.remark ?? '',
        enabledFlag: v.enabled ? 1 : 0,
      } as const;
      if (current.data)
        await shopApi.update(tenantId, current.data.id, {
          ...body,
          objectVersionNumber: current.data.objectVersionNumber,
        });
      else await shopApi.create(tenantId, body);
    }, t('common:message.saved'));

  return (
    <section className="tl-card">
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{ enabled: true }}
        onFinish={(v) => void submit(v)}
      >
        <Space size="large" wrap>
          <Form.Item
            name="shopCode"
            label={t('invBase:shop.shopCode')}
            rules={[
              { required: true, message: t('invBase:rule.required') },
              { pattern: CODE_PATTERN, message: t('invBase:rule.code') },
            ]}
          >
            <Input maxLength={INV_CODE_MAX} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item
            name="shopName"
            label={t('invBase:shop.shopName')}
            rules={[{ required: true, whitespace: true, message: t('invBase:rule.required') }]}
          >
            <Input maxLength={INV_NAME_MAX} style={{ width: 360 }} />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item name="warehouseId" label={t('invBase:shop.warehouse')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 260 }}
              options={(warehouses.data ?? []).map((w) => ({ value: w.id, label: w.warehouseName }))}
            />
          </Form.Item>
          <Form.Item name="areaId" label={t('invBase:field.area')}>
            <Select
              allowClear
              style={{ width: 240 }}
              options={(bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName }))}
            />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item name="managerId" label={t('invBase:field.manager')}>
            <ManagerPicker tenantId={tenantId} currentName={current.data?.managerName} />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('invBase:field.phone')}
            rules={[{ pattern: /^[0-9+\- ()]*$/, message: t('invBase:rule.phone') }]}
          >
            <Input maxLength={INV_PHONE_MAX} style={{ width: 220 }} />
          </Form.Item>
        </Space>
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
          <Button onClick={() => navigate(INV_BASE_PATHS.shops)}>{t('common:action.cancel')}</Button>
        </Space>
      </Form>
    </section>
  );
}
