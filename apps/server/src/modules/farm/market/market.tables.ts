import { bigint, date, index, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  auditColumns,
  idColumn,
  platformRowsReadable,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

/**
 * Wholesale vegetable markets and their daily prices. The platform (tenant 0) imports them (CSV / Excel);
 * every tenant reads them (/wfpf/v1/0/vegetable-price/...).
 */
export const vegetableMarkets = pgTable(
  'vegetable_markets',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    marketName: text('market_name').notNull(),
    province: text('province'),
    city: text('city'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('vegetable_markets_name_uq').on(t.tenantId, t.marketName),
    tenantIsolation(),
    platformRowsReadable(),
  ],
);

export const vegetablePrices = pgTable(
  'vegetable_prices',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    marketId: bigint('market_id', { mode: 'number' }).notNull(),
    productName: text('product_name').notNull(),
    category: text('category'),
    unit: text('unit').notNull().default('kg'),
    minPrice: numeric('min_price', { precision: 7, scale: 2 }),
    avgPrice: numeric('avg_price', { precision: 7, scale: 2 }).notNull(),
    maxPrice: numeric('max_price', { precision: 7, scale: 2 }),
    priceDate: date('price_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('vegetable_prices_day_uq').on(t.tenantId, t.marketId, t.productName, t.priceDate),
    index('vegetable_prices_product_idx').on(t.tenantId, t.productName, t.priceDate),
    tenantIsolation(),
    platformRowsReadable(),
  ],
);
