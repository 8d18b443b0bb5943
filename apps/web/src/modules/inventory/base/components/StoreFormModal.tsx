import type { Area } from '@tilth/contracts/area.types';
import {
  INV_ADDRESS_MAX,
  INV_CODE_MAX,
  INV_NAME_MAX,
  INV_REMARK_MAX,
  INV_STOCK_LEVEL_MAX,
} from '@tilth/contracts/inventory.base.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../../shared/crud/useSubmit';
import { type InvWarehouse, invBaseKeys, storeApi } from '../baseData.api';
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

/** Add or edit a warehouse: code, name, address, manager, base, negative stock, stock levels. */
export function StoreFormModal({ tenantId, open, warehouse, bases, onClose }: Props) {
  const { t } = useTranslation(['invBase', 'common']);
  const [form] = Form.useForm<Values>();
  const { busy, run } = useSubmit(invBaseKeys.all(tenantId), onClose);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const w = warehouse;
    form.setFieldsValue({
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
  }, [open, warehouse, form]);

  const submit = (v: Values) =>
    run(async () => {
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
      if (warehouse)
        await storeApi.update(tenantId, warehouse.id, {
          ...body,
          objectVersionNumber: warehouse.objectVersionNumber,
        });
      else await storeApi.create(tenantId, body);
    }, t('common:message.saved'));

  const level = (name: 'minStock' | 'maxStock' | 'initialStock') => (
    <Form.Item name={name} label={t(`invBase:store.${name}`)}>
      <InputNumber<number> min={0} max={INV_STOCK_LEVEL_MAX} precision={4} style={{ width: 160 }} />
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title={warehouse ? t('invBase:store.editTitle') : t('invBase:store.addTitle')}
      okText={t('common:action.save')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      width={640}
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
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
          <Form.Item name="enabled" label={t('invBase:field.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label={t('invBase:field.remark')}>
          <Input.TextArea maxLength={INV_REMARK_MAX} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
