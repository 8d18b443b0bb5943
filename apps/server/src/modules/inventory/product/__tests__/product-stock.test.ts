import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, uploadFile } from '../../../../test/harness.js';
import { referencesTo } from '../../reference/index.js';
import { findSkusForLines } from '../index.js';
import { type InvProduct, type InvSkuPick, type Page, productHarness } from './product-helpers.js';

let h: Awaited<ReturnType<typeof productHarness>>;
let bag: number;
let ton: number;
let grade: number;
let wh1: number;
let wh2: number;
beforeAll(async () => {
  h = await productHarness();
  bag = await h.unit('BAG', '袋');
  ton = await h.unit('TON', '吨');
  grade = await h.standard('品级', ['一级', '二级', '三级']);
  wh1 = await h.warehouse('W1');
  wh2 = await h.warehouse('W2');
});
afterAll(async () => {
  await h.s.close();
});

const rice = (code: string, extra: Record<string, unknown> = {}) => ({
  productName: `大米 ${code}`,
  productCode: code,
  productType: 'goods',
  specification: '5kg/袋',
  stockUnitId: bag,
  purchaseUnitId: ton,
  purchaseFactor: 200,
  retailUnitId: bag,
  retailPrice: 39.9,
  costPrice: 24,
  standardIds: [grade],
  tracksLot: 1,
  ...extra,
});

describe('SKUs with stock, stock limits, pickers and references', () => {
  it('keeps min / max per warehouse per SKU and refuses a bad level or warehouse', async () => {
    const p = await h.ok<InvProduct>('admin', 'POST', 'product', rice('RICE_A'));
    const withLimits = await h.ok<InvProduct>('admin', 'PUT', `product/${p.id}`, {
      ...p,
      skus: p.skus.map((s, i) => ({
        ...s,
        limits:
          i === 0
            ? [
                { warehouseId: wh1, minQty: 10, maxQty: 500.5 },
                { warehouseId: wh2, maxQty: 20 },
              ]
            : [],
      })),
    });
    expect(withLimits.skus[0]?.limits).toEqual([
      { warehouseId: wh1, warehouseName: '仓库 W1', minQty: 10, maxQty: 500.5 },
      { warehouseId: wh2, warehouseName: '仓库 W2', minQty: null, maxQty: 20 },
    ]);
    expect(await h.inTenant((c) => referencesTo(c, 'warehouse', wh2))).toContain('1 product stock limits');
    const put = (limits: unknown[]) =>
      h.call('admin', 'PUT', `product/${p.id}`, {
        ...withLimits,
        skus: withLimits.skus.map((s, i) => (i === 0 ? { ...s, limits } : s)),
      });
    for (const limits of [
      [{ warehouseId: wh1, minQty: 5, maxQty: 4 }],
      [{ warehouseId: wh1, minQty: 1.00001 }],
      [{ warehouseId: 999999, minQty: 1 }],
      [{ warehouseId: wh1 }, { warehouseId: wh1 }],
    ]) {
      const res = await put(limits);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain('skus');
    }
    const again = await h.ok<InvProduct>('admin', 'GET', `product/${p.id}`);
    expect(again.skus[0]?.limits).toHaveLength(2);
  });

  it('refuses to remove a SKU or product with stock (disable instead), and deletes one without', async () => {
    const p = await h.ok<InvProduct>('admin', 'POST', 'product', rice('RICE_B'));
    const [first, second, third] = p.skus;
    await h.receive(wh1, first?.skuId ?? 0, '10', 'L1');
    const read = await h.ok<InvProduct>('admin', 'GET', `product/${p.id}`);
    expect(read.skus.map((s) => s.hasStock)).toEqual([true, false, false]);

    const drop = await h.call('admin', 'PUT', `product/${p.id}`, { ...read, skus: [second, third] });
    expect(drop.statusCode, drop.body).toBe(409);
    expect(json<{ code: string }>(drop).code).toBe('wfpf.inventory.product.skuInUse');
    expect((await h.ok<InvProduct>('admin', 'GET', `product/${p.id}`)).skuCount).toBe(3);

    const disabled = await h.ok<InvProduct>('admin', 'PUT', `product/${p.id}`, {
      ...read,
      skus: [{ ...first, enabledFlag: 0 }, second],
    });
    expect(disabled.skus.map((s) => [s.skuId, s.enabledFlag])).toEqual([
      [first?.skuId, 0],
      [second?.skuId, 1],
    ]);
    const del = await h.call('admin', 'DELETE', `product/${p.id}`);
    expect(del.statusCode, del.body).toBe(409);
    expect(json<{ code: string }>(del).code).toBe('wfpf.inventory.product.inUse');

    const bare = await h.ok<InvProduct>('admin', 'POST', 'product', rice('RICE_C'));
    await h.ok('admin', 'DELETE', `product/${bare.id}?objectVersionNumber=1`);
    expect((await h.call('admin', 'GET', `product/${bare.id}`)).statusCode).toBe(404);
    expect((await h.call('admin', 'DELETE', `product/${bare.id}`)).statusCode).toBe(404);
    // Its SKU codes are free again.
    await h.ok('admin', 'POST', 'product', rice('RICE_C'));
  });

  it('lists SKUs for line pickers with units, prices and available stock per warehouse', async () => {
    const p = await h.ok<InvProduct>('admin', 'POST', 'product', rice('RICE_D', { alias: '丝苗米' }));
    const [a, b] = p.skus;
    await h.ok('admin', 'PUT', `product/${p.id}`, {
      ...p,
      skus: [{ ...a, retailPrice: 45 }, b, { ...p.skus[2], enabledFlag: 0 }],
    });
    await h.receive(wh1, a?.skuId ?? 0, '7.5', 'L1');
    await h.receive(wh1, a?.skuId ?? 0, '2.25', 'L2');
    await h.receive(wh1, a?.skuId ?? 0, '100', '', 'transit');
    await h.receive(wh2, a?.skuId ?? 0, '3');

    const page = await h.ok<Page<InvSkuPick>>(
      'admin',
      'GET',
      `product/sku?keyword=丝苗&warehouseId=${wh1}&size=0`,
    );
    expect(page.content.map((r) => r.skuId)).toEqual([a?.skuId, b?.skuId]);
    expect(page.content[0]).toMatchObject({
      skuCode: a?.skuCode,
      skuName: '一级',
      productCode: 'RICE_D',
      stockUnit: { id: bag, name: '袋' },
      units: [
        { unitId: bag, unitName: '袋', factor: 1, kind: 'stock' },
        { unitId: ton, unitName: '吨', factor: 200, kind: 'purchase' },
        { unitId: bag, unitName: '袋', factor: 1, kind: 'retail' },
      ],
      retailPrice: 45,
      costPrice: 24,
      tracksLot: 1,
      available: 9.75,
    });
    expect(page.content[1]).toMatchObject({ retailPrice: 39.9, available: 0 });
    const noWh = await h.ok<Page<InvSkuPick>>('admin', 'GET', 'product/sku?keyword=RICE_D');
    expect(noWh.content[0]?.available).toBeUndefined();
    const off = await h.ok<Page<InvSkuPick>>('admin', 'GET', 'product/sku?keyword=RICE_D&enabledFlag=0');
    expect(off.content.map((r) => r.skuId)).toEqual([p.skus[2]?.skuId]);
    const other = await h.ok<Page<InvSkuPick>>('adminB', 'GET', 'product/sku', undefined, h.tB);
    expect(other.totalElements).toBe(0);
    expect((await h.call('viewer', 'GET', 'product/sku')).statusCode).toBe(403);

    const lines = await h.inTenant((c) => findSkusForLines(c.db, c.tenantId, [a?.skuId ?? 0, 999999]));
    expect([...lines.keys()]).toEqual([a?.skuId]);
    expect(lines.get(a?.skuId ?? 0)).toMatchObject({
      productId: p.id,
      skuName: '一级',
      costPrice: '24.00',
      enabledFlag: 1,
      tracksLot: true,
    });
  });

  it('answers what refers to units, attributes and values', async () => {
    const spare = await h.unit('SPARE', '备用');
    const n = await h.inTenant(async (c) => [
      await referencesTo(c, 'unit', bag),
      await referencesTo(c, 'unit', spare),
      await referencesTo(c, 'standard', grade),
    ]);
    expect(n[0]).toMatch(/\d+ products/);
    expect(n[1]).toBeNull();
    expect(n[2]).toMatch(/\d+ products/);
    const list = await h.ok<Page<{ id: number }>>('admin', 'GET', 'product?keyword=RICE_A');
    const p = await h.ok<InvProduct>('admin', 'GET', `product/${list.content[0]?.id}`);
    const valueId = p.skus[0]?.valueIds[0] ?? 0;
    expect(await h.inTenant((c) => referencesTo(c, 'standardValue', valueId))).toMatch(/SKUs/);
  });

  it('accepts the tenant’s jpg / png images and video, and refuses other files', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const up = async (name: string, bytes: Buffer) => {
      const res = await uploadFile(h.s, h.tok.admin, h.tA, name, bytes);
      expect(res.statusCode, res.body).toBe(200);
      return json<{ fileUrl: string }>(res).fileUrl;
    };
    const img = await up('rice.png', png);
    const text = await up('notes.txt', Buffer.from('not an image'));
    const p = await h.ok<InvProduct>('admin', 'POST', 'product', rice('RICE_E', { images: [img, img] }));
    expect(p.images).toEqual([img, img]);
    const bad = await h.call('admin', 'POST', 'product', rice('RICE_F', { images: [img, text] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('images[1]');
    const notVideo = await h.call('admin', 'POST', 'product', rice('RICE_F', { videoUrl: img }));
    expect(notVideo.statusCode).toBe(400);
    expect(notVideo.body).toContain('videoUrl');
    const otherTenant = img.replace(`/v1/${h.tA}/`, `/v1/${h.tB}/`);
    expect(
      (await h.call('admin', 'POST', 'product', rice('RICE_F', { images: [otherTenant] }))).statusCode,
    ).toBe(400);
  });
});
