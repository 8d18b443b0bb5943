import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { listWarehouses } from '../store/index.js';
import { listShops } from './shop.repository.js';
import { ShopService } from './shop.service.js';

/** A farm shop served from the main warehouse (after seedInvWarehouses; idempotent by code). */
export const seedInvShops: DemoExtras = async (database, ids) => {
  const shops = new ShopService();
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0);
    const warehouses = (await listWarehouses(tx, ids.demoTenant, {}, undefined, 0)).rows;
    const main = warehouses.find((w) => w.warehouseCode === 'WH_PY_MAIN');
    const have = new Set((await listShops(tx, ids.demoTenant, {}, undefined, 0)).rows.map((s) => s.shopCode));
    if (!have.has('SHOP_PY_01'))
      await shops.create(ctx, {
        shopCode: 'SHOP_PY_01',
        shopName: '番禺农场直营店',
        address: '广州市番禺区市桥街大北路 88 号',
        phone: '020-84812345',
        warehouseId: main?.id ?? null,
        areaId: main?.areaId ?? null,
        remark: '周末农夫市集同步供货',
      });
  });
};
