import type { FarmLogCreateBody } from '@tilth/contracts/farm-log.types';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client.js';
import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { addDays, atWallTime } from '../../../platform/time/zone.js';
import { areas } from '../area/index.js';
import { lands } from '../land/index.js';
import { FarmLogService } from './farm-log.service.js';

interface DemoLog {
  base: string;
  plot?: string;
  /** Days before now, and the farm-time hour of day. */
  daysAgo: number;
  hour: number;
  body: Omit<FarmLogCreateBody, 'areaId' | 'landId' | 'logTime' | 'pictures' | 'source'>;
}

const PY = '番禺示范基地';
const NS = '南沙水产基地';

// A few weeks of a working season: routine entries and some warnings. The weather log (a storm flooding a
// greenhouse) comes from the demo's own rain series (seedRainLogs), so it never sits beside a dry day.
// The demo has no picture files, so the logs carry none.
const LOGS: DemoLog[] = [
  // Each plot's log follows its batch (batch.demo.ts): 1号棚 winter-spring tomato planted 45 days ago,
  // 2号棚 cherry tomato 30 days ago, the late rice 95 days ago (now ripening), the grass carp stocked in
  // spring; 西片蔬菜地 was harvested 70 days ago and lies idle.
  {
    base: PY,
    plot: '1号温室大棚',
    daysAgo: 28,
    hour: 8,
    body: {
      title: '番茄吊蔓',
      level: 'daily',
      description: '1号棚粉冠一号番茄缓苗完成，开始吊蔓绑蔓，株距 40 厘米。',
    },
  },
  {
    base: PY,
    plot: '2号温室大棚',
    daysAgo: 30,
    hour: 15,
    body: {
      title: '樱桃番茄定植',
      level: 'daily',
      description: '2号棚定植千禧樱桃番茄苗 2600 株，吊蔓栽培，定植后滴灌浇透。',
    },
  },
  {
    base: PY,
    plot: '东片水稻田',
    daysAgo: 25,
    hour: 7,
    body: {
      title: '晚稻灌浆期管理',
      level: 'daily',
      description: '晚稻进入灌浆期，田间干湿交替灌溉，防止早衰。',
    },
  },
  {
    base: NS,
    plot: '1号鱼塘',
    daysAgo: 24,
    hour: 9,
    body: {
      title: '草鱼抽样称重',
      level: 'daily',
      description: '抽样 30 尾，平均体重 1.1 公斤，按存塘量调整日投喂量。',
    },
  },
  {
    base: PY,
    plot: '西片蔬菜地',
    daysAgo: 21,
    hour: 10,
    body: {
      title: '清园翻耕',
      level: 'daily',
      description: '上茬采收后清除残株，深翻晒垡，准备下一茬。',
    },
  },
  {
    base: PY,
    plot: '1号温室大棚',
    daysAgo: 19,
    hour: 10,
    body: {
      title: '发现白粉虱',
      level: 'warning',
      description: '1号棚番茄叶背可见白粉虱，约 10% 植株受害，已挂黄板，明日喷施生物药剂。',
    },
  },
  {
    base: NS,
    plot: '2号鱼塘',
    daysAgo: 17,
    hour: 5,
    body: {
      title: '凌晨溶氧偏低',
      level: 'warning',
      description: '凌晨 5 点溶氧 3.2 mg/L，对虾有浮头迹象，已开启全部增氧机并减少投喂。',
    },
  },
  {
    base: PY,
    plot: '1号温室大棚',
    daysAgo: 15,
    hour: 9,
    body: { title: '追施水溶肥', level: 'daily', description: '滴灌追施平衡型水溶肥，每亩 5 公斤。' },
  },
  {
    base: PY,
    plot: '东片水稻田',
    daysAgo: 13,
    hour: 16,
    body: {
      title: '晚稻断水晒田',
      level: 'daily',
      description: '晚稻进入黄熟期，收割前 7 天断水晒田，便于机收。',
    },
  },
  {
    base: NS,
    plot: '1号鱼塘',
    daysAgo: 8,
    hour: 14,
    body: {
      title: '水质检测',
      level: 'daily',
      description: 'pH 7.6，氨氮 0.2 mg/L，亚硝酸盐 0.05 mg/L，水质良好。',
    },
  },
  {
    base: PY,
    plot: '1号温室大棚',
    daysAgo: 6,
    hour: 8,
    body: {
      title: '虫情复查',
      level: 'daily',
      description: '喷药后黄板诱虫量明显下降，白粉虱基本控制。',
    },
  },
  {
    base: NS,
    plot: '2号鱼塘',
    daysAgo: 4,
    hour: 11,
    body: {
      title: '对虾出现红体',
      level: 'warning',
      description: '抽检 30 尾中 3 尾体色发红，已取样送检，暂停换水。',
    },
  },
  {
    base: PY,
    plot: '2号温室大棚',
    daysAgo: 2,
    hour: 10,
    body: {
      title: '樱桃番茄整枝',
      level: 'daily',
      description: '第一穗花开放，整枝打杈并振荡授粉。',
    },
  },
  {
    base: PY,
    daysAgo: 0,
    hour: 8,
    body: { title: '基地晨会', level: 'daily', description: '安排本周番茄整枝打杈与晚稻收割准备。' },
  },
];

const HOUR_MS = 3600 * 1000;

/** The moment `daysAgo` farm days before now at `hour` o'clock Asia/Shanghai (UTC+8), never in the future. */
const momentOf = (now: Date, daysAgo: number, hour: number): Date => {
  const local = new Date(now.getTime() + 8 * HOUR_MS);
  local.setUTCDate(local.getUTCDate() - daysAgo);
  local.setUTCHours(hour, 0, 0, 0);
  const at = new Date(local.getTime() - 8 * HOUR_MS);
  return at > now ? new Date(now.getTime() - HOUR_MS) : at;
};

/** Demo farm logs on the demo tenant's bases and plots (run after the bases and plots are seeded). */
export const seedFarmLogs: DemoExtras = async (database, ids) => {
  const logs = new FarmLogService();
  const now = new Date();
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0);
    const baseIds = new Map(
      (
        await tx
          .select({ id: areas.id, name: areas.areaName })
          .from(areas)
          .where(eq(areas.tenantId, ids.demoTenant))
      ).map((a) => [a.name, a.id]),
    );
    for (const log of LOGS) {
      const areaId = baseIds.get(log.base);
      if (areaId === undefined) continue;
      const [plot] = log.plot
        ? await tx
            .select({ id: lands.id })
            .from(lands)
            .where(
              and(eq(lands.tenantId, ids.demoTenant), eq(lands.areaId, areaId), eq(lands.landName, log.plot)),
            )
        : [];
      await logs.create(ctx, {
        ...log.body,
        areaId,
        landId: plot?.id ?? null,
        pictures: [],
        source: 'manual',
        logTime: momentOf(now, log.daysAgo, log.hour).toISOString(),
      });
    }
  });
};

/** A farm day's rain (mm) at the demo base, from the weather the demo's station reports. */
export interface DemoRainDay {
  day: string;
  mm: number;
}

/** Rain worth a log: ≥ 10 mm a day is moderate, ≥ 25 heavy, ≥ 50 a storm (China's daily rain grades). */
export const RAIN_LOG_MM = 10;

/** `hour` o'clock on a farm day in the tenant's zone. */
const wallClock = (day: string, hour: number, tz: string): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return atWallTime(tz, y, m, d, hour);
};

const rainWord = (mm: number): { zh: string; level: 'daily' | 'warning' | 'emergency' } =>
  mm >= 50
    ? { zh: '暴雨', level: 'emergency' }
    : mm >= 25
      ? { zh: '大雨', level: 'warning' }
      : { zh: '中雨', level: 'daily' };

/**
 * The weather logs of the demo: the rainiest day of `rain` (if it reached RAIN_LOG_MM) gets a log naming its
 * real amount, and heavy rain an inspection the next morning. No rain, no weather log.
 */
export const seedRainLogs = async (
  database: Database,
  ids: Parameters<DemoExtras>[1],
  rain: readonly DemoRainDay[],
  tz: string,
): Promise<void> => {
  const wettest = [...rain].sort((a, b) => b.mm - a.mm)[0];
  // A margin over the threshold: the stored readings are rounded to 0.1 mm each.
  if (!wettest || wettest.mm < RAIN_LOG_MM + 0.5) return;
  const mm = Math.round(wettest.mm * 10) / 10;
  const word = rainWord(mm);
  const logs = new FarmLogService();
  const now = new Date();
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0);
    const [base] = await tx
      .select({ id: areas.id })
      .from(areas)
      .where(and(eq(areas.tenantId, ids.demoTenant), eq(areas.areaName, PY)));
    if (!base) return;
    const [plot] = await tx
      .select({ id: lands.id })
      .from(lands)
      .where(
        and(eq(lands.tenantId, ids.demoTenant), eq(lands.areaId, base.id), eq(lands.landName, '1号温室大棚')),
      );
    const heavy = mm >= 25;
    const entries = [
      {
        at: wallClock(wettest.day, 20, tz),
        title: heavy ? `${word.zh}致1号棚进水` : '雨后巡查排水沟',
        level: word.level,
        description: heavy
          ? `当日${word.zh} ${mm} 毫米，1号棚东侧排水沟堵塞，棚内积水。已连夜抽排并疏通排水沟，次日检查根系。`
          : `当日降雨 ${mm} 毫米，巡查各棚排水沟，排水通畅。`,
      },
      ...(heavy
        ? [
            {
              at: wallClock(addDays(wettest.day, 1), 9, tz),
              title: '灾后巡查',
              level: 'warning' as const,
              description: '积水已排净，约 5% 植株叶片萎蔫，喷施叶面肥并加强通风。',
            },
          ]
        : []),
    ];
    for (const e of entries) {
      if (e.at > now) continue;
      await logs.create(ctx, {
        title: e.title,
        level: e.level,
        description: e.description,
        areaId: base.id,
        landId: plot?.id ?? null,
        pictures: [],
        source: 'manual',
        logTime: e.at.toISOString(),
      });
    }
  });
};
