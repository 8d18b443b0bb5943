import type { Page } from '@tilth/contracts/common.types';
import type { TraceOutlet, TraceProduct } from '@tilth/contracts/trace-catalog.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogHarness, catalogHarness } from './catalog-helpers.js';

let h: CatalogHarness;
let tea = 0;
let teaB = 0;
beforeAll(async () => {
  h = await catalogHarness();
  tea = await h.crop('茶叶');
  teaB = await h.crop('茶叶', h.tB);
});
afterAll(async () => {
  await h.s.close();
});

describe('traced products', () => {
  it('creates, lists with filters, edits and enables a product; GTIN-13 is stored as GTIN-14', async () => {
    const image = await h.picture();
    const shop = await h.ok<TraceOutlet>('admin', 'POST', 'outlets', {
      kind: 'store',
      outletName: '安溪茶叶店',
      address: '安溪县城关',
    });
    const p = await h.ok<TraceProduct>('admin', 'POST', 'products', {
      productName: '  铁观音  ',
      productEnName: 'Tieguanyin',
      cropId: tea,
      gtin: '4006381333931',
      placeOfOrigin: '福建安溪',
      netWeight: 0.25,
      weightUnit: 'kg',
      specification: '250g/罐',
      shelfLifeDays: 540,
      plantingStandard: 'organic',
      certificates: [{ kind: 'organic', name: '有机产品认证', number: 'ORG-1', validUntil: '2027-12-31' }],
      imageUrl: image,
      outletIds: [shop.outletId],
    });
    expect(p).toMatchObject({
      productName: '铁观音',
      cropName: '茶叶',
      gtin: '04006381333931',
      netWeight: '0.250',
      plantingStandard: 'organic',
      outlets: [{ outletId: shop.outletId, outletName: '安溪茶叶店', kind: 'store' }],
      enabledFlag: 1,
      batchCount: 0,
      objectVersionNumber: 1,
    });
    const found = await h.ok<Page<TraceProduct>>(
      'admin',
      'GET',
      'products?productName=观音&plantingStandard=organic',
    );
    expect(found.content.map((x) => x.traceProductId)).toEqual([p.traceProductId]);
    const none = await h.ok<Page<TraceProduct>>('admin', 'GET', 'products?plantingStandard=green');
    expect(none.content.map((x) => x.traceProductId)).not.toContain(p.traceProductId);
    // The PUT takes back what the GET answered.
    const edited = await h.ok<TraceProduct>('admin', 'PUT', 'products', { ...p, specification: '500g/罐' });
    expect(edited).toMatchObject({ specification: '500g/罐', objectVersionNumber: 2 });
    const off = await h.ok<TraceProduct>('admin', 'PUT', `products/${p.traceProductId}/enabled`, {
      enabledFlag: 0,
      objectVersionNumber: 2,
    });
    expect(off.enabledFlag).toBe(0);
    const disabled = await h.ok<Page<TraceProduct>>('admin', 'GET', 'products?enabledFlag=0');
    expect(disabled.content.map((x) => x.traceProductId)).toEqual([p.traceProductId]);
    // Stale version → 409, nothing changes.
    await h.refused(409, 'error.objectVersionNumber.stale', 'admin', 'PUT', 'products', {
      ...p,
      specification: 'x',
    });
    const again = await h.ok<TraceProduct>('admin', 'GET', `products/${p.traceProductId}`);
    expect(again.specification).toBe('500g/罐');
  });

  it('refuses a GTIN with a wrong check digit or length (400) and accepts GTIN-8/12/14', async () => {
    for (const gtin of ['4006381333932', '12345', 'ABCDEFGHIJKLM', '400638133393']) {
      await h.refused(400, 'wfpf.trace.product.gtinInvalid', 'admin', 'POST', 'products', {
        productName: `坏码${gtin}`,
        cropId: tea,
        placeOfOrigin: '安溪',
        gtin,
      });
    }
    expect((await h.product(tea, { gtin: '96385074' })).gtin).toBe('00000096385074');
    expect((await h.product(tea, { gtin: '614141000012' })).gtin).toBe('00614141000012');
  });

  it("refuses another tenant's GTIN with 409 and releases a GTIN when its product lets it go", async () => {
    const a = await h.product(tea, { gtin: '6901234567892' });
    const body = await h.refused(
      409,
      'wfpf.trace.product.gtinTaken',
      'adminB',
      'POST',
      'products',
      {
        productName: '乙方茶',
        cropId: teaB,
        placeOfOrigin: '杭州',
        gtin: '06901234567892',
      },
      h.tB,
    );
    expect(body.message).toContain('another company');
    // Same tenant, second product with the same GTIN: named.
    const dup = await h.refused(409, 'wfpf.trace.product.gtinUsed', 'admin', 'POST', 'products', {
      productName: '另一款',
      cropId: tea,
      placeOfOrigin: '安溪',
      gtin: '6901234567892',
    });
    expect(dup.message).toContain(a.productName);
    // Tenant A clears the GTIN: B may now claim it.
    await h.ok('admin', 'PUT', 'products', { ...a, gtin: null });
    const b = await h.product(teaB, { gtin: '6901234567892' }, h.tB);
    expect(b.gtin).toBe('06901234567892');
  });

  it('checks the source, outlets and files; another tenant sees nothing', async () => {
    await h.refused(400, 'wfpf.trace.product.sourceRequired', 'admin', 'POST', 'products', {
      productName: '无来源',
      placeOfOrigin: '安溪',
    });
    await h.refused(400, 'wfpf.trace.product.cropNotFound', 'admin', 'POST', 'products', {
      productName: '别家作物',
      cropId: teaB,
      placeOfOrigin: '安溪',
    });
    await h.refused(400, 'wfpf.trace.fileNotOwn', 'admin', 'POST', 'products', {
      productName: '外链图',
      cropId: tea,
      placeOfOrigin: '安溪',
      imageUrl: 'https://evil.example/x.jpg',
    });
    const otherPic = await h.picture(h.tB);
    await h.refused(400, 'wfpf.trace.fileNotOwn', 'admin', 'POST', 'products', {
      productName: '别家图',
      cropId: tea,
      placeOfOrigin: '安溪',
      imageUrl: otherPic,
    });
    await h.refused(400, 'wfpf.trace.product.outletNotFound', 'admin', 'POST', 'products', {
      productName: '无门店',
      cropId: tea,
      placeOfOrigin: '安溪',
      outletIds: [999999],
    });
    const mine = await h.product(tea);
    await h.refused(
      404,
      'wfpf.trace.product.notFound',
      'adminB',
      'GET',
      `products/${mine.traceProductId}`,
      undefined,
      h.tB,
    );
    const theirs = await h.ok<Page<TraceProduct>>('adminB', 'GET', 'products?size=0', undefined, h.tB);
    expect(theirs.content.map((x) => x.traceProductId)).not.toContain(mine.traceProductId);
    await h.refused(404, undefined, 'adminB', 'DELETE', `products/${mine.traceProductId}`, undefined, h.tB);
    await h.refused(400, undefined, 'admin', 'POST', 'products', {
      productName: 'x',
      cropId: tea,
      placeOfOrigin: 'y',
      bogus: 1,
    });
  });

  it('refuses a name twice (409) and the viewer cannot edit (403)', async () => {
    const p = await h.product(tea);
    await h.refused(409, 'wfpf.trace.product.nameTaken', 'admin', 'POST', 'products', {
      productName: p.productName,
      cropId: tea,
      placeOfOrigin: '安溪',
    });
    await h.refused(403, undefined, 'viewer', 'POST', 'products', {
      productName: '访客',
      cropId: tea,
      placeOfOrigin: '安溪',
    });
  });

  it('deletes an unused product, and refuses (409, named) while a trace batch uses it', async () => {
    const unused = await h.product(tea, { gtin: '6934567890122' });
    await h.ok('admin', 'DELETE', `products/${unused.traceProductId}?objectVersionNumber=1`);
    await h.refused(404, undefined, 'admin', 'GET', `products/${unused.traceProductId}`);
    // Its GTIN is free again.
    await h.product(teaB, { gtin: '6934567890122' }, h.tB);

    const used = await h.product(tea);
    const fb = await h.farmBatch(tea, 'harvested');
    await h.ok('admin', 'POST', 'batches', {
      traceProductId: used.traceProductId,
      batchCode: 'LOT-DEL-1',
      sources: [{ farmBatchId: fb }],
      productionDate: '2026-07-02',
    });
    const body = await h.refused(
      409,
      'wfpf.trace.product.inUse',
      'admin',
      'DELETE',
      `products/${used.traceProductId}`,
    );
    expect(body.message).toContain('LOT-DEL-1');
    await h.ok('admin', 'GET', `products/${used.traceProductId}`);
  });
});
