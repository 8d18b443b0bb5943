import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../platform/db/rows.js';
import { docHarness } from './doc-helpers.js';

// Many people at once: outbounds of one product from one warehouse never oversell, and document numbers
// stay distinct and gap-free.

let h: Awaited<ReturnType<typeof docHarness>>;
beforeAll(async () => {
  h = await docHarness();
});
afterAll(async () => h.s.close());

const N = 50;
const STOCK = 30;

describe('concurrency', () => {
  it(`${N} concurrent outbounds (create + submit + execute) end at stock ≥ 0, the ledger summing to the balance`, async () => {
    await h.receive(h.a.w1, h.a.apple, STOCK);
    const ship = async () => {
      const created = await h.call('admin', 'POST', 'documents', {
        docType: 'shipment',
        warehouseId: h.a.w1,
        lines: [{ skuId: h.a.apple, unitId: h.a.pcs, quantity: 1 }],
      });
      if (created.statusCode !== 200) return created.statusCode;
      const d = created.json();
      const sub = await h.call('admin', 'POST', `documents/${d.id}/submit`, {
        objectVersionNumber: d.objectVersionNumber,
      });
      if (sub.statusCode !== 200) return sub.statusCode;
      const s = sub.json();
      const ex = await h.call('admin', 'POST', `documents/${d.id}/execute`, {
        objectVersionNumber: s.objectVersionNumber,
        lines: [{ lineId: s.lines[0].id, quantity: 1 }],
      });
      return ex.statusCode;
    };
    const codes = await Promise.all(Array.from({ length: N }, ship));
    const shipped = codes.filter((c) => c === 200).length;
    // Refused ones are shortages: at save (400, policy 'block') or at execution (409).
    expect(
      codes.every((c) => c === 200 || c === 400 || c === 409),
      codes.join(','),
    ).toBe(true);
    expect(shipped).toBe(STOCK);
    expect(await h.held(h.a.w1, h.a.apple)).toBe(0);
    const [sum] = await h.s.platform.database.withTenant(h.tA, async (tx) =>
      rowsOf<{ q: string; v: string }>(
        await tx.execute(sql`select sum(quantity)::text q, sum(value_change)::text v from stock_ledger
          where tenant_id = ${h.tA} and book = 'inv' and warehouse_id = ${h.a.w1} and product_id = ${h.a.apple}`),
      ),
    );
    expect(Number(sum?.q)).toBe(0);
    expect(Number(sum?.v)).toBe(0);
  });

  it(`${N} concurrent creations get ${N} distinct gap-free numbers`, async () => {
    const make = () =>
      h.create({
        docType: 'purchase_request',
        docDate: '2031-03-15',
        warehouseId: h.a.w1,
        lines: [{ skuId: h.a.apple, unitId: h.a.pcs, quantity: 1 }],
      });
    const docs = await Promise.all(Array.from({ length: N }, make));
    const codes = docs.map((d) => d.docCode).sort();
    expect(new Set(codes).size).toBe(N);
    expect(codes).toEqual(Array.from({ length: N }, (_, i) => `CG20310315${String(i + 1).padStart(4, '0')}`));
  });
});
