import { ANCHOR_STATUSES } from '@tilth/contracts/trace-chain.types';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedTable } from '../../../shared/crud/PagedTable';
import { usePagedList } from '../../../shared/crud/usePagedList';
import { FilterBar, type FilterField } from '../../../shared/FilterBar/FilterBar';
import { formatNumber, NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { useShell } from '../../../shell/ShellContext';
import { blockPath, type ChainReportRow, chainApi, chainKeys, txPath } from './chain.api';
import { AnchorTag, HashText } from './chainParts';

/**
 * The ledger report (/web/trace/block-chain-report): every published trace record on the ledger with
 * its product, lot, version, transaction, block and anchoring — what a regulator asks "is this on chain?".
 */
export function ChainReportPage() {
  const { t, i18n } = useTranslation(['traceChain', 'common']);
  const lang = i18n.language;
  const { tenantId } = useShell();
  const key = useMemo(() => chainKeys.report(tenantId), [tenantId]);
  const list = usePagedList<ChainReportRow>(key, (q) => chainApi.report(tenantId, q), { pageSize: 20 });

  const fields: FilterField[] = [
    { name: 'keyword', label: t('field.keyword'), type: 'text' },
    {
      name: 'anchorStatus',
      label: t('field.anchor'),
      type: 'select',
      options: [...ANCHOR_STATUSES, 'none' as const].map((v) => ({
        value: v,
        label: t(`anchorStatus.${v}`),
      })),
    },
    { name: 'range', label: t('field.dateRange'), type: 'dateRange', names: ['from', 'to'] },
  ];

  const columns: ColumnsType<ChainReportRow> = [
    {
      title: t('field.product'),
      dataIndex: 'productName',
      ellipsis: true,
      render: (v: string | null) => v ?? NO_DATA,
    },
    {
      title: t('field.batchCode'),
      dataIndex: 'batchCode',
      width: 160,
      render: (v: string | null) => v ?? NO_DATA,
    },
    {
      title: t('field.version'),
      dataIndex: 'version',
      width: 90,
      align: 'right',
      render: (v: number | null) => (v === null ? NO_DATA : `v${v}`),
    },
    {
      title: t('field.txHash'),
      dataIndex: 'txHash',
      width: 260,
      render: (v: string) => <HashText hash={v} to={txPath(v)} />,
    },
    {
      title: t('field.block'),
      dataIndex: 'blockHeight',
      width: 100,
      render: (h: number) => <Link to={blockPath(h)}>{formatNumber(h, lang, 0)}</Link>,
    },
    {
      title: t('field.publishedAt'),
      dataIndex: 'createdAt',
      width: 180,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('field.anchor'),
      dataIndex: 'anchor',
      width: 170,
      render: (_: unknown, r) => <AnchorTag anchor={r.anchor} />,
    },
  ];

  return (
    <section className="tl-card">
      <FilterBar fields={fields} onSearch={list.search} />
      <PagedTable<ChainReportRow>
        list={list}
        rowKey="txHash"
        columns={columns}
        scroll={{ x: 1200 }}
        empty={{ title: t('report.empty') }}
      />
    </section>
  );
}
