import type { Page } from '@tilth/contracts';
import type { MarketDetail, MarketInfo } from '@tilth/contracts/market.types';
import { api } from '../../../shared/api/client';
import { NO_DATA } from '../../../shared/format/number';

export type { MarketDetail, MarketInfo, MarketPrice, ProductHistory } from '@tilth/contracts/market.types';

// Platform price data lives under the literal tenant 0; any signed-in user reads it.
const BASE = '/wfpf/v1/0/vegetable-price';

export const marketApi = {
  info: (query: { page: number; size: number; keyword?: string; province?: string }) =>
    api.get<Page<MarketInfo>>(`${BASE}/market/info`, { query }),
  detail: (id: number, productName?: string) =>
    api.get<MarketDetail>(`${BASE}/market/detail/${id}`, { query: { productName } }),
};

export const marketKeys = {
  info: (keyword: string) => ['market', 'info', keyword] as const,
  detail: (id: number) => ['market', 'detail', id] as const,
};

/** Prices in yuan for the interface language (¥3.50 / CN¥3.50). */
/** A price range "¥1.00 – ¥2.00"; NO_DATA when either end is missing. */
export const priceRangeText = (
  money: Intl.NumberFormat,
  min: number | null | undefined,
  max: number | null | undefined,
): string =>
  min === null || min === undefined || max === null || max === undefined
    ? NO_DATA
    : `${money.format(min)} – ${money.format(max)}`;

export const priceFormat = (lang: string) =>
  new Intl.NumberFormat(lang === 'en-US' ? 'en-US' : 'zh-CN', {
    style: 'currency',
    currency: 'CNY',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

/** The market last chosen on the home card, kept across visits. */
const KEY = 'tilth.market.selected';
export const rememberedMarket = (): number | null => {
  try {
    const v = Number(window.localStorage.getItem(KEY));
    return Number.isSafeInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
};
export const rememberMarket = (id: number): void => {
  try {
    window.localStorage.setItem(KEY, String(id));
  } catch {
    // Private browsing without storage: the choice just is not kept.
  }
};
