import type { Area } from '@tilth/contracts/area.types';
import {
  INV_ADDRESS_MAX,
  INV_CODE_MAX,
  INV_NAME_MAX,
  INV_STOCK_LEVEL_MAX,
} from '@tilth/contracts/inventory.base.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { type InvWarehouse, storeApi } from '../baseData.api';
import { BaseFormModal, EnabledItem, RemarkItem } from './BaseFormModal';
import { CODE_PATTERN } from './baseUi';
import { ManagerPicker } from './ManagerPicker';

interface Values {
  warehouseCode: string;
  warehouseName: string;
  address?: string;
  managerId?: number | null;
  allowNegative: boolean;
  minStock?: number | null;
  maxStock?: number | null;
  initialStock?: number | null;
  areaId?: number | null;
  remark?: string;
  enabled: boolean;
}

interface Props {
  tenantId: number;
  open: boolean;
  warehouse: InvWarehouse | null;
  bases: readonly Area[];
  onClose: () => void;
}

const valuesOf = (w: InvWarehouse | null): Values => ({
  warehouseCode: w?.warehouseCode ?? '',
  warehouseName: w?.warehouseName ?? '',
  address: w?.address ?? '',
  managerId: w?.managerId ?? null,
  allowNegative: w?.allowNegative === 1,
  minStock: w?.minStock ?? null,
  maxStock: w?.maxStock ?? null,
  initialStock: w?.initialStock ?? null,
  areaId: w?.areaId ?? null,
  remark: w?.remark ?? '',
  enabled: (w?.enabledFlag ?? 1) === 1,
});

/** Add or edit a warehouse: code, name, address, manager, base, negative stock, stock levels. */
export function StoreFormModal({ tenantId, open, warehouse, bases, onClose }: Props) {
  const { t } = useTranslation(['invBase', 'common']);
  const save = async (v: Values, row: InvWarehouse | null) => {
    const body = {
      warehouseCode: v.warehouseCode,
      warehouseName: v.warehouseName,
      address: v.address ?? '',
      managerId: v.managerId ?? null,
      allowNegative: v.allowNegative ? 1 : 0,
      minStock: v.minStock ?? null,
      maxStock: v.maxStock ?? null,
      initialStock: v.initialStock ?? null,
      areaId: v.areaId ?? null,
      remark: v.remark ?? '',
      enabledFlag: v.enabled ? 1 : 0,
    } as const;
    if (row)
      await storeApi.update(tenantId, row.id, { ...body, objectVersionNumber: row.objectVersionNumber });
    else await storeApi.create(tenantId, body);
  };

  const level = (name: 'minStock' | 'maxStock' | 'initialStock') => (
    <Form.Item name={name} label={t(`invBase:store.${name}`)}>
      <InputNumber<number> min={0} max={INV_STOCK_LEVEL_MAX} precision={4} style={{ width: 160 }} />
    </Form.Item>
  );

  return (
    <BaseFormModal<InvWarehouse, Values>
      tenantId={tenantId}
      open={open}
      row={warehouse}
      onClose={onClose}
      addTitle="invBase:store.addTitle"
      editTitle="invBase:store.editTitle"
      width={640}
      valuesOf={valuesOf}
      save={save}
    >
      <Space size="large" wrap>
        <Form.Item
          name="warehouseCode"
          label={t('invBase:store.warehouseCode')}
          rules={[
            { required: true, message: t('invBase:rule.required') },
            { pattern: CODE_PATTERN, message: t('invBase:rule.code') },
          ]}
        >
          <Input maxLength={INV_CODE_MAX} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item
          name="warehouseName"
          label={t('invBase:store.warehouseName')}
          rules={[{ required: true, whitespace: true, message: t('invBase:rule.required') }]}
        >
          <Input maxLength={INV_NAME_MAX} style={{ width: 320 }} />
        </Form.Item>
      </Space>
      <Form.Item name="address" label={t('invBase:field.address')}>
        <Input maxLength={INV_ADDRESS_MAX} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="managerId" label={t('invBase:field.manager')}>
          <ManagerPicker tenantId={tenantId} currentName={warehouse?.managerName} />
        </Form.Item>
        <Form.Item name="areaId" label={t('invBase:field.area')} tooltip={t('invBase:store.areaHint')}>
          <Select
            allowClear
            style={{ width: 240 }}
            placeholder={t('invBase:store.company')}
            options={bases.map((a) => ({ value: a.areaId, label: a.areaName }))}
          />
        </Form.Item>
      </Space>
      <Space size="large" wrap>
        {level('minStock')}
        <Form.Item
          name="maxStock"
          label={t('invBase:store.maxStock')}
          dependencies={['minStock']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, v: number | null | undefined) => {
                const min = getFieldValue('minStock') as number | null | undefined;
                if (v !== null && v !== undefined && min !== null && min !== undefined && min > v)
                  throw new Error(t('invBase:rule.minMax'));
              },
            }),
          ]}
        >
          <InputNumber<number> min={0} max={INV_STOCK_LEVEL_MAX} precision={4} style={{ width: 160 }} />
        </Form.Item>
        {level('initialStock')}
      </Space>
      <Space size="large">
        <Form.Item
          name="allowNegative"
          label={t('invBase:store.allowNegative')}
          valuePropName="checked"
          tooltip={t('invBase:store.negativeHint')}
        >
          <Switch />
        </Form.Item>
        <EnabledItem />
      </Space>
      <RemarkItem />
    </BaseFormModal>
  );
}
