import { useQuery } from '@tanstack/react-query';
import { INV_PHONE_MAX, type InvShop } from '@tilth/contracts/inventory.base.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../../shell/ShellContext';
import { basesApi, INV_BASE_PATHS, invBaseKeys, shopApi, storeApi } from './baseData.api';
import { BaseFormFrame, type BaseFormValues } from './components/BaseFormFrame';
import { ManagerPicker } from './components/ManagerPicker';

interface Values extends BaseFormValues {
  shopCode: string;
  shopName: string;
  managerId?: number | null;
  phone?: string;
  warehouseId?: number | null;
  areaId?: number | null;
}

const valuesOf = (s: InvShop): Omit<Values, keyof BaseFormValues> => ({
  shopCode: s.shopCode,
  shopName: s.shopName,
  managerId: s.managerId,
  phone: s.phone ?? '',
  warehouseId: s.warehouseId,
  areaId: s.areaId,
});

/** Add (base/shops/add) or edit (base/shops/edit/{id}) a shop. */
export function ShopFormPage() {
  const { t } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const warehouses = useQuery({
    queryKey: invBaseKeys.warehouseOptions(tenantId),
    queryFn: () => storeApi.all(tenantId),
  });
  const bases = useQuery({ queryKey: invBaseKeys.bases(tenantId), queryFn: () => basesApi(tenantId) });

  return (
    <BaseFormFrame<InvShop, Values>
      codeField={{ name: 'shopCode', label: 'invBase:shop.shopCode' }}
      nameField={{ name: 'shopName', label: 'invBase:shop.shopName' }}
      listPath={INV_BASE_PATHS.shops}
      notFound="invBase:shop.notFound"
      rowKey={invBaseKeys.shop}
      get={shopApi.get}
      valuesOf={valuesOf}
      save={async (tenant, v, common, current) => {
        const body = {
          shopCode: v.shopCode,
          shopName: v.shopName,
          address: common.address,
          managerId: v.managerId ?? null,
          phone: v.phone ?? '',
          warehouseId: v.warehouseId ?? null,
          areaId: v.areaId ?? null,
          remark: common.remark,
          enabledFlag: common.enabledFlag,
        } as const;
        if (current)
          await shopApi.update(tenant, current.id, {
            ...body,
            objectVersionNumber: current.objectVersionNumber,
          });
        else await shopApi.create(tenant, body);
      }}
    >
      {(current) => (
        <>
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
              <ManagerPicker tenantId={tenantId} currentName={current?.managerName} />
            </Form.Item>
            <Form.Item
              name="phone"
              label={t('invBase:field.phone')}
              rules={[{ pattern: /^[0-9+\- ()]*$/, message: t('invBase:rule.phone') }]}
            >
              <Input maxLength={INV_PHONE_MAX} style={{ width: 220 }} />
            </Form.Item>
          </Space>
        </>
      )}
    </BaseFormFrame>
  );
}
