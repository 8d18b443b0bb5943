import { PERMISSION_CODES } from '@tilth/contracts/permissions';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import pino from 'pino';
import type { Database, Db } from '../../platform/db/client.js';
import { LocalDiskStorage } from '../../platform/files/storage.js';
import type { AuthUser, Ctx } from '../../platform/http/context.js';
import { seedActivities } from '../farm/activity/index.js';
import { seedAgricultural } from '../farm/agricultural/index.js';
import { AreaService } from '../farm/area/index.js';
import { seedBatches } from '../farm/batch/index.js';
import { seedCropCatalogue } from '../farm/crop/index.js';
import { seedFarmLogs } from '../farm/farm-log/index.js';
import { seedLands } from '../farm/land/index.js';
import { seedVegetablePrices } from '../farm/market/index.js';
import { seedPlans } from '../farm/plan/index.js';
import { seedSeedProducts } from '../farm/seed/index.js';
import { seedTasks } from '../farm/task/index.js';
import { seedWorkers } from '../farm/worker/index.js';
import { seedOrganization } from '../identity/organization/index.js';
import { TenantService } from '../identity/tenant/index.js';
import { seedAlarms } from '../iot/alarm/index.js';
import { seedAutomation } from '../iot/automation/index.js';
import { seedInsects } from '../iot/insect/index.js';
import { FileService } from '../messaging/file/index.js';
import { NoticeService, NotificationService } from '../messaging/notice/index.js';
import { seedDemoDevices } from './demo.devices.js';
import type { DemoExtras } from './demo.seed.js';

const quiet = pino({ level: 'silent' });

/** A ctx acting as a tenant administrator, for seeding through the services' own rules. */
const adminCtx = (db: Db, tenantId: number, userId: number, realName = '演示管理员'): Ctx => {
  const user: AuthUser = {
    id: userId,
    loginName: 'demo',
    realName,
    platformAdmin: false,
    sessionId: '',
  };
  return {
    user,
    tenantId,
    lang: 'zh-CN',
    timeZone: DEFAULT_TIME_ZONE,
    db,
    permissions: new Set(PERMISSION_CODES),
    log: quiet,
    transact: (fn) => fn(db),
  };
};

const seedBases: DemoExtras = async (database: Database, ids) => {
  const areas = new AreaService(new TenantService());
  const demoUser = ids.users.demo ?? 0;
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = adminCtx(tx, ids.demoTenant, demoUser);
    await areas.create(ctx, {
      areaName: '番禺示范基地',
      areaNum: 'PY-01',
      organizationType: 'area',
      areaUsage: 'plant',
      defaultFlag: 1,
      areaCenter: '22.96,113.34',
      areaSize: 120.5,
    });
    await areas.create(ctx, {
      areaName: '南沙水产基地',
      areaNum: 'NS-02',
      organizationType: 'area',
      areaUsage: 'nurture',
      areaCenter: '22.80,113.55',
      areaSize: 86,
    });
  });
  await database.withTenant(ids.secondTenant, async (tx) => {
    await areas.create(adminCtx(tx, ids.secondTenant, demoUser), {
      areaName: 'Riverside ponds',
      areaNum: 'RS-01',
      organizationType: 'area',
      areaUsage: 'nurture',
      areaCenter: '23.10,113.30',
    });
  });
};

const seedNotices: DemoExtras = async (database, ids) => {
  const notices = new NoticeService(
    new FileService(new LocalDiskStorage('/nonexistent'), { uploadLimitBytes: 0, imageMaxPixels: 0 }),
  );
  const demoUser = ids.users.demo ?? 0;
  await database.withTenant(0, async (tx) => {
    await notices.create(adminCtx(tx, 0, demoUser, 'Tilth 平台 / Tilth Platform'), {
      title: 'Tilth 平台上线公告 / Tilth is live',
      noticeBody:
        '<p>欢迎使用 Tilth 智慧农业平台。基地、地块、设备与库存都可以在这里统一管理。</p>' +
        '<p>Welcome to Tilth. Manage bases, plots, devices and inventory in one place.</p>',
      publish: true,
    });
  });
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = adminCtx(tx, ids.demoTenant, demoUser);
    await notices.create(ctx, {
      title: '春耕备耕安排 / Spring planting schedule',
      noticeBody:
        '<p>请各基地于本周五前完成育苗棚检查，并在任务中心登记。</p><p>Please finish the nursery checks by Friday.</p>',
      publish: true,
    });
    const everyone = Object.values(ids.users);
    await NotificationService.notify(ctx, {
      userIds: everyone,
      subject: '设备离线提醒 / Device offline',
      content:
        '番禺示范基地的 1 号网关已离线超过 30 分钟。The gateway #1 at Panyu has been offline for 30 minutes.',
    });
    await NotificationService.notify(ctx, {
      userIds: everyone,
      subject: '欢迎加入示范农场 / Welcome to Demo Farm',
      content: '您已加入示范农场，可以在右下角切换企业。You have joined Demo Farm.',
    });
  });
};

/** Demo rows contributed by modules beyond identity (bases, announcements, notifications). */
export const demoExtras: DemoExtras[] = [
  seedBases,
  // The tree places the bases under the demo company (ADR 0011).
  seedOrganization,
  seedNotices,
  seedCropCatalogue,
  seedSeedProducts,
  seedLands,
  // Devices need the plots; pest records and alarms that follow need the devices.
  seedDemoDevices,
  seedBatches,
  seedAgricultural,
  seedFarmLogs,
  seedWorkers,
  seedActivities,
  seedVegetablePrices,
  seedPlans,
  seedTasks,
  // Trap photos need the devices seeded above.
  seedInsects,
  // Alarm rules and strategies name the devices seeded above.
  seedAlarms,
  seedAutomation,
];
