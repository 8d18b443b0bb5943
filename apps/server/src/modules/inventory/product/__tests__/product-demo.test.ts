import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCropCatalogue } from '../../../farm/crop/index.js';
import { DEMO_PRODUCT_STANDARDS, DEMO_PRODUCT_UNITS, seedInvProducts } from '../index.js';
import { type InvProduct, type InvProductRow, type Page, productHarness } from './product-helpers.js';

let h: Awaited<ReturnType<typeof productHarness>>;
beforeAll(async () => {
  h = await productHarness();
});
afterAll(async () => {
  await h.s.close();
});

describe('product demo data', () => {
  it('seeds about ten products with units and the tomato linked to the crop, twice without change', async () => {
    const ids = { demoTenant: h.tA, secondTenant: h.tB, users: { demo: h.s.fixtures.users.adminA.id } };
    // Before the units and attributes exist nothing is seeded; a later run adds the products.
    await seedInvProducts(h.s.platform.database, ids);
    expect((await h.ok<Page<InvProductRow>>('admin', 'GET', 'product?size=0')).totalElements).toBe(0);
    for (const [code, name] of DEMO_PRODUCT_UNITS) await h.unit(code, name);
    for (const [name, values] of Object.values(DEMO_PRODUCT_STANDARDS)) await h.standard(name, [...values]);
    await h.warehouse('DEMO_W1');
    await seedCropCatalogue(h.s.platform.database, ids);
    await seedInvProducts(h.s.platform.database, ids);
    await seedInvProducts(h.s.platform.database, ids);
    const list = await h.ok<Page<InvProductRow>>('admin', 'GET', 'product?size=0');
    expect(list.totalElements).toBe(10);
    const tomato = list.content.find((p) => p.productCode === 'VEG_TOMATO');
    expect(tomato).toMatchObject({ productType: 'agricultural', cropName: '番茄', skuCount: 9 });
    const box = await h.ok<InvProduct>(
      'admin',
      'GET',
      `product/${list.content.find((p) => p.productCode === 'PACK_BOX')?.id}`,
    );
    expect(box).toMatchObject({ stockUnitName: '个', purchaseUnitName: '箱', purchaseFactor: 20 });
    expect(box.skus[0]?.limits).toEqual([expect.objectContaining({ minQty: 200, maxQty: 5000 })]);
  });
});
