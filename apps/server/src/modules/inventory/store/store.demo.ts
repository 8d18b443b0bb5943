import type { InvWarehouseCreateBody } from '@tilth/contracts/inventory.base.types';
import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { listAreas } from '../../farm/area/index.js';
import { listWarehouses } from './store.repository.js';
import { StoreService } from './store.service.js';

/**
 * Two warehouses of 示范农场: the main one at 番禺示范基地 (negative stock not allowed) and the cold store
 * at 南沙 (idempotent by code; the seeding user manages both).
 */
export const seedInvWarehouses: DemoExtras = async (database, ids) => {
  const stores = new StoreService();
  await database.withTenant(ids.demoTenant, async (tx) => {
    const userId = ids.users.demo ?? 0;
    const ctx = demoAdminCtx(tx, ids.demoTenant, userId);
    const baseId = async (areaName: string) =>
      (await listAreas(tx, ids.demoTenant, { areaName })).rows.find((a) => a.areaName === areaName)?.id ??
      null;
    const have = new Set(
      (await listWarehouses(tx, ids.demoTenant, {}, undefined, 0)).rows.map((w) => w.warehouseCode),
    );
    const rows: InvWarehouseCreateBody[] = [
      {
        warehouseCode: 'WH_PY_MAIN',
        warehouseName: '番禺示范基地主仓',
        address: '广州市番禺区石楼镇示范基地 1 号库',
        managerId: userId || null,
        allowNegative: 0,
        minStock: 100,
        maxStock: 50000,
        initialStock: 0,
        areaId: await baseId('番禺示范基地'),
        remark: '农资与成品共用主仓',
      },
      {
        warehouseCode: 'WH_NS_COLD',
        warehouseName: '南沙冷库',
        address: '广州市南沙区万顷沙镇水产基地冷链中心',
        managerId: userId || null,
        allowNegative: 0,
        minStock: 50,
        maxStock: 20000,
        initialStock: 0,
        areaId: await baseId('南沙水产基地'),
        remark: '0–4℃ 冷藏，水产与叶菜暂存',
      },
    ];
    for (const w of rows) if (!have.has(w.warehouseCode)) await stores.create(ctx, w);
  });
};
