import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { listWarehouses } from '../store/index.js';
import { findOptions } from './option.repository.js';
import { OptionService } from './option.service.js';

/** The main warehouse as the default, shortages blocked (after seedInvWarehouses; only if never saved). */
export const seedInvOptions: DemoExtras = async (database, ids) => {
  const options = new OptionService();
  await database.withTenant(ids.demoTenant, async (tx) => {
    if (await findOptions(tx, ids.demoTenant)) return;
    const ctx = demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0);
    const main = (await listWarehouses(tx, ids.demoTenant, {}, undefined, 0)).rows.find(
      (w) => w.warehouseCode === 'WH_PY_MAIN',
    );
    await options.update(ctx, {
      defaultWarehouseId: main?.id ?? null,
      shortagePolicy: 'block',
      quantityDecimals: 2,
      expiryWarnDays: 30,
      objectVersionNumber: 0,
    });
  });
};
