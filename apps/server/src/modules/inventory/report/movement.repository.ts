import type { InvReportPeriod } from '@tilth/contracts/inventory.report.types';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { rowsOf } from '../../../platform/db/rows.js';
import { addDays } from '../../../platform/time/zone.js';
import { andAll, namesJoin, type SkuFilter, skuCondition } from './stock.repository.js';

// In / out / balance by period and the movement detail, from `stock_ledger` (book 'inv') grouped by the
// documents' date, whole months from its monthly rollup `stock_rollup`. The opening balance of the range
// is the balance now minus every movement dated from the range's first day on: one pass over the range
// (and what follows it) instead of all history before it. That holds because the ledger always sums to
// the balance (ADR 0014).

const LABEL: Record<InvReportPeriod, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };

export interface SummaryFilter extends SkuFilter {
  period: InvReportPeriod;
  dateFrom: string;
  dateTo: string;
  warehouseId?: number | undefined;
}

const ledgerWhere = (tenantId: number, f: SummaryFilter, alias: string): SQL[] => {
  const a = sql.raw(alias);
  const parts: SQL[] = [
    sql`${a}.tenant_id = ${tenantId}`,
    sql`${a}.book = 'inv'`,
    sql`${a}.location = 'stock'`,
  ];
  if (f.warehouseId !== undefined) parts.push(sql`${a}.warehouse_id = ${f.warehouseId}`);
  parts.push(...skuCondition(tenantId, sql`${a}.product_id`, f));
  return parts;
};

const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;
const nextMonth = (day: string): string => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * Which days the summary reads from the ledger and which months from the rollup (`stock_rollup`, the
 * ledger summed per month). Month and year periods read whole months from the rollup and only the partial
 * months at the range's edges from the ledger; day periods read the ledger up to the end of the range's
 * last month (by the date index). Every month after that comes from the rollup.
 */
export interface SummarySplit {
  /** The ledger covers [dateFrom, ledgerTo) and, when set, the partial last month [endMonth, next). */
  ledgerTo: string;
  endMonth: string | null;
  /** The rollup covers the months from this one on, except endMonth. */
  rollupFrom: string;
}

export const summarySplit = (f: Pick<SummaryFilter, 'period' | 'dateFrom' | 'dateTo'>): SummarySplit => {
  if (f.period === 'day') {
    const after = nextMonth(f.dateTo);
    return { ledgerTo: after, endMonth: null, rollupFrom: after };
  }
  const first = f.dateFrom.endsWith('-01') ? f.dateFrom : nextMonth(f.dateFrom);
  const lastIsWhole = nextMonth(f.dateTo) === addDays(f.dateTo, 1);
  return { ledgerTo: first, endMonth: lastIsWhole ? null : monthOf(f.dateTo), rollupFrom: first };
};

/**
 * The CTE `a` both summary queries start from: the movements from the range's first day on, grouped by
 * key and period; rows after the range fall in period null (they only correct the opening). Partial
 * months come from the ledger, whole months from the rollup; their sums are equal to the ledger's alone.
 */
const sources = (tenantId: number, f: SummaryFilter, only?: (alias: string) => SQL) => {
  const split = summarySplit(f);
  const endLedger = split.endMonth
    ? sql`or (l.doc_date >= ${split.endMonth}::date and l.doc_date < ${nextMonth(split.endMonth)}::date)`
    : sql``;
  const endRollup = split.endMonth ? sql`and r.month <> ${split.endMonth}::date` : sql``;
  return {
    ledger: sql`${andAll(ledgerWhere(tenantId, f, 'l'))} and l.doc_date >= ${f.dateFrom}::date
             and (l.doc_date < ${split.ledgerTo}::date ${endLedger}) ${only ? only('l') : sql``}`,
    rollup: sql`${andAll(ledgerWhere(tenantId, f, 'r'))} and r.month >= ${split.rollupFrom}::date ${endRollup}
             ${only ? only('r') : sql``}`,
  };
};

/**
 * The CTE `k`: every (period, warehouse, SKU) that moved in the range, without summing anything — what
 * the page and the count need.
 */
const keysCte = (tenantId: number, f: SummaryFilter): SQL => {
  const unit = sql.raw(`'${f.period}'`);
  const src = sources(tenantId, f);
  return sql`
    k as (
      select distinct p, warehouse_id, product_id
        from (
          select l.warehouse_id, l.product_id, date_trunc(${unit}, l.doc_date)::date p
            from stock_ledger l where ${src.ledger} and l.doc_date <= ${f.dateTo}::date
          union all
          select r.warehouse_id, r.product_id, date_trunc(${unit}, r.month)::date
            from stock_rollup r where ${src.rollup} and r.month <= ${f.dateTo}::date
        ) x
    )`;
};

const movementsCte = (
  tenantId: number,
  f: SummaryFilter,
  opts: { only?: (alias: string) => SQL; byKey?: boolean } = {},
): SQL => {
  const unit = sql.raw(`'${f.period}'`);
  const src = sources(tenantId, f, opts.only);
  // The chart sums over every key: grouping by period alone keeps its groups few.
  const byKey = opts.byKey ?? true;
  const keyOf = (x: string) => (byKey ? sql.raw(`${x}.warehouse_id, ${x}.product_id, `) : sql``);
  const groups = sql.raw(byKey ? '1, 2, 3' : '1');
  // A rollup row has in_qty > 0 exactly when its month had rows in (out likewise), so taking it only
  // then sums the same rows the ledger's quantity filters do. Its rows are summed once, by the outer group.
  return sql`
    a as (
      select ${keyOf('x')}p, coalesce(sum(in_q), 0) in_q, coalesce(sum(in_v), 0) in_v,
             coalesce(sum(out_q), 0) out_q, coalesce(sum(out_v), 0) out_v, sum(net_q) net_q, sum(net_v) net_v
        from (
          select ${keyOf('l')}case when l.doc_date <= ${f.dateTo}::date then date_trunc(${unit}, l.doc_date)::date end p,
                 sum(l.quantity) filter (where l.quantity > 0) in_q,
                 sum(l.value_change) filter (where l.quantity > 0) in_v,
                 -sum(l.quantity) filter (where l.quantity < 0) out_q,
                 -sum(l.value_change) filter (where l.quantity < 0) out_v,
                 sum(l.quantity) net_q, sum(l.value_change) net_v
            from stock_ledger l
           where ${src.ledger}
           group by ${groups}
          union all
          select ${keyOf('r')}case when r.month <= ${f.dateTo}::date then date_trunc(${unit}, r.month)::date end p,
                 case when r.in_qty > 0 then r.in_qty end, case when r.in_qty > 0 then r.in_value end,
                 case when r.out_qty > 0 then r.out_qty end, case when r.out_qty > 0 then r.out_value end,
                 r.in_qty - r.out_qty, r.net_value
            from stock_rollup r
           where ${src.rollup}
        ) x
       group by ${groups}
    )`;
};

/** Sorting and counting tens of thousands of groups in memory beats spilling them to disk. */
export const allowReportMemory = async (db: Db): Promise<void> => {
  await db.execute(sql`set local work_mem = '64MB'`);
};

export interface SummaryDbRow {
  p: string;
  label: string;
  warehouse_id: string | number;
  warehouse_name: string | null;
  product_id: string | number | null;
  product_code: string | null;
  product_name: string | null;
  sku_id: string | number;
  sku_name: string | null;
  unit_name: string | null;
  open_q: string;
  open_v: string;
  in_q: string;
  in_v: string;
  out_q: string;
  out_v: string;
  close_q: string;
  close_v: string;
  total: string | number;
}

const onlyPageKeys = (x: string): SQL =>
  sql.raw(`and (${x}.warehouse_id, ${x}.product_id) in (select warehouse_id, product_id from pk)`);

/**
 * One row per period, warehouse and SKU that moved in it, by period then warehouse and SKU id. The page's
 * keys are chosen first; only their movements are summed and only their names joined.
 */
export const listSummary = async (
  db: Db,
  tenantId: number,
  f: SummaryFilter,
  limit: number | undefined,
  offset: number,
): Promise<SummaryDbRow[]> => {
  const page = limit === undefined ? sql`` : sql`limit ${limit} offset ${offset}`;
  return rowsOf<SummaryDbRow>(
    await db.execute(sql`
      with ${keysCte(tenantId, f)}, pk0 as (
        select k.*, count(*) over () total from k order by k.p, k.warehouse_id, k.product_id ${page}
      ), pk as (
        select distinct warehouse_id, product_id from pk0
      ), ${movementsCte(tenantId, f, { only: onlyPageKeys })}, pg as (
        select a.*, pk0.total
          from pk0 join a on a.p = pk0.p and a.warehouse_id = pk0.warehouse_id and a.product_id = pk0.product_id
      ), later as (
        -- The opening of a page row is the balance now minus what moved from its period on, so only the
        -- page's keys are looked up, not every group's.
        select pg.p, pg.warehouse_id, pg.product_id, sum(x.net_q) q, sum(x.net_v) v
          from pg join a x on x.warehouse_id = pg.warehouse_id and x.product_id = pg.product_id
           and (x.p is null or x.p >= pg.p)
         group by 1, 2, 3
      ), bal as (
        select k.warehouse_id, k.product_id, coalesce(sum(b.quantity), 0) q, coalesce(sum(b.value), 0) v
          from (select distinct warehouse_id, product_id from pg) k
          left join stock_balances b
            on b.tenant_id = ${tenantId} and b.book = 'inv' and b.location = 'stock'
           and b.warehouse_id = k.warehouse_id and b.product_id = k.product_id
         group by 1, 2
      ), r as (
        select pg.*, bal.q - later.q open_q, bal.v - later.v open_v
          from pg
          join later on later.p = pg.p and later.warehouse_id = pg.warehouse_id and later.product_id = pg.product_id
          join bal on bal.warehouse_id = pg.warehouse_id and bal.product_id = pg.product_id
      )
      select greatest(pg.p, ${f.dateFrom}::date)::text p, to_char(pg.p, ${LABEL[f.period]}) label,
             pg.warehouse_id, w.warehouse_name, p.id product_id, p.product_code, p.product_name,
             pg.product_id sku_id, s.sku_name, u.unit_name,
             pg.open_q::text open_q, round(pg.open_v, 2)::text open_v,
             pg.in_q::text in_q, round(pg.in_v, 2)::text in_v, pg.out_q::text out_q, round(pg.out_v, 2)::text out_v,
             (pg.open_q + pg.net_q)::text close_q, round(pg.open_v + pg.net_v, 2)::text close_v, pg.total
        from r pg
        left join inv_warehouses w on w.tenant_id = ${tenantId} and w.id = pg.warehouse_id
        left join inv_skus s on s.tenant_id = ${tenantId} and s.id = pg.product_id
        left join inv_products p on p.tenant_id = s.tenant_id and p.id = s.product_id
        left join inv_units u on u.tenant_id = p.tenant_id and u.id = p.stock_unit_id
       order by pg.p, pg.warehouse_id, pg.product_id`),
  );
};

export interface SeriesDbRow {
  label: string;
  in_v: string;
  out_v: string;
  close_v: string;
}

/** Every period of the range with the money in, out and held at its end, over the whole filter. */
export const summarySeries = async (db: Db, tenantId: number, f: SummaryFilter): Promise<SeriesDbRow[]> => {
  const unit = sql.raw(`'${f.period}'`);
  const step = sql.raw(`'1 ${f.period}'`);
  return rowsOf<SeriesDbRow>(
    await db.execute(sql`
      with ${movementsCte(tenantId, f, { byKey: false })}, per as (
        select p, sum(in_v) in_v, sum(out_v) out_v, sum(net_v) net_v from a where p is not null group by p
      ), opening as (
        select (select coalesce(sum(b.value), 0) from stock_balances b where ${andAll(ledgerWhere(tenantId, f, 'b'))})
               - (select coalesce(sum(net_v), 0) from a) v
      ), ps as (
        select gs::date p
          from generate_series(date_trunc(${unit}, ${f.dateFrom}::date), ${f.dateTo}::date, ${step}::interval) gs
      )
      select to_char(ps.p, ${LABEL[f.period]}) label,
             round(coalesce(per.in_v, 0), 2)::text in_v, round(coalesce(per.out_v, 0), 2)::text out_v,
             round((select v from opening) + sum(coalesce(per.net_v, 0)) over (order by ps.p), 2)::text close_v
        from ps left join per on per.p = ps.p
       order by ps.p`),
  );
};

export interface LedgerFilter extends SkuFilter {
  warehouseId?: number | undefined;
  lotNo?: string | undefined;
  location?: 'stock' | 'transit' | undefined;
  sourceType?: string | undefined;
  docCode?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  direction?: 'in' | 'out' | undefined;
}

export interface LedgerDbRow {
  id: string | number;
  doc_date: string;
  posted_at: string;
  warehouse_id: string | number;
  warehouse_name: string | null;
  product_id: string | number | null;
  product_code: string | null;
  product_name: string | null;
  sku_id: string | number;
  sku_name: string | null;
  unit_name: string | null;
  lot_no: string;
  location: 'stock' | 'transit';
  source_type: string;
  source_id: string | number | null;
  source_code: string | null;
  quantity: string;
  unit_cost: string;
  value_change: string;
  balance_qty: string;
  balance_value: string;
  remark: string | null;
}

const ledgerDetailWhere = (tenantId: number, f: LedgerFilter): SQL => {
  const parts: SQL[] = [sql`l.tenant_id = ${tenantId}`, sql`l.book = 'inv'`];
  if (f.warehouseId !== undefined) parts.push(sql`l.warehouse_id = ${f.warehouseId}`);
  parts.push(...skuCondition(tenantId, sql`l.product_id`, f));
  if (f.lotNo) parts.push(sql`l.lot_no ilike ${`%${escapeLike(f.lotNo)}%`}`);
  if (f.location) parts.push(sql`l.location = ${f.location}`);
  if (f.sourceType) parts.push(sql`l.source_type = ${f.sourceType}`);
  if (f.docCode) parts.push(sql`l.source_code ilike ${`%${escapeLike(f.docCode)}%`}`);
  if (f.dateFrom) parts.push(sql`l.doc_date >= ${f.dateFrom}::date`);
  if (f.dateTo) parts.push(sql`l.doc_date <= ${f.dateTo}::date`);
  if (f.direction === 'in') parts.push(sql`l.quantity > 0`);
  if (f.direction === 'out') parts.push(sql`l.quantity < 0`);
  return andAll(parts);
};

/** Ledger rows, newest posting first (the order their balance-after follows). */
export const listLedger = async (
  db: Db,
  tenantId: number,
  f: LedgerFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: LedgerDbRow[]; total: number }> => {
  const where = ledgerDetailWhere(tenantId, f);
  const page = limit === undefined ? sql`` : sql`limit ${limit} offset ${offset}`;
  const rows = rowsOf<LedgerDbRow>(
    await db.execute(sql`
      select l.id, l.doc_date::text doc_date, to_char(l.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') posted_at, l.warehouse_id, w.warehouse_name,
             p.id product_id, p.product_code, p.product_name, l.product_id sku_id, s.sku_name, u.unit_name,
             l.lot_no, l.location, l.source_type, l.source_id, l.source_code, l.quantity::text quantity,
             round(l.unit_cost, 4)::text unit_cost, round(l.value_change, 2)::text value_change,
             l.balance_qty::text balance_qty, round(l.balance_value, 2)::text balance_value, l.remark
        from stock_ledger l
        ${namesJoin('l')}
       where ${where}
       order by l.id desc
       ${page}`),
  );
  if (limit === undefined) return { rows, total: rows.length };
  const [c] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) n from stock_ledger l where ${where}`),
  );
  return { rows, total: Number(c?.n ?? 0) };
};
