import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS_TENANT_IDS, startTestServer, type TestServer } from '../../../../test/harness.js';
import { postLedger } from '../ledger.repository.js';
import type { LedgerPosting } from '../ledger.types.js';

// The ledger engine on a real database: moving-average valuation, the negative-stock rule, and that the
// ledger always sums to the balance.

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
  unitCost?: string,
  more: Partial<LedgerPosting> = {},
): LedgerPosting => ({
  book: 'inv',
  warehouseId,
  productId,
  quantity,
  unitCost,
  areaId: null,
  sourceType: 'test',
  sourceId: 1,
  sourceCode: 'T-1',
  docDate: '2026-11-26',
  ...more,
});

const post = (postings: LedgerPosting[], allowNegative = false) =>
  s.platform.database.withTenant(T, (tx) =>
    postLedger(tx, T, null, postings, { allowNegative: () => allowNegative }),
  );

/** Posts in its own transaction and throws on a shortage, so the transaction rolls back (as callers do). */
const postOrThrow = (postings: LedgerPosting[]) =>
  s.platform.database.withTenant(T, async (tx) => {
    const r = await postLedger(tx, T, null, postings);
    if (!r.ok) throw new Error(`short: ${r.shortage.available} < ${r.shortage.requested}`);
    return r;
  });

const query = async <R>(text: string): Promise<R[]> =>
  s.platform.database.withTenant(
    T,
    async (tx) => ((await tx.execute(text as never)) as unknown as { rows: R[] }).rows,
  );

interface Sums {
  bq: string;
  bv: string;
  lq: string;
  lv: string;
  n: string;
}

/** A balance next to the sums of its ledger rows (each null-safe). */
const sums = async (warehouseId: number, productId: number, lot = '', location = 'stock'): Promise<Sums> => {
  const [r] = await query<Sums>(`
    select b.quantity::text bq, b.value::text bv,
           coalesce((select sum(quantity) from stock_ledger l where l.tenant_id = b.tenant_id and l.book = b.book and l.warehouse_id = b.warehouse_id
                       and l.product_id = b.product_id and l.lot_no = b.lot_no and l.location = b.location), 0)::numeric(28,8)::text lq,
           coalesce((select sum(value_change) from stock_ledger l where l.tenant_id = b.tenant_id and l.book = b.book and l.warehouse_id = b.warehouse_id
                       and l.product_id = b.product_id and l.lot_no = b.lot_no and l.location = b.location), 0)::numeric(24,4)::text lv,
           (select count(*) from stock_ledger l where l.tenant_id = b.tenant_id and l.book = b.book and l.warehouse_id = b.warehouse_id
              and l.product_id = b.product_id and l.lot_no = b.lot_no and l.location = b.location)::text n
      from stock_balances b
     where b.book = 'inv' and b.warehouse_id = ${warehouseId} and b.product_id = ${productId}
       and b.lot_no = '${lot}' and b.location = '${location}'`);
  if (!r) throw new Error(`no balance ${warehouseId}/${productId}`);
  return r;
};

describe('ledger engine', () => {
  it('values by moving average and empties the value with the stock', async () => {
    const a = await post([mv(1, 1, '10', '2.00'), mv(1, 1, '10', '4.00')]);
    expect(a.ok && a.balances.get('inv|1|1||stock')).toEqual({
      quantity: '20.00000000',
      value: '60.0000',
      avgCost: '3.00000000',
    });
    const b = await post([mv(1, 1, '-5')]);
    expect(b.ok && b.balances.get('inv|1|1||stock')?.value).toBe('45.0000');
    const c = await post([mv(1, 1, '-15')]);
    expect(c.ok && c.balances.get('inv|1|1||stock')).toEqual({
      quantity: '0.00000000',
      value: '0.0000',
      avgCost: '3.00000000',
    });
  });

  it('refuses to go below zero and writes nothing; allows it where the warehouse does', async () => {
    await post([mv(2, 1, '3', '1')]);
    const r = await post([mv(2, 1, '1', '1'), mv(2, 1, '-5')]);
    expect(r).toMatchObject({ ok: false, shortage: { available: '3.00000000', requested: '4.00000000' } });
    const ok = await post([mv(2, 1, '-5')], true);
    expect(ok.ok && ok.balances.get('inv|2|1||stock')?.quantity).toBe('-2.00000000');
    const rows = await s.platform.database.withTenant(
      T,
      async (tx) =>
        (await tx.execute(
          `select sum(quantity)::text q, sum(value_change)::text v from stock_ledger where warehouse_id = 2` as never,
        )) as unknown as { rows: { q: string; v: string }[] },
    );
    expect(rows.rows[0]).toEqual({ q: '-2.00000000', v: '-2.0000' });
  });

  it('a shipment from a balance that never existed is a shortage of all of it, reported in posting order', async () => {
    await post([mv(3, 1, '2', '1')]);
    // Product 2 has no balance at all in warehouse 3: the engine does not create one to refuse it.
    const r = await post([mv(3, 2, '-1'), mv(3, 2, '-2'), mv(3, 1, '-1')]);
    expect(r).toMatchObject({
      ok: false,
      shortage: { productId: 2, available: '0.00000000', requested: '3.00000000' },
    });
    const first = await post([mv(3, 1, '-5'), mv(3, 2, '-1')]);
    expect(first).toMatchObject({ ok: false, shortage: { productId: 1, available: '2.00000000' } });
    const none = await query<{ n: string }>(
      `select count(*)::text n from stock_balances where warehouse_id = 3 and product_id = 2`,
    );
    expect(none[0]?.n).toBe('0');
    // Allowed below zero, the same shipment creates the balance and posts.
    const ok = await post([mv(3, 2, '-1')], true);
    expect(ok.ok && ok.balances.get('inv|3|2||stock')?.quantity).toBe('-1.00000000');
  });

  it('50 concurrent postings taking 1 each out of 30: exactly 30 succeed, balance 0, ledger = balance', async () => {
    await postOrThrow([mv(10, 1, '30', '1.25')]);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => postOrThrow([mv(10, 1, '-1', undefined, { sourceId: i })])),
    );
    const failed = results.filter((r) => r.status === 'rejected');
    expect(results.length - failed.length).toBe(30);
    for (const f of failed) expect(String((f as PromiseRejectedResult).reason)).toMatch(/short/);
    expect(await sums(10, 1)).toEqual({
      bq: '0.00000000',
      bv: '0.0000',
      lq: '0.00000000',
      lv: '0.0000',
      n: '31',
    });
  });

  it('postings touching the same balances in different orders do not deadlock', async () => {
    // First use creates the balances (insert path), in every order at once.
    const keys = [
      [11, 1],
      [11, 2],
      [12, 1],
      [12, 2],
    ] as const;
    const orders = [
      keys,
      [...keys].reverse(),
      [keys[2], keys[0], keys[3], keys[1]],
      [keys[1], keys[3], keys[0], keys[2]],
    ];
    const first = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        postOrThrow((orders[i % 4] ?? keys).map(([w, p]) => mv(w, p, '10', '2'))),
      ),
    );
    expect(first.filter((r) => r.status === 'rejected')).toEqual([]);
    // Then existing balances (lock path): each posting moves stock between them in its own order.
    const second = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => {
        const o = orders[i % 4] ?? keys;
        return postOrThrow(o.map(([w, p], j) => mv(w, p, j % 2 === 0 ? '-1' : '1', '2')));
      }),
    );
    expect(second.filter((r) => r.status === 'rejected')).toEqual([]);
    for (const [w, p] of keys) {
      const x = await sums(w, p);
      expect(x.bq).toBe(x.lq);
      expect(x.bv).toBe(x.lv);
    }
    const total = await query<{ q: string }>(
      `select sum(quantity)::numeric(28,8)::text q from stock_balances where book = 'inv' and warehouse_id in (11, 12)`,
    );
    expect(total[0]?.q).toBe('480.00000000');
  });

  it('moving average is exact: the value never drifts from the ledger, and emptying takes it all', async () => {
    const check = async () => {
      const x = await sums(13, 1);
      expect(x.lq).toBe(x.bq);
      expect(x.lv).toBe(x.bv);
      return x;
    };
    const a = await post([mv(13, 1, '3', '1.00'), mv(13, 1, '7', '1.10'), mv(13, 1, '11', '0.37')]);
    // 3 + 7.7 + 4.07 = 14.77 for 21; 14.77 / 21 = 0.70333333…
    expect(a.ok && a.balances.get('inv|13|1||stock')).toEqual({
      quantity: '21.00000000',
      value: '14.7700',
      avgCost: '0.70333333',
    });
    await check();
    for (const q of ['-1', '-2.5', '-0.3333']) {
      expect((await post([mv(13, 1, q)])).ok).toBe(true);
      await check();
    }
    // A later receipt at another cost re-averages what is left.
    expect((await post([mv(13, 1, '5', '2.99')])).ok).toBe(true);
    const mid = await check();
    expect(mid.bq).toBe('22.16670000');
    for (const q of ['-7', '-0.0001', '-6.6666']) {
      expect((await post([mv(13, 1, q)])).ok).toBe(true);
      await check();
    }
    const end = await post([mv(13, 1, '-8.5')]);
    expect(end.ok && end.balances.get('inv|13|1||stock')).toMatchObject({
      quantity: '0.00000000',
      value: '0.0000',
    });
    expect(await check()).toMatchObject({ bv: '0.0000', lv: '0.0000' });
  });

  it('transit never goes below zero, even where the warehouse allows negative stock', async () => {
    const transit = { location: 'transit' as const };
    const r = await post([mv(14, 1, '-1', undefined, transit)], true);
    expect(r).toMatchObject({ ok: false, shortage: { location: 'transit', available: '0.00000000' } });
    expect((await post([mv(14, 1, '2', '3', transit)], true)).ok).toBe(true);
    expect(await post([mv(14, 1, '-3', undefined, transit)], true)).toMatchObject({
      ok: false,
      shortage: { location: 'transit', available: '2.00000000', requested: '3.00000000' },
    });
    // Transit is its own balance: the warehouse's stock location holds nothing.
    const rows = await query<{ location: string; q: string }>(
      `select location, quantity::text q from stock_balances where book = 'inv' and warehouse_id = 14 order by location`,
    );
    expect(rows).toEqual([{ location: 'transit', q: '2.00000000' }]);
    expect(await sums(14, 1, '', 'transit')).toMatchObject({ lq: '2.00000000', n: '1' });
  });

  it('lots are separate balances with their own average', async () => {
    const lot = (l: string) => ({ lotNo: l });
    await post([mv(15, 1, '5', '1', lot('A')), mv(15, 1, '3', '2', lot('B'))]);
    // 8 in total, but lot A holds 5.
    expect(await post([mv(15, 1, '-6', undefined, lot('A'))])).toMatchObject({
      ok: false,
      shortage: { lotNo: 'A', available: '5.00000000', requested: '6.00000000' },
    });
    const r = await post([mv(15, 1, '-2', undefined, lot('A')), mv(15, 1, '-1', undefined, lot('B'))]);
    expect(r.ok && r.balances.get('inv|15|1|A|stock')).toEqual({
      quantity: '3.00000000',
      value: '3.0000',
      avgCost: '1.00000000',
    });
    expect(r.ok && r.balances.get('inv|15|1|B|stock')).toEqual({
      quantity: '2.00000000',
      value: '4.0000',
      avgCost: '2.00000000',
    });
    expect(await sums(15, 1, 'A')).toMatchObject({
      bq: '3.00000000',
      lq: '3.00000000',
      bv: '3.0000',
      lv: '3.0000',
    });
  });
});
