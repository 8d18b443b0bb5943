import {
  INV_EXPORT_MAX_ROWS,
  INV_REPORT_MAX_PERIODS,
  type InvLedgerFilter,
  type InvLedgerPage,
  type InvLedgerQuery,
  type InvLedgerRow,
  type InvSlowFilter,
  type InvSlowPage,
  type InvSlowQuery,
  type InvSlowRow,
  type InvStockFilter,
  type InvStockPage,
  type InvStockQuery,
  type InvStockRow,
  type InvSummaryFilter,
  type InvSummaryPage,
  type InvSummaryQuery,
  type InvSummaryRow,
  type InvWarehouseValue,
} from '@tilth/contracts/inventory.report.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import type { Database } from '../../../platform/db/client.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { withReplicaCtx } from '../../../platform/db/replica-read.js';
import { num } from '../../../platform/decimal.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { addDays, today } from '../../../platform/time/zone.js';
import { findSkusForLines } from '../product/index.js';
import {
  allowReportMemory,
  type LedgerFilter,
  listLedger,
  listSummary,
  type SummaryFilter,
  summarySeries,
} from './movement.repository.js';
import { type ReportOptions, readReportOptions } from './option.repository.js';
import { InvReportErrors } from './report.errors.js';
import { toLedgerRow, toSlowRow, toStockRow, toSummaryRow, toWarehouseValue } from './report.mappers.js';
import { listOnHand, listSlowMovers, type StockFilter, valueByWarehouse } from './stock.repository.js';

/** prment/stock reads on hand; prment/report the period summary, movement detail and slow movers. */
export const REPORT_ACCESS = {
  stock: 'wfpf.inventory.prment.stock',
  report: 'wfpf.inventory.prment.report',
} as const satisfies Record<string, PermissionCode>;

/** Rows with a window total: the page, and the filter's total (0 rows past the end still know it). */
const totalOf = (rows: { total: string | number }[]): number => Number(rows[0]?.total ?? 0);

/** How many periods a range spans (a month range counts calendar months touched). */
const periodsIn = (f: InvSummaryFilter): number => {
  const [y1, m1] = f.dateFrom.split('-').map(Number) as [number, number];
  const [y2, m2] = f.dateTo.split('-').map(Number) as [number, number];
  if (f.period === 'year') return y2 - y1 + 1;
  if (f.period === 'month') return (y2 - y1) * 12 + (m2 - m1) + 1;
  return Math.round((Date.parse(f.dateTo) - Date.parse(f.dateFrom)) / 86_400_000) + 1;
};

/** Fills each row's SKU code and product specification (set after the report's SQL, from the SKUs). */
const withSkuCodes = async <
  T extends { skuId: number; skuCode: string | null; specification: string | null },
>(
  ctx: TenantCtx,
  rows: T[],
): Promise<T[]> => {
  const skus = await findSkusForLines(
    ctx.db,
    ctx.tenantId,
    rows.map((r) => r.skuId),
  );
  return rows.map((r) => {
    const s = skus.get(r.skuId);
    return s ? { ...r, skuCode: s.skuCode, specification: s.specification } : r;
  });
};

export class InvReportService {
  /**
   * The period summary, the movement ledger and slow movers read on the replica when there is one: a
   * report a moment behind is fine. Stock on hand and its chart stay on the primary: staff check them
   * right before they issue goods.
   */
  constructor(private readonly database?: Database) {}

  private stockFilter(ctx: Ctx, q: InvStockFilter, opts: ReportOptions): StockFilter {
    const day = today(ctx.timeZone);
    return { ...q, today: day, warnUntil: addDays(day, opts.expiryWarnDays) };
  }

  /** On hand per warehouse, SKU and lot, with flags and totals over the whole filter. */
  async stock(ctx: Ctx, q: InvStockQuery): Promise<InvStockPage> {
    requireTenant(ctx);
    requireAccess(ctx, REPORT_ACCESS.stock);
    const opts = await readReportOptions(ctx.db, ctx.tenantId);
    const f = this.stockFilter(ctx, q, opts);
    const { limit, offset } = pageWindow(q);
    const rows = await listOnHand(ctx.db, ctx.tenantId, f, limit, offset);
    // Past the last page the window carries no total; ask for the first row to learn it.
    const probe = rows.length === 0 && offset > 0 ? await listOnHand(ctx.db, ctx.tenantId, f, 1, 0) : rows;
    const head = probe[0];
    return {
      ...pageAnswer(rows.map(toStockRow), totalOf(probe), q),
      totals: {
        quantity: head ? num(head.tot_qty) : 0,
        transitQty: head ? num(head.tot_tqty) : 0,
        value: head ? num(head.tot_val) : 0,
      },
      quantityDecimals: opts.quantityDecimals,
      expiryWarnDays: opts.expiryWarnDays,
    };
  }

  async stockExport(ctx: Ctx, q: InvStockFilter): Promise<{ rows: InvStockRow[]; opts: ReportOptions }> {
    requireTenant(ctx);
    requireAccess(ctx, REPORT_ACCESS.stock);
    const opts = await readReportOptions(ctx.db, ctx.tenantId);
    const rows = await listOnHand(
      ctx.db,
      ctx.tenantId,
      this.stockFilter(ctx, q, opts),
      INV_EXPORT_MAX_ROWS,
      0,
    );
    return { rows: rows.map(toStockRow), opts };
  }

  /** Value on hand per warehouse (the stock page's chart). */
  async byWarehouse(ctx: Ctx, q: InvStockFilter): Promise<InvWarehouseValue[]> {
    requireTenant(ctx);
    requireAccess(ctx, REPORT_ACCESS.stock);
    return (await valueByWarehouse(ctx.db, ctx.tenantId, q)).map(toWarehouseValue);
  }

  private summaryFilter(q: InvSummaryFilter): SummaryFilter {
    const max = INV_REPORT_MAX_PERIODS[q.period];
    if (periodsIn(q) > max) throw InvReportErrors.rangeTooLong({ period: q.period, max });
    return q;
  }

  /** In / out / balance per period, warehouse and SKU, with the whole filter's series for the chart. */
  async summary(ctx: Ctx, q: InvSummaryQuery): Promise<InvSummaryPage> {
    requireTenant(ctx);
    requireAccess(ctx, REPORT_ACCESS.report);
    const f = this.summaryFilter(q);
    return withReplicaCtx(ctx, this.database, async (ctx) => {
      const opts = await readReportOptions(ctx.db, ctx.tenantId);
      await allowReportMemory(ctx.db);
      const { limit, offset } = pageWindow(q);
      const rows = await listSummary(ctx.db, ctx.tenantId, f, limit, offset);
      const probe = rows.length === 0 && offset > 0 ? await listSummary(ctx.db, ctx.tenantId, f, 1, 0) : rows;
      const series = await summarySeries(ctx.db, ctx.tenantId, f);
      return {
        ...pageAnswer(await withSkuCodes(ctx, rows.map(toSummaryRow)), totalOf(probe), q),
        series: series.map((s) => ({
          periodLabel: s.label,
          inValue: num(s.in_v),
          outValue: num(s.out_v),
          closingValue: num(s.close_v),
        })),
        quantityDecimals: opts.quantityDecimals,
      };
    });
  }

  async summaryExport(
    ctx: Ctx,
    q: InvSummaryFilter,
  ): Promise<{ rows: InvSummaryRow[]; opts: ReportOptions }> {
    requireTenant(ctx);
    requireAccess(ctx, REPORT_ACCESS.report);
    const f = this.summaryFilter(q);
    return withReplicaCtx(ctx, this.database, async (ctx) => {
      const opts = await readReportOptions(ctx.db, ctx.tenantId);
      await allowReportMemory(ctx.db);
      const rows = await listSummary(ctx.db, ctx.tenantId, f, INV_EXPORT_MAX_ROWS, 0);
      return { rows: await withSkuCodes(ctx, rows.map(toSummaryRow)), opts };
    });
  }

  /** Every ledger row of the filter, newest posting first; each names its document. */
  async ledger(ctx: Ctx, q: InvLedgerQuery): Promise<InvLedgerPage> {
    requireTenant(ctx);
    requireAccess(ctx, REPORT_ACCESS.report);
    return withReplicaCtx(ctx, this.database, async (ctx) => {
      const opts = await readReportOptions(ctx.db, ctx.tenantId);
      const { limit, offset } = pageWindow(q);
      const { rows, total } = await listLedger(ctx.db, ctx.tenantId, q satisfies LedgerFilter, limit, offset);
      return {
        ...pageAnswer(await withSkuCodes(ctx, rows.map(toLedgerRow)), total, q),
        quantityDecimals: opts.quantityDecimals,
      };
    });
  }

  async ledgerExport(ctx: Ctx, q: InvLedgerFilter): Promise<{ rows: InvLedgerRow[]; opts: ReportOptions }> {
    requireTenant(ctx);
    requireAccess(ctx, REPORT_ACCESS.report);
    return withReplicaCtx(ctx, this.database, async (ctx) => {
      const opts = await readReportOptions(ctx.db, ctx.tenantId);
      const { rows } = await listLedger(ctx.db, ctx.tenantId, q, INV_EXPORT_MAX_ROWS, 0);
      return { rows: await withSkuCodes(ctx, rows.map(toLedgerRow)), opts };
    });
  }

  private slowFilter(ctx: Ctx, q: InvSlowFilter) {
    const day = today(ctx.timeZone);
    return { warehouseId: q.warehouseId, keyword: q.keyword, today: day, cutoff: addDays(day, -q.days) };
  }

  /** SKUs held with no outbound movement for `days` days, largest value first. */
  async slowMovers(ctx: Ctx, q: InvSlowQuery): Promise<InvSlowPage> {
    requireTenant(ctx);
    requireAccess(ctx, REPORT_ACCESS.report);
    return withReplicaCtx(ctx, this.database, async (ctx) => {
      const opts = await readReportOptions(ctx.db, ctx.tenantId);
      const f = this.slowFilter(ctx, q);
      const { limit, offset } = pageWindow(q);
      const rows = await listSlowMovers(ctx.db, ctx.tenantId, f, limit, offset);
      const probe =
        rows.length === 0 && offset > 0 ? await listSlowMovers(ctx.db, ctx.tenantId, f, 1, 0) : rows;
      return {
        ...pageAnswer(rows.map(toSlowRow), totalOf(probe), q),
        quantityDecimals: opts.quantityDecimals,
      };
    });
  }

  async slowExport(ctx: Ctx, q: InvSlowFilter): Promise<{ rows: InvSlowRow[]; opts: ReportOptions }> {
    requireTenant(ctx);
    requireAccess(ctx, REPORT_ACCESS.report);
    return withReplicaCtx(ctx, this.database, async (ctx) => {
      const opts = await readReportOptions(ctx.db, ctx.tenantId);
      const rows = await listSlowMovers(
        ctx.db,
        ctx.tenantId,
        this.slowFilter(ctx, q),
        INV_EXPORT_MAX_ROWS,
        0,
      );
      return { rows: rows.map(toSlowRow), opts };
    });
  }
}
