import type {
  ActionResult,
  ApprovalCounts,
  ApprovalTaskItem,
  BusinessData,
  BusinessType,
  Page,
  ProcessDetail,
  ProcessModel,
} from '@tilth/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { ProcessEngine } from '../process.engine.js';
import { tasksOf } from '../process.repository.js';
import { registerApprovalDocument } from '../workflow.registry.js';
import { asUser, bindModel } from './workflow.testkit.js';

// The approval centre over HTTP: the spec's calls, who may act, and races ending in one outcome.

let s: TestServer;
let tok: RoleTokens;
let A: number;
let U: { admin: number; operator: number; viewer: number };
const calls: string[] = [];
let refuseApproval = false;

const call = (token: string, method: string, url: string, payload?: unknown) =>
  s.inject({
    method: method as 'GET',
    url,
    headers: auth(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const T = (t = A) => `/wfpf/v1/${t}/approval-task`;
const P = (t = A) => `/wfpf/v1/${t}/approval-process`;

let third = 1;
/** viewerA submits a purchase request; answers the process id. */
const submit = async (): Promise<number> => {
  const thirdId = third++;
  const r = await asUser(s, A, U.viewer, (ctx) =>
    ProcessEngine.submit(ctx, {
      docType: 'inv_purchase_request',
      thirdId,
      formCode: `PR-${thirdId}`,
      fields: {},
    }),
  );
  if (!r) throw new Error('not bound');
  return r.processId;
};
const tasks = (processId: number) => s.platform.database.withTenant(A, (tx) => tasksOf(tx, A, processId));
const pendingOf = async (processId: number, userId: number) => {
  const t = (await tasks(processId)).find(
    (x) => x.assigneeId === userId && x.state === 1 && x.taskType === 'approval',
  );
  if (!t) throw new Error(`no pending task for ${userId}`);
  return t;
};
const detail = async (token: string, processId: number) => {
  const res = await call(token, 'GET', `${P()}/${processId}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<ProcessDetail>(res);
};

beforeAll(async () => {
  s = await startTestServer();
  tok = await signInRoles(s);
  A = s.fixtures.tenantA;
  const u = s.fixtures.users;
  U = { admin: u.adminA.id, operator: u.operatorA.id, viewer: u.viewerA.id };
  registerApprovalDocument({
    docType: 'inv_purchase_request',
    onApproved: async (_ctx, id) => {
      if (refuseApproval) throw new Error('refused by the document');
      calls.push(`approved:${id}`);
    },
    onRejected: async (_ctx, id) => {
      calls.push(`rejected:${id}`);
    },
    onWithdrawn: async (_ctx, id) => {
      calls.push(`withdrawn:${id}`);
    },
  });
  const model: ProcessModel = {
    node: {
      id: 'a1',
      kind: 'approval',
      name: '主管',
      mode: 'any',
      assignees: [{ type: 'user', userIds: [U.admin, U.operator] }],
      next: {
        id: 'cc1',
        kind: 'cc',
        name: '抄送',
        assignees: [{ type: 'user', userIds: [U.operator] }],
        next: {
          id: 'a2',
          kind: 'approval',
          name: '经理',
          mode: 'single',
          assignees: [{ type: 'user', userIds: [U.admin] }],
        },
      },
    },
  };
  await bindModel(s, A, 'inv_purchase_request', model);
});
afterAll(async () => s.close());

describe('approval centre over HTTP', () => {
  it('lists, approves, sends back to the previous step, passes again and finishes once', async () => {
    const pid = await submit();
    const mine = json<Page<ApprovalTaskItem>>(
      await call(tok.admin, 'GET', `${T()}/query/page?taskType=approval&taskState=1`),
    );
    const row = mine.content.find((r) => r.processId === pid);
    expect(row).toMatchObject({
      taskState: 1,
      processState: 1,
      currentTaskName: '主管',
      docType: 'inv_purchase_request',
    });
    expect(row?.formCode).toMatch(/^PR-/);
    const counts = json<ApprovalCounts>(await call(tok.admin, 'GET', `${T()}/query/counts`));
    expect(counts.approval).toBeGreaterThanOrEqual(1);
    const submitted = json<Page<ApprovalTaskItem>>(
      await call(tok.viewer, 'GET', `${P()}/query/page?processState=1`),
    );
    expect(submitted.content.map((r) => r.processId)).toContain(pid);
    expect(
      json<Page<ApprovalTaskItem>>(await call(tok.admin, 'GET', `${P()}/query/page`)).content.map(
        (r) => r.processId,
      ),
    ).not.toContain(pid);

    const t1 = await pendingOf(pid, U.admin);
    let res = await call(tok.admin, 'PUT', `${T()}/approve/${t1.id}`, {
      taskId: t1.id,
      comment: 'ok',
      objectVersionNumber: t1.objectVersionNumber,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The other any-one task closed; the copy went to operator; step 2 waits on admin.
    const after = await tasks(pid);
    expect(after.find((t) => t.assigneeId === U.operator && t.taskType === 'approval')?.state).toBe(4);
    expect(after.filter((t) => t.taskType === 'carbon_copy').map((t) => t.assigneeId)).toEqual([U.operator]);
    const t2 = await pendingOf(pid, U.admin);
    expect(t2.nodeId).toBe('a2');
    expect((await detail(tok.admin, pid)).rejectTargets.map((r) => r.target)).toEqual([
      'applicant',
      'node:a1',
    ]);
    res = await call(tok.admin, 'PUT', `${T()}/reject/${t2.id}`, { target: 'previous', comment: '金额有误' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<ActionResult>(res).processState).toBe(1);
    const again = await pendingOf(pid, U.operator);
    expect(again.nodeId).toBe('a1');
    expect(calls).not.toContain(`rejected:${pid}`);
    res = await call(tok.operator, 'PUT', `${T()}/approve/${again.id}`, {});
    expect(res.statusCode, res.body).toBe(200);
    // The copy is not sent twice to the same person.
    expect((await tasks(pid)).filter((t) => t.taskType === 'carbon_copy')).toHaveLength(1);
    const t3 = await pendingOf(pid, U.admin);
    res = await call(tok.admin, 'PUT', `${T()}/approve/${t3.id}`, {});
    expect(json<ActionResult>(res).processState).toBe(2);
    expect(calls.filter((c) => c === `approved:${pid}`)).toHaveLength(1);
    const d = await detail(tok.viewer, pid);
    expect(d.events.map((e) => e.action)).toEqual([
      'submit',
      'approve',
      'cc',
      'reject',
      'sendBack',
      'approve',
      'approve',
      'finish',
    ]);
    expect(d.events.find((e) => e.action === 'reject')?.comment).toBe('金额有误');
    expect(d.events.find((e) => e.action === 'approve')?.tookMs).toBeGreaterThanOrEqual(0);
    // A decided task cannot be decided again.
    res = await call(tok.admin, 'PUT', `${T()}/approve/${t3.id}`, {});
    expect(res.statusCode).toBe(409);
  });

  it('lets only the assignee decide; a copy is only read; a stranger sees nothing', async () => {
    const pid = await submit();
    const t = await pendingOf(pid, U.admin);
    expect((await call(tok.viewer, 'PUT', `${T()}/approve/${t.id}`, {})).statusCode).toBe(403);
    expect((await call(tok.adminB, 'PUT', `${T()}/approve/${t.id}`, {})).statusCode).toBe(403);
    expect((await call(tok.adminB, 'PUT', `${T(s.fixtures.tenantB)}/approve/${t.id}`, {})).statusCode).toBe(
      404,
    );
    expect((await call(tok.adminB, 'GET', `${P(s.fixtures.tenantB)}/${pid}`)).statusCode).toBe(404);
    expect(
      (await call(tok.adminB, 'GET', `${T(s.fixtures.tenantB)}/query/business/data?processId=${pid}`))
        .statusCode,
    ).toBe(404);
    await call(tok.admin, 'PUT', `${T()}/approve/${t.id}`, {});
    const cc = (await tasks(pid)).find((x) => x.taskType === 'carbon_copy');
    if (!cc) throw new Error('no copy');
    expect((await call(tok.operator, 'PUT', `${T()}/approve/${cc.id}`, {})).statusCode).toBe(403);
    expect((await call(tok.admin, 'PUT', `${T()}/read/${cc.id}`, {})).statusCode).toBe(404);
    const ccList = json<Page<ApprovalTaskItem>>(
      await call(tok.operator, 'GET', `${T()}/query/page?taskType=carbon_copy&taskState=1`),
    );
    expect(ccList.content.map((r) => r.id)).toContain(cc.id);
    expect((await call(tok.operator, 'PUT', `${T()}/read/${cc.id}`, {})).statusCode).toBe(200);
    expect((await tasks(pid)).find((x) => x.id === cc.id)?.state).toBe(2);
    const data = await call(tok.operator, 'GET', `${T()}/query/business/data?processId=${pid}`);
    expect(json<BusinessData>(data)).toMatchObject({ docType: 'inv_purchase_request' });
    const list = json<BusinessType[]>(await call(tok.viewer, 'GET', `${T()}/query/business/list`));
    expect(list.find((b) => b.docType === 'inv_purchase_request')?.registered).toBe(true);
  });

  it('refuses a comment over 200 characters, a wrong taskId and a stale version, changing nothing', async () => {
    const pid = await submit();
    const t = await pendingOf(pid, U.admin);
    let res = await call(tok.admin, 'PUT', `${T()}/approve/${t.id}`, { comment: 'x'.repeat(201) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('comment');
    res = await call(tok.admin, 'PUT', `${T()}/approve/${t.id}`, { taskId: t.id + 1000 });
    expect(res.statusCode).toBe(400);
    res = await call(tok.admin, 'PUT', `${T()}/approve/${t.id}`, {
      objectVersionNumber: t.objectVersionNumber + 1,
    });
    expect(res.statusCode).toBe(409);
    res = await call(tok.admin, 'PUT', `${T()}/reject/${t.id}`, { target: 'node:nope' });
    expect(res.statusCode).toBe(400);
    expect((await pendingOf(pid, U.admin)).objectVersionNumber).toBe(t.objectVersionNumber);
  });

  it('runs the document hook in the deciding transaction: a refusal undoes the approve', async () => {
    const pid = await submit();
    const t = await pendingOf(pid, U.admin);
    await call(tok.admin, 'PUT', `${T()}/approve/${t.id}`, {});
    const t2 = await pendingOf(pid, U.admin);
    refuseApproval = true;
    const res = await call(tok.admin, 'PUT', `${T()}/approve/${t2.id}`, {});
    refuseApproval = false;
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await pendingOf(pid, U.admin)).id).toBe(t2.id);
    expect((await detail(tok.viewer, pid)).processState).toBe(1);
  });

  it('20 concurrent approvals of one any-one step: exactly one 200 and nineteen 409', async () => {
    const pid = await submit();
    const ta = await pendingOf(pid, U.admin);
    const to = await pendingOf(pid, U.operator);
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? call(tok.admin, 'PUT', `${T()}/approve/${ta.id}`, {})
          : call(tok.operator, 'PUT', `${T()}/approve/${to.id}`, {}),
      ),
    );
    const codes = res.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const a1 = (await tasks(pid)).filter((t) => t.nodeId === 'a1');
    expect(a1.filter((t) => t.state === 2)).toHaveLength(1);
  });

  it('a withdraw racing an approve ends in one of them', async () => {
    const pid = await submit();
    const t = await pendingOf(pid, U.admin);
    const [w, a] = await Promise.all([
      call(tok.viewer, 'PUT', `${P()}/withdraw/${pid}`, {}),
      call(tok.admin, 'PUT', `${T()}/approve/${t.id}`, {}),
    ]);
    expect([w.statusCode, a.statusCode].sort()).toEqual([200, 409]);
    const d = await detail(tok.viewer, pid);
    expect(d.processState).toBe(w.statusCode === 200 ? 4 : 1);
    expect(calls.filter((c) => c === `withdrawn:${pid}`)).toHaveLength(w.statusCode === 200 ? 1 : 0);
  });

  it('withdraw only by the applicant before the first decision; remind at most every 10 minutes', async () => {
    const pid = await submit();
    expect((await call(tok.admin, 'PUT', `${P()}/withdraw/${pid}`, {})).statusCode).toBe(403);
    expect((await detail(tok.viewer, pid)).canRemind).toBe(true);
    expect((await call(tok.viewer, 'PUT', `${P()}/remind/${pid}`, {})).statusCode).toBe(200);
    expect((await call(tok.viewer, 'PUT', `${P()}/remind/${pid}`, {})).statusCode).toBe(429);
    const t = await pendingOf(pid, U.admin);
    await call(tok.admin, 'PUT', `${T()}/approve/${t.id}`, {});
    const d = await detail(tok.viewer, pid);
    expect(d.canWithdraw).toBe(false);
    expect((await call(tok.viewer, 'PUT', `${P()}/withdraw/${pid}`, {})).statusCode).toBe(409);
    const other = await submit();
    const ok = await call(tok.viewer, 'PUT', `${P()}/withdraw/${other}`, { comment: '填错了' });
    expect(json<ActionResult>(ok).processState).toBe(4);
    expect((await tasks(other)).every((x) => x.state !== 1 || x.taskType !== 'approval')).toBe(true);
    expect(calls.filter((c) => c === `withdrawn:${other}`)).toHaveLength(1);
  });

  it('delegations: mine only, another user’s delete is 404', async () => {
    const start = new Date(Date.now() - 3600_000).toISOString();
    const end = new Date(Date.now() + 3600_000).toISOString();
    let res = await call(tok.admin, 'POST', `/wfpf/v1/${A}/approval-delegations`, {
      delegateId: U.operator,
      startTime: start,
      endTime: end,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = json<{ id: number }>(res).id;
    res = await call(tok.admin, 'POST', `/wfpf/v1/${A}/approval-delegations`, {
      delegateId: U.operator,
      startTime: end,
      endTime: start,
    });
    expect(res.statusCode).toBe(400);
    expect((await call(tok.viewer, 'DELETE', `/wfpf/v1/${A}/approval-delegations/${id}`)).statusCode).toBe(
      404,
    );
    const list = json<Page<{ id: number }>>(
      await call(tok.admin, 'GET', `/wfpf/v1/${A}/approval-delegations`),
    );
    expect(list.content.map((d) => d.id)).toEqual([id]);
    expect((await call(tok.admin, 'DELETE', `/wfpf/v1/${A}/approval-delegations/${id}`)).statusCode).toBe(
      200,
    );
  });
  it('transfer and add-signer over HTTP; decisions are audited; another tenant’s lists stay empty', async () => {
    const pid = await submit();
    const t = await pendingOf(pid, U.admin);
    let res = await call(tok.admin, 'PUT', `${T()}/transfer/${t.id}`, {
      userId: U.viewer,
      comment: '请代批',
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await call(tok.admin, 'PUT', `${T()}/transfer/${t.id}`, { userId: U.viewer });
    expect(res.statusCode).toBe(409);
    const mine = await pendingOf(pid, U.viewer);
    res = await call(tok.viewer, 'PUT', `${T()}/add-signer/${mine.id}`, {
      userIds: [U.admin],
      position: 'after',
    });
    expect(res.statusCode, res.body).toBe(200);
    const added = (await tasks(pid)).find((x) => x.added === 'after');
    expect(added).toMatchObject({ assigneeId: U.admin, state: 1, nodeId: 'a1' });
    res = await call(tok.admin, 'PUT', `${T()}/add-signer/${added?.id}`, {
      userIds: [999_999],
      position: 'after',
    });
    expect(res.statusCode).toBe(400);
    const audited = await s.platform.database.withTenant(A, (tx) =>
      tx.execute(sql`select action from audit_log where tenant_id = ${A} and target_id = ${String(pid)}`),
    );
    const actions = (audited as unknown as { rows: { action: string }[] }).rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['approval.transfer', 'approval.add-signer']));
    const B = s.fixtures.tenantB;
    const theirs = json<Page<ApprovalTaskItem>>(await call(tok.adminB, 'GET', `${T(B)}/query/page`));
    expect(theirs.content).toEqual([]);
    expect(json<ApprovalCounts>(await call(tok.adminB, 'GET', `${T(B)}/query/counts`))).toEqual({
      approval: 0,
      carbonCopy: 0,
    });
  });
});
