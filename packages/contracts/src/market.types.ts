import { z } from 'zod';
import { pageOf, pageQuery } from './common.types.js';

// Vegetable wholesale market prices (spec 01 §2.2: 'a vegetable market price lookup'; §7: GET
// /wfpf/v1/0/vegetable-price/market/info and /market/detail/{id}). The platform imports them; every
// signed-in user reads them.

export const MARKET_TEXT_MAX = 60;
export const PRICE_MAX = 99_999;
/** Days of history the detail answers. */
export const PRICE_HISTORY_DAYS = 30;

const searchText = z
  .string()
  .max(MARKET_TEXT_MAX * 4)
  .transform((s) => s.trim())
  .pipe(z.string().max(MARKET_TEXT_MAX, { error: `text too long (at most ${MARKET_TEXT_MAX} characters)` }))
  .optional()
  .transform((s) => (s ? s : undefined));

/** GET …/market/info: markets with their latest day's prices; keyword = product name contains. */
export const marketInfoQuery = pageQuery.extend({
  keyword: searchText,
  province: searchText,
});
export type MarketInfoQuery = z.infer<typeof marketInfoQuery>;

export const marketPrice = z.object({
  productName: z.string(),
  category: z.string().nullable(),
  unit: z.string(),
  minPrice: z.number().nullable(),
  avgPrice: z.number(),
  maxPrice: z.number().nullable(),
  /** YYYY-MM-DD */
  priceDate: z.string(),
});
export type MarketPrice = z.infer<typeof marketPrice>;

export const marketInfo = z.object({
  id: z.number().int(),
  marketName: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  /** The market's latest price day (null when it has no prices yet). */
  latestDate: z.string().nullable(),
  /** That day's prices (matching keyword when given), by product name. */
  prices: z.array(marketPrice),
});
export type MarketInfo = z.infer<typeof marketInfo>;
export const marketInfoPage = pageOf(marketInfo);

export const marketIdParam = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const marketDetailQuery = z.strictObject({ productName: searchText });
export type MarketDetailQuery = z.infer<typeof marketDetailQuery>;

export const pricePoint = z.object({
  priceDate: z.string(),
  minPrice: z.number().nullable(),
  avgPrice: z.number(),
  maxPrice: z.number().nullable(),
});
export type PricePoint = z.infer<typeof pricePoint>;

export const productHistory = z.object({
  productName: z.string(),
  category: z.string().nullable(),
  unit: z.string(),
  latest: marketPrice,
  /** Oldest first, the last PRICE_HISTORY_DAYS days up to the market's latest day. */
  history: z.array(pricePoint),
});
export type ProductHistory = z.infer<typeof productHistory>;

export const marketDetail = z.object({
  id: z.number().int(),
  marketName: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  latestDate: z.string().nullable(),
  products: z.array(productHistory),
});
export type MarketDetail = z.infer<typeof marketDetail>;

export const priceImportError = z.object({ row: z.number().int(), message: z.string() });
export type PriceImportError = z.infer<typeof priceImportError>;

export const priceImportResult = z.object({
  rows: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  marketsCreated: z.number().int(),
});
export type PriceImportResult = z.infer<typeof priceImportResult>;

/** The 400 answer of an import with bad rows: nothing was written. */
export const priceImportFailure = z.object({
  failed: z.literal(true),
  code: z.string(),
  message: z.string(),
  errors: z.array(priceImportError),
});
export type PriceImportFailure = z.infer<typeof priceImportFailure>;
