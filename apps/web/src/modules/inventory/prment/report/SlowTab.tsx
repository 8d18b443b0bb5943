import { keepPreviousData, useQuery } from '@tanstack/react-query';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { NO_DATA } from '../../../../shared/format/number';
import { useShell } from '../../../../shell/ShellContext';
import { ExportButton } from '../../../report/weather/ReportParts';
import { INV_SLOW_DAYS_DEFAULT, type InvSlowRow, invReportApi, invReportKeys } from './invReport.api';
import { formatMoney, formatQty } from './invReportFormat';

/** Stock that has not gone out for N days, the largest value first. */
export function SlowTab({ warehouses }: { warehouses: { value: number; label: string }[] }) {
  const { t, i18n } = useTranslation(['invReport', 'common']);
  const lang = i18n.language || 'zh-CN';
  const { tenantId } = useShell();
  const [days, setDays] = useState(INV_SLOW_DAYS_DEFAULT);
  const [warehouseId, setWarehouseId] = useState<number | undefined>();
  const [page, setPage] = useState({ page: 0, size: 20 });
  const query = { days, ...(warehouseId ? { warehouseId } : {}) };
  const answer = useQuery({
    queryKey: [...invReportKeys.slow(tenantId), query, page],
    queryFn: () => invReportApi.slow(tenantId, { ...query, ...page }),
    placeholderData: keepPreviousData,
  });
  const decimals = answer.data?.quantityDecimals ?? 2;

  const columns: ColumnsType<InvSlowRow> = [
    { title: t('invReport:field.warehouse'), dataIndex: 'warehouseName', width: 140 },
    { title: t('invReport:field.productCode'), dataIndex: 'productCode', width: 120 },
    { title: t('invReport:field.product'), dataIndex: 'productName', width: 160 },
    { title: t('invReport:field.sku'), dataIndex: 'skuName', render: (v: string | null) => v || NO_DATA },
    { title: t('invReport:field.unit'), dataIndex: 'stockUnitName' },
    {
      title: t('invReport:field.quantity'),
      dataIndex: 'quantity',
      align: 'right',
      render: (v: number) => formatQty(lang, v, decimals),
    },
    {
      title: t('invReport:field.value'),
      dataIndex: 'value',
      align: 'right',
      render: (v: number) => formatMoney(lang, v),
    },
    {
      title: t('invReport:field.lastOut'),
      dataIndex: 'lastOutDate',
      render: (v: string | null) => v ?? t('invReport:slow.never'),
    },
    {
      title: t('invReport:field.lastIn'),
      dataIndex: 'lastInDate',
      render: (v: string | null) => v ?? NO_DATA,
    },
    {
      title: t('invReport:field.idleDays'),
      dataIndex: 'idleDays',
      align: 'right',
      render: (v: number | null) => v ?? NO_DATA,
    },
  ];

  return (
    <>
      <div className="tl-report__toolbar">
        <span>{t('invReport:slow.daysLabel')}</span>
        <InputNumber
          min={1}
          max={3650}
          precision={0}
          value={days}
          aria-label={t('invReport:slow.daysLabel')}
          onChange={(v) => {
            if (typeof v === 'number' && v >= 1) {
              setDays(v);
              setPage((p) => ({ ...p, page: 0 }));
            }
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
        <ExportButton run={() => invReportApi.exportSlow(tenantId, query)} />
      </div>
      <Table<InvSlowRow>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={answer.data?.content ?? []}
        loading={answer.isFetching}
        scroll={{ x: 1200 }}
        locale={{
          emptyText: (
            <EmptyState variant="noData" size="small" title={t('invReport:empty.slow', { count: days })} />
          ),
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
