import type { InvShop, InvWarehouse } from '@tilth/contracts/inventory.base.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerReferenceCheck } from '../../reference/index.js';
import { type InvHarness, invHarness, type Page } from '../../unit/__tests__/inv-base-helpers.js';

let h: InvHarness;
let w: InvWarehouse;
beforeAll(async () => {
  h = await invHarness();
  w = await h.ok<InvWarehouse>('admin', 'POST', 'inventory/store', {
    warehouseCode: 'WH_A',
    warehouseName: '主仓',
  });
});
afterAll(async () => {
  await h.s.close();
});

describe('shops (base/shops)', () => {
  it('adds a shop served from a warehouse, lists by keyword and warehouse, edits and disables it', async () => {
    const s = await h.ok<InvShop>('admin', 'POST', 'inventory/shops', {
      shopCode: 'SHOP_PY',
      shopName: '番禺农场直营店',
      address: '番禺区市桥街',
      phone: '020-8481 2345',
      managerId: h.s.fixtures.users.adminA.id,
      warehouseId: w.id,
    });
    expect(s).toMatchObject({
      warehouseName: '主仓',
      managerName: 'adminA',
      phone: '020-8481 2345',
      enabledFlag: 1,
    });
    await h.ok('admin', 'POST', 'inventory/shops', { shopCode: 'SHOP_2', shopName: '社区店' });
    const byKeyword = await h.ok<Page<InvShop>>('admin', 'GET', 'inventory/shops?keyword=shop_py');
    expect(byKeyword.content.map((x) => x.id)).toEqual([s.id]);
    const byName = await h.ok<Page<InvShop>>(
      'admin',
      'GET',
      `inventory/shops?keyword=${encodeURIComponent('社区')}`,
    );
    expect(byName.content.map((x) => x.shopCode)).toEqual(['SHOP_2']);
    const byWarehouse = await h.ok<Page<InvShop>>('admin', 'GET', `inventory/shops?warehouseId=${w.id}`);
    expect(byWarehouse.totalElements).toBe(1);
    const off = await h.ok<InvShop>('admin', 'PUT', `inventory/shops/${s.id}`, { ...s, enabledFlag: 0 });
    expect(off).toMatchObject({ enabledFlag: 0, objectVersionNumber: 2, warehouseId: w.id });
    await h.refused(409, 'error.objectVersionNumber.stale', 'admin', 'PUT', `inventory/shops/${s.id}`, s);
  });

  it('refuses bad input: code, blank name, phone, unknown warehouse, duplicate code', async () => {
    const good = { shopCode: 'SHOP_X', shopName: '店' };
    for (const [field, bad] of [
      ['shopCode', { shopCode: '门店1' }],
      ['shopName', { shopName: ' ' }],
      ['phone', { phone: 'call me' }],
    ] as const) {
      const err = await h.refused(400, undefined, 'admin', 'POST', 'inventory/shops', { ...good, ...bad });
      expect(err.message).toContain(field);
    }
    await h.refused(400, 'wfpf.inventory.shop.warehouseNotFound', 'admin', 'POST', 'inventory/shops', {
      ...good,
      warehouseId: 999999,
    });
    await h.refused(409, 'wfpf.inventory.shop.codeExists', 'admin', 'POST', 'inventory/shops', {
      ...good,
      shopCode: 'SHOP_PY',
    });
  });

  it('refuses deleting a shop a document names; another tenant sees nothing', async () => {
    const s = await h.ok<InvShop>('admin', 'POST', 'inventory/shops', {
      shopCode: 'SHOP_REF',
      shopName: '被引用的店',
    });
    registerReferenceCheck('shop', 'test-docs', async (_ctx, id) => (id === s.id ? '1 document' : null));
    const err = await h.refused(
      409,
      'wfpf.inventory.shop.inUse',
      'admin',
      'DELETE',
      `inventory/shops/${s.id}`,
    );
    expect(err.message).toContain('1 document');
    await h.refused(404, undefined, 'adminB', 'GET', `inventory/shops/${s.id}`, undefined, h.tB);
    await h.refused(403, undefined, 'operator', 'GET', 'inventory/shops');
  });
});
