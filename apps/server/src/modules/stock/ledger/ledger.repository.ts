import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { rowsOf } from '../../../platform/db/rows.js';
import { divRound, fromUnits, rescale, toUnits } from '../../../platform/decimal.js';
import { stockBalances, stockLedger } from './ledger.tables.js';
import {
  type BalanceAfter,
  balanceKey,
  COST_SCALE,
  type LedgerBook,
  type LedgerLocation,
  type LedgerPosting,
  type PostOptions,
  type PostResult,
  QTY_SCALE,
  VALUE_SCALE,
} from './ledger.types.js';

// The ledger engine (ADR 0014): one implementation for every book. A posting creates missing balances,
// locks every balance it touches in one statement in a fixed key order (so concurrent postings cannot
// deadlock or oversell), computes in exact fixed point, then writes the balances in one statement and
// appends its ledger rows (and their monthly rollup) in one more — four round trips whatever the number
// of lines. Callers run in the request's transaction and must throw on `ok: false` so it rolls back.

interface Locked {
  key: string;
  /** The quantity before this posting, for a shortage message. */
  before: bigint;
  qty: bigint;
  value: bigint;
  avg: bigint;
  expiry: string | null;
}

interface KeyOf {
  book: LedgerBook;
  warehouseId: number;
  productId: number;
  lotNo: string;
  location: LedgerLocation;
  areaId: number | null;
  expiryDate: string | null;
}

const keyTuple = (k: KeyOf) =>
  sql`(${k.book}, ${k.warehouseId}::bigint, ${k.productId}::bigint, ${k.lotNo}, ${k.location})`;

/** qty (scale 8) × cost (scale 8) → value at scale 4. */
const worth = (qty: bigint, cost: bigint): bigint => rescale(qty * cost, QTY_SCALE + COST_SCALE, VALUE_SCALE);

/** value (scale 4) / qty (scale 8) → unit cost at scale 8. */
const avgOf = (value: bigint, qty: bigint): bigint =>
  divRound(value * 10n ** BigInt(QTY_SCALE + COST_SCALE - VALUE_SCALE), qty);

const lockBalances = async (db: Db, tenantId: number, keys: KeyOf[]): Promise<Map<string, Locked>> => {
  await db
    .insert(stockBalances)
    .values(
      keys.map((k) => ({
        tenantId,
        book: k.book,
        warehouseId: k.warehouseId,
        productId: k.productId,
        lotNo: k.lotNo,
        location: k.location,
        areaId: k.areaId,
        expiryDate: k.expiryDate,
      })),
    )
    .onConflictDoNothing();
  // FOR UPDATE sits above the sort, so the rows are locked in key order.
  const rows = rowsOf<{
    book: string;
    warehouse_id: string | number;
    product_id: string | number;
    lot_no: string;
    location: LedgerLocation;
    quantity: string;
    value: string;
    avg_cost: string;
    expiry_date: string | null;
  }>(
    // A join with the keys as VALUES, not a row IN list: the planner probes the primary key per key
    // instead of testing every row against every key (1.7 s for a 1,700-line stocktake adjustment).
    await db.execute(sql`
      select b.book, b.warehouse_id, b.product_id, b.lot_no, b.location, b.quantity, b.value, b.avg_cost,
             b.expiry_date::text
        from stock_balances b
        join (values ${sql.join(keys.map(keyTuple), sql`, `)}) as k(book, warehouse_id, product_id, lot_no, location)
          on b.book = k.book and b.warehouse_id = k.warehouse_id and b.product_id = k.product_id
         and b.lot_no = k.lot_no and b.location = k.location
       where b.tenant_id = ${tenantId}
       order by b.book, b.warehouse_id, b.product_id, b.lot_no, b.location
         for update of b`),
  );
  const out = new Map<string, Locked>();
  for (const r of rows) {
    const key = balanceKey({
      book: r.book as LedgerBook,
      warehouseId: Number(r.warehouse_id),
      productId: Number(r.product_id),
      lotNo: r.lot_no,
      location: r.location,
    });
    const qty = toUnits(r.quantity, QTY_SCALE);
    out.set(key, {
      key,
      before: qty,
      qty,
      value: toUnits(r.value, VALUE_SCALE),
      avg: toUnits(r.avg_cost, COST_SCALE),
      expiry: r.expiry_date,
    });
  }
  return out;
};

/** The rollup row of each ledger row: its month of document dates, lots together (stock_rollup). */
const ROLLUP = sql`
  insert into stock_rollup (tenant_id, book, warehouse_id, product_id, location, month, area_id, in_qty, in_value,
                            out_qty, out_value, net_value, moves, first_date, last_in_date, last_out_date)
  select tenant_id, book, warehouse_id, product_id, location, date_trunc('month', doc_date)::date, area_id,
         coalesce(sum(quantity) filter (where quantity > 0), 0), coalesce(sum(value_change) filter (where quantity > 0), 0),
         coalesce(-sum(quantity) filter (where quantity < 0), 0), coalesce(-sum(value_change) filter (where quantity < 0), 0),
         sum(value_change), count(*), min(doc_date),
         max(doc_date) filter (where quantity > 0), max(doc_date) filter (where quantity < 0)
    from mv
   group by 1, 2, 3, 4, 5, 6, 7
   -- Inserted (and so locked) in key order, like the balances: concurrent postings cannot deadlock here.
   order by 1, 2, 3, 4, 5, 6, 7
  on conflict on constraint stock_rollup_key do update
     set in_qty = stock_rollup.in_qty + excluded.in_qty, in_value = stock_rollup.in_value + excluded.in_value,
         out_qty = stock_rollup.out_qty + excluded.out_qty, out_value = stock_rollup.out_value + excluded.out_value,
         net_value = stock_rollup.net_value + excluded.net_value, moves = stock_rollup.moves + excluded.moves,
         first_date = least(stock_rollup.first_date, excluded.first_date),
         last_in_date = greatest(stock_rollup.last_in_date, excluded.last_in_date),
         last_out_date = greatest(stock_rollup.last_out_date, excluded.last_out_date)`;

const MV_COLUMNS = sql.raw(
  'tenant_id, book, warehouse_id, product_id, location, area_id, doc_date, quantity, value_change',
);

/**
 * Appends the ledger rows and adds them to the monthly rollup in the same statement (a data-modifying CTE),
 * so the rollup costs no round trip. Chunks keep a 10,000-line stocktake's adjustment under the
 * bind-parameter limit (20 per row); the last chunk's statement rolls up the earlier chunks' rows too, so
 * one statement locks all of a posting's rollup rows in key order.
 */
const appendLedger = async (db: Db, tenantId: number, rows: (typeof stockLedger.$inferInsert)[]) => {
  const earlier: number[] = [];
  let i = 0;
  for (; rows.length - i > 2000; i += 2000) {
    const ids = await db
      .insert(stockLedger)
      .values(rows.slice(i, i + 2000))
      .returning({ id: stockLedger.id });
    for (const r of ids) earlier.push(r.id);
  }
  const ins = db.insert(stockLedger).values(rows.slice(i)).returning();
  const before = earlier.length
    ? sql`union all select ${MV_COLUMNS} from stock_ledger
           where tenant_id = ${tenantId} and id = any(${`{${earlier.join(',')}}`}::bigint[])`
    : sql``;
  // Drizzle parenthesises an embedded query, which is what a CTE body needs.
  await db.execute(sql`with ins as ${ins}, mv as (select ${MV_COLUMNS} from ins ${before}) ${ROLLUP}`);
};

/**
 * Posts signed movements to their balances and appends one ledger row each, all or nothing. Within a
 * posting, movements in come before movements out, so a balance fails only when the posting's net effect
 * takes it below zero.
 */
export const postLedger = async (
  db: Db,
  tenantId: number,
  userId: number | null,
  postings: readonly LedgerPosting[],
  opts: PostOptions = {},
): Promise<PostResult> => {
  const balances = new Map<string, BalanceAfter>();
  if (postings.length === 0) return { ok: true, balances };
  const ordered = [
    ...postings.filter((p) => !p.quantity.trim().startsWith('-')),
    ...postings.filter((p) => p.quantity.trim().startsWith('-')),
  ];
  const keys = new Map<string, KeyOf>();
  for (const p of ordered) {
    const k = balanceKey(p);
    if (!keys.has(k)) {
      keys.set(k, {
        book: p.book,
        warehouseId: p.warehouseId,
        productId: p.productId,
        lotNo: p.lotNo ?? '',
        location: p.location ?? 'stock',
        areaId: p.areaId,
        expiryDate: p.expiryDate ?? null,
      });
    }
  }
  const sortedKeys = [...keys.values()].sort((a, b) =>
    a.book !== b.book
      ? a.book < b.book
        ? -1
        : 1
      : a.warehouseId - b.warehouseId ||
        a.productId - b.productId ||
        (a.lotNo < b.lotNo ? -1 : a.lotNo > b.lotNo ? 1 : 0) ||
        (a.location < b.location ? -1 : a.location > b.location ? 1 : 0),
  );
  const locked = await lockBalances(db, tenantId, sortedKeys);
  const now = new Date();
  const rows: (typeof stockLedger.$inferInsert)[] = [];
  for (const p of ordered) {
    const key = balanceKey(p);
    const b = locked.get(key);
    if (!b) throw new Error(`balance ${key} was not locked`);
    const q = toUnits(p.quantity, QTY_SCALE);
    let cost: bigint;
    let change: bigint;
    const nextQty = b.qty + q;
    if (q >= 0n) {
      cost = p.unitCost === undefined || p.unitCost === null ? b.avg : toUnits(p.unitCost, COST_SCALE);
      const added = b.value + worth(q, cost);
      if (nextQty > 0n) b.avg = avgOf(added, nextQty);
      else if (q > 0n) b.avg = cost;
      // The value change is what the balance's value moved by, so the ledger always sums to the balance.
      const nextValue = nextQty === 0n ? 0n : nextQty > 0n ? added : worth(nextQty, b.avg);
      change = nextValue - b.value;
      b.value = nextValue;
    } else {
      const location = p.location ?? 'stock';
      const mayGoNegative = location === 'stock' && (opts.allowNegative?.(p.warehouseId) ?? false);
      if (nextQty < 0n && !mayGoNegative) {
        let net = 0n;
        for (const o of postings) if (balanceKey(o) === key) net += toUnits(o.quantity, QTY_SCALE);
        return {
          ok: false,
          shortage: {
            book: p.book,
            warehouseId: p.warehouseId,
            productId: p.productId,
            lotNo: p.lotNo ?? '',
            location,
            available: fromUnits(b.before, QTY_SCALE),
            requested: fromUnits(-net, QTY_SCALE),
          },
        };
      }
      cost = b.avg;
      // Emptying a balance takes all of its value, so rounding never leaves value without stock; below
      // zero (where allowed) the balance is valued at the last average.
      const nextValue = nextQty === 0n ? 0n : nextQty > 0n ? b.value + worth(q, cost) : worth(nextQty, b.avg);
      change = nextValue - b.value;
      b.value = nextValue;
    }
    b.qty = nextQty;
    rows.push({
      tenantId,
      book: p.book,
      warehouseId: p.warehouseId,
      productId: p.productId,
      lotNo: p.lotNo ?? '',
      location: p.location ?? 'stock',
      quantity: fromUnits(q, QTY_SCALE),
      unitCost: fromUnits(cost, COST_SCALE),
      valueChange: fromUnits(change, VALUE_SCALE),
      balanceQty: fromUnits(b.qty, QTY_SCALE),
      balanceValue: fromUnits(b.value, VALUE_SCALE),
      sourceType: p.sourceType,
      sourceId: p.sourceId,
      sourceLineId: p.sourceLineId ?? null,
      sourceCode: p.sourceCode,
      docDate: p.docDate,
      remark: p.remark ?? null,
      areaId: p.areaId,
      postedAt: now,
      createdBy: userId,
    });
  }
  const values = [...locked.values()].map((b) => {
    const after = {
      quantity: fromUnits(b.qty, QTY_SCALE),
      value: fromUnits(b.value, VALUE_SCALE),
      avgCost: fromUnits(b.avg, COST_SCALE),
    };
    balances.set(b.key, after);
    const k = keys.get(b.key) as KeyOf;
    return sql`(${k.book}, ${k.warehouseId}::bigint, ${k.productId}::bigint, ${k.lotNo}, ${k.location}, ${after.quantity}::numeric, ${after.value}::numeric, ${after.avgCost}::numeric)`;
  });
  await db.execute(sql`
    update stock_balances b
       set quantity = v.quantity, value = v.value, avg_cost = v.avg_cost, last_posted_at = ${now.toISOString()}::timestamptz
      from (values ${sql.join(values, sql`, `)}) as v(book, warehouse_id, product_id, lot_no, location, quantity, value, avg_cost)
     where b.tenant_id = ${tenantId} and b.book = v.book and b.warehouse_id = v.warehouse_id
       and b.product_id = v.product_id and b.lot_no = v.lot_no and b.location = v.location`);
  await appendLedger(db, tenantId, rows);
  return { ok: true, balances };
};

/**
 * Removes the empty balance rows of a warehouse or product that is being deleted (a balance row is created
 * on first use and may never have moved); rows that hold anything stay, so callers check first.
 */
export const dropEmptyBalances = async (
  db: Db,
  tenantId: number,
  book: LedgerBook,
  by: { warehouseId?: number; productId?: number },
): Promise<void> => {
  await db.execute(sql`
    delete from stock_balances
     where tenant_id = ${tenantId} and book = ${book} and quantity = 0 and value = 0
       ${by.warehouseId === undefined ? sql`` : sql`and warehouse_id = ${by.warehouseId}`}
       ${by.productId === undefined ? sql`` : sql`and product_id = ${by.productId}`}`);
};
