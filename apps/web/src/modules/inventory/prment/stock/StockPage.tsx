import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../../../shared/api/client';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { FilterBar, type FilterField, type FilterValues } from '../../../../shared/FilterBar/FilterBar';
import { NO_DATA } from '../../../../shared/format/number';
import { useShell } from '../../../../shell/ShellContext';
import { ExportButton, Figure, LazyReportChart } from '../../../report/weather/ReportParts';
import { type InvStockRow, invReportApi, invReportKeys } from '../report/invReport.api';
import { formatMoney, formatQty } from '../report/invReportFormat';
import '../report/invReport.css';

const FLAGS = ['belowMin', 'aboveMax', 'expiring'] as const;

/** The filter bar's values as the API's query: the one flag select becomes its 0/1 parameter. */
export const stockQuery = (filters: FilterValues | Query): Query => {
  const { flag, ...rest } = filters;
  const out: Query = {};
  for (const [k, v] of Object.entries(rest))
    if (v !== undefined && v !== null && !Array.isArray(v)) out[k] = v;
  if (typeof flag === 'string' && (FLAGS as readonly string[]).includes(flag)) out[flag] = '1';
  return out;
};

/** prment/stock: what each warehouse holds per product and lot, its value, and what needs attention. */
export function StockPage() {
  const { t, i18n } = useTranslation(['invReport', 'common']);
  const lang = i18n.language || 'zh-CN';
  const { tenantId } = useShell();
  const key = useMemo(() => invReportKeys.stock(tenantId), [tenantId]);
  const fetchPage = (q: Query & { page: number; size: number }) =>
    invReportApi.stock(tenantId, { ...stockQuery(q), page: q.page, size: q.size });
  const list = usePagedList<InvStockRow>(key, fetchPage);
  // The same query as the list's (same key, one request): its answer also carries totals and decimals.
  const answer = useQuery({
    queryKey: [...key, 'page', list.filters, list.page, list.size],
    queryFn: () => fetchPage({ ...list.filters, page: list.page, size: list.size } as never),
    placeholderData: keepPreviousData,
  });
  const query = stockQuery(list.filters);
  const byWarehouse = useQuery({
    queryKey: invReportKeys.byWarehouse(tenantId, query),
    queryFn: () => invReportApi.byWarehouse(tenantId, query),
  });
  const warehouses = useQuery({
    queryKey: invReportKeys.byWarehouse(tenantId, {}),
    queryFn: () => invReportApi.byWarehouse(tenantId, {}),
  });
  const decimals = answer.data?.quantityDecimals ?? 2;
  const qty = (n: number | null | undefined) => formatQty(lang, n, decimals);
  const money = (n: number | null | undefined) => formatMoney(lang, n);

  const fields: FilterField[] = [
    {
      name: 'warehouseId',
      label: t('invReport:field.warehouse'),
      type: 'select',
      showSearch: true,
      options: (warehouses.data ?? []).map((w) => ({ value: w.warehouseId, label: w.warehouseName ?? '' })),
    },
    {
      name: 'keyword',
      label: t('invReport:field.keyword'),
      type: 'text',
      placeholder: t('invReport:field.keywordHint'),
    },
    { name: 'lotNo', label: t('invReport:field.lotNo'), type: 'text' },
    {
      name: 'flag',
      label: t('invReport:field.flag'),
      type: 'select',
      options: FLAGS.map((f) => ({ value: f, label: t(`invReport:flag.${f}`) })),
    },
  ];

  const columns: ColumnsType<InvStockRow> = [
    { title: t('invReport:field.warehouse'), dataIndex: 'warehouseName', width: 170, fixed: 'left' },
    { title: t('invReport:field.productCode'), dataIndex: 'productCode', width: 120 },
    { title: t('invReport:field.product'), dataIndex: 'productName', width: 160 },
    {
      title: t('invReport:field.sku'),
      dataIndex: 'skuName',
      render: (v: string | null, r) => v || r.skuCode || NO_DATA,
    },
    { title: t('invReport:field.specification'), dataIndex: 'specification', render: (v) => v || NO_DATA },
    { title: t('invReport:field.lotNo'), dataIndex: 'lotNo', render: (v: string) => v || NO_DATA },
    {
      title: t('invReport:field.expiryDate'),
      dataIndex: 'expiryDate',
      render: (v: string | null, r) => (
        <>
          {v ?? NO_DATA}
          {r.expiryState ? (
            <Tag color={r.expiryState === 'expired' ? 'red' : 'orange'} style={{ marginLeft: 8 }}>
              {t(`invReport:expiry.${r.expiryState}`)}
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: t('invReport:field.unit'), dataIndex: 'stockUnitName', render: (v) => v ?? NO_DATA },
    {
      title: t('invReport:field.quantity'),
      dataIndex: 'quantity',
      align: 'right',
      render: (q: number, r) => (
        <>
          {qty(q)}
          {r.belowMin ? (
            <Tag color="red" style={{ marginLeft: 8 }}>
              {t('invReport:flag.belowMin')}
            </Tag>
          ) : null}
          {r.aboveMax ? (
            <Tag color="gold" style={{ marginLeft: 8 }}>
              {t('invReport:flag.aboveMax')}
            </Tag>
          ) : null}
        </>
      ),
    },
    {
      title: t('invReport:field.transitQty'),
      dataIndex: 'transitQty',
      align: 'right',
      render: (q: number) => (q === 0 ? NO_DATA : qty(q)),
    },
    {
      title: t('invReport:field.avgCost'),
      dataIndex: 'avgCost',
      align: 'right',
      render: (v: number) => formatQty(lang, v, 4),
    },
    { title: t('invReport:field.value'), dataIndex: 'value', align: 'right', render: money },
    {
      title: t('invReport:field.limits'),
      key: 'limits',
      render: (_, r) =>
        r.minQty === null && r.maxQty === null ? NO_DATA : `${qty(r.minQty)} – ${qty(r.maxQty)}`,
    },
  ];

  const totals = answer.data?.totals;
  const chartRows = byWarehouse.data ?? [];
  return (
    <section className="tl-card tl-report">
      <FilterBar fields={fields} onSearch={list.search} />
      <div className="inv-report__head">
        <div className="tl-report__summary">
          <Figure label={t('invReport:total.value')} value={money(totals?.value ?? 0)} />
          <Figure label={t('invReport:total.lines')} value={String(list.total)} />
          <Figure label={t('invReport:total.transitQty')} value={qty(totals?.transitQty ?? 0)} />
        </div>
        <ExportButton run={() => invReportApi.exportStock(tenantId, query)} />
      </div>
      {chartRows.length > 0 ? (
        <LazyReportChart
          categories={chartRows.map((w) => w.warehouseName ?? String(w.warehouseId))}
          series={[
            { name: t('invReport:chart.value'), kind: 'bar', data: chartRows.map((w) => w.value) },
            {
              name: t('invReport:chart.transitValue'),
              kind: 'bar',
              data: chartRows.map((w) => w.transitValue),
            },
          ]}
          axes={[t('invReport:chart.money')]}
        />
      ) : null}
      <PagedTable<InvStockRow>
        list={list}
        rowKey="key"
        columns={columns}
        scroll={{ x: 1600 }}
        empty={{ title: t('invReport:empty.stock') }}
      />
    </section>
  );
}
