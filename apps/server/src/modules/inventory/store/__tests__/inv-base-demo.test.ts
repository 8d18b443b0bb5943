import type {
  InvBillRule,
  InvBusiness,
  InvOptions,
  InvShop,
  InvStandard,
  InvUnit,
  InvWarehouse,
} from '@tilth/contracts/inventory.base.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInvBusinesses } from '../../business/index.js';
import { seedInvBillRules } from '../../numbering/index.js';
import { seedInvOptions } from '../../option/index.js';
import { seedInvShops } from '../../shop/index.js';
import { seedInvStandards } from '../../standard/index.js';
import { type InvHarness, invHarness, type Page } from '../../unit/__tests__/inv-base-helpers.js';
import { seedInvUnits } from '../../unit/index.js';
import { seedInvWarehouses } from '../index.js';

let h: InvHarness;
beforeAll(async () => {
  h = await invHarness();
});
afterAll(async () => {
  await h.s.close();
});

const SEEDS = [
  seedInvUnits,
  seedInvWarehouses,
  seedInvShops,
  seedInvBusinesses,
  seedInvStandards,
  seedInvBillRules,
  seedInvOptions,
];

describe('inventory base demo data', () => {
  it('seeds every base-data domain through its services, idempotently', async () => {
    const panyu = await h.area('番禺示范基地');
    const nansha = await h.area('南沙水产基地');
    const ids = { demoTenant: h.tA, secondTenant: h.tB, users: { demo: h.s.fixtures.users.adminA.id } };
    for (let round = 0; round < 2; round++) for (const seed of SEEDS) await seed(h.s.platform.database, ids);

    const all = async <T>(path: string) =>
      (await h.ok<Page<T>>('admin', 'GET', `inventory/${path}?size=0`)).content;
    const units = await all<InvUnit>('unit');
    expect(units.map((u) => u.unitName).sort()).toEqual(
      ['件', '千克', '吨', '斤', '瓶', '筐', '箱', '袋'].sort(),
    );
    const warehouses = await all<InvWarehouse>('store');
    expect(warehouses).toHaveLength(2);
    const main = warehouses.find((w) => w.warehouseCode === 'WH_PY_MAIN');
    expect(main).toMatchObject({ areaId: panyu, allowNegative: 0, managerName: 'adminA' });
    expect(warehouses.find((w) => w.warehouseCode === 'WH_NS_COLD')?.areaId).toBe(nansha);
    expect((await all<InvShop>('shops')).map((s) => s.warehouseId)).toEqual([main?.id]);
    const parties = await all<InvBusiness>('businesses');
    expect(new Set(parties.map((p) => p.category))).toEqual(new Set(['supplier', 'customer', 'both']));
    const standards = await all<InvStandard>('standard');
    expect(standards.map((s) => [s.standardName, s.values.map((v) => v.valueName)])).toEqual([
      ['重量等级', ['500g', '1kg', '5kg']],
      ['品级', ['一级', '二级']],
    ]);
    const rules = await h.ok<InvBillRule[]>('admin', 'GET', 'inventory/bill');
    expect(rules.filter((r) => r.configured).map((r) => r.docType)).toEqual([
      'purchase_request',
      'warehousing',
    ]);
    const options = await h.ok<InvOptions>('admin', 'GET', 'inventory/option');
    expect(options).toMatchObject({ defaultWarehouseId: main?.id, objectVersionNumber: 1 });
  });
});
