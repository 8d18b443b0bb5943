import { useQuery } from '@tanstack/react-query';
import type { InvBizType } from '@tilth/contracts/inventory.document.types';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { DatePicker } from '../../../../shared/form/DatePicker';
import { useShell } from '../../../../shell/ShellContext';
import { invDocApi, invDocKeys } from '../api/invDoc.api';
import { COUNTERPARTY, type InvDocType } from '../docTypes';

/**
 * The kinds a clerk picks per type (INV_BIZ_TYPES_BY_DOC): a return's direction, an inbound bought or
 * other, an outbound sold or other. Transfer, customer-return and adjustment kinds come from conversions.
 */
export const PICKED_BIZ_TYPES: Partial<Record<InvDocType, readonly InvBizType[]>> = {
  return: ['customer_return', 'supplier_return'],
  warehousing: ['purchase', 'other'],
  shipment: ['sale', 'other'],
};

export const useWarehouses = () => {
  const { tenantId } = useShell();
  return useQuery({
    queryKey: invDocKeys.warehouses(tenantId),
    queryFn: () => invDocApi.warehouses(tenantId),
    staleTime: 60_000,
  });
};

/** A document's header per type: date, warehouse(s), counterparty, arrival date, handler. */
export function HeaderFields({ type, locked = false }: { type: InvDocType; locked?: boolean }) {
  const { t } = useTranslation(['invDoc', 'common']);
  const { tenantId } = useShell();
  const form = Form.useFormInstance();
  const warehouses = useWarehouses();
  const party = COUNTERPARTY[type];
  const bizType = Form.useWatch('bizType', form) as InvBizType | undefined;
  const kinds = PICKED_BIZ_TYPES[type];
  // A return to a supplier picks among suppliers, a customer's among customers.
  const category =
    type === 'return' ? (bizType === 'supplier_return' ? 'supplier' : bizType ? 'customer' : 'any') : party;
  const businesses = useQuery({
    queryKey: invDocKeys.businesses(tenantId, category ?? 'none'),
    queryFn: () => invDocApi.businesses(tenantId, category ?? 'any'),
    enabled: category !== null,
    staleTime: 60_000,
  });
  const warehouseOptions = (warehouses.data ?? []).map((w) => ({
    value: w.id,
    label: `${w.warehouseName} (${w.warehouseCode})`,
  }));
  const width = { width: 220 };

  return (
    <Space size="large" wrap align="start">
      <Form.Item
        name="docDate"
        label={t(`invDoc:date.${type}`)}
        rules={[{ required: true, message: t('invDoc:rule.date') }]}
      >
        <DatePicker format="YYYY-MM-DD" style={{ width: 180 }} />
      </Form.Item>
      {kinds ? (
        <Form.Item
          name="bizType"
          label={t(type === 'return' ? 'invDoc:field.returnKind' : 'invDoc:field.bizType')}
          rules={[{ required: type === 'return', message: t('invDoc:rule.returnKind') }]}
        >
          <Select
            style={width}
            disabled={locked}
            placeholder={type === 'return' ? undefined : t(`invDoc:bizType.${kinds[0]}`)}
            // A converted document keeps the kind its conversion gave it.
            options={(locked && bizType && !kinds.includes(bizType) ? [...kinds, bizType] : kinds).map(
              (b) => ({
                value: b,
                label: t(`invDoc:bizType.${b}`),
              }),
            )}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="warehouseId"
        label={t(`invDoc:warehouse.${type}`)}
        rules={[{ required: true, message: t('invDoc:rule.warehouse') }]}
      >
        <Select
          style={width}
          disabled={locked}
          showSearch={{ optionFilterProp: 'label' }}
          loading={warehouses.isLoading}
          options={warehouseOptions}
          notFoundContent={t('invDoc:field.noWarehouse')}
        />
      </Form.Item>
      {type === 'transfer' || type === 'shipment' ? (
        <Form.Item
          name="toWarehouseId"
          label={t('invDoc:field.toWarehouse')}
          dependencies={['warehouseId']}
          rules={[
            { required: type === 'transfer', message: t('invDoc:rule.toWarehouse') },
            ({ getFieldValue }) => ({
              validator: async (_, v: number | null | undefined) => {
                if (v && v === getFieldValue('warehouseId')) throw new Error(t('invDoc:rule.sameWarehouse'));
              },
            }),
          ]}
        >
          <Select
            style={width}
            allowClear={type !== 'transfer'}
            disabled={locked}
            showSearch={{ optionFilterProp: 'label' }}
            options={warehouseOptions}
          />
        </Form.Item>
      ) : null}
      {category !== null ? (
        <Form.Item
          name="businessId"
          label={t(`invDoc:party.${category}`)}
          rules={[{ required: type === 'purchase_request', message: t('invDoc:rule.business') }]}
        >
          <Select
            style={width}
            allowClear
            disabled={locked}
            showSearch={{ optionFilterProp: 'label' }}
            loading={businesses.isLoading}
            options={(businesses.data ?? []).map((b) => ({
              value: b.id,
              label: `${b.businessName} (${b.businessCode})`,
            }))}
          />
        </Form.Item>
      ) : null}
      {type === 'purchase_request' ? (
        <Form.Item name="arrivalDate" label={t('invDoc:field.arrivalDate')}>
          <DatePicker format="YYYY-MM-DD" style={{ width: 180 }} />
        </Form.Item>
      ) : null}
      <Form.Item name="handlerName" label={t('invDoc:field.handler')}>
        <Input maxLength={30} style={{ width: 160 }} />
      </Form.Item>
    </Space>
  );
}
