import { keepPreviousData, useQuery } from '@tanstack/react-query';
import DatePicker from 'antd/es/date-picker';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { NO_DATA } from '../../../../shared/format/number';
import { formatDateTime, fromInstant } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { ExportButton } from '../../../report/weather/ReportParts';
import { type InvLedgerRow, invReportApi, invReportKeys } from './invReport.api';
import { docInfoPath, docTypeOf, formatMoney, formatQty, skuLabel } from './invReportFormat';

export interface LedgerFilter {
  warehouseId?: number;
  skuId?: number;
  dateFrom?: string;
  dateTo?: string;
  keyword?: string;
  docCode?: string;
  direction?: 'in' | 'out';
}

/** Every ledger row with its document; the code opens the document's info page. */
export function LedgerTab({
  warehouses,
  filter,
  onFilter,
}: {
  warehouses: { value: number; label: string }[];
  filter: LedgerFilter;
  onFilter: (f: LedgerFilter) => void;
}) {
  const { t, i18n } = useTranslation(['invReport', 'common']);
  const lang = i18n.language || 'zh-CN';
  const { tenantId } = useShell();
  const [page, setPage] = useState({ page: 0, size: 20 });
  const set = (patch: Partial<LedgerFilter>) => {
    onFilter({ ...filter, ...patch });
    setPage((p) => ({ ...p, page: 0 }));
  };
  const query = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));
  const answer = useQuery({
    queryKey: [...invReportKeys.ledger(tenantId), query, page],
    queryFn: () => invReportApi.ledger(tenantId, { ...query, ...page }),
    placeholderData: keepPreviousData,
  });
  const decimals = answer.data?.quantityDecimals ?? 2;
  const qty = (n: number) => formatQty(lang, n, decimals);
  const money = (n: number) => formatMoney(lang, n);
  const typeText = (sourceType: string) => {
    const base = t(`invReport:docType.${docTypeOf(sourceType)}`, { defaultValue: docTypeOf(sourceType) });
    return sourceType.endsWith('_reversal') ? t('invReport:docType.reversalOf', { type: base }) : base;
  };

  const columns: ColumnsType<InvLedgerRow> = [
    { title: t('invReport:field.docDate'), dataIndex: 'docDate', width: 110, fixed: 'left' },
    {
      title: t('invReport:field.docCode'),
      dataIndex: 'sourceCode',
      width: 170,
      render: (code: string | null, r) => {
        const to = docInfoPath(r.sourceType, r.sourceId);
        return to ? <Link to={to}>{code ?? r.sourceId}</Link> : (code ?? NO_DATA);
      },
    },
    { title: t('invReport:field.docType'), dataIndex: 'sourceType', render: typeText },
    { title: t('invReport:field.warehouse'), dataIndex: 'warehouseName', width: 140 },
    { title: t('invReport:field.product'), dataIndex: 'productName', width: 160 },
    { title: t('invReport:field.sku'), key: 'sku', render: (_, r) => skuLabel(r) || NO_DATA },
    { title: t('invReport:field.lotNo'), dataIndex: 'lotNo', render: (v: string) => v || NO_DATA },
    {
      title: t('invReport:field.location'),
      dataIndex: 'location',
      render: (v: 'stock' | 'transit') =>
        v === 'transit' ? (
          <Tag color="blue">{t('invReport:location.transit')}</Tag>
        ) : (
          t('invReport:location.stock')
        ),
    },
    { title: t('invReport:field.unit'), dataIndex: 'stockUnitName' },
    {
      title: t('invReport:field.movement'),
      dataIndex: 'quantity',
      align: 'right',
      render: (q: number) => <span className={q < 0 ? 'inv-report__out' : 'inv-report__in'}>{qty(q)}</span>,
    },
    {
      title: t('invReport:field.unitCost'),
      dataIndex: 'unitCost',
      align: 'right',
      render: (v: number) => formatQty(lang, v, 4),
    },
    { title: t('invReport:field.valueChange'), dataIndex: 'valueChange', align: 'right', render: money },
    { title: t('invReport:field.balanceQty'), dataIndex: 'balanceQty', align: 'right', render: qty },
    { title: t('invReport:field.balanceValue'), dataIndex: 'balanceValue', align: 'right', render: money },
    {
      title: t('invReport:field.postedAt'),
      dataIndex: 'postedAt',
      width: 150,
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm'),
    },
  ];

  return (
    <>
      <div className="tl-report__toolbar">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 180 }}
          placeholder={t('invReport:field.allWarehouses')}
          aria-label={t('invReport:field.warehouse')}
          value={filter.warehouseId}
          onChange={(v?: number) => set({ warehouseId: v })}
          options={warehouses}
        />
        <DatePicker.RangePicker
          value={
            filter.dateFrom && filter.dateTo
              ? [fromInstant(filter.dateFrom), fromInstant(filter.dateTo)]
              : null
          }
          onChange={(v) => {
            const [a, b] = (v ?? []) as [Dayjs | null, Dayjs | null];
            set({ dateFrom: a?.format('YYYY-MM-DD'), dateTo: b?.format('YYYY-MM-DD') });
          }}
        />
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={t('invReport:field.direction')}
          aria-label={t('invReport:field.direction')}
          value={filter.direction}
          onChange={(v?: 'in' | 'out') => set({ direction: v })}
          options={(['in', 'out'] as const).map((d) => ({ value: d, label: t(`invReport:direction.${d}`) }))}
        />
        <Input.Search
          allowClear
          style={{ width: 200 }}
          placeholder={t('invReport:field.keywordHint')}
          defaultValue={filter.keyword}
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
        />
        <Input.Search
          allowClear
          style={{ width: 180 }}
          placeholder={t('invReport:field.docCode')}
          defaultValue={filter.docCode}
          onSearch={(v) => set({ docCode: v.trim() || undefined })}
        />
        {filter.skuId ? (
          <Tag closable onClose={() => set({ skuId: undefined })}>
            {t('invReport:drill.sku', {
              name: answer.data?.content[0]?.productName ?? `#${filter.skuId}`,
            })}
          </Tag>
        ) : null}
        <ExportButton run={() => invReportApi.exportLedger(tenantId, query)} />
      </div>
      <Table<InvLedgerRow>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={answer.data?.content ?? []}
        loading={answer.isFetching}
        scroll={{ x: 1900 }}
        locale={{
          emptyText: <EmptyState variant="noData" size="small" title={t('invReport:empty.ledger')} />,
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
  );
}
