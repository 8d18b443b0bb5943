import type { InvReportPeriod } from '@tilth/contracts/inventory.report.types';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { rowsOf } from '../../../platform/db/rows.js';
import { andAll, namesJoin, type SkuFilter, skuCondition } from './stock.repository.js';

// In / out / balance by period and the movement detail, from `stock_ledger` (book 'inv') grouped by the
// documents' date. The opening balance of the range is the balance now minus every movement dated from
// the range's first day on: one scan of the range (and what follows it) instead of all history before it.
// That holds because the ledger always sums to the balance (ADR 0014).

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

/** The CTEs the summary rows and its series share: per-key movements by period and the range's opening. */
const summaryCtes = (tenantId: number, f: SummaryFilter): SQL => {
  const unit = sql.raw(`'${f.period}'`);
  return sql`
    mv as (
      select l.warehouse_id, l.product_id, l.doc_date, l.quantity, l.value_change
        from stock_ledger l
       where ${andAll(ledgerWhere(tenantId, f, 'l'))} and l.doc_date >= ${f.dateFrom}::date
    ), after as (
      select warehouse_id, product_id, sum(quantity) q, sum(value_change) v from mv group by 1, 2
    ), bal as (
      select b.warehouse_id, b.product_id, sum(b.quantity) q, sum(b.value) v
        from stock_balances b
       where ${andAll(ledgerWhere(tenantId, f, 'b'))}
       group by 1, 2
    ), opening as (
      select coalesce(bal.warehouse_id, after.warehouse_id) warehouse_id,
             coalesce(bal.product_id, after.product_id) product_id,
             coalesce(bal.q, 0) - coalesce(after.q, 0) q, coalesce(bal.v, 0) - coalesce(after.v, 0) v
        from bal full join after on after.warehouse_id = bal.warehouse_id and after.product_id = bal.product_id
    ), agg as (
      select warehouse_id, product_id, date_trunc(${unit}, doc_date)::date p,
             coalesce(sum(quantity) filter (where quantity > 0), 0) in_q,
             coalesce(sum(value_change) filter (where quantity > 0), 0) in_v,
             coalesce(-sum(quantity) filter (where quantity < 0), 0) out_q,
             coalesce(-sum(value_change) filter (where quantity < 0), 0) out_v,
             sum(quantity) net_q, sum(value_change) net_v
        from mv
       where doc_date <= ${f.dateTo}::date
       group by 1, 2, 3
    )`;
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

/** One row per period, warehouse and SKU that moved in it, by period then warehouse and product. */
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
      with ${summaryCtes(tenantId, f)}, r as (
        select agg.*, ${tenantId}::bigint tenant_id,
               coalesce(o.q, 0) + coalesce(sum(agg.net_q) over w, 0) open_q,
               coalesce(o.v, 0) + coalesce(sum(agg.net_v) over w, 0) open_v
          from agg
          left join opening o on o.warehouse_id = agg.warehouse_id and o.product_id = agg.product_id
        window w as (partition by agg.warehouse_id, agg.product_id order by agg.p
                     rows between unbounded preceding and 1 preceding)
      )
      select greatest(r.p, ${f.dateFrom}::date)::text p, to_char(r.p, ${LABEL[f.period]}) label,
             r.warehouse_id, w.warehouse_name, p.id product_id, p.product_code, p.product_name,
             r.product_id sku_id, s.sku_name, u.unit_name,
             r.open_q::text open_q, round(r.open_v, 2)::text open_v,
             r.in_q::text in_q, round(r.in_v, 2)::text in_v, r.out_q::text out_q, round(r.out_v, 2)::text out_v,
             (r.open_q + r.net_q)::text close_q, round(r.open_v + r.net_v, 2)::text close_v,
             count(*) over () total
        from r
        ${namesJoin('r')}
       order by r.p, w.warehouse_code, p.product_code, r.product_id, r.warehouse_id
       ${page}`),
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
      with ${summaryCtes(tenantId, f)}, per as (
        select p, sum(in_v) in_v, sum(out_v) out_v, sum(net_v) net_v from agg group by p
      ), ps as (
        select gs::date p
          from generate_series(date_trunc(${unit}, ${f.dateFrom}::date), ${f.dateTo}::date, ${step}::interval) gs
      )
      select to_char(ps.p, ${LABEL[f.period]}) label,
             round(coalesce(per.in_v, 0), 2)::text in_v, round(coalesce(per.out_v, 0), 2)::text out_v,
             round((select coalesce(sum(v), 0) from opening)
                   + sum(coalesce(per.net_v, 0)) over (order by ps.p), 2)::text close_v
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
