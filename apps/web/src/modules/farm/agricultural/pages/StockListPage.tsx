import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSelectedArea } from '../../../../shared/area/areaStore';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../../shared/format/number';
import { formatDateTime } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { useAgriFormat } from '../agriFormat';
import { AGRI_CATEGORIES, type AgriStock, agriApi, agriKeys } from '../api/agricultural.api';
import { AGRI_PATHS } from '../paths';

/** 'low' on the page means below this, as the server's default for stockState=low. */
const LOW_BELOW = 10;

/** Per-base stock (farm/agricultural/agricultural-inventory), starting at the base chosen in the shell. */
export function StockListPage() {
  const { t } = useTranslation(['agricultural', 'common']);
  const { tenantId } = useShell();
  const navigate = useNavigate();
  const fmt = useAgriFormat();
  const selected = useSelectedArea();
  const key = useMemo(() => agriKeys.stock(tenantId), [tenantId]);
  const initial = useMemo(() => (selected ? { areaId: selected.areaId } : {}), [selected]);
  const list = usePagedList<AgriStock>(key, (q) => agriApi.stockPage(tenantId, q), {
    initialFilters: initial,
  });
  const bases = useQuery({ queryKey: agriKeys.bases(tenantId), queryFn: () => agriApi.bases(tenantId) });

  const fields: FilterField[] = [
    {
      name: 'areaId',
      label: t('agricultural:stock.field.base'),
      type: 'select',
      showSearch: true,
      options: (bases.data ?? []).map((a) => ({ value: a.areaId, label: a.areaName })),
    },
    { name: 'inputName', label: t('agricultural:input.field.name'), type: 'text' },
    {
      name: 'category',
      label: t('agricultural:input.field.category'),
      type: 'select',
      options: AGRI_CATEGORIES.map((c) => ({ value: c, label: t(`agricultural:category.${c}`) })),
    },
    {
      name: 'stockState',
      label: t('agricultural:stock.field.state'),
      type: 'select',
      options: (['zero', 'low', 'inStock'] as const).map((s) => ({
        value: s,
        label: t(`agricultural:stock.state.${s}`),
      })),
    },
  ];

  const columns: ColumnsType<AgriStock> = [
    {
      title: t('agricultural:stock.field.base'),
      dataIndex: 'areaName',
      render: (v: string | null) => v ?? NO_DATA,
    },
    { title: t('agricultural:input.field.code'), dataIndex: 'inputCode' },
    {
      title: t('agricultural:input.field.name'),
      dataIndex: 'inputName',
      render: (v: string, r) => (
        <>
          {v}
          {r.enabledFlag === 0 ? <Tag style={{ marginLeft: 8 }}>{t('agricultural:enabled.0')}</Tag> : null}
        </>
      ),
    },
    {
      title: t('agricultural:input.field.category'),
      dataIndex: 'category',
      render: (c: string) => t(`agricultural:category.${c}`),
    },
    {
      title: t('agricultural:input.field.specification'),
      dataIndex: 'specification',
      render: (v: string | null) => v || NO_DATA,
    },
    {
      title: t('agricultural:stock.field.quantity'),
      dataIndex: 'quantity',
      align: 'right',
      render: (q: number, r) => (
        <>
          {fmt.quantity(q)} {r.unit}
          {q === 0 ? (
            <Tag color="red" style={{ marginLeft: 8 }}>
              {t('agricultural:stock.tag.zero')}
            </Tag>
          ) : q < LOW_BELOW ? (
            <Tag color="orange" style={{ marginLeft: 8 }}>
              {t('agricultural:stock.tag.low')}
            </Tag>
          ) : null}
        </>
      ),
    },
    {
      title: t('agricultural:input.field.price'),
      dataIndex: 'price',
      align: 'right',
      render: (v: number | null) => fmt.money(v),
    },
    {
      title: t('agricultural:stock.field.value'),
      dataIndex: 'stockValue',
      align: 'right',
      render: (v: number | null) => fmt.money(v),
    },
    {
      title: t('agricultural:stock.field.lastMovement'),
      dataIndex: 'lastMovementAt',
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:action.operation'),
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => navigate(AGRI_PATHS.record(r.areaId, r.inputId))}>
          {t('agricultural:stock.action.record')}
        </Button>
      ),
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar fields={fields} onSearch={list.search} initialValues={initial} />
      <PagedTable<AgriStock>
        list={list}
        rowKey="stockKey"
        columns={columns}
        scroll={{ x: 1200 }}
        empty={{
          title: t('agricultural:stock.empty'),
        }}
      />
    </section>
  );
}
