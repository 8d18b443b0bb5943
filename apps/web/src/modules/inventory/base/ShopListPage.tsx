import { useQuery } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { useShell } from '../../../shell/ShellContext';
import { INV_BASE_CODES, INV_BASE_PATHS, type InvShop, invBaseKeys, shopApi, storeApi } from './baseData.api';
import { BaseListFrame, useBaseList, withFlag } from './components/BaseListFrame';
import { enabledFilterOptions } from './components/baseUi';

/** Shops (inventory/base/shops): filter by keyword, warehouse and state; add and edit on their own pages. */
export function ShopListPage() {
  const { t } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const listKey = useMemo(() => invBaseKeys.shops(tenantId), [tenantId]);
  const base = useBaseList({
    listKey,
    api: shopApi,
    code: INV_BASE_CODES.shops,
    toggleBody: withFlag,
    nameOf: (s) => s.shopName,
  });
  const warehouses = useQuery({
    queryKey: invBaseKeys.warehouseOptions(tenantId),
    queryFn: () => storeApi.all(tenantId),
  });

  const fields: FilterField[] = [
    { name: 'keyword', label: t('invBase:shop.keyword'), type: 'text' },
    {
      name: 'warehouseId',
      label: t('invBase:shop.warehouse'),
      type: 'select',
      options: (warehouses.data ?? []).map((w) => ({ value: w.id, label: w.warehouseName })),
    },
    {
      name: 'enabledFlag',
      label: t('invBase:field.enabled'),
      type: 'select',
      options: enabledFilterOptions(t),
    },
  ];
  const text = (v: string | null) => v || NO_DATA;
  const columns: ColumnsType<InvShop> = [
    { title: t('invBase:shop.shopCode'), dataIndex: 'shopCode', width: 140 },
    { title: t('invBase:shop.shopName'), dataIndex: 'shopName' },
    { title: t('invBase:shop.warehouse'), dataIndex: 'warehouseName', render: text },
    { title: t('invBase:field.area'), dataIndex: 'areaName', render: text },
    { title: t('invBase:field.manager'), dataIndex: 'managerName', render: text },
    { title: t('invBase:field.phone'), dataIndex: 'phone', render: text },
    { title: t('invBase:field.address'), dataIndex: 'address', ellipsis: true, render: text },
    base.enabledColumn,
    base.actionsColumn((s) => navigate(INV_BASE_PATHS.shopEdit(s.id)), { fixed: true }),
  ];

  return (
    <BaseListFrame<InvShop>
      base={base}
      fields={fields}
      columns={columns}
      scrollX={1200}
      onAdd={() => navigate(INV_BASE_PATHS.shopAdd)}
      addText="invBase:shop.add"
      emptyText="invBase:shop.empty"
    />
  );
}
