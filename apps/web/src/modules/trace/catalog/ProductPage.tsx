import { PLANTING_STANDARDS } from '@tilth/contracts/trace.types';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { RowActions } from '../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../shared/crud/useConfirmDelete';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../shared/format/number';
import { usePermissions } from '../../../shared/permission/usePermissions';
import { useShell } from '../../../shell/ShellContext';
import { CATALOG_CODES, catalogApi, catalogKeys, type TraceProduct } from '../api/catalog.api';
import { displayGtin } from './catalogModel';
import { ProductFormDrawer } from './ProductFormDrawer';

/** Traced products (/web/trace/produce): 10 a page, filter by name, planting standard and state. */
export function ProductPage() {
  const { t, i18n } = useTranslation(['traceCatalog', 'common']);
  const { tenantId } = useShell();
  const key = useMemo(() => catalogKeys.products(tenantId), [tenantId]);
  const list = usePagedList<TraceProduct>(key, (q) => catalogApi.products(tenantId, q));
  const confirmDelete = useConfirmDelete();
  const canEdit = usePermissions([CATALOG_CODES.productEdit]).allowed;
  const [editing, setEditing] = useState<TraceProduct | null | undefined>(undefined);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  const fields: FilterField[] = [
    { name: 'productName', label: t('traceCatalog:product.name'), type: 'text' },
    {
      name: 'plantingStandard',
      label: t('traceCatalog:field.plantingStandard'),
      type: 'select',
      options: PLANTING_STANDARDS.map((s) => ({ value: s, label: t(`traceCatalog:standard.${s}`) })),
    },
    {
      name: 'enabledFlag',
      label: t('traceCatalog:field.enabled'),
      type: 'select',
      options: [
        { value: 1, label: t('traceCatalog:enabled.1') },
        { value: 0, label: t('traceCatalog:enabled.0') },
      ],
    },
  ];

  const toggle = async (p: TraceProduct, on: boolean) => {
    try {
      await catalogApi.setProductEnabled(tenantId, p, on ? 1 : 0);
      await list.refresh();
    } catch {
      // Shown by the API client.
    }
  };

  const columns: ColumnsType<TraceProduct> = [
    { title: t('traceCatalog:product.name'), dataIndex: 'productName', width: 180, ellipsis: true },
    {
      title: t('traceCatalog:product.source'),
      key: 'source',
      width: 180,
      render: (_, p) =>
        [p.inventoryProductName, [p.cropName, p.varietyName].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(' · ') || NO_DATA,
    },
    {
      title: t('traceCatalog:product.gtin'),
      dataIndex: 'gtin',
      width: 150,
      render: (g: string | null) => displayGtin(g) ?? NO_DATA,
    },
    {
      title: t('traceCatalog:field.plantingStandard'),
      dataIndex: 'plantingStandard',
      width: 110,
      render: (s: string) => (
        <Tag color={s === 'normal' ? 'default' : 'green'}>{t(`traceCatalog:standard.${s}`)}</Tag>
      ),
    },
    {
      title: t('traceCatalog:field.specification'),
      dataIndex: 'specification',
      width: 130,
      render: (v: string | null) => v ?? NO_DATA,
    },
    {
      title: t('traceCatalog:product.shelfLife'),
      dataIndex: 'shelfLifeDays',
      width: 110,
      render: (d: number | null) =>
        d === null ? NO_DATA : t('traceCatalog:product.daysValue', { count: d, value: number(d) }),
    },
    {
      title: t('traceCatalog:product.certificates'),
      key: 'certs',
      width: 90,
      render: (_, p) => number(p.certificates.length),
    },
    {
      title: t('traceCatalog:product.outlets'),
      key: 'outlets',
      width: 90,
      render: (_, p) => number(p.outlets.length),
    },
    {
      title: t('traceCatalog:product.batchCount'),
      dataIndex: 'batchCount',
      width: 90,
      render: (n: number) => number(n),
    },
    {
      title: t('traceCatalog:field.enabled'),
      dataIndex: 'enabledFlag',
      width: 90,
      render: (f: number, p) => (
        <Switch size="small" checked={f === 1} disabled={!canEdit} onChange={(on) => void toggle(p, on)} />
      ),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, p) => (
        <RowActions
          onEdit={() => setEditing(p)}
          editCode={CATALOG_CODES.productEdit}
          onDelete={() =>
            confirmDelete(p.productName, () => catalogApi.removeProduct(tenantId, p), list.refresh, {
              content:
                p.batchCount > 0 ? t('traceCatalog:product.inUseHint', { count: p.batchCount }) : undefined,
            })
          }
          deleteCode={CATALOG_CODES.productDelete}
        />
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={() => setEditing(null)}
        addText={t('traceCatalog:product.add')}
        addCode={CATALOG_CODES.productEdit}
      />
      <PagedTable<TraceProduct>
        list={list}
        rowKey="traceProductId"
        columns={columns}
        scroll={{ x: 1350 }}
        empty={{
          title: t('traceCatalog:product.empty'),
          onAdd: () => setEditing(null),
          addText: t('traceCatalog:product.add'),
          addCode: CATALOG_CODES.productEdit,
        }}
      />
      <ProductFormDrawer
        open={editing !== undefined}
        product={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
    </section>
  );
}
