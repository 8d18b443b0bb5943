import type { ErrorBody, Page } from '@tilth/contracts';
import type { Worker, WorkerCandidateUser } from '@tilth/contracts/worker.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { taskParticipants, tasks } from '../../task/task.tables.js';

let s: TestServer;
let tA: number;
let tB: number;
let tok: RoleTokens;
const ids = { field: 0, pond: 0, baseB: 0 };
type Who = keyof RoleTokens;
const en = { 'accept-language': 'en-US' };
const url = (tenant: number, rest = '') => `/wfpf/v1/${tenant}/worker${rest}`;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  s.inject({
    method,
    url: path,
    headers: { ...auth(tok[who]), ...en },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const create = (who: Who, payload: Record<string, unknown>, tenant = tA) =>
  call(who, 'POST', url(tenant), payload);
const update = (who: Who, payload: Record<string, unknown>, tenant = tA) =>
  call(who, 'PUT', url(tenant), payload);
const made = async (payload: Record<string, unknown>) => {
  const res = await create('admin', payload);
  expect(res.statusCode, res.body).toBe(200);
  return json<Worker>(res);
};
const list = async (query = '') =>
  json<Page<Worker>>(await call('viewer', 'GET', url(tA, `?size=0${query}`)));
const code = (res: { body: string }) => (JSON.parse(res.body) as ErrorBody).code;

const addTask = async (status: string, leader: number | null, participants: number[] = []) => {
  await s.platform.database.withTenant(tA, async (tx) => {
    const [t] = await tx
      .insert(tasks)
      .values({
        tenantId: tA,
        taskName: `task ${status}`,
        startDate: '2025-03-01',
        endDate: '2025-03-05',
        status,
        leaderWorkerId: leader,
      })
      .returning();
    for (const workerId of participants) {
      await tx.insert(taskParticipants).values({ tenantId: tA, taskId: t?.id ?? 0, workerId });
    }
  });
};

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  tok = await signInRoles(s);
  const base = async (who: Who, tenant: number, areaName: string) => {
    const res = await call(who, 'POST', `/wfpf/v1/${tenant}/area`, { areaName });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ areaId: number }>(res).areaId;
  };
  ids.field = await base('admin', tA, 'Panyu fields');
  ids.pond = await base('admin', tA, 'Nansha ponds');
  ids.baseB = await base('adminB', tB, 'B base');
});
afterAll(async () => {
  await s?.close();
});

describe('workers: create and read', () => {
  it('adds a worker with trimmed text, the base and the linked user named', async () => {
    const w = await made({
      name: '  Zhang San ',
      phone: '13912345678',
      organizationId: ids.field,
      userId: s.fixtures.users.operatorA.id,
      jobTitle: ' Team lead ',
      description: '',
    });
    expect(w).toMatchObject({
      name: 'Zhang San',
      phone: '13912345678',
      organizationId: ids.field,
      areaName: 'Panyu fields',
      userId: s.fixtures.users.operatorA.id,
      userName: 'operatorA',
      jobTitle: 'Team lead',
      description: null,
      enabledFlag: 1,
      objectVersionNumber: 1,
    });
    const one = await call('viewer', 'GET', url(tA, `/${w.workerId}`));
    expect(one.statusCode).toBe(200);
    expect(json<Worker>(one)).toEqual(w);
  });

  it('adds a worker with only a name (no base, no phone, no user)', async () => {
    const w = await made({ name: 'Li Si' });
    expect(w).toMatchObject({
      phone: null,
      organizationId: null,
      areaName: null,
      userId: null,
      userName: null,
    });
  });

  it.each([
    [{ name: '   ' }, 'blank name'],
    [{ name: 'x'.repeat(31) }, 'name over 30'],
    [{}, 'missing name'],
    [{ name: 'A', phone: '23912345678' }, 'phone not starting with 1'],
    [{ name: 'A', phone: '1391234567' }, 'phone of 10 digits'],
    [{ name: 'A', phone: '139123456789' }, 'phone of 12 digits'],
    [{ name: 'A', enabledFlag: 2 }, 'enabledFlag 2'],
    [{ name: 'A', extra: 1 }, 'unknown field'],
  ] as [Record<string, unknown>, string][])(
    'refuses %j (%s) with 400 and stores nothing',
    async (payload) => {
      const before = (await list()).totalElements;
      const res = await create('admin', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect((await list()).totalElements).toBe(before);
    },
  );

  it('refuses a unit of another tenant, none at all, or the enterprise root', async () => {
    const tree = await call('admin', 'GET', `/wfpf/v1/${tA}/organization/tree`);
    const rootId = json<{ id: number }[]>(tree)[0]?.id ?? 0;
    for (const organizationId of [ids.baseB, 999_999, rootId]) {
      const res = await create('admin', { name: 'A', organizationId });
      expect(res.statusCode).toBe(400);
      expect(code(res)).toBe('wfpf.worker.areaNotFound');
    }
  });

  it('accepts any other unit of the tree, such as a department (ADR 0011)', async () => {
    const dept = await call('admin', 'POST', `/wfpf/v1/${tA}/organization`, {
      name: 'Field team',
      organizationType: 'department',
      parentId: ids.field,
    });
    expect(dept.statusCode, dept.body).toBe(200);
    const deptId = json<{ id: number }>(dept).id;
    const w = await made({ name: 'Team member', organizationId: deptId });
    expect(w).toMatchObject({ organizationId: deptId, areaName: 'Field team' });
    const res = await call('admin', 'DELETE', url(tA, `/${w.workerId}`));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a user who is not a member of the tenant', async () => {
    const res = await create('admin', { name: 'A', userId: s.fixtures.users.adminB.id });
    expect(res.statusCode).toBe(400);
    expect(code(res)).toBe('wfpf.worker.userNotMember');
  });

  it('links a user to one worker at most: 409 naming the worker', async () => {
    const res = await create('admin', { name: 'Other', userId: s.fixtures.users.operatorA.id });
    expect(res.statusCode).toBe(409);
    expect(json<ErrorBody>(res)).toMatchObject({ code: 'wfpf.worker.userLinked' });
    expect(json<ErrorBody>(res).message).toContain('Zhang San');
  });

  it('filters by name, base and enabled flag, and pages', async () => {
    await made({ name: 'Pond keeper', organizationId: ids.pond, enabledFlag: 0 });
    expect((await list('&name=zhang')).content.map((w) => w.name)).toEqual(['Zhang San']);
    expect((await list(`&organizationId=${ids.pond}`)).content.map((w) => w.name)).toEqual(['Pond keeper']);
    expect((await list('&enabledFlag=0')).content.map((w) => w.name)).toEqual(['Pond keeper']);
    expect((await list('&name=%25')).totalElements).toBe(0);
    const page = json<Page<Worker>>(await call('viewer', 'GET', url(tA, '?page=1&size=2')));
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, number: 1, size: 2 });
    expect(page.content).toHaveLength(1);
  });

  it('answers the worker of the signed-in user, or null', async () => {
    const mine = await call('operator', 'GET', url(tA, '/self'));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(json<Worker>(mine)).toMatchObject({ name: 'Zhang San', userId: s.fixtures.users.operatorA.id });
    const none = await call('viewer', 'GET', url(tA, '/self'));
    expect(none.statusCode, none.body).toBe(200);
    expect(none.body).toBe('null');
  });

  it('offers members not linked yet, and the linked user when editing that worker', async () => {
    const zhang = (await list('&name=Zhang')).content[0];
    const free = json<WorkerCandidateUser[]>(await call('admin', 'GET', url(tA, '/candidate-users')));
    const freeIds = free.map((u) => u.userId);
    expect(freeIds).toContain(s.fixtures.users.adminA.id);
    expect(freeIds).toContain(s.fixtures.users.viewerA.id);
    expect(freeIds).not.toContain(s.fixtures.users.operatorA.id);
    expect(freeIds).not.toContain(s.fixtures.users.adminB.id);
    const editing = json<WorkerCandidateUser[]>(
      await call('admin', 'GET', url(tA, `/candidate-users?workerId=${zhang?.workerId}`)),
    );
    expect(editing.map((u) => u.userId)).toContain(s.fixtures.users.operatorA.id);
    expect((await call('viewer', 'GET', url(tA, '/candidate-users'))).statusCode).toBe(403);
  });
});

describe('workers: edit and delete', () => {
  it('edits, keeping omitted fields; stale version → 409 and nothing changes', async () => {
    const w = await made({ name: 'Wang Wu', phone: '13800001111', organizationId: ids.field });
    const res = await update('operator', {
      workerId: w.workerId,
      objectVersionNumber: 1,
      name: 'Wang Wu 2',
      organizationId: ids.pond,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Worker>(res)).toMatchObject({
      name: 'Wang Wu 2',
      phone: '13800001111',
      organizationId: ids.pond,
      areaName: 'Nansha ponds',
      objectVersionNumber: 2,
    });
    const stale = await update('admin', { workerId: w.workerId, objectVersionNumber: 1, name: 'Late' });
    expect(stale.statusCode).toBe(409);
    expect(code(stale)).toBe('error.objectVersionNumber.stale');
    const now = json<Worker>(await call('viewer', 'GET', url(tA, `/${w.workerId}`)));
    expect(now.name).toBe('Wang Wu 2');
  });

  it('refuses to link an edited worker to a user already linked, or to a non-member', async () => {
    const w = await made({ name: 'Zhao Liu' });
    const taken = await update('admin', {
      workerId: w.workerId,
      objectVersionNumber: 1,
      name: 'Zhao Liu',
      userId: s.fixtures.users.operatorA.id,
    });
    expect(taken.statusCode).toBe(409);
    expect(code(taken)).toBe('wfpf.worker.userLinked');
    const outsider = await update('admin', {
      workerId: w.workerId,
      objectVersionNumber: 1,
      name: 'Zhao Liu',
      userId: s.fixtures.users.adminB.id,
    });
    expect(outsider.statusCode).toBe(400);
    const badPhone = await update('admin', {
      workerId: w.workerId,
      objectVersionNumber: 1,
      name: 'Zhao Liu',
      phone: 'abc',
    });
    expect(badPhone.statusCode).toBe(400);
    const linked = await update('admin', {
      workerId: w.workerId,
      objectVersionNumber: 1,
      name: 'Zhao Liu',
      userId: s.fixtures.users.viewerA.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(json<Worker>(linked).userName).toBe('viewerA');
  });

  it('refuses to delete a worker leading or taking part in an open task; allows it once tasks are done', async () => {
    const leader = await made({ name: 'Leader' });
    const helper = await made({ name: 'Helper' });
    const done = await made({ name: 'Done' });
    await addTask('in_progress', leader.workerId);
    await addTask('not_started', null, [helper.workerId]);
    await addTask('finished', done.workerId, [done.workerId]);
    for (const w of [leader, helper]) {
      const res = await call('admin', 'DELETE', url(tA, `/${w.workerId}`));
      expect(res.statusCode).toBe(409);
      expect(code(res)).toBe('wfpf.worker.hasOpenTasks');
      expect((await call('viewer', 'GET', url(tA, `/${w.workerId}`))).statusCode).toBe(200);
    }
    const ok = await call('operator', 'DELETE', url(tA, `/${done.workerId}`));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call('viewer', 'GET', url(tA, `/${done.workerId}`))).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', url(tA, `/${done.workerId}`))).statusCode).toBe(404);
  });
});

describe('workers: access', () => {
  it('refuses writes to a viewer with 403 and changes nothing', async () => {
    const w = await made({ name: 'Guarded' });
    expect((await create('viewer', { name: 'Nope' })).statusCode).toBe(403);
    expect(
      (await update('viewer', { workerId: w.workerId, objectVersionNumber: 1, name: 'Nope' })).statusCode,
    ).toBe(403);
    expect((await call('viewer', 'DELETE', url(tA, `/${w.workerId}`))).statusCode).toBe(403);
    expect(json<Worker>(await call('viewer', 'GET', url(tA, `/${w.workerId}`))).name).toBe('Guarded');
    expect((await list('&name=Nope')).totalElements).toBe(0);
  });

  it("hides a tenant's workers from another tenant (404) and lists none of them", async () => {
    const w = await made({ name: 'Private' });
    expect((await call('adminB', 'GET', url(tB, `/${w.workerId}`))).statusCode).toBe(404);
    expect(
      (await update('adminB', { workerId: w.workerId, objectVersionNumber: 1, name: 'Hijack' }, tB))
        .statusCode,
    ).toBe(404);
    expect((await call('adminB', 'DELETE', url(tB, `/${w.workerId}`))).statusCode).toBe(404);
    const theirs = json<Page<Worker>>(await call('adminB', 'GET', url(tB, '?size=0')));
    expect(theirs.totalElements).toBe(0);
    expect((await call('adminB', 'GET', url(tA))).statusCode).toBe(403);
  });
});
