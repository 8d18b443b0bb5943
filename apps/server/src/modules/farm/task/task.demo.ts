import { PERMISSION_CODES } from '@tilth/contracts/permissions';
import type { TaskCreateBody } from '@tilth/contracts/task.types';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import pino from 'pino';
import type { Db } from '../../../platform/db/client.js';
import type { DemoExtras } from '../../../platform/db/seed.js';
import type { Ctx } from '../../../platform/http/context.js';
import { addDays, today as todayIn } from '../../../platform/time/zone.js';
import { TaskFlowService } from './task.flow.js';
import { idsByName, workerOfUser } from './task.repository.js';
import { TaskService } from './task.service.js';

const asUser = (db: Db, tenantId: number, userId: number, realName: string): Ctx => ({
  user: { id: userId, loginName: 'demo', realName, platformAdmin: false, sessionId: '' },
  tenantId,
  lang: 'zh-CN',
  timeZone: DEFAULT_TIME_ZONE,
  db,
  permissions: new Set(PERMISSION_CODES),
  log: pino({ level: 'silent' }),
  transact: (fn) => fn(db),
});

/**
 * Ad-hoc tasks of 示范农场 beside the plan-generated ones: one finished (a note, no photos), one overdue,
 * one in progress, one unassigned. Leaders are the workers linked to the demo logins, so "my tasks" of
 * `demo` and `operator` show them. Runs after the worker and plan seeds.
 */
export const seedTasks: DemoExtras = async (database, ids) => {
  const tasks = new TaskService();
  const flow = new TaskFlowService();
  const demoUser = ids.users.demo ?? 0;
  const operatorUser = ids.users.operator ?? demoUser;
  await database.withTenant(ids.demoTenant, async (tx) => {
    const tenant = ids.demoTenant;
    const admin = asUser(tx, tenant, demoUser, '演示管理员');
    const operator = asUser(tx, tenant, operatorUser, '李农');
    const named = await idsByName(tx, tenant);
    const base = named.bases.get('番禺示范基地');
    const type = (name: string) => named.types.get(name) ?? named.types.values().next().value;
    const demoWorker = await workerOfUser(tx, tenant, demoUser);
    const operatorWorker = await workerOfUser(tx, tenant, operatorUser);
    if (base === undefined || type('施肥') === undefined) return;
    const today = todayIn(DEFAULT_TIME_ZONE);
    const add = (body: Omit<TaskCreateBody, 'areaId' | 'taskTypeId'> & { type: string; plot?: string }) => {
      const { type: typeName, plot, ...rest } = body;
      return tasks.create(admin, {
        ...rest,
        areaId: base,
        taskTypeId: type(typeName) ?? 0,
        landId: plot ? (named.plots.get(plot) ?? null) : null,
      });
    };
    const helper = named.workers.get('张建国');

    const done = await add({
      taskName: '1号大棚番茄追肥',
      type: '施肥',
      plot: '1号温室大棚',
      startDate: addDays(today, -6),
      endDate: addDays(today, -4),
      leaderWorkerId: operatorWorker ?? null,
      participantIds: helper ? [helper] : [],
      description: '坐果期追施水溶肥，注意避开中午高温时段。',
    });
    if (operatorWorker !== undefined) {
      const started = await flow.start(operator, done.taskId, {
        objectVersionNumber: done.objectVersionNumber,
      });
      await flow.finish(operator, done.taskId, {
        objectVersionNumber: started.objectVersionNumber,
        note: '已按计划完成追肥，滴灌随水施入，棚内植株长势良好。',
        photos: [],
        // What was used: carbon monitoring computes the N2O of this top dressing from it (issue 18).
        inputs: (['FERT_UREA', 'FERT_NPK15'] as const).flatMap((code) => {
          const inputId = named.inputs.get(code);
          return inputId === undefined ? [] : [{ inputId, quantity: code === 'FERT_UREA' ? 1 : 2 }];
        }),
      });
    }

    await add({
      taskName: '2号大棚通风设备检修',
      type: '巡田',
      plot: '2号温室大棚',
      startDate: addDays(today, -10),
      endDate: addDays(today, -3),
      leaderWorkerId: demoWorker ?? operatorWorker ?? null,
      participantIds: operatorWorker && demoWorker ? [operatorWorker] : [],
      description: '检查卷膜器与风机，更换损坏的皮带。',
    });

    const patrol = await add({
      taskName: '东片水稻田病虫害巡查',
      type: '植保',
      plot: '东片水稻田',
      startDate: addDays(today, -1),
      endDate: addDays(today, 3),
      leaderWorkerId: operatorWorker ?? null,
      participantIds: demoWorker ? [demoWorker] : [],
      description: '重点查看稻飞虱与纹枯病，发现病株拍照记录。',
    });
    if (operatorWorker !== undefined) {
      await flow.start(operator, patrol.taskId, { objectVersionNumber: patrol.objectVersionNumber });
    }

    await add({
      taskName: '西片蔬菜地人工除草',
      type: '巡田',
      plot: '西片蔬菜地',
      startDate: addDays(today, 2),
      endDate: addDays(today, 5),
      description: '待安排人手。',
    });
  });
};
