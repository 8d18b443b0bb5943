import type { ErrorBody, Page, Plan, PlanDetail, PlanPackageDetail } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today as todayIn } from '../../../../platform/time/zone.js';
import { json } from '../../../../test/harness.js';
import { type PlanWorld, startPlanWorld } from './plan.fixtures.js';

// The fixture tenants keep the default zone; a test that moves one names its own.
const ZONE = 'Asia/Shanghai';

let w: PlanWorld;
const ids = {
  base: 0,
  base2: 0,
  crop: 0,
  sow: 0,
  spray: 0,
  urea: 0,
  pest: 0,
  leader: 0,
  idle: 0,
  pkg: 0,
  off: 0,
  b1: 0,
  b2: 0,
  b3: 0,
  done: 0,
  other: 0,
  baseB: 0,
  batchB: 0,
  workerB: 0,
};

const create = (payload: Record<string, unknown>, who: 'admin' | 'operator' | 'viewer' = 'admin') =>
  w.call(who, 'POST', 'plan', payload);
const info = async (id: number) => json<PlanDetail>(await w.call('viewer', 'GET', `plan/info/${id}`));
const list = async (q = '') => json<Page<Plan>>(await w.call('viewer', 'GET', `plan?size=0${q}`)).content;
const expectNothingChanged = async (before: { plans: number; links: number; tasks: number }) =>
  expect(await w.counts()).toEqual(before);

beforeAll(async () => {
  w = await startPlanWorld();
  const { tA, tB } = w;
  ids.base = await w.base(tA, 'Panyu');
  ids.base2 = await w.base(tA, 'Nansha');
  ids.crop = await w.crop(tA, 'Tomato');
  ids.sow = await w.taskType(tA, 'Sowing');
  ids.spray = await w.taskType(tA, 'Spraying');
  ids.urea = await w.input(tA, 'Urea', 'kg');
  ids.pest = await w.input(tA, 'Pyrethrin', 'L');
  ids.leader = await w.worker(tA, 'Li Nong');
  ids.idle = await w.worker(tA, 'Retired', 0);
  ids.b1 = await w.batch(tA, ids.base, ids.crop);
  ids.b2 = await w.batch(tA, ids.base, ids.crop);
  ids.b3 = await w.batch(tA, ids.base, ids.crop);
  ids.done = await w.batch(tA, ids.base, ids.crop, 'harvested');
  ids.other = await w.batch(tA, ids.base2, ids.crop);
  ids.baseB = await w.base(tB, 'B base');
  ids.batchB = await w.batch(tB, ids.baseB, await w.crop(tB, 'B crop'));
  ids.workerB = await w.worker(tB, 'B worker');
  const pkg = await w.call('admin', 'POST', 'plan-package', {
    packageName: 'Tomato standard',
    tasks: [
      {
        taskName: 'Spray',
        taskTypeId: ids.spray,
        dayOffset: 30,
        durationDays: 3,
        inputs: [{ inputId: ids.pest, amount: 1.25 }],
      },
      {
        taskName: 'Sow',
        taskTypeId: ids.sow,
        dayOffset: 0,
        durationDays: 1,
        inputs: [
          { inputId: ids.urea, amount: 20 },
          { inputId: ids.pest, amount: 0.5 },
        ],
      },
      { taskName: 'Fertilise', taskTypeId: ids.sow, dayOffset: 10, durationDays: 5 },
    ],
  });
  expect(pkg.statusCode, pkg.body).toBe(200);
  ids.pkg = json<PlanPackageDetail>(pkg).packageId;
  const off = await w.call('admin', 'POST', 'plan-package', {
    packageName: 'Disabled',
    enabledFlag: 0,
    tasks: [{ taskName: 'x', taskTypeId: ids.sow, dayOffset: 0, durationDays: 1 }],
  });
  ids.off = json<PlanPackageDetail>(off).packageId;
});
afterAll(async () => {
  await w?.s.close();
});

describe('plans: applying a package', () => {
  let planId = 0;

  it('creates the plan, links the batches and generates one task per package task per batch', async () => {
    const res = await create({
      planName: ' Spring tomatoes ',
      packageId: ids.pkg,
      startDate: '2099-03-01',
      batchIds: [ids.b2, ids.b1],
      leaderWorkerId: ids.leader,
      description: 'first',
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = json<Plan>(res);
    planId = plan.planId;
    expect(plan).toMatchObject({
      planName: 'Spring tomatoes',
      packageId: ids.pkg,
      packageName: 'Tomato standard',
      areaId: ids.base,
      areaName: 'Panyu',
      startDate: '2099-03-01',
      leaderWorkerId: ids.leader,
      leaderWorkerName: 'Li Nong',
      description: 'first',
      batchCount: 2,
      taskCount: 6,
      progress: 0,
      objectVersionNumber: 1,
    });
    expect(plan.statusCounts).toEqual({
      unassigned: 0,
      not_started: 6,
      in_progress: 0,
      finished: 0,
      closed: 0,
      canceled: 0,
      overdue: 0,
    });
    const rows = await w.tasksOf(planId);
    expect(rows).toHaveLength(6);
    const shape = rows.map((t) => [
      t.batchId,
      t.taskName,
      t.taskTypeId,
      t.startDate,
      t.endDate,
      t.status,
      t.leaderWorkerId,
      t.areaId,
      t.landId,
      t.planId,
    ]);
    const forBatch = (b: number) => [
      [b, 'Sow', ids.sow, '2099-03-01', '2099-03-01', 'not_started', ids.leader, ids.base, null, planId],
      [
        b,
        'Fertilise',
        ids.sow,
        '2099-03-11',
        '2099-03-15',
        'not_started',
        ids.leader,
        ids.base,
        null,
        planId,
      ],
      [b, 'Spray', ids.spray, '2099-03-31', '2099-04-02', 'not_started', ids.leader, ids.base, null, planId],
    ];
    expect(shape).toEqual([...forBatch(ids.b1), ...forBatch(ids.b2)]);
    expect(rows[0]?.plannedInputs).toEqual([
      { inputId: ids.urea, amount: '20.000' },
      { inputId: ids.pest, amount: '0.500' },
    ]);
    expect(rows[1]?.plannedInputs).toEqual([]);
    expect(rows[2]?.plannedInputs).toEqual([{ inputId: ids.pest, amount: '1.250' }]);
    expect(rows.every((t) => t.objectVersionNumber === 1)).toBe(true);
  });

  it('leaves the tasks unassigned without a leader', async () => {
    const res = await create({
      planName: 'No leader',
      packageId: ids.pkg,
      startDate: '2099-05-01',
      batchIds: [ids.b3],
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = json<Plan>(res);
    expect(plan).toMatchObject({ leaderWorkerId: null, leaderWorkerName: null, taskCount: 3 });
    expect(plan.statusCounts.unassigned).toBe(3);
    const rows = await w.tasksOf(plan.planId);
    expect(rows.map((t) => [t.status, t.leaderWorkerId])).toEqual([
      ['unassigned', null],
      ['unassigned', null],
      ['unassigned', null],
    ]);
    expect((await w.call('admin', 'DELETE', `plan/${plan.planId}`)).statusCode).toBe(200);
  });

  const bad: [string, () => Record<string, unknown>, number, string][] = [
    [
      'a bad batch id among good ones',
      () => ({ batchIds: [ids.b1, 987_654, ids.b2] }),
      400,
      'wfpf.plan.batchNotFound',
    ],
    ['a batch of another tenant', () => ({ batchIds: [ids.b1, ids.batchB] }), 400, 'wfpf.plan.batchNotFound'],
    [
      'a batch that is not growing',
      () => ({ batchIds: [ids.b1, ids.done] }),
      400,
      'wfpf.plan.batchNotGrowing',
    ],
    ['batches of two bases', () => ({ batchIds: [ids.b1, ids.other] }), 400, 'wfpf.plan.batchesAcrossBases'],
    ['the same batch twice', () => ({ batchIds: [ids.b1, ids.b1] }), 400, 'wfpf.plan.batchTwice'],
    ['no batches', () => ({ batchIds: [] }), 400, 'error.validation'],
    [
      '501 batches',
      () => ({ batchIds: Array.from({ length: 501 }, (_, i) => i + 1) }),
      400,
      'error.validation',
    ],
    ['an unknown package', () => ({ packageId: 999_999 }), 400, 'wfpf.plan.packageNotFound'],
    ['a disabled package', () => ({ packageId: ids.off }), 400, 'wfpf.plan.packageDisabled'],
    ['a disabled leader', () => ({ leaderWorkerId: ids.idle }), 400, 'wfpf.plan.leaderNotFound'],
    ["another tenant's worker", () => ({ leaderWorkerId: ids.workerB }), 400, 'wfpf.plan.leaderNotFound'],
    ['a blank name', () => ({ planName: '  ' }), 400, 'error.validation'],
    ['a name over 60', () => ({ planName: 'p'.repeat(61) }), 400, 'error.validation'],
    ['a bad start date', () => ({ startDate: '2099-02-30' }), 400, 'error.validation'],
  ];
  it.each(bad)('refuses %s and creates nothing', async (_name, over, status, code) => {
    const before = await w.counts();
    const res = await create({
      planName: 'Bad',
      packageId: ids.pkg,
      startDate: '2099-03-01',
      batchIds: [ids.b1],
      ...over(),
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(json<ErrorBody>(res).code).toBe(code);
    await expectNothingChanged(before);
  });

  it('refuses the viewer (403) and changes nothing', async () => {
    const before = await w.counts();
    const res = await create(
      { planName: 'V', packageId: ids.pkg, startDate: '2099-03-01', batchIds: [ids.b1] },
      'viewer',
    );
    expect(res.statusCode).toBe(403);
    await expectNothingChanged(before);
    expect(
      (await w.call('viewer', 'PUT', 'plan', { planId, objectVersionNumber: 1, planName: 'V' })).statusCode,
    ).toBe(403);
    expect((await w.call('viewer', 'DELETE', `plan/${planId}`)).statusCode).toBe(403);
  });

  it('lists plans with progress, counts per status (overdue derived) and batch counts', async () => {
    const past = await create({
      planName: 'Last season',
      packageId: ids.pkg,
      startDate: addDays(todayIn(ZONE), -31),
      batchIds: [ids.b3],
    });
    expect(past.statusCode, past.body).toBe(200);
    const pastId = json<Plan>(past).planId;
    // Sow (day 0) finished, Fertilise (days 10–14) canceled, Spray (days 30–32) still open: due today+1.
    const rows = await w.tasksOf(pastId);
    await w.setStatus([rows[0]?.id ?? 0], 'finished');
    await w.setStatus([rows[1]?.id ?? 0], 'canceled');
    let [p] = await list('&planName=last');
    expect(p).toMatchObject({ planName: 'Last season', batchCount: 1, taskCount: 3, progress: 50 });
    expect(p?.statusCounts).toMatchObject({ finished: 1, canceled: 1, unassigned: 1, overdue: 0 });
    await w.setStatus([rows[0]?.id ?? 0], 'in_progress');
    [p] = await list('&planName=last');
    // Sow ended 31 days ago and is still in progress: overdue.
    expect(p?.statusCounts).toMatchObject({
      in_progress: 0,
      overdue: 1,
      finished: 0,
      canceled: 1,
      unassigned: 1,
    });
    expect(p?.progress).toBe(0);
    expect((await list(`&areaId=${ids.base}`)).map((x) => x.planName)).toEqual([
      'Spring tomatoes',
      'Last season',
    ]);
    expect(await list(`&areaId=${ids.base2}`)).toEqual([]);
    expect((await list(`&packageId=${ids.pkg}`)).length).toBe(2);
    const page = json<Page<Plan>>(await w.call('viewer', 'GET', 'plan?page=1&size=1'));
    expect(page).toMatchObject({ totalElements: 2, totalPages: 2, number: 1, size: 1 });
    expect(page.content[0]?.planName).toBe('Last season');

    const detail = await info(pastId);
    expect(detail.batches).toHaveLength(1);
    expect(detail.batches[0]).toMatchObject({
      batchId: ids.b3,
      batchCode: expect.any(String),
      batchStatus: 'growing',
      taskCount: 3,
      progress: 0,
    });
    expect(detail.batches[0]?.tasks.map((t) => [t.taskName, t.status])).toEqual([
      ['Sow', 'overdue'],
      ['Fertilise', 'canceled'],
      ['Spray', 'unassigned'],
    ]);
    // Delete refused: a task has started.
    const del = await w.call('admin', 'DELETE', `plan/${pastId}`);
    expect(del.statusCode).toBe(409);
    expect(json<ErrorBody>(del).code).toBe('wfpf.plan.started');
    expect((await w.tasksOf(pastId)).length).toBe(3);
  });

  it('answers the plan info with batches and their tasks, names and inputs', async () => {
    const d = await info(planId);
    expect(d).toMatchObject({ planId, planName: 'Spring tomatoes', batchCount: 2, taskCount: 6 });
    expect(d.batches.map((b) => b.batchId).sort()).toEqual([ids.b1, ids.b2].sort());
    const b1 = d.batches.find((b) => b.batchId === ids.b1);
    expect(
      b1?.tasks.map((t) => [
        t.taskName,
        t.taskTypeName,
        t.startDate,
        t.endDate,
        t.status,
        t.leaderWorkerName,
      ]),
    ).toEqual([
      ['Sow', 'Sowing', '2099-03-01', '2099-03-01', 'not_started', 'Li Nong'],
      ['Fertilise', 'Sowing', '2099-03-11', '2099-03-15', 'not_started', 'Li Nong'],
      ['Spray', 'Spraying', '2099-03-31', '2099-04-02', 'not_started', 'Li Nong'],
    ]);
    expect(b1?.tasks[0]?.plannedInputs).toEqual([
      { inputId: ids.urea, inputName: 'Urea', unit: 'kg', amount: 20 },
      { inputId: ids.pest, inputName: 'Pyrethrin', unit: 'L', amount: 0.5 },
    ]);
  });

  it('applies the plan to more batches of its base', async () => {
    const extra = await w.batch(w.tA, ids.base, ids.crop);
    const res = await w.call('operator', 'POST', `plan/${planId}/batches`, { batchIds: [extra] });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Plan>(res)).toMatchObject({ batchCount: 3, taskCount: 9 });
    const again = await w.call('operator', 'POST', `plan/${planId}/batches`, { batchIds: [extra] });
    expect(json<ErrorBody>(again).code).toBe('wfpf.plan.batchInPlan');
    const across = await w.call('operator', 'POST', `plan/${planId}/batches`, { batchIds: [ids.other] });
    expect(json<ErrorBody>(across).code).toBe('wfpf.plan.batchesAcrossBases');
  });

  it('renames a plan; a stale version is 409 and changes nothing', async () => {
    const res = await w.call('operator', 'PUT', 'plan', {
      planId,
      objectVersionNumber: 1,
      planName: 'Spring 2099',
      description: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Plan>(res)).toMatchObject({
      planName: 'Spring 2099',
      description: null,
      objectVersionNumber: 2,
    });
    const stale = await w.call('operator', 'PUT', 'plan', {
      planId,
      objectVersionNumber: 1,
      planName: 'Lost',
    });
    expect(stale.statusCode).toBe(409);
    expect((await info(planId)).planName).toBe('Spring 2099');
  });

  it("keeps tenant B out of A's plans", async () => {
    const { tB } = w;
    expect((await w.call('adminB', 'GET', `plan/info/${planId}`, undefined, tB)).statusCode).toBe(404);
    expect((await w.call('adminB', 'DELETE', `plan/${planId}`, undefined, tB)).statusCode).toBe(404);
    expect(
      (await w.call('adminB', 'PUT', 'plan', { planId, objectVersionNumber: 2, planName: 'Hijack' }, tB))
        .statusCode,
    ).toBe(404);
    expect(
      (await w.call('adminB', 'POST', `plan/${planId}/batches`, { batchIds: [ids.batchB] }, tB)).statusCode,
    ).toBe(404);
    const bList = json<Page<Plan>>(await w.call('adminB', 'GET', 'plan?size=0', undefined, tB));
    expect(bList.totalElements).toBe(0);
    // B applying B's package to A's batch finds no such batch.
    expect((await w.call('adminB', 'GET', `plan/info/${planId}`)).statusCode).toBe(403);
    expect((await info(planId)).planName).toBe('Spring 2099');
  });

  it('deletes a plan whose tasks have not started, with its tasks and links', async () => {
    const before = await w.counts();
    const res = await w.call('admin', 'DELETE', `plan/${planId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await w.counts()).toEqual({
      plans: before.plans - 1,
      links: before.links - 3,
      tasks: before.tasks - 9,
    });
    expect((await w.call('viewer', 'GET', `plan/info/${planId}`)).statusCode).toBe(404);
    expect((await w.call('admin', 'DELETE', `plan/${planId}`)).statusCode).toBe(404);
  });
});
