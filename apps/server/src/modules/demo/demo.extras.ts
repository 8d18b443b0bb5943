import { PERMISSION_CODES } from '@tilth/contracts/permissions';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import { DEFAULT_SEED } from '@tilth/simulator';
import { rainfallBetween } from '@tilth/simulator/physics';
import pino from 'pino';
import type { Database, Db } from '../../platform/db/client.js';
import { LocalDiskStorage } from '../../platform/files/storage.js';
import type { AuthUser, Ctx } from '../../platform/http/context.js';
import { addDays, dayEnd, dayStart, today } from '../../platform/time/zone.js';
import { seedDemoCarbon } from '../carbon/footprint/index.js';
import { seedActivities } from '../farm/activity/index.js';
import { seedAgriApprovals, seedAgricultural } from '../farm/agricultural/index.js';
import { AreaService } from '../farm/area/index.js';
import { seedBatches } from '../farm/batch/index.js';
import { seedCropCatalogue } from '../farm/crop/index.js';
import { seedFarmLogs, seedRainLogs } from '../farm/farm-log/index.js';
import { seedLands } from '../farm/land/index.js';
import { seedVegetablePrices } from '../farm/market/index.js';
import { seedPlans } from '../farm/plan/index.js';
import { seedSeedProducts } from '../farm/seed/index.js';
import { seedTasks } from '../farm/task/index.js';
import { seedWorkers } from '../farm/worker/index.js';
import { seedApplications } from '../identity/application/index.js';
import { seedAuditLog } from '../identity/audit/index.js';
import { seedDemoUsers } from '../identity/identity/index.js';
import { seedOrganization } from '../identity/organization/index.js';
import { seedPlatformDemo, TenantService } from '../identity/tenant/index.js';
import { seedInvBusinesses } from '../inventory/business/index.js';
import { seedInventoryDocuments } from '../inventory/document/index.js';
import { seedInvBillRules } from '../inventory/numbering/index.js';
import { seedInvOptions } from '../inventory/option/index.js';
import { seedInvProducts } from '../inventory/product/index.js';
import { seedInvShops } from '../inventory/shop/index.js';
import { seedInvStandards } from '../inventory/standard/index.js';
import { seedInvWarehouses } from '../inventory/store/index.js';
import { seedInvUnits } from '../inventory/unit/index.js';
import { seedAlarms } from '../iot/alarm/index.js';
import { seedAutomation } from '../iot/automation/index.js';
import { seedCameras } from '../iot/camera/index.js';
import { seedInsects } from '../iot/insect/index.js';
import { FileService } from '../messaging/file/index.js';
import { NoticeService, NotificationService } from '../messaging/notice/index.js';
import { seedPush } from '../messaging/push/index.js';
import { seedDemoTraceCatalog } from '../trace/catalog/index.js';
import { seedApprovalFlows, seedDraftFlows } from '../workflow/approval/index.js';
import { DEMO_FLEET } from './demo.devices.fleet.js';
import { seedDemoDevices } from './demo.devices.js';
import type { DemoExtras } from './demo.seed.js';

const quiet = pino({ level: 'silent' });
const HOUR_MS = 3_600_000;

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

/** The gateway the demo's device notice is about. */
export const DEMO_NOTICE_DEVICE = 'SIM-GW-PY01';

/**
 * The demo's device notice, made from the device's own demo data. It states no online / offline state: the
 * simulator plays the device online (or, turned off, leaves it offline), so such a claim would contradict
 * the device list in one of the two.
 */
export const deviceNotice = (eui: string): { subject: string; content: string } => {
  const d = DEMO_FLEET.find((x) => x.eui === eui);
  if (!d) throw new Error(`no demo device ${eui}`);
  const period = Number(d.config?.uploadPeriodMin ?? 0);
  const switches = d.switches?.length ?? 0;
  return {
    subject: '设备接入提醒 / Device connected',
    content:
      `${d.base}的${d.name}（${d.eui}）已接入平台` +
      (period ? `，每 ${period} 分钟上报一次` : '') +
      (switches ? `，带 ${switches} 路开关` : '') +
      `。${d.eui} is connected` +
      (period ? `, reporting every ${period} min` : '') +
      (switches ? ` with ${switches} switches` : '') +
      '.',
  };
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
  // The notice modal's announcement tab is the platform's: the demo's announcements are the platform's too.
  await database.withTenant(0, async (tx) => {
    await notices.create(adminCtx(tx, 0, demoUser, 'Tilth 平台 / Tilth Platform'), {
      title: '新功能：企业时区 / New: company time zone',
      noticeBody:
        '<p>企业管理员可在“组织与用户 - 企业设置”中选择时区，日期、报表与任务都按该时区计算。</p>' +
        '<p>Company admins choose the time zone in Organisation and users › Tenant settings; days, reports and tasks follow it.</p>',
      publish: true,
    });
  });
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = adminCtx(tx, ids.demoTenant, demoUser);
    const everyone = Object.values(ids.users);
    await NotificationService.notify(ctx, { userIds: everyone, ...deviceNotice(DEMO_NOTICE_DEVICE) });
    await NotificationService.notify(ctx, {
      userIds: everyone,
      subject: '欢迎加入示范农场 / Welcome to Demo Farm',
      // The switch sits in the user panel (the avatar), wherever the layout puts the avatar.
      content:
        '您已加入示范农场，点击头像，在用户面板中切换企业。You have joined Demo Farm: switch companies from the user panel (click your avatar).',
    });
  });
};

/**
 * The demo's weather log from the demo's own weather: the station's rain is a pure function of seed and
 * time (the simulator's physics, the same numbers the backfill stores), so the log names a day that has
 * that rain in the rainfall report. Only whole days inside the station's 30 days of history count.
 */
export const demoRainDays = (tz: string, now: Date = new Date()): { day: string; mm: number }[] => {
  const last = today(tz, now);
  return Array.from({ length: 27 }, (_, i) => addDays(last, -(i + 2))).map((day) => ({
    day,
    // A day's readings are stamped on its hours, each carrying the hour before it (the report sums them).
    mm: rainfallBetween(
      DEFAULT_SEED,
      dayStart(day, tz).getTime() - HOUR_MS,
      dayEnd(day, tz).getTime() - HOUR_MS,
    ),
  }));
};

const seedWeatherLogs: DemoExtras = (database, ids) =>
  seedRainLogs(database, ids, demoRainDays(DEFAULT_TIME_ZONE), DEFAULT_TIME_ZONE);

/** Demo rows contributed by modules beyond identity (bases, announcements, notifications). */
export const demoExtras: DemoExtras[] = [
  seedDemoUsers,
  seedPlatformDemo,
  seedBases,
  // The tree places the bases under the demo company (ADR 0011).
  seedOrganization,
  seedApplications,
  seedAuditLog,
  seedNotices,
  seedCropCatalogue,
  seedSeedProducts,
  seedLands,
  // Devices need the plots; pest records and alarms that follow need the devices.
  seedDemoDevices,
  seedBatches,
  seedAgricultural,
  // Approval flows, then receipts that went through the bound one (waiting, approved, rejected).
  seedApprovalFlows,
  seedAgriApprovals,
  seedFarmLogs,
  seedWeatherLogs,
  seedWorkers,
  seedActivities,
  seedVegetablePrices,
  seedPlans,
  seedTasks,
  // Carbon entries go to the harvested batch; fertiliser use comes from the finished task above.
  seedDemoCarbon,
  // Trap photos need the devices seeded above.
  seedInsects,
  // Alarm rules and strategies name the devices seeded above.
  seedAlarms,
  seedAutomation,
  // A disabled subscription with some delivery history (data push page).
  seedPush,
  // Inventory base data (warehouses need the bases), products, then documents that post to the ledger.
  seedInvUnits,
  seedInvStandards,
  seedInvWarehouses,
  seedInvShops,
  seedInvBusinesses,
  seedInvBillRules,
  seedInvOptions,
  seedInvProducts,
  seedInventoryDocuments,
  // The trace catalogue (issue 18) traces the inventory products and the harvested farm batch above.
  seedDemoTraceCatalog,
  // Demo cameras over the demo plots (issue 16), with presets, a timed capture and a split template.
  seedCameras,
  // A draft flow with a step still lacking its approver (the designer's checks).
  seedDraftFlows,
];
