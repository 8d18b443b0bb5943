import type { PlanPackageTaskBody } from '@tilth/contracts/plan.types';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import type { Db } from '../../../platform/db/client.js';
import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { addDays, today as todayIn } from '../../../platform/time/zone.js';
import { BatchService } from '../batch/index.js';
import { finishPlanTasksEndedBefore } from '../task/index.js';
import { PlanService } from './plan.service.js';
import { baseNamed, demoNames, enabledWorkerOfUser, growingBatchesOf } from './plan-demo.repository.js';
import { PlanPackageService } from './plan-package.service.js';

/** [task name, task type, day offset, duration, [input name, amount][]] */
type DemoTask = [string, string, number, number, [string, number][]];

const TOMATO: DemoTask[] = [
  [
    '整地施基肥',
    '施肥',
    0,
    2,
    [
      ['有机肥', 500],
      ['复合肥 15-15-15', 40],
    ],
  ],
  ['覆膜', '播种', 2, 1, [['黑色地膜', 2]]],
  ['定植', '播种', 3, 2, [['番茄种子 粉冠一号', 0.05]]],
  ['定植后浇缓苗水', '灌溉', 5, 1, []],
  ['田间巡查', '巡田', 7, 1, []],
  ['第一次追肥', '施肥', 14, 2, [['尿素', 10]]],
  ['病害预防喷药', '植保', 16, 1, [['代森锰锌', 1.5]]],
  ['吊蔓整枝', '巡田', 21, 3, []],
  ['虫害防治', '植保', 30, 1, [['吡虫啉', 0.3]]],
  ['第二次追肥', '施肥', 40, 2, [['复合肥 15-15-15', 25]]],
  ['滴灌补水', '灌溉', 45, 1, []],
  ['采收分级', '采收', 90, 20, []],
];

const FISH: DemoTask[] = [
  ['清塘消毒', '植保', 0, 2, [['聚维酮碘溶液', 5]]],
  ['进水肥水', '灌溉', 2, 2, []],
  ['投放鱼苗', '播种', 5, 1, []],
  ['日常投喂', '施肥', 6, 30, [['鱼饲料 草鱼膨化料', 600]]],
  ['水质巡查', '巡田', 7, 1, []],
  ['鱼病防治', '植保', 20, 1, [['聚维酮碘溶液', 3]]],
  ['换水增氧', '灌溉', 30, 2, []],
  ['捕捞上市', '采收', 180, 10, []],
];

const PACKAGES: { name: string; crop: string; description: string; tasks: DemoTask[] }[] = [
  {
    name: '番茄标准化种植方案',
    crop: '番茄',
    description: '设施番茄从整地到采收的标准作业流程。Greenhouse tomato, from bed preparation to harvest.',
    tasks: TOMATO,
  },
  {
    name: '水产养殖日常管理',
    crop: '草鱼',
    description: '池塘草鱼从清塘到捕捞的日常管理。Grass-carp pond routine, from cleaning to harvest.',
    tasks: FISH,
  },
];

/** Growing tomato batches of the base; without any, three unbound ones are added (no plot is taken). */
const demoBatches = async (db: Db, tenantId: number, userId: number, areaId: number, cropId: number) => {
  const found = await growingBatchesOf(db, tenantId, areaId, cropId, 3);
  if (found.length > 0) return found;
  const service = new BatchService();
  const ctx = demoAdminCtx(db, tenantId, userId);
  const start = addDays(todayIn(DEFAULT_TIME_ZONE), -14);
  for (const name of ['春茬番茄 A 区', '春茬番茄 B 区', '春茬番茄 C 区']) {
    await service.create(ctx, {
      batchName: name,
      areaId,
      cropId,
      plantingStandard: 'green',
      startDate: start,
    });
  }
  return growingBatchesOf(db, tenantId, areaId, cropId, 3);
};

/**
 * Two plan packages (番茄标准化种植方案, 水产养殖日常管理) and a plan applying the tomato one to growing
 * batches of 番禺示范基地 from two weeks ago, so some tasks are done by now, due today or overdue.
 * Runs after the crop, input and worker extras; the leader is the worker linked to `operator`.
 */
export const seedPlans: DemoExtras = async (database, ids) => {
  const tenantId = ids.demoTenant;
  const userId = ids.users.demo ?? 0;
  await database.withTenant(tenantId, async (tx) => {
    const ctx = demoAdminCtx(tx, tenantId, userId);
    const names = await demoNames(tx, tenantId);
    const packages = new PlanPackageService();
    const created: number[] = [];
    for (const p of PACKAGES) {
      const tasks: PlanPackageTaskBody[] = p.tasks.flatMap(
        ([taskName, type, dayOffset, durationDays, inputs]) => {
          const taskTypeId = names.taskTypes.get(type);
          if (taskTypeId === undefined) return [];
          const lines = inputs.flatMap(([name, amount]) => {
            const inputId = names.inputs.get(name);
            return inputId === undefined ? [] : [{ inputId, amount }];
          });
          return [{ taskName, taskTypeId, dayOffset, durationDays, inputs: lines }];
        },
      );
      if (tasks.length === 0) continue;
      const pkg = await packages.create(ctx, {
        packageName: p.name,
        cropId: names.crops.get(p.crop) ?? null,
        description: p.description,
        enabledFlag: 1,
        tasks,
      });
      created.push(pkg.packageId);
    }
    const tomatoPackage = created[0];
    const tomato = names.crops.get('番茄');
    const base = await baseNamed(tx, tenantId, '番禺示范基地');
    if (tomatoPackage === undefined || tomato === undefined || base === undefined) return;
    const batchIds = await demoBatches(tx, tenantId, userId, base, tomato);
    if (batchIds.length === 0) return;
    const operator = ids.users.operator;
    const leader = operator === undefined ? undefined : await enabledWorkerOfUser(tx, tenantId, operator);
    const today = todayIn(DEFAULT_TIME_ZONE);
    const plan = await new PlanService().create(ctx, {
      planName: `${today.slice(0, 4)} 春茬番茄种植计划`,
      packageId: tomatoPackage,
      startDate: addDays(today, -14),
      batchIds,
      leaderWorkerId: leader ?? null,
      description: '按番茄标准化种植方案执行。Tomato standard applied to the spring batches.',
    });
    // The first week is done; the field check of day 7 is left open (overdue), day 14 is due today.
    await finishPlanTasksEndedBefore(tx, tenantId, plan.planId, addDays(today, -8));
  });
};
