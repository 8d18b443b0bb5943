import { INV_PRODUCT_TYPES } from '@tilth/contracts/inventory.product.types';
import Button from 'antd/es/button';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../../../../shared/crud/PagedTable';
import { RowActions } from '../../../../../shared/crud/RowActions';
import { useConfirmDelete } from '../../../../../shared/crud/useConfirmDelete';
import { toQuery, usePagedList } from '../../../../../shared/crud/usePagedList';
import { useMessage } from '../../../../../shared/FeedbackProvider';
import { FilterBar, type FilterField } from '../../../../../shared/FilterBar/FilterBar';
import { formatNumber, NO_DATA } from '../../../../../shared/format/number';
import { formatDateTime } from '../../../../../shared/format/time';
import { PermissionGuard } from '../../../../../shared/permission/PermissionGuard';
import { useShell } from '../../../../../shell/ShellContext';
import '../product.css';
import { ExportBar } from '../../components/BaseListFrame';
import { type InvProductRow, PRODUCT_CODE, PRODUCT_PATHS, productApi, productKeys } from '../api/product.api';
import { chosenFromProduct, formValuesOf, rowsFromProduct, toProductBody } from '../productModel';

/** inventory/base/product: products with filters, SKU count, stock unit, prices, enable switch, delete. */
export function ProductListPage() {
  const { t, i18n } = useTranslation(['invProduct', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const message = useMessage();
  const key = useMemo(() => productKeys.list(tenantId), [tenantId]);
  const list = usePagedList<InvProductRow>(key, (q) => productApi.page(tenantId, q));
  const money = (n: number | null) => formatNumber(n, i18n.language, 2, 2);

  const fields: FilterField[] = [
    { name: 'keyword', label: t('invProduct:filter.keyword'), type: 'text' },
    {
      name: 'productType',
      label: t('invProduct:field.productType'),
      type: 'select',
      options: INV_PRODUCT_TYPES.map((v) => ({ value: v, label: t(`invProduct:type.${v}`) })),
    },
    {
      name: 'enabledFlag',
      label: t('invProduct:field.enabledFlag'),
      type: 'select',
      options: [1, 0].map((f) => ({ value: f, label: t(`invProduct:enabled.${f}`) })),
    },
  ];

  const editPath = (p: InvProductRow) =>
    p.productType === 'agricultural' ? PRODUCT_PATHS.agriEdit(p.id) : PRODUCT_PATHS.edit(p.id);

  const toggle = async (p: InvProductRow) => {
    try {
      // A PUT takes what the GET answers: read the whole product, flip the flag.
      const full = await productApi.one(tenantId, p.id);
      const values = { ...formValuesOf(full), enabledFlag: full.enabledFlag === 1 ? 0 : 1 } as const;
      await productApi.update(tenantId, p.id, {
        ...toProductBody(values, chosenFromProduct(full), rowsFromProduct(full)),
        objectVersionNumber: full.objectVersionNumber,
      });
      message.success(t('common:message.saved'));
      await list.refresh();
    } catch {
      // The API client showed the reason (stale version …).
    }
  };

  const remove = (p: InvProductRow) =>
    confirmDelete(
      p.productName,
      () => productApi.remove(tenantId, p.id, p.objectVersionNumber),
      list.refresh,
      { content: t('invProduct:deleteHint'), width: 380 },
    );

  const columns: ColumnsType<InvProductRow> = [
    { title: t('invProduct:field.productCode'), dataIndex: 'productCode', width: 140 },
    {
      title: t('invProduct:field.productName'),
      dataIndex: 'productName',
      render: (v: string, p) => (
        <>
          {v}
          {p.alias ? <span className="tl-muted"> ({p.alias})</span> : null}
        </>
      ),
    },
    {
      title: t('invProduct:field.productType'),
      dataIndex: 'productType',
      width: 110,
      render: (v: string) => (
        <Tag color={v === 'agricultural' ? 'green' : v === 'material' ? 'blue' : undefined}>
          {t(`invProduct:type.${v}`)}
        </Tag>
      ),
    },
    {
      title: t('invProduct:field.specification'),
      dataIndex: 'specification',
      render: (v: string | null) => v || NO_DATA,
    },
    { title: t('invProduct:field.skuCount'), dataIndex: 'skuCount', align: 'right', width: 90 },
    {
      title: t('invProduct:field.stockUnit'),
      dataIndex: 'stockUnitName',
      width: 90,
      render: (v: string | null) => v ?? NO_DATA,
    },
    {
      title: t('invProduct:field.retailPrice'),
      dataIndex: 'retailPrice',
      align: 'right',
      render: money,
    },
    {
      title: t('invProduct:field.memberPrice'),
      dataIndex: 'memberPrice',
      align: 'right',
      render: money,
    },
    { title: t('invProduct:field.costPrice'), dataIndex: 'costPrice', align: 'right', render: money },
    {
      title: t('invProduct:field.enabledFlag'),
      dataIndex: 'enabledFlag',
      width: 90,
      render: (v: number, p) => (
        <Switch
          size="small"
          checked={v === 1}
          aria-label={t('invProduct:field.enabledFlag')}
          onChange={() => void toggle(p)}
        />
      ),
    },
    {
      title: t('invProduct:field.creationDate'),
      dataIndex: 'creationDate',
      width: 150,
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, p) => (
        <RowActions
          onEdit={() => navigate(editPath(p))}
          editCode={PRODUCT_CODE}
          onDelete={() => remove(p)}
          deleteCode={PRODUCT_CODE}
        />
      ),
    },
  ];

  const add = () => navigate(PRODUCT_PATHS.add);
  return (
    <section className="tl-card">
      <FilterBar
        fields={fields}
        onSearch={list.search}
        onAdd={add}
        addText={t('invProduct:action.add')}
        addCode={PRODUCT_CODE}
      />
      <ExportBar run={() => productApi.exportFile(tenantId, toQuery(list.filters))}>
        <PermissionGuard codes={[PRODUCT_CODE]}>
          <Button onClick={() => navigate(PRODUCT_PATHS.agriAdd)}>
            {t('invProduct:action.addAgricultural')}
          </Button>
        </PermissionGuard>
      </ExportBar>
      <PagedTable<InvProductRow>
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1400 }}
        empty={{
          title: t('invProduct:empty'),
          onAdd: add,
          addText: t('invProduct:action.add'),
          addCode: PRODUCT_CODE,
        }}
      />
    </section>
  );
}
