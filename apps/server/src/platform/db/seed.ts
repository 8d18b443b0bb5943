import { PERMISSION_CODES } from '@tilth/contracts/permissions';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import pino from 'pino';
import type { Ctx } from '../http/context.js';
import type { Database, Db } from './client.js';

/**
 * One domain's demo rows (bases, announcements…), run by the demo seed after it made the tenants and users.
 * Declared here, below every context, so a domain's `*.demo.ts` never imports the demo context that calls it.
 */
export type DemoExtras = (
  database: Database,
  ids: { demoTenant: number; secondTenant: number; users: Record<string, number> },
) => Promise<void>;

const quiet = pino({ level: 'silent' });

/** A ctx acting as a tenant administrator, for seeding demo rows through the services' own rules. */
export const demoAdminCtx = (db: Db, tenantId: number, userId: number): Ctx => ({
  user: { id: userId, loginName: 'demo', realName: '演示管理员', platformAdmin: false, sessionId: '' },
  tenantId,
  lang: 'zh-CN',
  timeZone: DEFAULT_TIME_ZONE,
  db,
  permissions: new Set(PERMISSION_CODES),
  log: quiet,
  transact: (fn) => fn(db),
});
