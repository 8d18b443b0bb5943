import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { listBillRules } from './numbering.repository.js';
import { NumberingService } from './numbering.service.js';

/** Purchase requests and receipts numbered by month (CG-202611-0001, RK-202611-00001); idempotent. */
export const seedInvBillRules: DemoExtras = async (database, ids) => {
  const bills = new NumberingService();
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0);
    const have = new Set((await listBillRules(tx, ids.demoTenant)).map((r) => r.docType));
    if (!have.has('purchase_request'))
      await bills.save(ctx, 'purchase_request', {
        prefix: 'CG',
        separator: '-',
        datePattern: 'yyyyMM',
        serialLength: 4,
        startValue: 1,
      });
    if (!have.has('warehousing'))
      await bills.save(ctx, 'warehousing', {
        prefix: 'RK',
        separator: '-',
        datePattern: 'yyyyMM',
        serialLength: 5,
        startValue: 1,
      });
  });
};
