import type { ErrorBody, Page } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import {
  insertInput,
  insertTaskType,
  insertWorker,
  makeClient,
  movementsOf,
  setStock,
  stockOf,
  type TaskBody,
  uploadPhoto,
  type Who,
} from './task.fixtures.js';

let s: TestServer;
let tA: number;
let tB: number;
let tok: RoleTokens;
let call: ReturnType<typeof makeClient>['call'];
const ids = {
  base: 0,
  base2: 0,
  plot: 0,
  plot2: 0,
  type: 0,
  typeOff: 0,
  wOp: 0,
  wView: 0,
  wFree: 0,
  wOff: 0,
};
const inputs = { urea: 0, spray: 0 };
const inB = { base: 0, type: 0 };

const url = (rest = '', tenant = tA) => `/wfpf/v1/${tenant}/task${rest}`;
const ok = <T = TaskBody>(res: { statusCode: number; body: string; json: () => unknown }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const err = (res: { json: () => unknown }) => res.json() as ErrorBody;

const create = (who: Who, extra: Record<string, unknown> = {}) =>
  call(who, 'POST', url(), {
    taskName: 'Weeding',
    taskTypeId: ids.type,
    areaId: ids.base,
    startDate: '2099-03-01',
    endDate: '2099-03-05',
    ...extra,
  });
const act = (who: Who, t: TaskBody, action: string, extra: Record<string, unknown> = {}) =>
  call(who, 'POST', url(`/${t.taskId}/${action}`), { objectVersionNumber: t.objectVersionNumber, ...extra });
const get = async (id: number) => ok(await call('admin', 'GET', url(`/${id}`)));

/** A task the operator created and leads, brought to a stored state through the API. */
const taskIn = async (state: string): Promise<TaskBody> => {
  if (state === 'unassigned') return ok(await create('operator'));
  let t = ok(await create('operator', { leaderWorkerId: ids.wOp, participantIds: [ids.wFree] }));
  if (state === 'not_started') return t;
  if (state === 'canceled') return ok(await act('operator', t, 'cancel', { reason: 'rain' }));
  t = ok(await act('operator', t, 'start'));
  if (state === 'in_progress') return t;
  t = ok(await act('operator', t, 'finish', { note: 'done' }));
  if (state === 'finished') return t;
  return ok(await act('operator', t, 'approve'));
};

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  tok = await signInRoles(s);
  call = makeClient(s, tok).call;
  const post = async (who: Who, tenant: number, path: string, payload: Record<string, unknown>) =>
    ok<Record<string, number>>(await call(who, 'POST', `/wfpf/v1/${tenant}/${path}`, payload));
  ids.base = (await post('admin', tA, 'area', { areaName: 'North fields' })).areaId ?? 0;
  ids.base2 = (await post('admin', tA, 'area', { areaName: 'South fields' })).areaId ?? 0;
  ids.plot = (await post('admin', tA, 'land', { areaId: ids.base, landName: 'Plot 1' })).landId ?? 0;
  ids.plot2 = (await post('admin', tA, 'land', { areaId: ids.base2, landName: 'Plot 9' })).landId ?? 0;
  ids.type = await insertTaskType(s, tA, 'Fertilising');
  ids.typeOff = await insertTaskType(s, tA, 'Retired', 0);
  ids.wOp = await insertWorker(s, tA, 'Li Lei', s.fixtures.users.operatorA.id);
  ids.wView = await insertWorker(s, tA, 'Han Meimei', s.fixtures.users.viewerA.id);
  ids.wFree = await insertWorker(s, tA, 'Wang Wu', null);
  ids.wOff = await insertWorker(s, tA, 'Gone', null, 0);
  inputs.urea = await insertInput(s, tA, 'Urea');
  inputs.spray = await insertInput(s, tA, 'Spray', 'L');
  inB.base = (await post('adminB', tB, 'area', { areaName: 'B base' })).areaId ?? 0;
  inB.type = await insertTaskType(s, tB, 'B type');
});
afterAll(async () => {
  await s?.close();
});

describe('tasks: create and edit', () => {
  it('creates an unassigned task without a leader, a not started one with a leader', async () => {
    const t = ok(await create('admin', { taskName: '  Weeding ', landId: ids.plot }));
    expect(t).toMatchObject({
      taskName: 'Weeding',
      storedStatus: 'unassigned',
      status: 'unassigned',
      taskTypeName: 'Fertilising',
      areaName: 'North fields',
      landName: 'Plot 1',
      objectVersionNumber: 1,
    });
    const a = ok(
      await create('admin', {
        leaderWorkerId: ids.wOp,
        participantIds: [ids.wFree, ids.wOp],
        plannedInputs: [{ inputId: inputs.urea, amount: 2.5 }],
      }),
    );
    expect(a.storedStatus).toBe('not_started');
    expect(a.leaderName).toBe('Li Lei');
    // The leader is not listed again among participants.
    expect(a.participants).toEqual([{ workerId: ids.wFree, workerName: 'Wang Wu' }]);
    expect(a.plannedInputs).toEqual([{ inputId: inputs.urea, inputName: 'Urea', unit: 'kg', quantity: 2.5 }]);
  });

  it('refuses bad input with a 400 naming the rule, and creates nothing', async () => {
    const before = ok<Page<TaskBody>>(await call('admin', 'GET', url('?size=0'))).totalElements;
    const cases: [Record<string, unknown>, string][] = [
      [{ taskName: '   ' }, 'error.validation'],
      [{ taskName: 'x'.repeat(61) }, 'error.validation'],
      [{ startDate: '2099-03-06' }, 'wfpf.task.dateOrder'],
      [{ participantIds: [ids.wFree] }, 'wfpf.task.leaderRequired'],
      [{ leaderWorkerId: ids.wOff }, 'wfpf.task.workerNotFound'],
      [{ leaderWorkerId: ids.wOp, participantIds: [ids.wFree, ids.wFree] }, 'wfpf.task.duplicateWorker'],
      [
        {
          plannedInputs: [
            { inputId: inputs.urea, amount: 1 },
            { inputId: inputs.urea, amount: 2 },
          ],
        },
        'wfpf.task.duplicateInput',
      ],
      [{ plannedInputs: [{ inputId: 999_999, amount: 1 }] }, 'wfpf.task.inputNotFound'],
      [{ landId: ids.plot2 }, 'wfpf.task.landNotFound'],
      [{ taskTypeId: ids.typeOff }, 'wfpf.task.typeNotFound'],
      [{ taskTypeId: inB.type }, 'wfpf.task.typeNotFound'],
      [{ areaId: inB.base }, 'wfpf.task.areaNotFound'],
    ];
    for (const [extra, code] of cases) {
      const res = await create('admin', extra);
      expect(res.statusCode, `${JSON.stringify(extra)} ${res.body}`).toBe(400);
      expect(err(res).code).toBe(code);
    }
    const dateOrder = await create('admin', { startDate: '2099-03-06' });
    expect(err(dateOrder).message).toBe('endDate: start date cannot be later than end date');
    expect(ok<Page<TaskBody>>(await call('admin', 'GET', url('?size=0'))).totalElements).toBe(before);
  });

  it('edits a task before it starts; a stale version is 409 and changes nothing', async () => {
    const t = ok(await create('admin'));
    const edited = ok(
      await call('admin', 'PUT', url(), { taskId: t.taskId, objectVersionNumber: 1, taskName: 'Hoeing' }),
    );
    expect(edited).toMatchObject({ taskName: 'Hoeing', objectVersionNumber: 2 });
    const stale = await call('admin', 'PUT', url(), {
      taskId: t.taskId,
      objectVersionNumber: 1,
      taskName: 'X',
    });
    expect(stale.statusCode).toBe(409);
    expect(err(stale).code).toBe('error.objectVersionNumber.stale');
    const bad = await call('admin', 'PUT', url(), {
      taskId: t.taskId,
      objectVersionNumber: 2,
      endDate: '2099-02-01',
    });
    expect(err(bad).code).toBe('wfpf.task.dateOrder');
    expect((await get(t.taskId)).taskName).toBe('Hoeing');
  });
});

describe('tasks: transitions', () => {
  const states = ['unassigned', 'not_started', 'in_progress', 'finished', 'closed', 'canceled'];
  // What each action does from each state; absent means 409.
  const allowed: Record<string, Record<string, string>> = {
    edit: { unassigned: 'unassigned', not_started: 'not_started' },
    delete: { unassigned: 'gone', not_started: 'gone', canceled: 'gone' },
    assign: { unassigned: 'not_started', not_started: 'not_started' },
    start: { not_started: 'in_progress' },
    finish: { in_progress: 'finished' },
    approve: { finished: 'closed' },
    reject: { finished: 'in_progress' },
    end: { not_started: 'closed', in_progress: 'closed' },
    cancel: { unassigned: 'canceled', not_started: 'canceled', in_progress: 'canceled' },
  };
  const perform = (t: TaskBody, action: string) => {
    const v = t.objectVersionNumber;
    if (action === 'edit')
      return call('operator', 'PUT', url(), { taskId: t.taskId, objectVersionNumber: v, taskName: 'E' });
    if (action === 'delete') return call('operator', 'DELETE', url(`/${t.taskId}?objectVersionNumber=${v}`));
    if (action === 'assign') return act('operator', t, 'assign', { leaderWorkerId: ids.wOp });
    if (['reject', 'end', 'cancel'].includes(action)) return act('operator', t, action, { reason: 'why' });
    return act('operator', t, action);
  };

  for (const [action, to] of Object.entries(allowed)) {
    for (const from of states) {
      const target = to[from];
      it(`${action} from ${from}: ${target ?? '409'}`, async () => {
        const t = await taskIn(from);
        expect(t.storedStatus).toBe(from);
        expect(t.actions.includes(action)).toBe(target !== undefined);
        const res = await perform(t, action);
        if (target === undefined) {
          expect(res.statusCode, res.body).toBe(409);
          expect(err(res).code).toBe('wfpf.task.badTransition');
          expect((await get(t.taskId)).storedStatus).toBe(from);
        } else if (target === 'gone') {
          expect(res.statusCode, res.body).toBe(200);
          expect((await call('admin', 'GET', url(`/${t.taskId}`))).statusCode).toBe(404);
        } else {
          expect(ok(res).storedStatus).toBe(target);
        }
      });
    }
  }

  it('names the current state in the caller language', async () => {
    const t = await taskIn('in_progress');
    const en = await act('operator', t, 'start');
    expect(err(en).message).toBe('The task is in progress; it cannot be started');
    const zh = await call(
      'operator',
      'POST',
      url(`/${t.taskId}/start`),
      { objectVersionNumber: t.objectVersionNumber },
      'zh-CN',
    );
    expect(err(zh).message).toBe('任务当前为“进行中”状态，不能开始');
  });

  it('assigning needs a leader', async () => {
    const t = await taskIn('unassigned');
    const res = await act('admin', t, 'assign', { participantIds: [ids.wFree] });
    expect(res.statusCode).toBe(400);
    expect(err(res)).toMatchObject({
      code: 'wfpf.task.leaderRequired',
      message: 'leaderWorkerId: a task needs a leader before assignment',
    });
    const done = ok(
      await act('admin', t, 'assign', { leaderWorkerId: ids.wView, participantIds: [ids.wFree] }),
    );
    expect(done).toMatchObject({ storedStatus: 'not_started', leaderName: 'Han Meimei' });
  });

  it('only the leader or a participant starts and finishes; others get 403', async () => {
    const t = ok(await create('admin', { leaderWorkerId: ids.wOp }));
    const admin = await act('admin', t, 'start');
    expect(admin.statusCode).toBe(403);
    expect(err(admin).code).toBe('wfpf.task.notWorker');
    const viewer = await act('viewer', t, 'start');
    expect(viewer.statusCode).toBe(403);
    const started = ok(await act('operator', t, 'start'));
    expect(started.timeline.map((e) => e.event)).toEqual(['created', 'started']);
    // The viewer takes part in this one, so may start it.
    const v = ok(await create('admin', { leaderWorkerId: ids.wOp, participantIds: [ids.wView] }));
    expect(ok(await act('viewer', v, 'start')).storedStatus).toBe('in_progress');
  });

  it('approve and reject need the creator or the approve permission; reject keeps a reason', async () => {
    const t = await taskIn('finished');
    const viewer = await act('viewer', t, 'reject', { reason: 'no' });
    expect(viewer.statusCode).toBe(403);
    expect(err(viewer).code).toBe('wfpf.task.notReviewer');
    const missing = await act('operator', t, 'reject', { reason: '  ' });
    expect(missing.statusCode).toBe(400);
    const back = ok(await act('admin', t, 'reject', { reason: 'Rows 3-5 missed' }));
    expect(back).toMatchObject({ storedStatus: 'in_progress', reason: 'Rows 3-5 missed' });
    expect(back.timeline.map((e) => e.event)).toEqual(['created', 'started', 'finished', 'rejected']);
    const again = ok(await act('operator', back, 'finish', { note: 'fixed' }));
    const closed = ok(await act('admin', again, 'approve'));
    expect(closed).toMatchObject({ storedStatus: 'closed', reason: null });
    expect(closed.timeline.at(-1)?.event).toBe('approved');
  });

  it('a stale objectVersionNumber is 409 and changes nothing', async () => {
    const t = await taskIn('not_started');
    const res = await call('operator', 'POST', url(`/${t.taskId}/start`), { objectVersionNumber: 99 });
    expect(res.statusCode).toBe(409);
    expect(err(res).code).toBe('error.objectVersionNumber.stale');
    expect((await get(t.taskId)).storedStatus).toBe('not_started');
  });
});

describe('tasks: finishing with inputs and photos', () => {
  it('takes the inputs out of the base stock exactly and records the movements', async () => {
    await setStock(s, tA, ids.base, inputs.urea, '10.000');
    await setStock(s, tA, ids.base, inputs.spray, '1.000');
    const t = await taskIn('in_progress');
    const photo = await uploadPhoto(s, tok.operator, tA);
    const done = ok(
      await act('operator', t, 'finish', {
        note: 'Top dressing',
        photos: [photo],
        inputs: [
          { inputId: inputs.urea, quantity: 2.125 },
          { inputId: inputs.spray, quantity: 0.1 },
        ],
      }),
    );
    expect(done).toMatchObject({ storedStatus: 'finished', finishPhotos: [photo] });
    expect(done.usedInputs).toEqual([
      { inputId: inputs.urea, inputName: 'Urea', unit: 'kg', quantity: 2.125 },
      { inputId: inputs.spray, inputName: 'Spray', unit: 'L', quantity: 0.1 },
    ]);
    expect(await stockOf(s, tA, ids.base, inputs.urea)).toBe('7.875');
    expect(await stockOf(s, tA, ids.base, inputs.spray)).toBe('0.900');
    const moves = await movementsOf(s, tA, t.taskId);
    expect(moves.map((m) => [m.inputId, m.quantity, m.balanceAfter, m.sourceCode]).sort()).toEqual(
      [
        [inputs.urea, '-2.125', '7.875', 'Weeding'],
        [inputs.spray, '-0.100', '0.900', 'Weeding'],
      ].sort(),
    );
  });

  it('more than in stock is 409 and changes nothing', async () => {
    await setStock(s, tA, ids.base, inputs.urea, '1.000');
    await setStock(s, tA, ids.base, inputs.spray, '5.000');
    const t = await taskIn('in_progress');
    const res = await act('operator', t, 'finish', {
      inputs: [
        { inputId: inputs.spray, quantity: 1 },
        { inputId: inputs.urea, quantity: 1.5 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(err(res)).toMatchObject({
      code: 'wfpf.agricultural.insufficientStock',
      message: 'Not enough stock: North fields has 1.000 of Urea, 1.500 needed',
    });
    const after = await get(t.taskId);
    expect(after).toMatchObject({
      storedStatus: 'in_progress',
      objectVersionNumber: t.objectVersionNumber,
      usedInputs: [],
    });
    expect(await stockOf(s, tA, ids.base, inputs.urea)).toBe('1.000');
    expect(await stockOf(s, tA, ids.base, inputs.spray)).toBe('5.000');
    expect(await movementsOf(s, tA, t.taskId)).toEqual([]);
  });

  it('refuses the same input twice, unknown inputs, and photos of another tenant', async () => {
    const t = await taskIn('in_progress');
    const twice = await act('operator', t, 'finish', {
      inputs: [
        { inputId: inputs.urea, quantity: 0.1 },
        { inputId: inputs.urea, quantity: 0.2 },
      ],
    });
    expect(err(twice).code).toBe('wfpf.task.duplicateInput');
    const photoB = await uploadPhoto(s, tok.adminB, tB);
    const foreign = await act('operator', t, 'finish', { photos: [photoB] });
    expect(foreign.statusCode).toBe(400);
    expect(err(foreign).code).toBe('wfpf.task.photoNotFound');
    // The same file id under this tenant's path is still not a file of this tenant.
    const smuggled = await act('operator', t, 'finish', {
      photos: [photoB.replace(`/v1/${tB}/`, `/v1/${tA}/`)],
    });
    expect(err(smuggled).code).toBe('wfpf.task.photoNotFound');
    const tooMany = await act('operator', t, 'finish', { photos: Array(10).fill(photoB) });
    expect(tooMany.statusCode).toBe(400);
    expect((await get(t.taskId)).storedStatus).toBe('in_progress');
  });
});

describe('tasks: lists', () => {
  it('derives overdue: filterable, shown, and still startable', async () => {
    const late = ok(
      await create('admin', {
        taskName: 'Late',
        leaderWorkerId: ids.wOp,
        startDate: '2020-01-01',
        endDate: '2020-01-02',
      }),
    );
    expect(late).toMatchObject({ storedStatus: 'not_started', status: 'overdue', overdue: true });
    const overdue = ok<Page<TaskBody>>(await call('admin', 'GET', url('?size=0&status=overdue')));
    expect(overdue.content.map((t) => t.taskId)).toContain(late.taskId);
    expect(overdue.content.every((t) => t.status === 'overdue')).toBe(true);
    const notStarted = ok<Page<TaskBody>>(await call('admin', 'GET', url('?size=0&status=not_started')));
    expect(notStarted.content.map((t) => t.taskId)).not.toContain(late.taskId);
    const started = ok(await act('operator', late, 'start'));
    expect(started).toMatchObject({ storedStatus: 'in_progress', status: 'overdue' });
    const finished = ok(await act('operator', started, 'finish'));
    expect(finished).toMatchObject({ status: 'finished', overdue: false });
  });

  it('filters by name, leader and date overlap, and pages', async () => {
    const page = ok<Page<TaskBody>>(await call('admin', 'GET', url('?page=0&size=2&taskName=weed')));
    expect(page.content).toHaveLength(2);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 2));
    expect(page.content.every((t) => t.taskName.toLowerCase().includes('weed'))).toBe(true);
    const byLeader = ok<Page<TaskBody>>(
      await call('admin', 'GET', url(`?size=0&leaderWorkerId=${ids.wView}`)),
    );
    expect(byLeader.content.every((t) => t.leaderWorkerId === ids.wView)).toBe(true);
    const old = ok<Page<TaskBody>>(
      await call('admin', 'GET', url('?size=0&startDate=2019-12-01&endDate=2020-01-01')),
    );
    expect(old.content.map((t) => t.taskName)).toEqual(['Late']);
  });

  it("my tasks: only the tasks the user's worker leads or takes part in; an unlinked user gets an empty page", async () => {
    const mineOp = ok<Page<TaskBody>>(await call('operator', 'GET', url('/mine?size=0')));
    expect(mineOp.totalElements).toBeGreaterThan(0);
    for (const t of mineOp.content) {
      expect(t.leaderWorkerId === ids.wOp || t.participants.some((p) => p.workerId === ids.wOp)).toBe(true);
    }
    const mineView = ok<Page<TaskBody>>(await call('viewer', 'GET', url('/mine?size=0')));
    expect(mineView.totalElements).toBeGreaterThan(0);
    for (const t of mineView.content) {
      expect(t.leaderWorkerId === ids.wView || t.participants.some((p) => p.workerId === ids.wView)).toBe(
        true,
      );
    }
    const none = ok<Page<TaskBody>>(await call('admin', 'GET', url('/mine')));
    expect(none).toEqual({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 10 });
  });
});

describe('tasks: access and tenants', () => {
  it('a viewer reads but may not create, edit, assign or delete', async () => {
    expect((await call('viewer', 'GET', url())).statusCode).toBe(200);
    const t = await taskIn('unassigned');
    expect((await create('viewer')).statusCode).toBe(403);
    expect(
      (await call('viewer', 'PUT', url(), { taskId: t.taskId, objectVersionNumber: 1, taskName: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await act('viewer', t, 'assign', { leaderWorkerId: ids.wOp })).statusCode).toBe(403);
    expect((await act('viewer', t, 'cancel', { reason: 'x' })).statusCode).toBe(403);
    expect((await call('viewer', 'DELETE', url(`/${t.taskId}`))).statusCode).toBe(403);
    expect((await get(t.taskId)).storedStatus).toBe('unassigned');
  });

  it("another tenant neither sees nor changes A's tasks", async () => {
    const t = await taskIn('not_started');
    expect((await call('adminB', 'GET', url(`/${t.taskId}`))).statusCode).toBe(403);
    expect((await call('adminB', 'GET', url(`/${t.taskId}`, tB))).statusCode).toBe(404);
    const res = await call('adminB', 'POST', url(`/${t.taskId}/cancel`, tB), {
      objectVersionNumber: 1,
      reason: 'x',
    });
    expect(res.statusCode).toBe(404);
    expect((await call('adminB', 'DELETE', url(`/${t.taskId}`, tB))).statusCode).toBe(404);
    const listB = ok<Page<TaskBody>>(await call('adminB', 'GET', url('?size=0', tB)));
    expect(listB.totalElements).toBe(0);
    expect((await get(t.taskId)).storedStatus).toBe('not_started');
    expect(json<TaskBody>(await call('admin', 'GET', url(`/${t.taskId}`))).objectVersionNumber).toBe(1);
  });
});
