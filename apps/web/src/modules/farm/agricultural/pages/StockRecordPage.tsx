import { useQuery } from '@tanstack/react-query';
import Descriptions from 'antd/es/descriptions';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PagedTable } from '../../../../shared/crud/PagedTable';
import { usePagedList } from '../../../../shared/crud/usePagedList';
import { EmptyState } from '../../../../shared/EmptyState/EmptyState';
import { NO_DATA } from '../../../../shared/format/number';
import { formatDateTime } from '../../../../shared/format/time';
import { useShell } from '../../../../shell/ShellContext';
import { useAgriFormat } from '../agriFormat';
import {
  type AgriDocType,
  type AgriMovement,
  agriApi,
  agriKeys,
  parseStockKey,
} from '../api/agricultural.api';
import { AGRI_PATHS } from '../paths';

const docTypeOf = (sourceType: string): AgriDocType | null => {
  const base = sourceType.replace(/_reversal$/, '');
  return base === 'warehousing' || base === 'shipment' ? base : null;
};

/**
 * The movement record of one stock (agricultural-inventory/record/{id}); the id is the stock key
 * `${areaId}-${inputId}` the stock list builds. Newest first, with links to the source documents.
 */
export function StockRecordPage() {
  const { t } = useTranslation(['agricultural', 'common']);
  const { tenantId } = useShell();
  const { id } = useParams();
  const fmt = useAgriFormat();
  const key = parseStockKey(id);
  const areaId = key?.areaId ?? 0;
  const inputId = key?.inputId ?? 0;
  const stock = useQuery({
    queryKey: agriKeys.stockOne(tenantId, areaId, inputId),
    queryFn: () => agriApi.stockOne(tenantId, areaId, inputId),
    enabled: key !== null,
  });
  const listKey = useMemo(() => agriKeys.record(tenantId, areaId, inputId), [tenantId, areaId, inputId]);
  const list = usePagedList<AgriMovement>(
    listKey,
    (q) => agriApi.recordPage(tenantId, { ...q, areaId, inputId }),
    {
      enabled: key !== null,
    },
  );

  if (!key) return <EmptyState variant="notFound" title={t('agricultural:record.badKey')} />;
  const s = stock.data;
  const unit = s?.unit ?? '';

  const columns: ColumnsType<AgriMovement> = [
    {
      title: t('agricultural:record.field.time'),
      dataIndex: 'occurredAt',
      render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t('agricultural:record.field.type'),
      dataIndex: 'sourceType',
      render: (v: string) => (
        <Tag color={v === 'warehousing' ? 'green' : v === 'shipment' || v === 'task' ? 'blue' : 'default'}>
          {t(`agricultural:record.type.${v}`, { defaultValue: v })}
        </Tag>
      ),
    },
    {
      title: t('agricultural:record.field.change'),
      dataIndex: 'quantity',
      align: 'right',
      render: (q: number) => (
        <Typography.Text type={q < 0 ? 'danger' : 'success'}>
          {q > 0 ? '+' : ''}
          {fmt.quantity(q)} {unit}
        </Typography.Text>
      ),
    },
    {
      title: t('agricultural:record.field.balance'),
      dataIndex: 'balanceAfter',
      align: 'right',
      render: (q: number) => `${fmt.quantity(q)} ${unit}`,
    },
    {
      title: t('agricultural:record.field.source'),
      dataIndex: 'sourceCode',
      render: (code: string | null, m) => {
        const type = docTypeOf(m.sourceType);
        if (!code) return NO_DATA;
        if (type && m.sourceExists && m.sourceId !== null) {
          return <Link to={AGRI_PATHS.docInfo(type, m.sourceId)}>{code}</Link>;
        }
        return (
          <>
            {code}
            {type && !m.sourceExists ? (
              <Typography.Text type="secondary">{t('agricultural:record.sourceGone')}</Typography.Text>
            ) : null}
          </>
        );
      },
    },
    {
      title: t('agricultural:record.field.remark'),
      dataIndex: 'remark',
      render: (v: string | null) => v || NO_DATA,
    },
  ];

  return (
    <section className="tl-card">
      <Descriptions
        title={
          s ? t('agricultural:record.title', { input: s.inputName, base: s.areaName ?? NO_DATA }) : undefined
        }
        column={{ xs: 1, sm: 2, md: 4 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'code', label: t('agricultural:input.field.code'), children: s?.inputCode ?? NO_DATA },
          {
            key: 'category',
            label: t('agricultural:input.field.category'),
            children: s ? t(`agricultural:category.${s.category}`) : NO_DATA,
          },
          {
            key: 'quantity',
            label: t('agricultural:record.current'),
            children: s ? `${fmt.quantity(s.quantity)} ${s.unit}` : NO_DATA,
          },
          { key: 'value', label: t('agricultural:stock.field.value'), children: fmt.money(s?.stockValue) },
        ]}
      />
      <PagedTable<AgriMovement>
        list={list}
        rowKey="movementId"
        columns={columns}
        scroll={{ x: 900 }}
        locale={{
          emptyText: <EmptyState variant="noData" size="small" title={t('agricultural:record.empty')} />,
        }}
      />
    </section>
  );
}
