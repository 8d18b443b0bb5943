import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { listStandards } from './standard.repository.js';
import { StandardService } from './standard.service.js';

const ATTRIBUTES: [string, string[]][] = [
  ['重量等级', ['500g', '1kg', '5kg']],
  ['品级', ['一级', '二级']],
];

/** Weight class and grade, the attributes the demo's produce SKUs combine (idempotent by name). */
export const seedInvStandards: DemoExtras = async (database, ids) => {
  const standards = new StandardService();
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0);
    const have = new Set(
      (await listStandards(tx, ids.demoTenant, {}, undefined, 0)).rows.map((s) => s.standardName),
    );
    for (const [i, [standardName, values]] of ATTRIBUTES.entries())
      if (!have.has(standardName))
        await standards.create(ctx, {
          standardName,
          sortNo: i + 1,
          values: values.map((valueName, j) => ({ valueName, sortNo: j + 1 })),
        });
  });
};
