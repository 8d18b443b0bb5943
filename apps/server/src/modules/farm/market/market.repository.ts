import { and, asc, count, desc, eq, gte, ilike, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { PLATFORM_TENANT_ID } from '../../../platform/db/columns.js';
import { pageRows } from '../../../platform/db/paging.js';
import { vegetableMarkets, vegetablePrices } from './market.tables.js';

// Market prices are platform rows (tenant 0); every query names the tenant as well as relying on RLS.
const T = PLATFORM_TENANT_ID;

export type MarketRow = typeof vegetableMarkets.$inferSelect;
export type PriceRow = typeof vegetablePrices.$inferSelect;

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (s: string) => `%${escapeLike(s)}%`;

/** The latest price day of every market (of T). */
const latestDays = (db: Db) =>
  db
    .select({ marketId: vegetablePrices.marketId, day: max(vegetablePrices.priceDate).as('day') })
    .from(vegetablePrices)
    .where(eq(vegetablePrices.tenantId, T))
    .groupBy(vegetablePrices.marketId)
    .as('latest');

export interface MarketFilter {
  keyword?: string | undefined;
  province?: string | undefined;
}

/** Markets (province contains; with a product matching keyword on their latest day), by province and name. */
export const listMarkets = async (
  db: Db,
  f: MarketFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: (MarketRow & { latestDate: string | null })[]; total: number }> => {
  const parts: SQL[] = [eq(vegetableMarkets.tenantId, T)];
  if (f.province) parts.push(ilike(vegetableMarkets.province, contains(f.province)));
  const latest = latestDays(db);
  if (f.keyword) {
    parts.push(sql`exists (select 1 from ${vegetablePrices} p where p.tenant_id = ${T}
      and p.market_id = ${vegetableMarkets.id} and p.price_date = ${latest.day}
      and p.product_name ilike ${contains(f.keyword)})`);
  }
  const where = and(...parts);
  const q = db
    .select({ m: vegetableMarkets, latestDate: latest.day })
    .from(vegetableMarkets)
    .leftJoin(latest, eq(latest.marketId, vegetableMarkets.id))
    .where(where)
    .orderBy(asc(vegetableMarkets.province), asc(vegetableMarkets.marketName), asc(vegetableMarkets.id));
  const { rows, total } = await pageRows(
    q,
    () =>
      db
        .select({ n: count() })
        .from(vegetableMarkets)
        .leftJoin(latest, eq(latest.marketId, vegetableMarkets.id))
        .where(where),
    limit,
    offset,
  );
  return { rows: rows.map((r) => ({ ...r.m, latestDate: r.latestDate ?? null })), total };
};

/** Prices of the given markets on one day each (keyword: product name contains), by product name. */
export const pricesOnDays = async (
  db: Db,
  days: { marketId: number; day: string }[],
  keyword: string | undefined,
): Promise<PriceRow[]> => {
  if (days.length === 0) return [];
  const onDay = sql.join(
    days.map(
      (d) => sql`(${vegetablePrices.marketId} = ${d.marketId} and ${vegetablePrices.priceDate} = ${d.day})`,
    ),
    sql` or `,
  );
  const parts: SQL[] = [eq(vegetablePrices.tenantId, T), sql`(${onDay})`];
  if (keyword) parts.push(ilike(vegetablePrices.productName, contains(keyword)));
  return db
    .select()
    .from(vegetablePrices)
    .where(and(...parts))
    .orderBy(asc(vegetablePrices.productName));
};

export const findMarket = async (db: Db, id: number): Promise<MarketRow | undefined> => {
  const [r] = await db
    .select()
    .from(vegetableMarkets)
    .where(and(eq(vegetableMarkets.tenantId, T), eq(vegetableMarkets.id, id)));
  return r;
};

export const latestDayOf = async (db: Db, marketId: number): Promise<string | null> => {
  const [r] = await db
    .select({ day: max(vegetablePrices.priceDate) })
    .from(vegetablePrices)
    .where(and(eq(vegetablePrices.tenantId, T), eq(vegetablePrices.marketId, marketId)));
  return r?.day ?? null;
};

/** A market's prices between two days (inclusive), optionally of one product; by product, then day. */
export const pricesBetween = async (
  db: Db,
  marketId: number,
  from: string,
  to: string,
  productName: string | undefined,
): Promise<PriceRow[]> => {
  const parts: SQL[] = [
    eq(vegetablePrices.tenantId, T),
    eq(vegetablePrices.marketId, marketId),
    gte(vegetablePrices.priceDate, from),
    lte(vegetablePrices.priceDate, to),
  ];
  if (productName) parts.push(eq(vegetablePrices.productName, productName));
  return db
    .select()
    .from(vegetablePrices)
    .where(and(...parts))
    .orderBy(asc(vegetablePrices.productName), desc(vegetablePrices.priceDate));
};

export interface MarketValues {
  marketName: string;
  province: string | null;
  city: string | null;
}

/** Creates missing markets and refreshes province / city of named ones; answers ids by name. */
export const upsertMarkets = async (
  db: Db,
  userId: number | null,
  markets: MarketValues[],
): Promise<{ ids: Map<string, number>; created: number }> => {
  const ids = new Map<string, number>();
  let created = 0;
  if (markets.length === 0) return { ids, created };
  const rows = await db
    .insert(vegetableMarkets)
    .values(markets.map((m) => ({ ...m, tenantId: T, createdBy: userId, lastUpdatedBy: userId })))
    .onConflictDoUpdate({
      target: [vegetableMarkets.tenantId, vegetableMarkets.marketName],
      set: {
        province: sql`coalesce(excluded.province, ${vegetableMarkets.province})`,
        city: sql`coalesce(excluded.city, ${vegetableMarkets.city})`,
        lastUpdatedBy: userId,
        lastUpdateDate: sql`now()`,
      },
    })
    .returning({
      id: vegetableMarkets.id,
      name: vegetableMarkets.marketName,
      fresh: sql<boolean>`(xmax = 0)`,
    });
  for (const r of rows) {
    ids.set(r.name, r.id);
    if (r.fresh) created++;
  }
  return { ids, created };
};

export interface PriceValues {
  marketId: number;
  productName: string;
  category: string | null;
  unit: string;
  minPrice: string | null;
  avgPrice: string;
  maxPrice: string | null;
  priceDate: string;
}

/** Inserts or replaces prices on (market, product, day); answers how many were new and how many replaced. */
export const upsertPrices = async (
  db: Db,
  prices: PriceValues[],
): Promise<{ inserted: number; updated: number }> => {
  let inserted = 0;
  let updated = 0;
  // Chunks keep each statement well under the bind-parameter limit.
  for (let i = 0; i < prices.length; i += 500) {
    const rows = await db
      .insert(vegetablePrices)
      .values(prices.slice(i, i + 500).map((p) => ({ ...p, tenantId: T })))
      .onConflictDoUpdate({
        target: [
          vegetablePrices.tenantId,
          vegetablePrices.marketId,
          vegetablePrices.productName,
          vegetablePrices.priceDate,
        ],
        set: {
          category: sql`excluded.category`,
          unit: sql`excluded.unit`,
          minPrice: sql`excluded.min_price`,
          avgPrice: sql`excluded.avg_price`,
          maxPrice: sql`excluded.max_price`,
        },
      })
      .returning({ fresh: sql<boolean>`(xmax = 0)` });
    for (const r of rows) {
      if (r.fresh) inserted++;
      else updated++;
    }
  }
  return { inserted, updated };
};

/** How many price rows the platform holds (the demo seed skips when some exist). */
export const countPrices = async (db: Db): Promise<number> => {
  const [c] = await db.select({ n: count() }).from(vegetablePrices).where(eq(vegetablePrices.tenantId, T));
  return c?.n ?? 0;
};
