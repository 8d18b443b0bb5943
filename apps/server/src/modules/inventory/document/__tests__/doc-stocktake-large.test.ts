import type { InvAdjustAnswer } from '@tilth/contracts/inventory.document.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invProducts, invSkus } from '../../product/index.js';
import { docHarness } from './doc-helpers.js';

// A stocktake with more differences than a hand-made document may have lines (200) still adjusts, and a
// created document answers its real number (taken last, under a provisional code until then).

let h: Awaited<ReturnType<typeof docHarness>>;
beforeAll(async () => {
  h = await docHarness();
});
afterAll(async () => h.s.close());

describe('large stocktake', () => {
  it('adjusts 250 differences through one 250-line inbound; numbers are real', async () => {
    const tenantId = h.tA;
    const skuIds = await h.s.platform.database.withTenant(tenantId, async (tx) => {
      const products = await tx
        .insert(invProducts)
        .values(
          Array.from({ length: 250 }, (_, i) => ({
            tenantId,
            productCode: `BIG${i}`,
            productName: `Big ${i}`,
            productType: 'goods',
            stockUnitId: h.a.pcs,
            purchaseUnitId: h.a.pcs,
            retailUnitId: h.a.pcs,
          })),
        )
        .returning();
      const skus = await tx
        .insert(invSkus)
        .values(products.map((p) => ({ tenantId, productId: p.id, skuCode: p.productCode })))
        .returning();
      return skus.map((s) => s.id);
    });
    const st = await h.create({
      docType: 'stocktake',
      warehouseId: h.a.w1,
      submit: true,
      lines: skuIds.map((skuId) => ({ skuId, unitId: h.a.pcs, quantity: 2 })),
    });
    expect(st.auditState).toBe('approved');
    expect(st.docCode).toMatch(/^PD\d{8}\d{4}$/);
    expect((await h.get(st.id)).docCode).toBe(st.docCode);
    const adj = await h.ok<InvAdjustAnswer>('admin', 'POST', `documents/${st.id}/adjust`, {});
    expect(adj.outbound).toBeNull();
    expect(adj.inbound?.lines).toHaveLength(250);
    expect(adj.inbound).toMatchObject({ execState: 'done', docCode: expect.stringMatching(/^RK\d{12}$/) });
    expect(await h.held(h.a.w1, skuIds[249] ?? 0)).toBe(2);
  });
});
