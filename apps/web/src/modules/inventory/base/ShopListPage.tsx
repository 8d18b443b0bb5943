import { useQuery } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { useShell } from '../../../shell/ShellContext';
import { INV_BASE_CODES, INV_BASE_PATHS, type InvShop, invBaseKeys, shopApi, storeApi } from './baseData.api';
import { EnabledSwitch, enabledFilterOptions } from './components/baseUi';

/** Shops (inventory/base/shops): filter by keyword, warehouse and state; add and edit on their own pages. */
export function ShopListPage() {
  const { t } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const key = useMemo(() => invBaseKeys.shops(tenantId), [tenantId]);
  const list = usePagedList<InvShop>(key, (q) => shopApi.page(tenantId, q));
  const warehouses = useQuery({
    queryKey: invBaseKeys.warehouseOptions(tenantId),
    queryFn: () => storeApi.all(tenantId),
  });
  const code = INV_BASE_CODES.shops;

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
    {
      title: t('invBase:field.enabled'),
      dataIndex: 'enabledFlag',
      render: (_, s) => (
        <EnabledSwitch
          flag={s.enabledFlag}
          code={code}
          onToggle={async (enabledFlag) => {
            await shopApi.update(tenantId, s.id, { ...s, enabledFlag });
            await list.refresh();
          }}
        />
      ),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, s) => (
        <RowActions
          onEdit={() => navigate(INV_BASE_PATHS.shopEdit(s.id))}
          editCode={code}
          onDelete={() =>
            confirmDelete(
              s.shopName,
              () => shopApi.remove(tenantId, s.id, s.objectVersionNumber),
              list.refresh,
              {
                content: t('invBase:deleteHint'),
              },
            )
          }
          deleteCode={code}
        />
      ),
    },
  ];
  const add = () => navigate(INV_BASE_PATHS.shopAdd);

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={add}
        addText={t('invBase:shop.add')}
        addCode={code}
      />
      <PagedTable<InvShop>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1200 }}
        empty={{ title: t('invBase:shop.empty'), onAdd: add, addText: t('invBase:shop.add'), addCode: code }}
      />
    </section>
  );
}
