import type { ErrorBody, Page, PlanPackage, PlanPackageDetail } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../../test/harness.js';
import { type PlanWorld, startPlanWorld } from './plan.fixtures.js';

let w: PlanWorld;
const ids = { sow: 0, spray: 0, urea: 0, pest: 0, tomato: 0, typeB: 0, inputB: 0, cropB: 0 };

const task = (over: Record<string, unknown> = {}) => ({
  taskName: 'Sow',
  taskTypeId: ids.sow,
  dayOffset: 0,
  durationDays: 1,
  inputs: [],
  ...over,
});
const body = (over: Record<string, unknown> = {}) => ({
  packageName: 'Tomato standard',
  tasks: [task()],
  ...over,
});
const create = (payload: unknown, who: 'admin' | 'operator' | 'viewer' | 'adminB' = 'admin') =>
  w.call(who, 'POST', 'plan-package', payload);
const detail = async (id: number) =>
  json<PlanPackageDetail>(await w.call('viewer', 'GET', `plan-package/${id}`));
const list = async (q = '') =>
  json<Page<PlanPackage>>(await w.call('viewer', 'GET', `plan-package?size=0${q}`)).content;

beforeAll(async () => {
  w = await startPlanWorld();
  ids.sow = await w.taskType(w.tA, 'Sowing');
  ids.spray = await w.taskType(w.tA, 'Spraying');
  ids.urea = await w.input(w.tA, 'Urea', 'kg');
  ids.pest = await w.input(w.tA, 'Pyrethrin', 'L');
  ids.tomato = await w.crop(w.tA, 'Tomato');
  ids.typeB = await w.taskType(w.tB, 'B type');
  ids.inputB = await w.input(w.tB, 'B input', 'kg');
  ids.cropB = await w.crop(w.tB, 'B crop');
});
afterAll(async () => {
  await w?.s.close();
});

describe('plan packages', () => {
  let pkg: PlanPackageDetail;

  it('creates a package; tasks come back by day offset then list order, with type and input names', async () => {
    const res = await create(
      body({
        packageName: '  Tomato standard ',
        cropId: ids.tomato,
        description: 'greenhouse',
        tasks: [
          task({
            taskName: 'Spray',
            taskTypeId: ids.spray,
            dayOffset: 30,
            durationDays: 3,
            inputs: [{ inputId: ids.pest, amount: 1.255 }],
          }),
          task({
            taskName: 'Sow',
            dayOffset: 0,
            durationDays: 2,
            inputs: [
              { inputId: ids.urea, amount: 20 },
              { inputId: ids.pest, amount: 0.001 },
            ],
          }),
          task({ taskName: 'Check', dayOffset: 30, durationDays: 1 }),
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    pkg = json<PlanPackageDetail>(res);
    expect(pkg).toMatchObject({
      packageName: 'Tomato standard',
      cropId: ids.tomato,
      cropName: 'Tomato',
      description: 'greenhouse',
      enabledFlag: 1,
      taskCount: 3,
      totalDays: 33,
      objectVersionNumber: 1,
    });
    expect(pkg.tasks.map((t) => [t.taskName, t.dayOffset, t.durationDays, t.sortNo])).toEqual([
      ['Sow', 0, 2, 1],
      ['Spray', 30, 3, 0],
      ['Check', 30, 1, 2],
    ]);
    expect(pkg.tasks[0]).toMatchObject({
      taskTypeId: ids.sow,
      taskTypeName: 'Sowing',
      inputs: [
        { inputId: ids.urea, inputName: 'Urea', unit: 'kg', amount: 20 },
        { inputId: ids.pest, inputName: 'Pyrethrin', unit: 'L', amount: 0.001 },
      ],
    });
    expect(pkg.tasks[1]?.inputs).toEqual([
      { inputId: ids.pest, inputName: 'Pyrethrin', unit: 'L', amount: 1.255 },
    ]);
    expect(await detail(pkg.packageId)).toEqual(pkg);
  });

  it.each([
    ['a blank name', body({ packageName: '   ' }), 'packageName'],
    ['a name over 60', body({ packageName: 'x'.repeat(61) }), 'packageName'],
    ['no tasks', body({ tasks: [] }), 'tasks'],
    ['201 tasks', body({ tasks: Array.from({ length: 201 }, () => task()) }), 'tasks'],
    ['a task without a name', body({ tasks: [task({ taskName: ' ' })] }), 'taskName'],
    ['a task name over 60', body({ tasks: [task({ taskName: 'y'.repeat(61) })] }), 'taskName'],
    ['no task type', body({ tasks: [{ taskName: 'a', dayOffset: 0, durationDays: 1 }] }), 'taskTypeId'],
    ['dayOffset 731', body({ tasks: [task({ dayOffset: 731 })] }), 'dayOffset'],
    ['dayOffset -1', body({ tasks: [task({ dayOffset: -1 })] }), 'dayOffset'],
    ['dayOffset 1.5', body({ tasks: [task({ dayOffset: 1.5 })] }), 'dayOffset'],
    ['durationDays 0', body({ tasks: [task({ durationDays: 0 })] }), 'durationDays'],
    ['durationDays 366', body({ tasks: [task({ durationDays: 366 })] }), 'durationDays'],
    ['amount 0', body({ tasks: [task({ inputs: [{ inputId: 1, amount: 0 }] })] }), 'amount'],
    [
      'amount with 4 decimals',
      body({ tasks: [task({ inputs: [{ inputId: 1, amount: 1.0001 }] })] }),
      'amount',
    ],
    [
      'amount over 99999999',
      body({ tasks: [task({ inputs: [{ inputId: 1, amount: 100_000_000 }] })] }),
      'amount',
    ],
    ['an unknown field', body({ extra: 1 }), 'extra'],
  ])('refuses %s with 400 naming the field', async (_name, payload, field) => {
    const before = (await list()).length;
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(json<ErrorBody>(res).message).toContain(field);
    expect((await list()).length).toBe(before);
  });

  it('takes the largest values at the edges', async () => {
    const res = await create(
      body({
        packageName: 'Edges',
        tasks: [
          task({ dayOffset: 730, durationDays: 365, inputs: [{ inputId: ids.urea, amount: 99_999_999 }] }),
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json<PlanPackageDetail>(res).totalDays).toBe(1095);
  });

  it('refuses the same input twice in a task, unknown task types, inputs and crops (also those of tenant B)', async () => {
    const cases: [unknown, string][] = [
      [
        body({
          packageName: 'Twice',
          tasks: [
            task({
              inputs: [
                { inputId: ids.urea, amount: 1 },
                { inputId: ids.urea, amount: 2 },
              ],
            }),
          ],
        }),
        'wfpf.planPackage.inputTwice',
      ],
      [
        body({ packageName: 'T1', tasks: [task(), task({ taskTypeId: ids.typeB })] }),
        'wfpf.planPackage.taskTypeNotFound',
      ],
      [
        body({ packageName: 'T2', tasks: [task({ taskTypeId: 999_999 })] }),
        'wfpf.planPackage.taskTypeNotFound',
      ],
      [
        body({ packageName: 'T3', tasks: [task({ inputs: [{ inputId: ids.inputB, amount: 1 }] })] }),
        'wfpf.planPackage.inputNotFound',
      ],
      [body({ packageName: 'T4', cropId: ids.cropB }), 'wfpf.planPackage.cropNotFound'],
    ];
    const before = (await list()).length;
    for (const [payload, code] of cases) {
      const res = await create(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(json<ErrorBody>(res).code).toBe(code);
    }
    const second = await create(
      body({ packageName: 'T1', tasks: [task(), task({ taskTypeId: ids.typeB })] }),
    );
    expect(json<ErrorBody>(second).message).toContain('tasks[1].taskTypeId');
    expect((await list()).length).toBe(before);
  });

  it('refuses a duplicate name with 409', async () => {
    const res = await create(body({ packageName: 'Tomato standard' }));
    expect(res.statusCode).toBe(409);
    expect(json<ErrorBody>(res).code).toBe('wfpf.planPackage.nameExists');
  });

  it('lists with filters', async () => {
    await create(body({ packageName: 'Fish daily', enabledFlag: 0 }));
    expect((await list('&packageName=tomato')).map((p) => p.packageName)).toEqual(['Tomato standard']);
    expect((await list(`&cropId=${ids.tomato}`)).map((p) => p.packageName)).toEqual(['Tomato standard']);
    expect((await list('&enabledFlag=0')).map((p) => p.packageName)).toEqual(['Fish daily']);
    const page = json<Page<PlanPackage>>(await w.call('viewer', 'GET', 'plan-package?page=0&size=2'));
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, number: 0, size: 2 });
    expect(page.content).toHaveLength(2);
  });

  it('updates the fields and replaces the task list; a stale version is 409 and changes nothing', async () => {
    const res = await w.call('operator', 'PUT', 'plan-package', {
      packageId: pkg.packageId,
      objectVersionNumber: 1,
      packageName: 'Tomato v2',
      cropId: null,
      tasks: [
        task({
          taskName: 'Only',
          dayOffset: 5,
          durationDays: 4,
          inputs: [{ inputId: ids.urea, amount: 3.5 }],
        }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const now = json<PlanPackageDetail>(res);
    expect(now).toMatchObject({
      packageName: 'Tomato v2',
      cropId: null,
      description: 'greenhouse',
      objectVersionNumber: 2,
      taskCount: 1,
      totalDays: 9,
    });
    expect(now.tasks).toHaveLength(1);
    expect(now.tasks[0]).toMatchObject({ taskName: 'Only', inputs: [{ inputId: ids.urea, amount: 3.5 }] });
    const stale = await w.call('admin', 'PUT', 'plan-package', {
      packageId: pkg.packageId,
      objectVersionNumber: 1,
      packageName: 'Lost',
      tasks: [task()],
    });
    expect(stale.statusCode).toBe(409);
    expect(await detail(pkg.packageId)).toEqual(now);
    const clash = await w.call('admin', 'PUT', 'plan-package', {
      packageId: pkg.packageId,
      objectVersionNumber: 2,
      packageName: 'Fish daily',
      tasks: [task()],
    });
    expect(clash.statusCode).toBe(409);
    expect(json<ErrorBody>(clash).code).toBe('wfpf.planPackage.nameExists');
  });

  it('lets the viewer read but not write (403)', async () => {
    expect((await create(body({ packageName: 'Viewer' }), 'viewer')).statusCode).toBe(403);
    const put = await w.call('viewer', 'PUT', 'plan-package', {
      packageId: pkg.packageId,
      objectVersionNumber: 2,
      packageName: 'V',
      tasks: [task()],
    });
    expect(put.statusCode).toBe(403);
    expect((await w.call('viewer', 'DELETE', `plan-package/${pkg.packageId}`)).statusCode).toBe(403);
    expect((await w.call('viewer', 'GET', `plan-package/${pkg.packageId}`)).statusCode).toBe(200);
  });

  it("keeps tenant B out of A's packages (404) and A's rows out of B's list", async () => {
    expect((await w.call('adminB', 'GET', `plan-package/${pkg.packageId}`, undefined, w.tB)).statusCode).toBe(
      404,
    );
    expect(
      (await w.call('adminB', 'DELETE', `plan-package/${pkg.packageId}`, undefined, w.tB)).statusCode,
    ).toBe(404);
    const put = await w.call(
      'adminB',
      'PUT',
      'plan-package',
      {
        packageId: pkg.packageId,
        objectVersionNumber: 2,
        packageName: 'Hijack',
        tasks: [{ taskName: 'x', taskTypeId: ids.typeB, dayOffset: 0, durationDays: 1 }],
      },
      w.tB,
    );
    expect(put.statusCode).toBe(404);
    const bList = await w.call('adminB', 'GET', 'plan-package?size=0', undefined, w.tB);
    expect(json<Page<PlanPackage>>(bList).totalElements).toBe(0);
    expect((await w.call('adminB', 'GET', `plan-package/${pkg.packageId}`)).statusCode).toBe(403);
    expect((await detail(pkg.packageId)).packageName).toBe('Tomato v2');
  });

  it('deletes a package and its tasks', async () => {
    const res = await w.call('admin', 'DELETE', `plan-package/${pkg.packageId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await w.call('viewer', 'GET', `plan-package/${pkg.packageId}`)).statusCode).toBe(404);
    expect((await w.call('admin', 'DELETE', `plan-package/${pkg.packageId}`)).statusCode).toBe(404);
  });
});
