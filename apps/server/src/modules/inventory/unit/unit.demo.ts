import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { listUnits } from './unit.repository.js';
import { UnitService } from './unit.service.js';

const UNITS: [string, string][] = [
  ['件', 'PCS'],
  ['箱', 'BOX'],
  ['袋', 'BAG'],
  ['千克', 'KG'],
  ['吨', 'TON'],
  ['瓶', 'BOTTLE'],
  ['斤', 'JIN'],
  ['筐', 'BASKET'],
];

/** The units of 示范农场 (idempotent: only the missing ones are added). */
export const seedInvUnits: DemoExtras = async (database, ids) => {
  const units = new UnitService();
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0);
    const have = new Set((await listUnits(tx, ids.demoTenant, {}, undefined, 0)).rows.map((u) => u.unitCode));
    for (const [unitName, unitCode] of UNITS)
      if (!have.has(unitCode)) await units.create(ctx, { unitName, unitCode, enabledFlag: 1 });
  });
};
