import { useQuery } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterField } from '../../../shared/FilterBar/FilterBar';
import { formatNumber, NO_DATA } from '../../../shared/format/number';
import { useShell } from '../../../shell/ShellContext';
import { basesApi, INV_BASE_CODES, type InvWarehouse, invBaseKeys, storeApi } from './baseData.api';
import { BaseListFrame, useBaseList } from './components/BaseListFrame';
import { enabledFilterOptions } from './components/baseUi';
import { StoreFormModal } from './components/StoreFormModal';

interface StorePageProps {
  /** base/store, or the company-level view /system/storeManager (same warehouses, its own code). */
  code?: string;
}

/** Warehouses: filter by name, code, base and state; add, edit, enable / disable, delete, export. */
export function StorePage({ code = INV_BASE_CODES.store }: StorePageProps) {
  const { t, i18n } = useTranslation(['invBase', 'common']);
  const { tenantId } = useShell();
  const listKey = useMemo(() => invBaseKeys.warehouses(tenantId), [tenantId]);
  const base = useBaseList({
    listKey,
    api: storeApi,
    code,
    nameOf: (w) => w.warehouseName,
    deleteHint: 'invBase:store.deleteHint',
    deleteWidth: 380,
    // The PUT takes allowNegative as 0 or 1 only.
    toggleBody: (w, enabledFlag) => ({
      ...w,
      allowNegative: w.allowNegative === 1 ? (1 as const) : (0 as const),
      enabledFlag,
    }),
  });
  const bases = useQuery({ queryKey: invBaseKeys.bases(tenantId), queryFn: () => basesApi(tenantId) });
  const [editing, setEditing] = useState<{ warehouse: InvWarehouse | null } | null>(null);
  const qty = (v: number | null) => formatNumber(v, i18n.language, 4);

  const fields: FilterField[] = [
    { name: 'warehouseName', label: t('invBase:store.warehouseName'), type: 'text' },
    { name: 'warehouseCode', label: t('invBase:store.warehouseCode'), type: 'text' },
    {
      name: 'areaId',
      label: t('invBase:field.area'),
      type: 'select',
      options: (bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName })),
    },
    {
      name: 'enabledFlag',
      label: t('invBase:field.enabled'),
      type: 'select',
      options: enabledFilterOptions(t),
    },
  ];
  const columns: ColumnsType<InvWarehouse> = [
    { title: t('invBase:store.warehouseCode'), dataIndex: 'warehouseCode', width: 140 },
    { title: t('invBase:store.warehouseName'), dataIndex: 'warehouseName' },
    {
      title: t('invBase:field.area'),
      dataIndex: 'areaName',
      render: (v: string | null) => v || t('invBase:store.company'),
    },
    {
      title: t('invBase:field.manager'),
      dataIndex: 'managerName',
      render: (v: string | null) => v || NO_DATA,
    },
    {
      title: t('invBase:store.allowNegative'),
      dataIndex: 'allowNegative',
      render: (v: number) => (
        <Tag color={v === 1 ? 'orange' : undefined}>{t(`invBase:store.negative.${v === 1 ? 1 : 0}`)}</Tag>
      ),
    },
    { title: t('invBase:store.minStock'), dataIndex: 'minStock', align: 'right', render: qty },
    { title: t('invBase:store.maxStock'), dataIndex: 'maxStock', align: 'right', render: qty },
    { title: t('invBase:store.initialStock'), dataIndex: 'initialStock', align: 'right', render: qty },
    {
      title: t('invBase:field.address'),
      dataIndex: 'address',
      ellipsis: true,
      render: (v: string | null) => v || NO_DATA,
    },
    base.enabledColumn,
    base.actionsColumn((warehouse) => setEditing({ warehouse }), { fixed: true }),
  ];

  return (
    <BaseListFrame<InvWarehouse>
      base={base}
      fields={fields}
      columns={columns}
      scrollX={1300}
      onAdd={() => setEditing({ warehouse: null })}
      addText="invBase:store.add"
      emptyText="invBase:store.empty"
    >
      <StoreFormModal
        tenantId={tenantId}
        open={editing !== null}
        warehouse={editing?.warehouse ?? null}
        bases={bases.data ?? []}
        onClose={() => setEditing(null)}
      />
    </BaseListFrame>
  );
}

/** /system/storeManager: the company-level view of the same warehouses. */
export function StoreManagerPage() {
  return <StorePage code={INV_BASE_CODES.storeManager} />;
}
