import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLedger } from '../../../stock/ledger/index.js';
import { docHarness, type InvConvertAnswer, type InvDocDetail } from './doc-helpers.js';

// Valuation of returns (ADR 0014, moving average): a customer return re-enters at the cost its goods left
// at, not at the sale price; a return to the supplier leaves at the average like every issue.

let h: Awaited<ReturnType<typeof docHarness>>;
beforeAll(async () => {
  h = await docHarness();
});
afterAll(async () => h.s.close());

const receiveAt = async (warehouseId: number, quantity: number, unitPrice: number) =>
  h.executeAll(
    await h.create({
      docType: 'warehousing',
      bizType: 'other',
      warehouseId,
      submit: true,
      lines: [{ skuId: h.a.apple, unitId: h.a.pcs, quantity, unitPrice }],
    }),
  );

/** The unit costs the ledger recorded for a document's postings. */
const costsOf = async (doc: InvDocDetail) =>
  h.s.platform.database.withTenant(h.tA, async (tx) =>
    (
      await tx
        .select({ unitCost: stockLedger.unitCost })
        .from(stockLedger)
        .where(and(eq(stockLedger.tenantId, h.tA), eq(stockLedger.sourceId, doc.id)))
    ).map((r) => Number(r.unitCost)),
  );

describe('return valuation', () => {
  it('a sale and its full customer return leave the moving average unchanged', async () => {
    // 10 at 30 and 10 at 34: the average is 32.
    await receiveAt(h.a.w1, 10, 30);
    await receiveAt(h.a.w1, 10, 34);
    expect(await h.worth(h.a.w1, h.a.apple)).toEqual({ value: 640, avgCost: 32 });
    const sale = await h.create({
      docType: 'shipment',
      bizType: 'sale',
      warehouseId: h.a.w1,
      businessId: h.a.customer,
      submit: true,
      lines: [{ skuId: h.a.apple, unitId: h.a.pcs, quantity: 5, unitPrice: 45 }],
    });
    await h.executeAll(sale);
    // A later receipt at another price moves the average before the goods come back.
    await receiveAt(h.a.w1, 5, 20);
    const before = await h.worth(h.a.w1, h.a.apple);
    expect(before).toEqual({ value: 580, avgCost: 29 });
    const ret = await h.create({
      ...(await h.ok<InvConvertAnswer>('admin', 'GET', `documents/${sale.id}/convert?to=return`)),
      submit: true,
    });
    const back = await h.ok<InvConvertAnswer>('admin', 'GET', `documents/${ret.id}/convert?to=warehousing`);
    // The form still shows the sale price; the ledger ignores it.
    expect(back.lines[0]?.unitPrice).toBe(45);
    const inb = await h.executeAll(await h.create({ ...back, submit: true }));
    expect(await costsOf(inb)).toEqual([32]);
    // 580 + 5 × 32 = 740 over 25: the goods came back at what they left at, not at 45 (805).
    expect(await h.worth(h.a.w1, h.a.apple)).toEqual({ value: 740, avgCost: 29.6 });
  });

  it('with no later movement, sale + full return restores value and average exactly', async () => {
    await receiveAt(h.a.w2, 4, 32);
    const start = await h.worth(h.a.w2, h.a.apple);
    const sale = await h.executeAll(
      await h.create({
        docType: 'shipment',
        bizType: 'sale',
        warehouseId: h.a.w2,
        businessId: h.a.customer,
        submit: true,
        lines: [{ skuId: h.a.apple, unitId: h.a.pcs, quantity: 3, unitPrice: 45 }],
      }),
    );
    const ret = await h.create({
      ...(await h.ok<InvConvertAnswer>('admin', 'GET', `documents/${sale.id}/convert?to=return`)),
      submit: true,
    });
    await h.executeAll(
      await h.create({
        ...(await h.ok<InvConvertAnswer>('admin', 'GET', `documents/${ret.id}/convert?to=warehousing`)),
        submit: true,
      }),
    );
    expect(await h.worth(h.a.w2, h.a.apple)).toEqual(start);
  });

  it('a return to the supplier leaves at the moving average, which stays where it was', async () => {
    await receiveAt(h.a.wNeg, 10, 10);
    const inb = await receiveAt(h.a.wNeg, 10, 20);
    expect(await h.worth(h.a.wNeg, h.a.apple)).toMatchObject({ avgCost: 15 });
    const ret = await h.create({
      ...(await h.ok<InvConvertAnswer>('admin', 'GET', `documents/${inb.id}/convert?to=return`)),
      submit: true,
    });
    const out = await h.executeAll(
      await h.create({
        ...(await h.ok<InvConvertAnswer>('admin', 'GET', `documents/${ret.id}/convert?to=shipment`)),
        submit: true,
      }),
    );
    expect(await costsOf(out)).toEqual([15]);
    expect(await h.worth(h.a.wNeg, h.a.apple)).toEqual({ value: 150, avgCost: 15 });
  });
});
