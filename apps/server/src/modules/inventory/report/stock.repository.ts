import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { rowsOf } from '../../../platform/db/rows.js';

// On-hand and slow movers: read `stock_balances` (book 'inv', product = SKU) and the monthly rollup
// `stock_rollup`, never the ledger's full history, so the report stays fast however long the ledger grows
// (ADR 0014). The tables' row-level security narrows them to the caller's bases.

/** A SKU filter on a column holding SKU ids: the SKU itself, all SKUs of a product, or a keyword. */
export interface SkuFilter {
  productId?: number | undefined;
  skuId?: number | undefined;
  keyword?: string | undefined;
}

export const skuCondition = (tenantId: number, col: SQL, f: SkuFilter): SQL[] => {
  const parts: SQL[] = [];
  if (f.skuId !== undefined) parts.push(sql`${col} = ${f.skuId}`);
  if (f.productId !== undefined)
    parts.push(
      sql`${col} in (select id from inv_skus where tenant_id = ${tenantId} and product_id = ${f.productId})`,
    );
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    // A union, not one OR across the join, so each arm can use its table's trigram indexes.
    parts.push(sql`${col} in (
      select s.id from inv_skus s where s.tenant_id = ${tenantId} and s.sku_code ilike ${like}
      union
      select s.id from inv_skus s
       where s.tenant_id = ${tenantId} and s.product_id in (
         select p.id from inv_products p
          where p.tenant_id = ${tenantId}
            and (p.product_name ilike ${like} or p.product_code ilike ${like} or p.alias ilike ${like})))`);
  }
  return parts;
};

export const andAll = (parts: SQL[]): SQL => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/** The names a report row shows, joined for a SKU id column `x.product_id` and warehouse `x.warehouse_id`. */
export const namesJoin = (x: string): SQL =>
  sql.raw(`left join inv_warehouses w on w.tenant_id = ${x}.tenant_id and w.id = ${x}.warehouse_id
    left join inv_skus s on s.tenant_id = ${x}.tenant_id and s.id = ${x}.product_id
    left join inv_products p on p.tenant_id = s.tenant_id and p.id = s.product_id
    left join inv_units u on u.tenant_id = p.tenant_id and u.id = p.stock_unit_id`);

export interface StockFilter extends SkuFilter {
  warehouseId?: number | undefined;
  lotNo?: string | undefined;
  belowMin?: boolean | undefined;
  aboveMax?: boolean | undefined;
  expiring?: boolean | undefined;
  showZero?: boolean | undefined;
  /** The tenant's today and the last day that still counts as expiring. */
  today: string;
  warnUntil: string;
}

export interface StockDbRow {
  warehouse_id: string | number;
  warehouse_code: string | null;
  warehouse_name: string | null;
  area_id: string | number | null;
  product_id: string | number | null;
  product_code: string | null;
  product_name: string | null;
  sku_id: string | number;
  sku_code: string | null;
  sku_name: string | null;
  specification: string | null;
  model: string | null;
  unit_name: string | null;
  lot_no: string;
  expiry_date: string | null;
  qty: string;
  tqty: string;
  val: string;
  avg_cost: string;
  min_qty: string | null;
  max_qty: string | null;
  sku_wh_qty: string;
  below_min: boolean;
  above_max: boolean;
  expiry_state: 'expired' | 'expiring' | null;
  last_at: string;
  total: string | number;
  tot_qty: string;
  tot_tqty: string;
  tot_val: string;
}

/** On hand per (warehouse, SKU, lot) with its flags, ordered by warehouse, product, SKU, lot; totals over all. */
export const listOnHand = async (
  db: Db,
  tenantId: number,
  f: StockFilter,
  limit: number | undefined,
  offset: number,
): Promise<StockDbRow[]> => {
  const inner: SQL[] = [sql`b.tenant_id = ${tenantId}`, sql`b.book = 'inv'`];
  if (f.warehouseId !== undefined) inner.push(sql`b.warehouse_id = ${f.warehouseId}`);
  inner.push(...skuCondition(tenantId, sql`b.product_id`, f));
  const outer: SQL[] = [];
  // The limits compare a SKU's total over its lots, so the lot filter applies after that sum.
  if (f.lotNo) outer.push(sql`j.lot_no ilike ${`%${escapeLike(f.lotNo)}%`}`);
  if (f.belowMin) outer.push(sql`j.below_min`);
  if (f.aboveMax) outer.push(sql`j.above_max`);
  if (f.expiring) outer.push(sql`j.expiry_state is not null`);
  if (!f.showZero && !f.belowMin) outer.push(sql`(j.qty <> 0 or j.tqty <> 0)`);
  const page = limit === undefined ? sql`` : sql`limit ${limit} offset ${offset}`;
  return rowsOf<StockDbRow>(
    await db.execute(sql`
      with g as (
        select b.tenant_id, b.warehouse_id, b.product_id, b.lot_no,
               coalesce(sum(b.quantity) filter (where b.location = 'stock'), 0) qty,
               coalesce(sum(b.quantity) filter (where b.location = 'transit'), 0) tqty,
               coalesce(sum(b.value) filter (where b.location = 'stock'), 0) val,
               coalesce(max(b.avg_cost) filter (where b.location = 'stock'), max(b.avg_cost)) avg_cost,
               max(b.expiry_date) expiry_date, max(b.last_posted_at) last_at
          from stock_balances b
         where ${andAll(inner)}
         group by b.tenant_id, b.warehouse_id, b.product_id, b.lot_no
      ), k as (
        select g.*, sum(g.qty) over (partition by g.warehouse_id, g.product_id) sku_wh_qty
          from g
      ), j as (
        select k.*, l.min_qty, l.max_qty,
               (l.min_qty is not null and k.sku_wh_qty < l.min_qty) below_min,
               (l.max_qty is not null and k.sku_wh_qty > l.max_qty) above_max,
               case when k.qty <= 0 or k.expiry_date is null then null
                    when k.expiry_date < ${f.today}::date then 'expired'
                    when k.expiry_date <= ${f.warnUntil}::date then 'expiring' end expiry_state
          from k
          left join inv_stock_limits l
            on l.tenant_id = k.tenant_id and l.sku_id = k.product_id and l.warehouse_id = k.warehouse_id
      )
      select j.warehouse_id, w.warehouse_code, w.warehouse_name, w.area_id,
             p.id product_id, p.product_code, p.product_name, j.product_id sku_id, s.sku_code, s.sku_name,
             p.specification, p.model, u.unit_name, j.lot_no, j.expiry_date::text expiry_date,
             j.qty::text qty, j.tqty::text tqty, round(j.val, 2)::text val, round(j.avg_cost, 4)::text avg_cost,
             j.min_qty::text min_qty, j.max_qty::text max_qty, j.sku_wh_qty::text sku_wh_qty,
             j.below_min, j.above_max, j.expiry_state, to_char(j.last_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') last_at,
             count(*) over () total, (sum(j.qty) over ())::text tot_qty, (sum(j.tqty) over ())::text tot_tqty,
             round(sum(j.val) over (), 2)::text tot_val
        from j
        ${namesJoin('j')}
       where ${andAll(outer)}
       order by w.warehouse_code, p.product_code, s.sku_code, j.product_id, j.lot_no
       ${page}`),
  );
};

export interface WarehouseValueDbRow {
  warehouse_id: string | number;
  warehouse_name: string | null;
  val: string;
  tval: string;
  skus: string | number;
}

/** Value on hand (and in transit to it) per warehouse, largest first. */
export const valueByWarehouse = async (
  db: Db,
  tenantId: number,
  f: Pick<StockFilter, 'warehouseId' | 'productId' | 'skuId' | 'keyword'>,
): Promise<WarehouseValueDbRow[]> => {
  const where: SQL[] = [sql`b.tenant_id = ${tenantId}`, sql`b.book = 'inv'`];
  if (f.warehouseId !== undefined) where.push(sql`b.warehouse_id = ${f.warehouseId}`);
  where.push(...skuCondition(tenantId, sql`b.product_id`, f));
  return rowsOf<WarehouseValueDbRow>(
    await db.execute(sql`
      select b.warehouse_id, w.warehouse_name,
             round(coalesce(sum(b.value) filter (where b.location = 'stock'), 0), 2)::text val,
             round(coalesce(sum(b.value) filter (where b.location = 'transit'), 0), 2)::text tval,
             count(distinct b.product_id) filter (where b.quantity <> 0) skus
        from stock_balances b
        left join inv_warehouses w on w.tenant_id = b.tenant_id and w.id = b.warehouse_id
       where ${andAll(where)}
       group by b.warehouse_id, w.warehouse_name
      having sum(b.quantity) <> 0 or sum(b.value) <> 0
       order by 3 desc, b.warehouse_id`),
  );
};

export interface SlowFilter {
  warehouseId?: number | undefined;
  keyword?: string | undefined;
  /** Outbound movements dated after this day count as movement; held since this day or earlier. */
  cutoff: string;
  today: string;
}

export interface SlowDbRow {
  warehouse_id: string | number;
  warehouse_name: string | null;
  product_id: string | number | null;
  product_code: string | null;
  product_name: string | null;
  sku_id: string | number;
  sku_name: string | null;
  unit_name: string | null;
  qty: string;
  val: string;
  last_out: string | null;
  last_in: string | null;
  idle_days: number | string | null;
  total: string | number;
}

/**
 * SKUs with stock in a warehouse, held since the cutoff or earlier, with no outbound movement after it;
 * largest value first.
 */
export const listSlowMovers = async (
  db: Db,
  tenantId: number,
  f: SlowFilter,
  limit: number | undefined,
  offset: number,
): Promise<SlowDbRow[]> => {
  const where: SQL[] = [sql`b.tenant_id = ${tenantId}`, sql`b.book = 'inv'`, sql`b.location = 'stock'`];
  if (f.warehouseId !== undefined) where.push(sql`b.warehouse_id = ${f.warehouseId}`);
  where.push(...skuCondition(tenantId, sql`b.product_id`, f));
  const cutoffMonth = `${f.cutoff.slice(0, 7)}-01`;
  const rollupWhere: SQL[] = [sql`r.tenant_id = ${tenantId}`, sql`r.book = 'inv'`, sql`r.location = 'stock'`];
  if (f.warehouseId !== undefined) rollupWhere.push(sql`r.warehouse_id = ${f.warehouseId}`);
  rollupWhere.push(...skuCondition(tenantId, sql`r.product_id`, f));
  const page = limit === undefined ? sql`` : sql`limit ${limit} offset ${offset}`;
  return rowsOf<SlowDbRow>(
    await db.execute(sql`
      with b as (
        select b.tenant_id, b.warehouse_id, b.product_id, sum(b.quantity) qty, sum(b.value) val
          from stock_balances b
         where ${andAll(where)}
         group by b.tenant_id, b.warehouse_id, b.product_id
        having sum(b.quantity) > 0
      ), rc as (
        -- Only the months from the cutoff's on can hold an outbound after it or a first movement after it.
        select r.warehouse_id, r.product_id, max(r.last_out_date) last_out, min(r.first_date) first_at
          from stock_rollup r
         where ${andAll(rollupWhere)} and r.month >= ${cutoffMonth}::date
         group by r.warehouse_id, r.product_id
      ), m as (
        select b.*
          from b
          left join rc on rc.warehouse_id = b.warehouse_id and rc.product_id = b.product_id
         where (rc.last_out is null or rc.last_out <= ${f.cutoff}::date)
           and (rc.first_at is null or rc.first_at <= ${f.cutoff}::date
                or exists (select 1 from stock_rollup o
                            where o.tenant_id = b.tenant_id and o.book = 'inv' and o.warehouse_id = b.warehouse_id
                              and o.product_id = b.product_id and o.location = 'stock' and o.month < ${cutoffMonth}::date))
      ), pg as (
        select m.*, w.warehouse_code, w.warehouse_name, p.id spu_id, p.product_code, p.product_name, s.sku_name,
               u.unit_name, count(*) over () total
          from m
          ${namesJoin('m')}
         order by m.val desc, w.warehouse_code, p.product_code, m.product_id
         ${page}
      )
      select pg.warehouse_id, pg.warehouse_name, pg.spu_id product_id, pg.product_code, pg.product_name,
             pg.product_id sku_id, pg.sku_name, pg.unit_name, pg.qty::text qty, round(pg.val, 2)::text val,
             x.last_out::text last_out, x.last_in::text last_in,
             (${f.today}::date - coalesce(x.last_out, x.last_in, x.first_at)) idle_days, pg.total
        from pg
        -- The page's dates from the rollup (each month's first, last in and last out), not the ledger.
        left join lateral (
          select max(r.last_out_date) last_out, max(r.last_in_date) last_in, min(r.first_date) first_at
            from stock_rollup r
           where r.tenant_id = pg.tenant_id and r.book = 'inv' and r.warehouse_id = pg.warehouse_id
             and r.product_id = pg.product_id and r.location = 'stock') x on true
       order by pg.val desc, pg.warehouse_code, pg.product_code, pg.product_id`),
  );
};
