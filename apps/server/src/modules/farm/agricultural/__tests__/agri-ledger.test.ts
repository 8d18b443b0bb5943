import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgriDoc, agriHarness } from './agri-helpers.js';

// Issue 15 item 3: the farm's input stock is the stock ledger's book 'agri' (ADR 0014) — warehouse = the
// base, product = the input — valued at the receipts' prices and dated by the documents.

let h: Awaited<ReturnType<typeof agriHarness>>;
const ids = { base: 0, urea: 0, film: 0 };

beforeAll(async () => {
  h = await agriHarness();
  ids.base = await h.area('Ledger base');
  ids.urea = (await h.input({ inputName: 'Urea L', inputCode: 'UREA_L', unit: 'kg', price: 2.8 })).inputId;
  ids.film = (await h.input({ inputName: 'Film L', inputCode: 'FILM_L', unit: 'roll', price: null })).inputId;
});
afterAll(async () => {
  await h.s.close();
});

const doc = async (type: 'warehousing' | 'shipment', docDate: string, lines: unknown[]) =>
  h.ok<AgriDoc>('admin', 'POST', `agricultural/${type}`, { areaId: ids.base, docDate, lines });

interface Row {
  book: string;
  w: number;
  a: number;
  q: string;
  cost: string;
  v: string;
  source_type: string;
  sid: number;
  d: string;
}

const ledgerOf = (inputId: number) =>
  h.s.platform.database.withTenant(h.tA, async (tx) => {
    const res = (await tx.execute(sql`
      select book, warehouse_id::int w, area_id::int a, quantity::text q, unit_cost::text cost,
             value_change::text v, source_type, source_id::int sid, doc_date::text d
        from stock_ledger where book = 'agri' and product_id = ${inputId} order by id`)) as unknown as {
      rows: Row[];
    };
    return res.rows;
  });

const balanceOf = (inputId: number) =>
  h.s.platform.database.withTenant(h.tA, async (tx) => {
    const res = (await tx.execute(sql`
      select b.quantity::text q, b.value::text v, b.avg_cost::text avg,
             (select sum(quantity)::text from stock_ledger l where l.tenant_id = b.tenant_id and l.book = 'agri' and l.product_id = b.product_id
                and l.warehouse_id = b.warehouse_id) lq,
             (select sum(value_change)::text from stock_ledger l where l.tenant_id = b.tenant_id and l.book = 'agri' and l.product_id = b.product_id
                and l.warehouse_id = b.warehouse_id) lv
        from stock_balances b
       where b.book = 'agri' and b.warehouse_id = ${ids.base} and b.product_id = ${inputId}`)) as unknown as {
      rows: { q: string; v: string; avg: string; lq: string; lv: string }[];
    };
    return res.rows[0];
  });

describe('agricultural stock in the ledger', () => {
  it('receipts enter at their price, issues and reversals at the moving average, dated by the document', async () => {
    const r1 = await doc('warehousing', '2025-03-01', [
      { inputId: ids.urea, quantity: 100.5, unitPrice: 2.85 },
    ]);
    await doc('warehousing', '2025-03-03', [{ inputId: ids.urea, quantity: 10, unitPrice: 3 }]);
    const out = await doc('shipment', '2025-03-02', [{ inputId: ids.urea, quantity: 0.5 }]);
    await h.ok('admin', 'DELETE', `agricultural/shipment/${out.docId}?objectVersionNumber=1`);
    const rows = await ledgerOf(ids.urea);
    expect(rows).toMatchObject([
      { book: 'agri', w: ids.base, a: ids.base, q: '100.50000000', cost: '2.85000000', v: '286.4250' },
      { q: '10.00000000', cost: '3.00000000', v: '30.0000', d: '2025-03-03' },
      // (286.425 + 30) / 110.5: a back-dated shipment takes today's average, keeps its own date.
      { q: '-0.50000000', cost: '2.86357466', v: '-1.4318', source_type: 'shipment', d: '2025-03-02' },
      { q: '0.50000000', cost: '2.86357466', source_type: 'shipment_reversal', sid: out.docId },
    ]);
    expect(rows[0]).toMatchObject({ source_type: 'warehousing', sid: r1.docId, d: '2025-03-01' });
    const b = await balanceOf(ids.urea);
    expect(b).toMatchObject({ q: '110.50000000', lq: '110.50000000' });
    expect(b?.v).toBe(b?.lv);
    expect(await h.stock(ids.base, ids.urea)).toBe(110.5);
  });

  it('a line without a price enters at the average; the stock never goes below zero', async () => {
    await doc('warehousing', '2025-04-01', [{ inputId: ids.film, quantity: 2 }]);
    expect((await ledgerOf(ids.film))[0]).toMatchObject({ q: '2.00000000', cost: '0.00000000', v: '0.0000' });
    const res = await h.call('admin', 'POST', 'agricultural/shipment', {
      areaId: ids.base,
      docDate: '2025-04-02',
      lines: [{ inputId: ids.film, quantity: 2.001 }],
    });
    expect(res.statusCode).toBe(409);
    expect(await balanceOf(ids.film)).toMatchObject({ q: '2.00000000', lq: '2.00000000' });
  });
});
