import { useQuery } from '@tanstack/react-query';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/client';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { NO_DATA } from '../../../shared/format/number';
import { formatDateTime } from '../../../shared/format/time';
import { MarketPriceChart } from './MarketPriceChart';
import { type MarketPrice, marketApi, marketKeys, priceFormat, priceRangeText } from './market.api';

export interface MarketDetailModalProps {
  marketId: number | null;
  /** The product to chart first (the row the user clicked). */
  productName?: string | undefined;
  onClose: () => void;
}

/** One market: a product's 30-day price chart and the latest price of every product. */
export function MarketDetailModal({ marketId, productName, onClose }: MarketDetailModalProps) {
  const { t, i18n } = useTranslation('market');
  const money = useMemo(() => priceFormat(i18n.language), [i18n.language]);
  const detail = useQuery({
    queryKey: marketKeys.detail(marketId ?? 0),
    queryFn: () => marketApi.detail(marketId ?? 0),
    enabled: marketId !== null,
    staleTime: 5 * 60_000,
  });
  const products = detail.data?.products ?? [];
  const [chosen, setChosen] = useState<string | undefined>(productName);
  useEffect(() => setChosen(productName), [productName]);
  const product = products.find((p) => p.productName === chosen) ?? products[0];
  const m = detail.data;

  const columns = [
    { title: t('table.product'), dataIndex: 'productName', key: 'productName' },
    {
      title: t('table.category'),
      dataIndex: 'category',
      key: 'category',
      render: (v: string | null) => v ?? NO_DATA,
    },
    {
      title: t('table.avg'),
      key: 'avg',
      align: 'right' as const,
      render: (_: unknown, p: MarketPrice) => `${money.format(p.avgPrice)}/${p.unit}`,
    },
    {
      title: t('table.range'),
      key: 'range',
      align: 'right' as const,
      render: (_: unknown, p: MarketPrice) => priceRangeText(money, p.minPrice, p.maxPrice),
    },
  ];

  return (
    <Modal
      open={marketId !== null}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      title={
        m ? (
          <span>
            {m.marketName}
            <span className="tl-market__sub">
              {[m.province, m.city].filter(Boolean).join(' · ')}
              {m.latestDate
                ? ` · ${t('detail.latest', { date: formatDateTime(m.latestDate, t('dateFormat')) })}`
                : ''}
            </span>
          </span>
        ) : (
          t('detail.title')
        )
      }
    >
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : detail.isError ? (
        <EmptyState variant="networkError" size="small" description={errorText(detail.error)} />
      ) : products.length === 0 || !product ? (
        <EmptyState variant="noData" size="small" title={t('empty.noPrices')} />
      ) : (
        <>
          <div className="tl-market__detail-head">
            <span>{t('detail.product')}</span>
            <Select
              showSearch
              value={product.productName}
              onChange={setChosen}
              style={{ width: 200 }}
              options={products.map((p) => ({ value: p.productName, label: p.productName }))}
            />
            <span className="tl-market__sub">{t('detail.days', { count: product.history.length })}</span>
          </div>
          <MarketPriceChart product={product} />
          <Table<MarketPrice>
            size="small"
            rowKey="productName"
            columns={columns}
            dataSource={products.map((p) => p.latest)}
            pagination={{ pageSize: 8, hideOnSinglePage: true, showSizeChanger: false }}
            onRow={(r) => ({ onClick: () => setChosen(r.productName), style: { cursor: 'pointer' } })}
            rowClassName={(r) => (r.productName === product.productName ? 'tl-market__row--on' : '')}
          />
        </>
      )}
    </Modal>
  );
}
