import LineChartOutlined from '@ant-design/icons/LineChartOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/client';
import { EmptyState } from '../../../shared/EmptyState/EmptyState';
import { formatDateTime, todayDay } from '../../../shared/format/time';
import {
  type MarketInfo,
  type MarketPrice,
  marketApi,
  marketKeys,
  priceFormat,
  priceRangeText,
  rememberedMarket,
  rememberMarket,
} from './market.api';
import './market.css';
import { type MarketColumn, MarketPriceTable } from './MarketPriceTable';
import { MarketSearch } from './MarketSearch';

// The detail modal carries ECharts: loaded when a market is opened, not with the farm home.
const MarketDetailModal = lazy(() =>
  import('./MarketDetailModal').then((m) => ({ default: m.MarketDetailModal })),
);

/** Enough for every market of a national price feed in one list; the card picks one. */
const MARKETS_MAX = 500;

/** The farm home's vegetable prices: the latest day at a chosen market, searchable by product. */
export function MarketPriceCard() {
  const { t, i18n } = useTranslation('market');
  const money = useMemo(() => priceFormat(i18n.language), [i18n.language]);
  const markets = useQuery({
    queryKey: marketKeys.info(''),
    queryFn: () => marketApi.info({ page: 0, size: MARKETS_MAX }),
    staleTime: 10 * 60_000,
  });
  const list = markets.data?.content ?? [];
  const [picked, setPicked] = useState<number | null>(rememberedMarket);
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<{ id: number; product?: string } | null>(null);
  const market: MarketInfo | undefined = list.find((m) => m.id === picked) ?? list[0];
  const rows = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    const prices = market?.prices ?? [];
    return k ? prices.filter((p) => p.productName.toLowerCase().includes(k)) : prices;
  }, [market, keyword]);

  const today = todayDay();
  const dayText = market?.latestDate
    ? market.latestDate === today
      ? t('card.today')
      : t('card.latestOn', { date: formatDateTime(market.latestDate, t('dateFormat')) })
    : '';

  // Markets grouped by province in the picker.
  const options = useMemo(() => {
    const groups = new Map<string, MarketInfo[]>();
    for (const m of list) {
      const p = m.province ?? t('card.otherProvince');
      groups.set(p, [...(groups.get(p) ?? []), m]);
    }
    return [...groups].map(([label, ms]) => ({
      label,
      title: label,
      options: ms.map((m) => ({ value: m.id, label: m.marketName })),
    }));
  }, [list, t]);

  const columns: MarketColumn<MarketPrice>[] = [
    { key: 'productName', title: t('table.product'), ellipsis: true, render: (p) => p.productName },
    {
      key: 'avg',
      title: t('table.avg'),
      align: 'right',
      render: (p) => (
        <span className="tl-market__price">
          {money.format(p.avgPrice)}
          <small>/{p.unit}</small>
        </span>
      ),
    },
    {
      key: 'range',
      title: t('table.range'),
      align: 'right',
      smUp: true,
      render: (p) => priceRangeText(money, p.minPrice, p.maxPrice),
    },
  ];

  let body: ReactNode;
  if (markets.isPending) body = <Skeleton active paragraph={{ rows: 5 }} title={false} />;
  else if (markets.isError) {
    body = <EmptyState variant="networkError" size="small" description={errorText(markets.error)} />;
  } else if (!market) body = <EmptyState variant="noData" size="small" title={t('empty.noMarkets')} />;
  else {
    body = (
      <>
        <div className="tl-market__bar">
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            value={market.id}
            onChange={(id: number) => {
              setPicked(id);
              rememberMarket(id);
            }}
            options={options}
            className="tl-market__select"
            aria-label={t('card.market')}
          />
          <MarketSearch
            placeholder={t('card.searchProduct')}
            onSearch={setKeyword}
            className="tl-market__search"
          />
        </div>
        <div className="tl-market__sub tl-market__meta">
          {[market.province, market.city].filter(Boolean).join(' · ')}
          {dayText ? ` · ${dayText}` : ''}
        </div>
        {rows.length === 0 ? (
          <EmptyState
            variant={keyword ? 'noSearchResult' : 'noData'}
            size="small"
            title={keyword ? undefined : t('empty.noPrices')}
          />
        ) : (
          <MarketPriceTable
            columns={columns}
            rows={rows}
            rowKey={(p) => p.productName}
            pageSize={6}
            rowTitle={t('card.rowHint')}
            onOpen={(p) => setOpen({ id: market.id, product: p.productName })}
          />
        )}
      </>
    );
  }

  return (
    <section className="tl-card tl-market">
      <h3 className="tl-card__title tl-market__title">
        <span>
          <ShopOutlined /> {t('card.title')}
        </span>
        {market ? (
          <Button
            size="small"
            type="link"
            icon={<LineChartOutlined />}
            onClick={() => setOpen({ id: market.id })}
          >
            {t('card.trend')}
          </Button>
        ) : null}
      </h3>
      {body}
      {open ? (
        <Suspense fallback={null}>
          <MarketDetailModal marketId={open.id} productName={open.product} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
