import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import pino from 'pino';
import type { DemoExtras } from '../../../platform/db/seed.js';
import type { Ctx } from '../../../platform/http/context.js';
import { PlatformService } from './platform.service.js';

// The platform administrator's screen at first sight (issue 13 item 5): the demo tenant has a domain with
// its own login brand, and a third tenant is shown disabled. Made through the platform service, so the
// platform audit lists these actions too.

export const seedPlatformDemo: DemoExtras = async (database, { demoTenant, users }) => {
  const adminId = users.platform;
  if (adminId === undefined) return;
  const ctx: Ctx = {
    user: { id: adminId, loginName: 'platform', realName: '平台管理员', platformAdmin: true, sessionId: '' },
    tenantId: null,
    lang: 'zh-CN',
    timeZone: DEFAULT_TIME_ZONE,
    db: database.db,
    permissions: new Set(),
    log: pino({ level: 'silent' }),
    origin: { ip: '127.0.0.1', userAgent: 'demo seed' },
    transact: (fn) => fn(database.db),
  };
  const svc = new PlatformService(database);
  await svc.addDomain(ctx, demoTenant, {
    domainName: 'demo.tilth.local',
    brand: {
      loginTitle: '示范农场 · Demo Farm',
      subTitle: '演示租户的专属登录页 / The demo tenant’s own sign-in page',
      loginBackgroundColor: '#2f7d4f',
      copyright: '© Demo Farm',
    },
  });
  const paused = await svc.create(ctx, {
    tenantName: '示例停用企业 / Paused Orchard',
    tenantNum: 'PAUSED-01',
    timeZone: DEFAULT_TIME_ZONE,
    adminPhone: '13800000090',
    adminName: '停用示例',
    adminPassword: 'paused1234',
  });
  await svc.setEnabled(ctx, paused.id, { enabled: false, objectVersionNumber: paused.objectVersionNumber });
};
