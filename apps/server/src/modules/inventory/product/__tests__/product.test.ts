import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InvProduct, type InvProductRow, type Page, productHarness } from './product-helpers.js';

let h: Awaited<ReturnType<typeof productHarness>>;
let bag: number;
let ton: number;
let kg: number;
let jin: number;
beforeAll(async () => {
  h = await productHarness();
  bag = await h.unit('BAG', '袋');
  ton = await h.unit('TON', '吨');
  kg = await h.unit('KG', '千克');
  jin = await h.unit('JIN', '斤');
});
afterAll(async () => {
  await h.s.close();
});

const fert = () => ({
  productName: '复合肥 15-15-15',
  productCode: 'FERT_NPK15',
  productType: 'material',
  specification: '50kg/袋',
  brand: '史丹利',
  stockUnitId: bag,
  purchaseUnitId: ton,
  purchaseFactor: 20,
  retailUnitId: bag,
  retailFactor: 1,
  retailPrice: 185,
  memberPrice: 178.5,
  costPrice: 160.25,
});

const count = async () => (await h.ok<Page<InvProductRow>>('admin', 'GET', 'product?size=0')).totalElements;

describe('inventory products', () => {
  it('creates a product without attributes with its one SKU, reads, lists and filters it', async () => {
    const p = await h.ok<InvProduct>('admin', 'POST', 'product', fert());
    expect(p).toMatchObject({
      productCode: 'FERT_NPK15',
      stockUnitName: '袋',
      purchaseUnitName: '吨',
      purchaseFactor: 20,
      retailPrice: 185,
      memberPrice: 178.5,
      costPrice: 160.25,
      skuCount: 1,
      enabledFlag: 1,
      objectVersionNumber: 1,
      tracksLot: 0,
      images: [],
    });
    expect(p.skus).toHaveLength(1);
    expect(p.skus[0]).toMatchObject({ skuCode: 'FERT_NPK15', skuName: '', valueIds: [], hasStock: false });
    expect(await h.ok('admin', 'GET', `product/${p.id}`)).toEqual(p);

    await h.ok('admin', 'POST', 'product', {
      ...fert(),
      productName: '包装箱',
      productCode: 'PACK_BOX',
      alias: '纸箱',
      productType: 'goods',
      enabledFlag: 0,
    });
    const byAlias = await h.ok<Page<InvProductRow>>('admin', 'GET', 'product?keyword=纸箱');
    expect(byAlias.content.map((r) => r.productCode)).toEqual(['PACK_BOX']);
    const byCode = await h.ok<Page<InvProductRow>>('admin', 'GET', 'product?keyword=npk');
    expect(byCode.content.map((r) => r.productCode)).toEqual(['FERT_NPK15']);
    const goods = await h.ok<Page<InvProductRow>>('admin', 'GET', 'product?productType=goods&enabledFlag=0');
    expect(goods.content.map((r) => r.productCode)).toEqual(['PACK_BOX']);
    const paged = await h.ok<Page<InvProductRow>>('admin', 'GET', 'product?page=0&size=1');
    expect(paged).toMatchObject({ size: 1, number: 0, totalElements: 2, totalPages: 2 });
    expect(paged.content[0]).toMatchObject({ productCode: 'PACK_BOX', skuCount: 1 });
    const none = await h.ok<Page<InvProductRow>>('admin', 'GET', 'product?keyword=%25_');
    expect(none.totalElements).toBe(0);
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const before = await count();
    const bad: [Record<string, unknown>, string][] = [
      [{ retailPrice: 100000 }, 'retailPrice'],
      [{ memberPrice: 1.234 }, 'memberPrice'],
      [{ costPrice: -1 }, 'costPrice'],
      [{ purchaseFactor: 0 }, 'purchaseFactor'],
      [{ purchaseFactor: 1.00001 }, 'purchaseFactor'],
      [{ productCode: 'A B' }, 'productCode'],
      [{ productName: '   ' }, 'productName'],
      [{ productType: 'service' }, 'productType'],
      [{ stockUnitId: 999999 }, 'stockUnitId'],
      [{ retailFactor: 2 }, 'retailFactor'],
      [{ standardIds: [999999] }, 'standardIds'],
      [{ images: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, 'images'],
      [{ images: ['https://example.com/x.png'] }, 'images[0]'],
      [{ videoUrl: '/hfle/v1/1/files/00000000-0000-0000-0000-000000000000/file' }, 'videoUrl'],
      [{ cropId: 1, varietyId: 1 }, 'cropId'],
      [{ productType: 'agricultural' }, 'cropId'],
      [{ surprise: 1 }, 'surprise'],
    ];
    for (const [patch, field] of bad) {
      const body = { ...fert(), productCode: 'NEW_ONE', ...patch };
      const res = await h.call('admin', 'POST', 'product', body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.body, field).toContain(field);
    }
    expect(await count()).toBe(before);
  });

  it('refuses a disabled unit, a duplicate code, a stale version, other tenants and other roles', async () => {
    await h.unit('OLD', '旧单位');
    await h.disableUnit('OLD');
    const old = await h.unit('OLD', '旧单位');
    const e = await h.fails(400, 'admin', 'POST', 'product', {
      ...fert(),
      productCode: 'X1',
      retailUnitId: old,
    });
    expect(e.message).toContain('retailUnitId');
    await h.fails(409, 'admin', 'POST', 'product', fert());
    const [first] = (await h.ok<Page<InvProductRow>>('admin', 'GET', 'product?keyword=FERT_NPK15')).content;
    const p = await h.ok<InvProduct>('admin', 'GET', `product/${first?.id}`);
    const edited = await h.ok<InvProduct>('admin', 'PUT', `product/${p.id}`, { ...p, retailPrice: 99999 });
    expect(edited).toMatchObject({ retailPrice: 99999, objectVersionNumber: 2 });
    expect(edited.skus[0]?.skuId).toBe(p.skus[0]?.skuId);
    await h.fails(409, 'admin', 'PUT', `product/${p.id}`, { ...p, retailPrice: 1 });
    await h.fails(409, 'admin', 'DELETE', `product/${p.id}?objectVersionNumber=1`);

    const other = await h.call('adminB', 'GET', `product/${p.id}`, undefined, h.tB);
    expect(other.statusCode).toBe(404);
    const otherPut = await h.call('adminB', 'PUT', `product/${p.id}`, edited, h.tB);
    expect(otherPut.statusCode).toBe(404);
    const otherList = await h.ok<Page<InvProductRow>>('adminB', 'GET', 'product', undefined, h.tB);
    expect(otherList.totalElements).toBe(0);
    for (const who of ['operator', 'viewer'] as const) {
      expect((await h.call(who, 'GET', 'product')).statusCode).toBe(403);
      expect((await h.call(who, 'POST', 'product', { ...fert(), productCode: 'Z9' })).statusCode).toBe(403);
    }
  });

  it('makes one SKU per attribute value combination and keeps SKU ids across edits', async () => {
    const grade = await h.standard('品级', ['一级', '二级']);
    const weight = await h.standard('重量等级', ['500g', '1kg', '5kg']);
    const p = await h.ok<InvProduct>('admin', 'POST', 'product', {
      ...fert(),
      productName: '番茄',
      productCode: 'TOMATO',
      productType: 'goods',
      stockUnitId: kg,
      purchaseUnitId: kg,
      purchaseFactor: 1,
      retailUnitId: jin,
      retailFactor: 0.5,
      standardIds: [grade, weight],
    });
    expect(p.skuCount).toBe(6);
    expect(p.standards.map((s) => s.standardName)).toEqual(['品级', '重量等级']);
    expect(p.skus.map((s) => s.skuName)).toEqual([
      '一级 / 500g',
      '一级 / 1kg',
      '一级 / 5kg',
      '二级 / 500g',
      '二级 / 1kg',
      '二级 / 5kg',
    ]);
    expect(new Set(p.skus.map((s) => s.skuCode)).size).toBe(6);

    // Keep four, override one's code, barcode and price, drop two.
    const [a, b, c, d] = p.skus;
    const edited = await h.ok<InvProduct>('admin', 'PUT', `product/${p.id}`, {
      ...p,
      skus: [
        { ...a, skuCode: 'TOMATO_A1', barcode: '6901234567892', retailPrice: 9.9 },
        b,
        { ...c, enabledFlag: 0 },
        { valueIds: d?.valueIds },
      ],
    });
    expect(edited.skus.map((s) => s.skuId)).toEqual([a?.skuId, b?.skuId, c?.skuId, d?.skuId]);
    expect(edited.skus[0]).toMatchObject({
      skuCode: 'TOMATO_A1',
      barcode: '6901234567892',
      retailPrice: 9.9,
    });
    expect(edited.skus[2]?.enabledFlag).toBe(0);
    expect(edited.skuCount).toBe(4);

    // Without skus the grid is regenerated: kept combinations keep id, code and overrides.
    const regenerated = await h.ok<InvProduct>('admin', 'PUT', `product/${p.id}`, {
      ...edited,
      skus: undefined,
    });
    expect(regenerated.skuCount).toBe(6);
    expect(regenerated.skus.find((s) => s.skuId === a?.skuId)).toMatchObject({
      skuCode: 'TOMATO_A1',
      retailPrice: 9.9,
    });

    const dup = await h.call('admin', 'PUT', `product/${p.id}`, {
      ...regenerated,
      skus: [{ valueIds: a?.valueIds }, { valueIds: a?.valueIds }],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.body).toContain('skus[1]');
    const wrongValue = await h.call('admin', 'PUT', `product/${p.id}`, {
      ...regenerated,
      skus: [{ valueIds: [a?.valueIds[1], a?.valueIds[0]] }],
    });
    expect(wrongValue.statusCode).toBe(400);
    expect(wrongValue.body).toContain('skus[0].valueIds');
  });

  it('links farm produce to a crop and variety of the farm catalogue', async () => {
    const c = await h.s.inject({
      method: 'POST',
      url: `/wfpf/v1/${h.tA}/crop`,
      headers: { authorization: `Bearer ${h.tok.admin}` },
      payload: { cropName: '番茄', cropType: 'plant', enabledFlag: 1 },
    });
    expect(c.statusCode, c.body).toBe(200);
    const cropId = c.json<{ cropId: number }>().cropId;
    const v = await h.s.inject({
      method: 'POST',
      url: `/wfpf/v1/${h.tA}/variety`,
      headers: { authorization: `Bearer ${h.tok.admin}` },
      payload: { cropId, varietyName: '粉冠一号', enabledFlag: 1 },
    });
    expect(v.statusCode, v.body).toBe(200);
    const varietyId = v.json<{ varietyId: number }>().varietyId;
    const body = {
      ...fert(),
      productCode: 'FARM_TOMATO',
      productName: '番茄（基地）',
      productType: 'agricultural',
    };
    await h.fails(400, 'admin', 'POST', 'product', { ...body, cropId, varietyId: varietyId + 999 });
    const p = await h.ok<InvProduct>('admin', 'POST', 'product', { ...body, cropId, varietyId });
    expect(p).toMatchObject({
      productType: 'agricultural',
      cropId,
      varietyId,
      cropName: '番茄',
      varietyName: '粉冠一号',
    });
    const list = await h.ok<Page<InvProductRow>>(
      'admin',
      'GET',
      `product?productType=agricultural&cropId=${cropId}`,
    );
    expect(list.content.map((r) => r.id)).toEqual([p.id]);
    // Turning it into goods drops the link only when the body drops it.
    await h.fails(400, 'admin', 'PUT', `product/${p.id}`, { ...p, productType: 'goods' });
    const goods = await h.ok<InvProduct>('admin', 'PUT', `product/${p.id}`, {
      ...p,
      productType: 'goods',
      cropId: null,
      varietyId: null,
    });
    expect(goods).toMatchObject({ cropId: null, varietyId: null, cropName: null });
  });
});
