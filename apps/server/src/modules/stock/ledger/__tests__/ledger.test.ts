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

const mv = (warehouseId: number, productId: number, quantity: string, unitCost?: string): LedgerPosting => ({
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
});

const post = (postings: LedgerPosting[], allowNegative = false) =>
  s.platform.database.withTenant(T, (tx) =>
    postLedger(tx, T, null, postings, { allowNegative: () => allowNegative }),
  );

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
});
