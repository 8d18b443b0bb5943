import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS_TENANT_IDS, startTestServer, type TestServer } from '../../../../test/harness.js';
import { postLedger } from '../ledger.repository.js';
import type { LedgerPosting } from '../ledger.types.js';

// The monthly rollup that postLedger writes with the ledger rows: after any mix of postings (lots, months,
// locations, areas, a posting larger than one insert chunk, concurrent postings) it equals the ledger
// summed per month, and a refused posting leaves it untouched.

let s: TestServer;
const T = HARNESS_TENANT_IDS.a;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const mv = (
  warehouseId: number,
  productId: number,
  quantity: string,
  docDate: string,
  more: Partial<LedgerPosting> = {},
): LedgerPosting => ({
  book: 'inv',
  warehouseId,
  productId,
  quantity,
  unitCost: '1.25',
  areaId: null,
  sourceType: 'test',
  sourceId: 1,
  sourceCode: 'R-1',
  docDate,
  ...more,
});

const post = (postings: LedgerPosting[], allowNegative = false) =>
  s.platform.database.withTenant(T, (tx) =>
    postLedger(tx, T, null, postings, { allowNegative: () => allowNegative }),
  );

const query = async <R>(text: string): Promise<R[]> =>
  s.platform.database.withTenant(
    T,
    async (tx) => ((await tx.execute(text as never)) as unknown as { rows: R[] }).rows,
  );

/** Rollup rows that differ from the ledger summed per (book, warehouse, product, location, month, area). */
const mismatches = (warehouses: number[]) =>
  query<Record<string, unknown>>(`
    with l as (
      select tenant_id, book, warehouse_id, product_id, location, date_trunc('month', doc_date)::date as month, area_id,
             coalesce(sum(quantity) filter (where quantity > 0), 0) in_qty,
             coalesce(sum(value_change) filter (where quantity > 0), 0) in_value,
             coalesce(-sum(quantity) filter (where quantity < 0), 0) out_qty,
             coalesce(-sum(value_change) filter (where quantity < 0), 0) out_value,
             sum(value_change) net_value, count(*)::int moves, min(doc_date) first_date,
             max(doc_date) filter (where quantity > 0) last_in_date,
             max(doc_date) filter (where quantity < 0) last_out_date
        from stock_ledger where warehouse_id in (${warehouses.join(',')})
       group by 1, 2, 3, 4, 5, 6, 7
    ), r as (select * from stock_rollup where warehouse_id in (${warehouses.join(',')}))
    select l.*, r.* from l full join r
      on r.tenant_id = l.tenant_id and r.book = l.book and r.warehouse_id = l.warehouse_id and r.product_id = l.product_id
     and r.location = l.location and r.month = l.month and r.area_id is not distinct from l.area_id
     where l.book is null or r.book is null
        or (l.in_qty, l.in_value, l.out_qty, l.out_value, l.net_value, l.moves, l.first_date)
           is distinct from (r.in_qty, r.in_value, r.out_qty, r.out_value, r.net_value, r.moves, r.first_date)
        or l.last_in_date is distinct from r.last_in_date or l.last_out_date is distinct from r.last_out_date`);

describe('stock rollup', () => {
  it('equals the ledger per month across lots, month boundaries, locations and areas', async () => {
    const W = 801;
    const ok = [
      [mv(W, 1, '10', '2026-01-31', { lotNo: 'A' }), mv(W, 1, '5', '2026-01-31', { lotNo: 'B' })],
      [mv(W, 1, '-3', '2026-02-01', { lotNo: 'A' }), mv(W, 1, '7.5', '2026-02-01', { unitCost: '3' })],
      [mv(W, 1, '-2', '2026-01-15', { lotNo: 'B' }), mv(W, 2, '4', '2026-02-28')],
      [mv(W, 2, '-4', '2026-03-01'), mv(W, 2, '6', '2026-03-01', { location: 'transit' })],
      [mv(W, 1, '1', '2026-02-10', { areaId: 9 }), mv(W, 1, '-1', '2026-02-11', { areaId: 9 })],
      [mv(W + 1, 1, '-8', '2025-12-31')],
    ];
    for (const p of ok) expect((await post(p, true)).ok).toBe(true);
    expect(await mismatches([W, W + 1])).toEqual([]);
    // Lots sum together: one row per month for the product at location stock without an area.
    const [r] = await query<{ n: number; in_qty: string; out_qty: string }>(`
      select count(*)::int n, sum(in_qty)::text in_qty, sum(out_qty)::text out_qty
        from stock_rollup where warehouse_id = ${W} and product_id = 1 and location = 'stock' and area_id is null`);
    expect(r).toEqual({ n: 2, in_qty: '22.50000000', out_qty: '5.00000000' });
  });

  it('a refused posting adds nothing to the rollup', async () => {
    const W = 811;
    expect((await post([mv(W, 1, '2', '2026-04-02')])).ok).toBe(true);
    const refused = await post([mv(W, 1, '5', '2026-04-03'), mv(W, 1, '-9', '2026-04-03')]);
    expect(refused.ok).toBe(false);
    // Callers throw on a shortage; here the transaction committed, so check the refused rows were never written.
    expect(await mismatches([W])).toEqual([]);
    const [r] = await query<{ moves: number }>(
      `select sum(moves)::int moves from stock_rollup where warehouse_id = ${W}`,
    );
    expect(r?.moves).toBe(1);
  });

  it('a posting larger than one insert chunk rolls up every row', async () => {
    const W = 821;
    const lines: LedgerPosting[] = [];
    for (let i = 0; i < 4500; i++) {
      const day = String((i % 28) + 1).padStart(2, '0');
      const month = i % 3 === 0 ? '05' : '06';
      lines.push(
        mv(W, 1 + (i % 37), i % 4 === 3 ? '-1' : '2', `2026-${month}-${day}`, { lotNo: `L${i % 5}` }),
      );
    }
    expect((await post(lines, true)).ok).toBe(true);
    expect(await mismatches([W])).toEqual([]);
    const [r] = await query<{ moves: number }>(
      `select sum(moves)::int moves from stock_rollup where warehouse_id = ${W}`,
    );
    expect(r?.moves).toBe(4500);
  });

  it('concurrent postings of the same rows in different orders keep it exact and do not deadlock', async () => {
    const W = 831;
    const keys = [1, 2, 3, 4, 5, 6];
    const runs = Array.from({ length: 20 }, (_, i) => {
      const order = i % 2 === 0 ? keys : [...keys].reverse();
      return post(
        order.map((k) => mv(W, 1, '1', `2026-0${(k % 3) + 7}-0${(i % 9) + 1}`, { lotNo: `L${k}` })),
      );
    });
    for (const r of await Promise.all(runs)) expect(r.ok).toBe(true);
    expect(await mismatches([W])).toEqual([]);
    const [r] = await query<{ moves: number }>(
      `select sum(moves)::int moves from stock_rollup where warehouse_id = ${W}`,
    );
    expect(r?.moves).toBe(120);
  });
});
