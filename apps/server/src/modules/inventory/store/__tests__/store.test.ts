import type { InvOptions, InvShop, InvWarehouse } from '@tilth/contracts/inventory.base.types';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, login } from '../../../../test/harness.js';
import { stockBalances } from '../../../stock/ledger/index.js';
import { type InvHarness, invHarness, type Page } from '../../unit/__tests__/inv-base-helpers.js';

let h: InvHarness;
let baseId = 0;
beforeAll(async () => {
  h = await invHarness();
  baseId = await h.area('番禺示范基地');
});
afterAll(async () => {
  await h.s.close();
});

let n = 0;
const warehouse = async (extra: Record<string, unknown> = {}) => {
  n += 1;
  return h.ok<InvWarehouse>('admin', 'POST', 'inventory/store', {
    warehouseCode: `WH_${n}`,
    warehouseName: `仓库 ${n}`,
    ...extra,
  });
};
const setStock = (warehouseId: number, quantity: string) =>
  h.s.platform.database.withTenant(h.tA, async (tx) => {
    await tx
      .insert(stockBalances)
      .values({ tenantId: h.tA, book: 'inv', warehouseId, productId: 1, quantity, value: '0' })
      .onConflictDoUpdate({
        target: [
          stockBalances.tenantId,
          stockBalances.book,
          stockBalances.warehouseId,
          stockBalances.productId,
          stockBalances.lotNo,
          stockBalances.location,
        ],
        set: { quantity },
      });
  });

describe('warehouses (base/store, /system/storeManager)', () => {
  it('adds a warehouse with manager and base, reads their names, filters and edits it', async () => {
    const managerId = h.s.fixtures.users.adminA.id;
    const w = await h.ok<InvWarehouse>('admin', 'POST', 'inventory/store', {
      warehouseCode: 'WH_PY_MAIN',
      warehouseName: '番禺示范基地主仓',
      address: '广州市番禺区石楼镇',
      managerId,
      allowNegative: 0,
      minStock: 100,
      maxStock: 50000.5,
      initialStock: 12.3456,
      areaId: baseId,
    });
    expect(w).toMatchObject({
      managerId,
      managerName: 'adminA',
      areaId: baseId,
      areaName: '番禺示范基地',
      minStock: 100,
      maxStock: 50000.5,
      initialStock: 12.3456,
      allowNegative: 0,
      enabledFlag: 1,
    });
    await warehouse({ warehouseName: '南沙冷库', warehouseCode: 'WH_NS_COLD', allowNegative: 1 });
    const byName = await h.ok<Page<InvWarehouse>>(
      'admin',
      'GET',
      `inventory/store?warehouseName=${encodeURIComponent('主仓')}`,
    );
    expect(byName.content.map((x) => x.warehouseCode)).toEqual(['WH_PY_MAIN']);
    const byCode = await h.ok<Page<InvWarehouse>>('admin', 'GET', 'inventory/store?warehouseCode=ns_');
    expect(byCode.content.map((x) => x.warehouseCode)).toEqual(['WH_NS_COLD']);
    const byArea = await h.ok<Page<InvWarehouse>>('admin', 'GET', `inventory/store?areaId=${baseId}`);
    expect(byArea.content.map((x) => x.id)).toEqual([w.id]);
    const edited = await h.ok<InvWarehouse>('admin', 'PUT', `inventory/store/${w.id}`, {
      ...w,
      allowNegative: 1,
      managerId: null,
      enabledFlag: 0,
    });
    expect(edited).toMatchObject({ allowNegative: 1, managerId: null, managerName: null, enabledFlag: 0 });
    const off = await h.ok<Page<InvWarehouse>>('admin', 'GET', 'inventory/store?enabledFlag=0');
    expect(off.content.map((x) => x.id)).toEqual([w.id]);
    await h.refused(409, 'error.objectVersionNumber.stale', 'admin', 'PUT', `inventory/store/${w.id}`, w);
  });

  it('refuses bad input naming the field: code, blank name, levels, min above max, manager, base', async () => {
    const before = (await h.ok<Page<InvWarehouse>>('admin', 'GET', 'inventory/store?size=0')).totalElements;
    const good = { warehouseCode: 'WH_BAD', warehouseName: '坏仓' };
    for (const [field, bad] of [
      ['warehouseCode', { warehouseCode: 'WH-1' }],
      ['warehouseName', { warehouseName: '  ' }],
      ['minStock', { minStock: -1 }],
      ['maxStock', { maxStock: 1.00001 }],
      ['maxStock', { minStock: 10, maxStock: 5 }],
      ['allowNegative', { allowNegative: 2 }],
    ] as const) {
      const err = await h.refused(400, undefined, 'admin', 'POST', 'inventory/store', { ...good, ...bad });
      expect(err.message).toContain(field);
    }
    await h.refused(400, 'wfpf.inventory.store.managerNotFound', 'admin', 'POST', 'inventory/store', {
      ...good,
      managerId: h.s.fixtures.users.adminB.id,
    });
    const otherBase = await h.area('B 的基地', h.tB);
    await h.refused(400, 'wfpf.inventory.store.areaNotFound', 'admin', 'POST', 'inventory/store', {
      ...good,
      areaId: otherBase,
    });
    expect((await h.ok<Page<InvWarehouse>>('admin', 'GET', 'inventory/store?size=0')).totalElements).toBe(
      before,
    );
    await h.refused(409, 'wfpf.inventory.store.codeExists', 'admin', 'POST', 'inventory/store', {
      warehouseCode: 'WH_PY_MAIN',
      warehouseName: '另一个',
    });
    await h.refused(409, 'wfpf.inventory.store.nameExists', 'admin', 'POST', 'inventory/store', {
      warehouseCode: 'WH_OTHER',
      warehouseName: '南沙冷库',
    });
  });

  it('refuses deleting a warehouse that holds stock, until it is empty', async () => {
    const w = await warehouse();
    await setStock(w.id, '3.5');
    await h.refused(409, 'wfpf.inventory.store.holdsStock', 'admin', 'DELETE', `inventory/store/${w.id}`);
    await setStock(w.id, '-1');
    await h.refused(409, 'wfpf.inventory.store.holdsStock', 'admin', 'DELETE', `inventory/store/${w.id}`);
    await setStock(w.id, '0');
    await h.ok('admin', 'DELETE', `inventory/store/${w.id}`);
    const left = await h.s.platform.database.withTenant(h.tA, (tx) =>
      tx
        .select()
        .from(stockBalances)
        .where(and(eq(stockBalances.tenantId, h.tA), eq(stockBalances.warehouseId, w.id))),
    );
    expect(left).toEqual([]);
  });

  it('refuses deleting a warehouse a shop ships from or the options name, saying which', async () => {
    const w = await warehouse();
    const shop = await h.ok<InvShop>('admin', 'POST', 'inventory/shops', {
      shopCode: 'SHOP_1',
      shopName: '直营店',
      warehouseId: w.id,
    });
    const e1 = await h.refused(
      409,
      'wfpf.inventory.store.inUse',
      'admin',
      'DELETE',
      `inventory/store/${w.id}`,
    );
    expect(e1.message).toContain('1 shop');
    await h.ok('admin', 'DELETE', `inventory/shops/${shop.id}`);
    const opts = await h.ok<InvOptions>('admin', 'GET', 'inventory/option');
    await h.ok('admin', 'PUT', 'inventory/option', { ...opts, defaultWarehouseId: w.id });
    const e2 = await h.refused(
      409,
      'wfpf.inventory.store.inUse',
      'admin',
      'DELETE',
      `inventory/store/${w.id}`,
    );
    expect(e2.message).toContain('default warehouse');
    const now = await h.ok<InvOptions>('admin', 'GET', 'inventory/option');
    await h.ok('admin', 'PUT', 'inventory/option', { ...now, defaultWarehouseId: null });
    await h.ok('admin', 'DELETE', `inventory/store/${w.id}`);
  });

  it('another tenant sees nothing; the operator has no inventory page', async () => {
    const w = await warehouse();
    await h.refused(
      404,
      'wfpf.inventory.store.notFound',
      'adminB',
      'GET',
      `inventory/store/${w.id}`,
      undefined,
      h.tB,
    );
    await h.refused(404, undefined, 'adminB', 'DELETE', `inventory/store/${w.id}`, undefined, h.tB);
    const listB = await h.ok<Page<InvWarehouse>>('adminB', 'GET', 'inventory/store?size=0', undefined, h.tB);
    expect(listB.totalElements).toBe(0);
    await h.refused(403, undefined, 'operator', 'GET', 'inventory/store');
  });
});

describe('warehouses in a base data scope', () => {
  it("a member limited to one base sees that base's and company-level warehouses only", async () => {
    const north = await h.area('北区基地');
    const south = await h.area('南区基地');
    const created = await h.s.inject({
      method: 'POST',
      url: `/iam/v1/${h.tA}/roles`,
      headers: { ...auth(h.tok.admin), 'accept-language': 'en-US' },
      payload: {
        code: 'north-store',
        nameZh: '北区仓管',
        nameEn: 'North store keeper',
        permissions: ['wfpf.inventory.base.store'],
        dataScope: 'bases',
        baseIds: [north],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const member = await h.s.inject({
      method: 'POST',
      url: `/iam/v1/${h.tA}/users`,
      headers: auth(h.tok.admin),
      payload: {
        realName: '北区仓管',
        phone: '13800000777',
        password: 'Start123',
        roleIds: [(created.json() as { id: number }).id],
      },
    });
    expect(member.statusCode, member.body).toBe(200);
    const token = await login(h.s, '13800000777', 'Start123');
    const asMember = (method: 'GET' | 'POST', path: string, payload?: unknown) =>
      h.s.inject({
        method,
        url: `/wfpf/v1/${h.tA}/${path}`,
        headers: { ...auth(token), 'accept-language': 'en-US' },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    const wn = await warehouse({ areaId: north });
    const ws = await warehouse({ areaId: south });
    const wc = await warehouse();
    const seen = (await asMember('GET', 'inventory/store?size=0')).json() as Page<InvWarehouse>;
    const seenIds = seen.content.map((w) => w.id);
    expect(seenIds).toContain(wn.id);
    expect(seenIds).toContain(wc.id);
    expect(seenIds).not.toContain(ws.id);
    expect((await asMember('GET', `inventory/store/${ws.id}`)).statusCode).toBe(404);
    // Another base's id is no base to this member.
    const res = await asMember('POST', 'inventory/store', {
      warehouseCode: 'WH_SCOPE',
      warehouseName: '越界仓',
      areaId: south,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { code: string }).code).toBe('wfpf.inventory.store.areaNotFound');
  });
});
