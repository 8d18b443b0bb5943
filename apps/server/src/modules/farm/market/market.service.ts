import type { Page } from '@tilth/contracts/common.types';
import type {
  MarketDetail,
  MarketDetailQuery,
  MarketInfo,
  MarketInfoQuery,
  MarketPrice,
  PriceImportResult,
  ProductHistory,
} from '@tilth/contracts/market.types';
import { PRICE_HISTORY_DAYS } from '@tilth/contracts/market.types';
import type { Database } from '../../../platform/db/client.js';
import { PLATFORM_TENANT_ID } from '../../../platform/db/columns.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { AppError } from '../../../platform/errors.js';
import { requireAccess } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { addDays } from '../../../platform/time/zone.js';
import { MarketErrors } from './market.errors.js';
import { ImportFileError, type RowError, readRows, rowErrorsIn, validateRows } from './market.import.js';
import * as repo from './market.repository.js';

/** Reading prices needs only a signed-in user; importing is the platform administrator's. */
export const MARKET_ACCESS = { read: 'authenticated', import: 'platformAdmin' } as const;

/** An import with bad rows: nothing was written; the answer lists every row's problem. */
export class PriceImportRowsError extends AppError {
  constructor(readonly rows: RowError[]) {
    super(MarketErrors.defs.invalidRows, {
      count: new Set(rows.map((r) => r.row)).size,
    });
  }
  body(lang: Lang) {
    return {
      failed: true as const,
      code: this.code,
      message: this.messageIn(lang),
      // A few hundred lines are enough to fix a file; the count in the message says how many there are.
      errors: rowErrorsIn(this.rows.slice(0, 500), lang),
    };
  }
}

const num = (v: string | null): number | null => (v === null ? null : Number(v));

const toPrice = (r: repo.PriceRow): MarketPrice => ({
  productName: r.productName,
  category: r.category,
  unit: r.unit,
  minPrice: num(r.minPrice),
  avgPrice: Number(r.avgPrice),
  maxPrice: num(r.maxPrice),
  priceDate: r.priceDate,
});

/**
 * Vegetable wholesale prices (spec 01 §2.2 'vegetable market price lookup'). The rows belong to the
 * platform (tenant 0): every call runs in a tenant-0 transaction, so nothing of any other tenant is in
 * reach whoever calls.
 */
export class MarketService {
  constructor(private readonly database: Database) {}

  async info(ctx: Ctx, q: MarketInfoQuery): Promise<Page<MarketInfo>> {
    requireAccess(ctx, MARKET_ACCESS.read);
    return this.database.withTenant(PLATFORM_TENANT_ID, async (db) => {
      const { limit, offset } = pageWindow(q);
      const { rows, total } = await repo.listMarkets(db, q, limit, offset);
      const days = rows.flatMap((m) => (m.latestDate ? [{ marketId: m.id, day: m.latestDate }] : []));
      const prices = await repo.pricesOnDays(db, days, q.keyword);
      const content = rows.map((m) => ({
        id: m.id,
        marketName: m.marketName,
        province: m.province,
        city: m.city,
        latestDate: m.latestDate,
        prices: prices.filter((p) => p.marketId === m.id).map(toPrice),
      }));
      return pageAnswer(content, total, q, { numberWhenAll: 'asked' });
    });
  }

  async detail(ctx: Ctx, id: number, q: MarketDetailQuery): Promise<MarketDetail> {
    requireAccess(ctx, MARKET_ACCESS.read);
    return this.database.withTenant(PLATFORM_TENANT_ID, async (db) => {
      const m = await repo.findMarket(db, id);
      if (!m) throw MarketErrors.notFound();
      const latestDate = await repo.latestDayOf(db, id);
      const products: ProductHistory[] = [];
      if (latestDate) {
        const from = addDays(latestDate, -(PRICE_HISTORY_DAYS - 1));
        const rows = await repo.pricesBetween(db, id, from, latestDate, q.productName);
        // Rows come by product, newest day first: the first of each product is its latest price.
        for (const r of rows) {
          const last = products.at(-1);
          if (last?.productName === r.productName) {
            last.history.push(toPrice(r));
            continue;
          }
          const latest = toPrice(r);
          products.push({
            productName: r.productName,
            category: r.category,
            unit: r.unit,
            latest,
            history: [latest],
          });
        }
        for (const p of products) {
          p.history = p.history
            .map(({ priceDate, minPrice, avgPrice, maxPrice }) => ({
              priceDate,
              minPrice,
              avgPrice,
              maxPrice,
            }))
            .reverse();
        }
      }
      return { id: m.id, marketName: m.marketName, province: m.province, city: m.city, latestDate, products };
    });
  }

  /** All-or-nothing import of a CSV / .xlsx file; upserts on (market, product, date). */
  async importFile(ctx: Ctx, file: Buffer, fileName: string): Promise<PriceImportResult> {
    requireAccess(ctx, MARKET_ACCESS.import);
    let parsed: ReturnType<typeof validateRows>;
    try {
      parsed = validateRows(await readRows(file, fileName));
    } catch (err) {
      if (err instanceof ImportFileError) throw MarketErrors.badFile({ reason: err.reason[ctx.lang] });
      throw err;
    }
    if (parsed.errors.length > 0) throw new PriceImportRowsError(parsed.errors);
    return this.writeParsed(ctx.user?.id ?? null, parsed);
  }

  /** Writes validated rows in one tenant-0 transaction (also used by the demo seed). */
  async writeParsed(
    userId: number | null,
    parsed: ReturnType<typeof validateRows>,
  ): Promise<PriceImportResult> {
    return this.database.withTenant(PLATFORM_TENANT_ID, async (db) => {
      const { ids, created } = await repo.upsertMarkets(db, userId, parsed.markets);
      const prices = parsed.prices.map(({ marketName, ...p }) => ({
        ...p,
        marketId: ids.get(marketName) ?? 0,
      }));
      const { inserted, updated } = await repo.upsertPrices(db, prices);
      return { rows: prices.length, inserted, updated, marketsCreated: created };
    });
  }
}
