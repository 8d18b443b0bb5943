import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { NO_DATA } from '../../../../shared/format/number';
import { fromInstant, todayDay } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { ExportButton, LazyReportChart } from '../../../report/weather/ReportParts';
import {
  INV_REPORT_PERIODS,
  type InvReportPeriod,
  type InvSummaryRow,
  invReportApi,
  invReportKeys,
} from './invReport.api';
import { formatMoney, formatQty, periodEnd, skuLabel } from './invReportFormat';

/** The drill-down a summary row asks for: that warehouse's SKU in that period. */
export interface Drill {
  warehouseId: number;
  skuId: number;
  dateFrom: string;
  dateTo: string;
}

/** The default range of each period: this month by day, the last 12 months, the last 5 years. */
export const defaultRange = (period: InvReportPeriod, today: string): [string, string] => {
  const d = fromInstant(today);
  if (period === 'day') return [d.startOf('month').format('YYYY-MM-DD'), today];
  if (period === 'month') return [d.subtract(11, 'month').startOf('month').format('YYYY-MM-DD'), today];
  return [d.subtract(4, 'year').startOf('year').format('YYYY-MM-DD'), today];
};

/** In / out / balance by day, month or year (spec 03 §9), with the money per period as a chart. */
export function SummaryTab({
  warehouses,
  onDrill,
}: {
  warehouses: { value: number; label: string }[];
  onDrill: (d: Drill) => void;
}) {
  const { t, i18n } = useTranslation(['invReport', 'common']);
  const lang = i18n.language || 'zh-CN';
  const { tenantId } = useShell();
  const [period, setPeriod] = useState<InvReportPeriod>('month');
  const [range, setRange] = useState<[string, string]>(() => defaultRange('month', todayDay()));
  const [warehouseId, setWarehouseId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 0, size: 20 });
  const filter = {
    period,
    dateFrom: range[0],
    dateTo: range[1],
    ...(warehouseId ? { warehouseId } : {}),
    ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
  };
  const answer = useQuery({
    queryKey: [...invReportKeys.summary(tenantId), filter, page],
    queryFn: () => invReportApi.summary(tenantId, { ...filter, ...page }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const decimals = answer.data?.quantityDecimals ?? 2;
  const qty = (n: number) => formatQty(lang, n, decimals);
  const money = (n: number) => formatMoney(lang, n);
  const series = answer.data?.series ?? [];
  const quiet = series.every((p) => p.inValue === 0 && p.outValue === 0 && p.closingValue === 0);

  const columns: ColumnsType<InvSummaryRow> = [
    { title: t('invReport:field.period'), dataIndex: 'periodLabel', width: 110, fixed: 'left' },
    { title: t('invReport:field.warehouse'), dataIndex: 'warehouseName', width: 140 },
    { title: t('invReport:field.productCode'), dataIndex: 'productCode', width: 120 },
    { title: t('invReport:field.product'), dataIndex: 'productName', width: 160 },
    { title: t('invReport:field.sku'), key: 'sku', render: (_, r) => skuLabel(r) || NO_DATA },
    { title: t('invReport:field.unit'), dataIndex: 'stockUnitName' },
    ...(
      [
        ['openingQty', 'openingValue', 'opening'],
        ['inQty', 'inValue', 'in'],
        ['outQty', 'outValue', 'out'],
        ['closingQty', 'closingValue', 'closing'],
      ] as const
    ).map(([q, v, name]) => ({
      title: t(`invReport:summary.${name}`),
      children: [
        { title: t('invReport:field.quantity'), dataIndex: q, align: 'right' as const, render: qty },
        { title: t('invReport:field.value'), dataIndex: v, align: 'right' as const, render: money },
      ],
    })),
    {
      title: t('common:action.operation'),
      key: 'actions',
      fixed: 'right',
      width: 100,
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          onClick={() =>
            onDrill({
              warehouseId: r.warehouseId,
              skuId: r.skuId,
              dateFrom: r.periodStart,
              dateTo: periodEnd(r.periodStart, period, range[1]),
            })
          }
        >
          {t('invReport:action.detail')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <div className="tl-report__toolbar">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={period}
          onChange={(e) => {
            const next = e.target.value as InvReportPeriod;
            setPeriod(next);
            setRange(defaultRange(next, todayDay()));
            setPage((p) => ({ ...p, page: 0 }));
          }}
          options={INV_REPORT_PERIODS.map((p) => ({ value: p, label: t(`invReport:period.${p}`) }))}
        />
        <DatePicker.RangePicker
          allowClear={false}
          value={[fromInstant(range[0]), fromInstant(range[1])]}
          onChange={(v) => {
            const [a, b] = (v ?? []) as [Dayjs | null, Dayjs | null];
            if (a && b) setRange([a.format('YYYY-MM-DD'), b.format('YYYY-MM-DD')]);
            setPage((p) => ({ ...p, page: 0 }));
          }}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 180 }}
          placeholder={t('invReport:field.allWarehouses')}
          aria-label={t('invReport:field.warehouse')}
          value={warehouseId}
          onChange={(v?: number) => {
            setWarehouseId(v);
            setPage((p) => ({ ...p, page: 0 }));
          }}
          options={warehouses}
        />
        <Input.Search
          allowClear
          style={{ width: 220 }}
          placeholder={t('invReport:field.keywordHint')}
          onSearch={(v) => {
            setKeyword(v);
            setPage((p) => ({ ...p, page: 0 }));
          }}
        />
        <ExportButton run={() => invReportApi.exportSummary(tenantId, filter)} />
      </div>
      {answer.isError ? (
        <EmptyState variant="noData" title={answer.error instanceof Error ? answer.error.message : ''} />
      ) : (
        <>
          {series.length > 0 && !quiet ? (
            <LazyReportChart
              categories={series.map((p) => p.periodLabel)}
              series={[
                { name: t('invReport:chart.inValue'), kind: 'bar', data: series.map((p) => p.inValue) },
                { name: t('invReport:chart.outValue'), kind: 'bar', data: series.map((p) => p.outValue) },
                {
                  name: t('invReport:chart.closingValue'),
                  kind: 'line',
                  data: series.map((p) => p.closingValue),
                  axis: 1,
                },
              ]}
              axes={[t('invReport:chart.money'), t('invReport:chart.balance')]}
            />
          ) : null}
          <Table<InvSummaryRow>
            size="small"
            bordered
            rowKey={(r) => `${r.periodLabel}-${r.warehouseId}-${r.skuId}`}
            columns={columns}
            dataSource={answer.data?.content ?? []}
            loading={answer.isFetching}
            scroll={{ x: 1700 }}
            locale={{
              emptyText: <EmptyState variant="noData" size="small" title={t('invReport:empty.summary')} />,
            }}
            pagination={{
              current: page.page + 1,
              pageSize: page.size,
              total: answer.data?.totalElements ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (total) => t('common:list.total', { total }),
              onChange: (current, size) => setPage({ page: size !== page.size ? 0 : current - 1, size }),
            }}
          />
        </>
      )}
    </>
  );
}
