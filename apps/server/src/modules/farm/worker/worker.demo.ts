import { PERMISSION_CODES } from '@tilth/contracts/permissions';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import { type WorkerCreateBody, workerCreateBody } from '@tilth/contracts/worker.types';
import pino from 'pino';
import type { Db } from '../../../platform/db/client.js';
import type { DemoExtras } from '../../../platform/db/seed.js';
import type { Ctx } from '../../../platform/http/context.js';
import { listAreas } from '../area/index.js';
import { WorkerService } from './worker.service.js';

type DemoWorker = Omit<WorkerCreateBody, 'organizationId' | 'userId' | 'enabledFlag'> & {
  base: '番禺示范基地' | '南沙水产基地' | null;
  /** Demo login linked to this worker. */
  login?: 'demo' | 'operator';
  enabledFlag?: 0 | 1;
};

const WORKERS: DemoWorker[] = [
  { name: '演示管理员', base: null, login: 'demo', jobTitle: '农场主管', phone: '13800000001' },
  { name: '李农', base: '番禺示范基地', login: 'operator', jobTitle: '生产组长', phone: '13800000002' },
  { name: '张建国', base: '番禺示范基地', jobTitle: '温室技术员', phone: '13912340001' },
  { name: '陈秀英', base: '番禺示范基地', jobTitle: '育苗工', phone: '13912340002' },
  { name: '黄志强', base: '番禺示范基地', jobTitle: '植保员', phone: '13912340003' },
  { name: '刘桂芳', base: '番禺示范基地', jobTitle: '采收工' },
  { name: '吴海生', base: '南沙水产基地', jobTitle: '养殖组长', phone: '13912340005' },
  { name: '何阿明', base: '南沙水产基地', jobTitle: '投喂员', phone: '13912340006' },
  { name: '梁水清', base: '南沙水产基地', jobTitle: '水质检测员', phone: '13912340007' },
  {
    name: '周大勇',
    base: '南沙水产基地',
    jobTitle: '临时工',
    description: '季节性用工，已结束',
    enabledFlag: 0,
  },
];

const demoCtx = (db: Db, tenantId: number, userId: number): Ctx => ({
  user: { id: userId, loginName: 'demo', realName: '演示管理员', platformAdmin: false, sessionId: '' },
  tenantId,
  lang: 'zh-CN',
  timeZone: DEFAULT_TIME_ZONE,
  db,
  permissions: new Set(PERMISSION_CODES),
  log: pino({ level: 'silent' }),
  transact: (fn) => fn(db),
});

/** Workers of 示范农场 across its two bases; the demo logins `demo` and `operator` are linked. */
export const seedWorkers: DemoExtras = async (database, ids) => {
  const service = new WorkerService();
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoCtx(tx, ids.demoTenant, ids.users.demo ?? 0);
    const { rows: bases } = await listAreas(tx, ids.demoTenant, {});
    for (const { base, login, enabledFlag, ...w } of WORKERS) {
      const organizationId = base ? (bases.find((a) => a.areaName === base)?.id ?? null) : null;
      const userId = login ? (ids.users[login] ?? null) : null;
      const body = workerCreateBody.parse({ ...w, organizationId, userId, enabledFlag: enabledFlag ?? 1 });
      await service.create(ctx, body);
    }
  });
};
