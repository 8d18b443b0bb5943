import type { DemoExtras } from '../../../platform/db/seed.js';
import { type AuditValues, insertAudit } from './audit.repository.js';

const DAY = 24 * 3600_000;
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/**
 * A few days of the demo tenant's audit log (issue 13 item 7): sign-ins from an office and a phone, a
 * mistyped password, a role's permissions and a member disabled, so the log page has history to filter.
 * The organisation seeded through the services has already written its own entries.
 */
export const seedAuditLog: DemoExtras = async (database, ids) => {
  const { demo = 0, operator = 0 } = ids.users;
  if (demo === 0) return;
  const now = Date.now();
  const entry = (daysAgo: number, v: Partial<AuditValues> & Pick<AuditValues, 'action'>): AuditValues => ({
    tenantId: ids.demoTenant,
    actorKind: 'user',
    actorId: demo,
    actorName: '演示管理员',
    ip: '192.168.10.21',
    userAgent: BROWSER,
    targetType: 'user',
    targetId: null,
    targetName: null,
    before: null,
    after: null,
    at: new Date(now - daysAgo * DAY),
    ...v,
  });
  const rows: AuditValues[] = [
    entry(3, { action: 'auth.sign-in', targetId: String(demo), targetName: 'demo' }),
    entry(3, {
      action: 'role.permissions',
      targetType: 'role',
      targetName: '农场操作员',
      before: { nameZh: '农场操作员', nameEn: 'Farm operator', permissions: [] },
      after: {
        nameZh: '农场操作员',
        nameEn: 'Farm operator',
        permissions: ['wfpf.farm.farm.base.ps.edit'],
      },
    }),
    entry(2, {
      action: 'auth.sign-in-failed',
      actorId: operator || null,
      actorName: '农场操作员',
      ip: '10.8.0.14',
      userAgent: PHONE,
      targetId: operator ? String(operator) : null,
      targetName: 'operator',
      after: { reason: 'password' },
    }),
    entry(2, {
      action: 'auth.sign-in',
      actorId: operator || null,
      actorName: '农场操作员',
      ip: '10.8.0.14',
      userAgent: PHONE,
      targetName: 'operator',
    }),
    entry(1, {
      action: 'user.disable',
      targetId: operator ? String(operator) : null,
      targetName: '农场操作员',
      before: { enabled: true },
      after: { enabled: false },
    }),
    entry(1, {
      action: 'user.enable',
      targetId: operator ? String(operator) : null,
      targetName: '农场操作员',
      before: { enabled: false },
      after: { enabled: true },
    }),
  ];
  await database.withTenant(ids.demoTenant, async (tx) => {
    for (const r of rows) await insertAudit(tx, r);
  });
};
