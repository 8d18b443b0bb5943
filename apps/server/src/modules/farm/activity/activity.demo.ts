import { type ActivityCreateBody, activityCreateBody } from '@tilth/contracts/activity.types';
import { PERMISSION_CODES } from '@tilth/contracts/permissions';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import pino from 'pino';
import type { Db } from '../../../platform/db/client.js';
import type { DemoExtras } from '../../../platform/db/seed.js';
import type { Ctx } from '../../../platform/http/context.js';
import { addDays, today as todayIn } from '../../../platform/time/zone.js';
import { listAreas } from '../area/index.js';
import { ActivityService } from './activity.service.js';

type DemoActivity = Omit<ActivityCreateBody, 'areaId' | 'startTime' | 'endTime' | 'enabledFlag'> & {
  base: '番禺示范基地' | '南沙水产基地' | null;
  /** Days from today (farm time) and the hours of the first and last day. */
  fromDay: number;
  toDay: number;
  hours: [string, string];
};

// Relative to the seeding day so the list always shows ended, ongoing and upcoming activities.
const ACTIVITIES: DemoActivity[] = [
  {
    activityName: '春季番茄采摘节',
    activityType: 'picking',
    base: '番禺示范基地',
    fromDay: -1,
    toDay: 5,
    hours: ['09:00', '17:00'],
    location: '1号温室大棚',
    capacity: 200,
    description: '亲子采摘有机番茄，现场称重售卖。',
  },
  {
    activityName: '绿色防控技术培训',
    activityType: 'training',
    base: '番禺示范基地',
    fromDay: 7,
    toDay: 7,
    hours: ['14:00', '16:30'],
    location: '基地会议室',
    capacity: 40,
    description: '讲解黄板、杀虫灯与生物农药的使用方法。',
  },
  {
    activityName: '区农业农村局调研参观',
    activityType: 'visit',
    base: '南沙水产基地',
    fromDay: -12,
    toDay: -12,
    hours: ['10:00', '12:00'],
    location: '1号鱼塘、2号鱼塘',
    description: '参观对虾高位池与尾水处理设施。',
  },
  {
    activityName: '水产品直播带货',
    activityType: 'promotion',
    base: '南沙水产基地',
    fromDay: 14,
    toDay: 15,
    hours: ['19:00', '21:30'],
    location: '南沙水产基地直播间',
    description: '草鱼、对虾现捞现发。',
  },
  {
    activityName: '冬季大棚安全检查',
    activityType: 'other',
    base: '番禺示范基地',
    fromDay: -30,
    toDay: -28,
    hours: ['08:30', '17:30'],
    location: '全部温室',
  },
  {
    activityName: '研学小课堂：一粒种子的旅行',
    activityType: 'training',
    base: null,
    fromDay: 21,
    toDay: 21,
    hours: ['09:30', '11:30'],
    capacity: 60,
    description: '面向小学生的农业科普活动。',
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

/** A season of activities at 示范农场's bases: some ended, one ongoing, some upcoming. */
export const seedActivities: DemoExtras = async (database, ids) => {
  const service = new ActivityService();
  const today = todayIn(DEFAULT_TIME_ZONE);
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoCtx(tx, ids.demoTenant, ids.users.demo ?? 0);
    const { rows: bases } = await listAreas(tx, ids.demoTenant, {});
    for (const { base, fromDay, toDay, hours, ...a } of ACTIVITIES) {
      // Through the request schema, as a call would be: farm-time texts become instants.
      const body = activityCreateBody.parse({
        ...a,
        areaId: base ? (bases.find((b) => b.areaName === base)?.id ?? null) : null,
        startTime: `${addDays(today, fromDay)} ${hours[0]}:00`,
        endTime: `${addDays(today, toDay)} ${hours[1]}:00`,
      });
      await service.create(ctx, body);
    }
  });
};
