import type { ErrorBody, FarmOverview, Page, Task } from '@tilth/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today as todayIn } from '../../../../platform/time/zone.js';
import {
  auth,
  json,
  login,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import {
  atInstant,
  daysAt,
  NEW_YORK,
  SHANGHAI,
  setTenantZone,
  splitInstant,
} from '../../__tests__/tenant-zone.js';
import { crops, taskTypes } from '../../crop/crop.tables.js';
import { farmLogs } from '../../farm-log/farm-log.tables.js';
import { lands } from '../../land/land.tables.js';
import { tasks } from '../../task/task.tables.js';
import { workers } from '../../worker/worker.tables.js';

// The fixture tenants keep the default zone; a test that moves one names its own.
const ZONE = 'Asia/Shanghai';

let s: TestServer;
let tA: number;
let tB: number;
let tok: RoleTokens;
const ids = {
  base1: 0,
  base2: 0,
  p1: 0,
  p2: 0,
  p3: 0,
  p4: 0,
  tomato: 0,
  rice: 0,
  leader: 0,
  type: 0,
  baseB: 0,
};
const today = todayIn(ZONE);

type Who = keyof RoleTokens;
const get = (who: Who, path: string) =>
  s.inject({ method: 'GET', url: path, headers: { ...auth(tok[who]), 'accept-language': 'en-US' } });
const overview = async (query = '', tenant = tA, who: Who = 'viewer') => {
  const res = await get(who, `/wfpf/v1/${tenant}/farm/overview${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<FarmOverview>(res);
};
const post = async (who: Who, tenant: number, path: string, payload: Record<string, unknown>) => {
  const res = await s.inject({
    method: 'POST',
    url: `/wfpf/v1/${tenant}/${path}`,
    headers: auth(tok[who]),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<Record<string, number>>(res);
};
const db = (_tenant: number) => s.platform.database;

type TaskInsert = typeof tasks.$inferInsert;
const task = (name: string, start: number, end: number, status: string, extra: Partial<TaskInsert> = {}) => ({
  tenantId: tA,
  taskName: name,
  startDate: addDays(today, start),
  endDate: addDays(today, end),
  status,
  areaId: ids.base1,
  ...extra,
});

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  tok = await signInRoles(s);
  ids.base1 = (await post('admin', tA, 'area', { areaName: 'Home base 1' })).areaId ?? 0;
  ids.base2 = (await post('admin', tA, 'area', { areaName: 'Home base 2' })).areaId ?? 0;
  ids.p1 = (await post('admin', tA, 'land', { areaId: ids.base1, landName: 'P1' })).landId ?? 0;
  ids.p2 = (await post('admin', tA, 'land', { areaId: ids.base1, landName: 'P2' })).landId ?? 0;
  ids.p3 = (await post('admin', tA, 'land', { areaId: ids.base1, landName: 'P3' })).landId ?? 0;
  ids.p4 = (await post('admin', tA, 'land', { areaId: ids.base2, landName: 'P4' })).landId ?? 0;
  ids.baseB = (await post('adminB', tB, 'area', { areaName: 'B base' })).areaId ?? 0;
  await db(tA).withTenant(tA, async (tx) => {
    // Plot sizes in mu are fixed here (the land module computes them from drawn boundaries).
    for (const [id, mu] of [
      [ids.p1, '2.5'],
      [ids.p2, '1.25'],
      [ids.p3, '3'],
      [ids.p4, '10'],
    ] as const) {
      await tx.update(lands).set({ areaMu: mu }).where(eq(lands.id, id));
    }
    const [tomato] = await tx.insert(crops).values({ tenantId: tA, cropName: 'Tomato' }).returning();
    const [rice] = await tx.insert(crops).values({ tenantId: tA, cropName: 'Rice' }).returning();
    ids.tomato = tomato?.id ?? 0;
    ids.rice = rice?.id ?? 0;
    const [w] = await tx
      .insert(workers)
      .values([
        { tenantId: tA, workerName: 'Lao Wang', organizationId: ids.base1 },
        { tenantId: tA, workerName: 'Xiao Li', organizationId: ids.base1, enabledFlag: 0 },
        { tenantId: tA, workerName: 'Zhang', organizationId: ids.base2 },
      ])
      .returning();
    ids.leader = w?.id ?? 0;
    const [type] = await tx
      .insert(taskTypes)
      .values({ tenantId: tA, typeName: 'Spraying', color: '#ff8800' })
      .returning();
    ids.type = type?.id ?? 0;
  });
  const batch = (landId: number, cropId: number, name: string) =>
    post('admin', tA, 'batch', { batchName: name, landId, cropId, startDate: addDays(today, -30) });
  await batch(ids.p1, ids.tomato, 'Tomato 1');
  await batch(ids.p2, ids.tomato, 'Tomato 2');
  await batch(ids.p4, ids.rice, 'Rice 1');
  const harvested = await batch(ids.p3, ids.rice, 'Rice old');
  await s.inject({
    method: 'POST',
    url: `/wfpf/v1/${tA}/batch/harvest`,
    headers: auth(tok.admin),
    payload: { batchId: harvested.batchId, harvestQuantity: 100, unit: 'kg', harvestDate: today },
  });
  await db(tA).withTenant(tA, async (tx) => {
    // P3 (harvested) is then disabled: it counts as a plot but not towards the enabled area.
    await tx.update(lands).set({ enabledFlag: 0 }).where(eq(lands.id, ids.p3));
    await tx.insert(tasks).values([
      task('Spray P1', -1, 1, 'in_progress', {
        landId: ids.p1,
        leaderWorkerId: ids.leader,
        taskTypeId: ids.type,
      }),
      task('Weed P2', 0, 0, 'not_started', { landId: ids.p2 }),
      task('Unassigned today', 0, 3, 'unassigned'),
      task('Done today', -1, 1, 'finished'),
      task('Closed today', -1, 1, 'closed'),
      task('Canceled today', -1, 1, 'canceled'),
      task('Late fertilise', -5, -2, 'in_progress', { leaderWorkerId: ids.leader }),
      task('Later late', -3, -1, 'not_started'),
      task('Finished late', -5, -2, 'finished'),
      task('Tomorrow', 1, 2, 'not_started'),
      task('Other base today', 0, 1, 'not_started', { areaId: ids.base2 }),
    ]);
    const ago = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
    await tx.insert(farmLogs).values([
      { tenantId: tA, title: 'Old warning', level: 'warning', areaId: ids.base1, logTime: ago(10) },
      { tenantId: tA, title: 'Warn 1', level: 'warning', areaId: ids.base1, logTime: ago(3) },
      {
        tenantId: tA,
        title: 'Emergency',
        level: 'emergency',
        areaId: ids.base1,
        landId: ids.p1,
        logTime: ago(2),
      },
      { tenantId: tA, title: 'Daily 1', areaId: ids.base1, logTime: ago(1) },
      { tenantId: tA, title: 'Daily 2', areaId: ids.base1, logTime: ago(0.5) },
      { tenantId: tA, title: 'Daily 3', areaId: ids.base1, logTime: ago(0.2) },
      { tenantId: tA, title: 'Base 2 note', areaId: ids.base2, logTime: ago(0.1) },
    ]);
  });
  await db(tB).withTenant(tB, (tx) =>
    tx.insert(tasks).values({
      tenantId: tB,
      taskName: 'B task',
      startDate: today,
      endDate: today,
      status: 'not_started',
      areaId: ids.baseB,
    }),
  );
});
afterAll(async () => {
  await s.close();
});

describe("the farm's today", () => {
  it('is the Asia/Shanghai calendar day, not the UTC one', () => {
    expect(todayIn(ZONE, new Date('2025-03-03T16:30:00Z'))).toBe('2025-03-04');
    expect(todayIn(ZONE, new Date('2025-03-03T15:59:59Z'))).toBe('2025-03-03');
  });
});

describe('farm overview', () => {
  it("a base's plots, growing batches by crop, workers, today's and overdue tasks and latest logs", async () => {
    const o = await overview(`?areaId=${ids.base1}`);
    expect(o.today).toBe(today);
    expect(o.timeZone).toBe('Asia/Shanghai');
    expect(o.area).toMatchObject({ areaId: ids.base1, areaName: 'Home base 1' });
    expect(o.lands).toEqual({ total: 3, enabled: 2, totalAreaMu: 3.75, inUse: 2 });
    expect(o.batches).toEqual({
      growing: 2,
      harvestedThisYear: 1,
      growingByCrop: [{ cropId: ids.tomato, cropName: 'Tomato', batchCount: 2, areaMu: 3.75 }],
    });
    expect(o.workers.total).toBe(1);
    expect(o.tasks).toMatchObject({ todayCount: 3, overdueCount: 2, inProgressCount: 2 });
    expect(o.tasks.today.map((t) => t.taskName)).toEqual(['Weed P2', 'Spray P1', 'Unassigned today']);
    expect(o.tasks.today[1]).toMatchObject({
      status: 'in_progress',
      overdue: false,
      leaderWorkerId: ids.leader,
      leaderName: 'Lao Wang',
      taskTypeName: 'Spraying',
      taskTypeColor: '#ff8800',
      landName: 'P1',
      areaName: 'Home base 1',
    });
    expect(o.tasks.overdue.map((t) => [t.taskName, t.overdue, t.leaderName])).toEqual([
      ['Late fertilise', true, 'Lao Wang'],
      ['Later late', true, null],
    ]);
    expect(o.logs.latest.map((l) => l.title)).toEqual([
      'Daily 3',
      'Daily 2',
      'Daily 1',
      'Emergency',
      'Warn 1',
    ]);
    expect(o.logs.latest[3]).toMatchObject({ level: 'emergency', landName: 'P1', areaName: 'Home base 1' });
    expect(o.logs).toMatchObject({ warningCount7d: 1, emergencyCount7d: 1 });
  });

  it('without a base: the whole enterprise', async () => {
    const o = await overview();
    expect(o.area).toBeNull();
    expect(o.lands).toEqual({ total: 4, enabled: 3, totalAreaMu: 13.75, inUse: 3 });
    expect(o.batches.growing).toBe(3);
    expect(o.batches.growingByCrop.map((c) => [c.cropName, c.batchCount, c.areaMu])).toEqual([
      ['Tomato', 2, 3.75],
      ['Rice', 1, 10],
    ]);
    expect(o.workers.total).toBe(2);
    expect(o.tasks.todayCount).toBe(4);
    expect(o.logs.latest[0]?.title).toBe('Base 2 note');
  });

  it('an empty base answers zeros and empty lists', async () => {
    const empty = (await post('admin', tA, 'area', { areaName: 'Empty base' })).areaId ?? 0;
    const o = await overview(`?areaId=${empty}`);
    expect(o.lands).toEqual({ total: 0, enabled: 0, totalAreaMu: 0, inUse: 0 });
    expect(o.batches).toEqual({ growing: 0, harvestedThisYear: 0, growingByCrop: [] });
    expect(o.tasks).toEqual({ todayCount: 0, overdueCount: 0, inProgressCount: 0, today: [], overdue: [] });
    expect(o.logs).toEqual({ warningCount7d: 0, emergencyCount7d: 0, latest: [] });
  });

  it("another tenant's base is not found; B's overview shows none of A's data", async () => {
    const res = await get('adminB', `/wfpf/v1/${tB}/farm/overview?areaId=${ids.base1}`);
    expect(res.statusCode).toBe(404);
    expect(json<ErrorBody>(res).code).toBe('wfpf.farmHome.areaNotFound');
    const b = await overview('', tB, 'adminB');
    expect(b.lands.total).toBe(0);
    expect(b.tasks.today.map((t) => t.taskName)).toEqual(['B task']);
    expect(JSON.stringify(b)).not.toContain('Home base');
    expect((await get('adminB', `/wfpf/v1/${tA}/farm/overview`)).statusCode).toBe(403);
  });

  it('every farm role may read it; a malformed areaId is a 400, a blank one means all bases', async () => {
    await overview('', tA, 'operator');
    await overview('', tA, 'admin');
    const A = tA;
    expect((await get('viewer', `/wfpf/v1/${A}/farm/overview?areaId=abc`)).statusCode).toBe(400);
    expect((await get('viewer', `/wfpf/v1/${A}/farm/overview?areaId=`)).statusCode).toBe(200);
  });
});

describe("today and overdue follow the tenant's time zone", () => {
  it("in America/New_York, a task ending on New York's today is today's on the farm home and in the task list, not overdue", async () => {
    const at = splitInstant();
    const { newYork, shanghai } = daysAt(at);
    const nyBase = (await post('admin', tA, 'area', { areaName: 'Hudson base' })).areaId ?? 0;
    const [ends] = await db(tA).withTenant(tA, (tx) =>
      tx
        .insert(tasks)
        .values([
          {
            tenantId: tA,
            taskName: 'Ends NY today',
            startDate: newYork,
            endDate: newYork,
            status: 'not_started',
            areaId: nyBase,
          },
          {
            tenantId: tA,
            taskName: 'Starts SH today',
            startDate: shanghai,
            endDate: shanghai,
            status: 'not_started',
            areaId: nyBase,
          },
        ])
        .returning(),
    );
    await setTenantZone(s, tok.admin, tA, NEW_YORK);
    try {
      await atInstant(at, async () => {
        const token = await login(s, 'adminA');
        const read = (url: string) =>
          s.inject({ method: 'GET', url: `/wfpf/v1/${tA}/${url}`, headers: auth(token) });
        const o = json<FarmOverview>(await read(`farm/overview?areaId=${nyBase}`));
        expect(o).toMatchObject({ today: newYork, timeZone: NEW_YORK });
        expect(o.tasks.today.map((t) => [t.taskName, t.overdue])).toEqual([['Ends NY today', false]]);
        expect(o.tasks).toMatchObject({ todayCount: 1, overdueCount: 0, overdue: [] });
        // The task list derives 'overdue' from the same day: in Shanghai's the task would be late.
        const overdue = json<Page<Task>>(await read(`task?areaId=${nyBase}&status=overdue&size=0`));
        expect(overdue.content).toEqual([]);
        const open = json<Page<Task>>(await read(`task?areaId=${nyBase}&status=not_started&size=0`));
        expect(open.content.map((t) => t.taskName).sort()).toEqual(['Ends NY today', 'Starts SH today']);
        const detail = json<Task>(await read(`task/${ends?.id}`));
        expect(detail.status).toBe('not_started');
      });
    } finally {
      await setTenantZone(s, tok.admin, tA, SHANGHAI);
    }
  });
});
