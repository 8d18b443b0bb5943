import type { ApprovalNode, AssigneeRule, ProcessNode } from '@tilth/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../platform/db/rows.js';
import { startTestServer, type TestServer } from '../../../../test/harness.js';
import { ProcessEngine } from '../process.engine.js';
import { eventsOf, findProcess, tasksOf } from '../process.repository.js';
import { TaskService } from '../task.service.js';
import { asUser, bindModel, standInDocument } from './workflow.testkit.js';

// The engine on a real database: every step kind, assignee rule and action.

let s: TestServer;
let A: number;
let admin: number;
let operator: number;
let viewer: number;
let flows = 0;
let third = 1000;

const ap = (id: string, assignees: AssigneeRule[], extra: Partial<ApprovalNode> = {}): ApprovalNode => ({
  id,
  kind: 'approval',
  name: id,
  mode: 'single',
  assignees,
  ...extra,
});
const users = (...ids: number[]): AssigneeRule[] => [{ type: 'user', userIds: ids }];
const chain = (...nodes: ProcessNode[]): ProcessNode => {
  for (let i = nodes.length - 2; i >= 0; i--) (nodes[i] as ProcessNode).next = nodes[i + 1];
  return nodes[0] as ProcessNode;
};

/** Binds a model to farm_plan and submits a plan as viewerA; answers the process id. */
const run = async (node: ProcessNode, chosen?: Record<string, number[]>): Promise<number> => {
  await bindModel(s, A, 'farm_plan', { node }, `engine ${flows++}`);
  const r = await asUser(s, A, viewer, (ctx) =>
    ProcessEngine.submit(ctx, { docType: 'farm_plan', thirdId: third++, formCode: 'JH', fields: {}, chosen }),
  );
  if (!r) throw new Error('not bound');
  return r.processId;
};
const tasks = (pid: number) => s.platform.database.withTenant(A, (tx) => tasksOf(tx, A, pid));
const proc = async (pid: number) => {
  const p = await s.platform.database.withTenant(A, (tx) => findProcess(tx, A, pid));
  if (!p) throw new Error('no process');
  return p;
};
const events = async (pid: number) =>
  (await s.platform.database.withTenant(A, (tx) => eventsOf(tx, A, pid))).map((e) => e.action);
/** [nodeId, assignee, state] of the current approval tasks. */
const open = async (pid: number) =>
  (await tasks(pid))
    .filter((t) => t.taskType === 'approval' && t.current && (t.state === 0 || t.state === 1))
    .map((t) => [t.nodeId, t.assigneeId, t.state]);
const taskOf = async (pid: number, userId: number) => {
  const t = (await tasks(pid)).find(
    (x) => x.assigneeId === userId && x.state === 1 && x.taskType === 'approval',
  );
  if (!t) throw new Error(`no pending task of ${userId}`);
  return t.id;
};
// The task is looked up before the action's transaction: PGlite has one connection, a nested one waits.
const approve = async (pid: number, userId: number) => {
  const id = await taskOf(pid, userId);
  return asUser(s, A, userId, (ctx) => TaskService.approve(ctx, id, {}));
};
const reject = async (pid: number, userId: number, target: string) => {
  const id = await taskOf(pid, userId);
  return asUser(s, A, userId, (ctx) => TaskService.reject(ctx, id, { target }));
};
const exec = (q: ReturnType<typeof sql>) => s.platform.database.withTenant(A, (tx) => tx.execute(q));

beforeAll(async () => {
  s = await startTestServer();
  // Made-up document ids: stand-in hooks instead of the type's real ones.
  standInDocument('farm_plan');
  A = s.fixtures.tenantA;
  admin = s.fixtures.users.adminA.id;
  operator = s.fixtures.users.operatorA.id;
  viewer = s.fixtures.users.viewerA.id;
});
afterAll(async () => s.close());

describe('step modes', () => {
  it('all: every assignee must approve', async () => {
    const pid = await run(ap('a', users(admin, operator), { mode: 'all' }));
    await approve(pid, admin);
    expect(await open(pid)).toEqual([['a', operator, 1]]);
    await approve(pid, operator);
    expect((await proc(pid)).state).toBe(2);
  });
  it('sequential: one after another in rule order', async () => {
    const pid = await run(ap('a', users(operator, admin), { mode: 'sequential' }));
    expect(await open(pid)).toEqual([
      ['a', operator, 1],
      ['a', admin, 0],
    ]);
    await approve(pid, operator);
    expect(await open(pid)).toEqual([['a', admin, 1]]);
    await approve(pid, admin);
    expect((await proc(pid)).state).toBe(2);
  });
  it('vote: weighted share; a reject is a "no" vote', async () => {
    const node = ap('a', users(admin, operator, viewer), {
      mode: 'vote',
      passPercent: 60,
      weights: [
        { userId: admin, weight: 3 },
        { userId: operator, weight: 2 },
      ],
    });
    const pid = await run(node);
    await reject(pid, operator, 'applicant');
    expect((await proc(pid)).state).toBe(1);
    await approve(pid, admin);
    expect((await proc(pid)).state).toBe(1);
    await approve(pid, viewer);
    expect((await proc(pid)).state).toBe(2);
    const lost = await run(node);
    await reject(lost, admin, 'applicant');
    expect((await proc(lost)).state).toBe(3);
  });
  it('any: one reject to the applicant ends the process rejected, every open task closed', async () => {
    const pid = await run(chain(ap('a', users(admin, operator), { mode: 'any' }), ap('b', users(admin))));
    await reject(pid, operator, 'applicant');
    expect((await proc(pid)).state).toBe(3);
    expect(await open(pid)).toEqual([]);
  });
});

describe('assignees', () => {
  it('copies each person once and never the applicant', async () => {
    const pid = await run(
      chain(
        { id: 'c1', kind: 'cc', name: 'c1', assignees: users(operator, viewer) },
        { id: 'c2', kind: 'cc', name: 'c2', assignees: users(operator, admin) },
        ap('a', users(admin)),
      ),
    );
    const cc = (await tasks(pid)).filter((t) => t.taskType === 'carbon_copy').map((t) => t.assigneeId);
    expect(cc.sort()).toEqual([admin, operator].sort());
  });
  it('the head of the applicant’s unit, n levels up, or the nearest head above', async () => {
    const [company] = rowsOf<{ id: number }>(
      await exec(sql`insert into areas (tenant_id, area_name, organization_type, head_user_id)
        values (${A}, 'Engine Co', 'company', ${admin}) returning id`),
    );
    const [dept] = rowsOf<{ id: number }>(
      await exec(sql`insert into areas (tenant_id, area_name, organization_type, parent_id, head_user_id)
        values (${A}, 'Engine Dept', 'department', ${company?.id}, ${operator}) returning id`),
    );
    const [team] = rowsOf<{ id: number }>(
      await exec(sql`insert into areas (tenant_id, area_name, organization_type, parent_id)
        values (${A}, 'Engine Team', 'department', ${dept?.id}) returning id`),
    );
    await exec(
      sql`insert into org_unit_members (tenant_id, unit_id, user_id) values (${A}, ${team?.id}, ${viewer})`,
    );
    const l1 = await run(ap('a', [{ type: 'unitHead', levels: 1 }]));
    expect(await open(l1)).toEqual([['a', operator, 1]]);
    const l3 = await run(ap('a', [{ type: 'unitHead', levels: 3 }]));
    expect(await open(l3)).toEqual([['a', admin, 1]]);
    await exec(sql`delete from org_unit_members where tenant_id = ${A} and user_id = ${viewer}`);
  });
  it('the applicant’s choice, required at submit', async () => {
    const pid = await run(ap('a', [{ type: 'chosen' }]), { a: [operator] });
    expect(await open(pid)).toEqual([['a', operator, 1]]);
    await expect(run(ap('a', [{ type: 'chosen' }]))).rejects.toMatchObject({ status: 400 });
    // Two chosen steps: each gets what was chosen for it, not everyone chosen anywhere.
    const two = await run(ap('a', [{ type: 'chosen' }], { next: ap('b', [{ type: 'chosen' }]) }), {
      a: [operator],
      b: [viewer],
    });
    expect(await open(two)).toEqual([['a', operator, 1]]);
  });
  it('a role’s holders', async () => {
    const [r] = rowsOf<{ role_id: number }>(
      await exec(
        sql`select role_id from user_roles where tenant_id = ${A} and user_id = ${operator} limit 1`,
      ),
    );
    const pid = await run(ap('a', [{ type: 'role', roleIds: [Number(r?.role_id)] }], { mode: 'all' }));
    expect((await open(pid)).map((t) => t[1])).toContain(operator);
  });
  it('nobody found → the tenant administrator, recorded', async () => {
    const pid = await run(ap('a', users(999_999)));
    expect(await open(pid)).toEqual([['a', admin, 1]]);
    expect(await events(pid)).toContain('fallback');
  });
  it('delegation while away: inside the range → the delegate, outside → not', async () => {
    const h = 3600_000;
    const now = Date.now();
    await exec(sql`insert into approval_delegations (tenant_id, user_id, delegate_id, start_time, end_time)
      values (${A}, ${admin}, ${operator}, ${new Date(now - h)}, ${new Date(now + h)})`);
    const inside = await run(ap('a', users(admin)));
    expect(await open(inside)).toEqual([['a', operator, 1]]);
    expect((await tasks(inside))[0]?.delegatedFrom).toBe(admin);
    expect(await events(inside)).toContain('delegate');
    await exec(sql`update approval_delegations set start_time = ${new Date(now + h)}, end_time = ${new Date(now + 2 * h)}
      where tenant_id = ${A} and user_id = ${admin}`);
    const outside = await run(ap('a', users(admin)));
    expect(await open(outside)).toEqual([['a', admin, 1]]);
    await exec(sql`delete from approval_delegations where tenant_id = ${A}`);
  });
});

describe('actions', () => {
  it('sends back to a named earlier step, then passes again', async () => {
    const pid = await run(chain(ap('a1', users(admin)), ap('a2', users(operator)), ap('a3', users(admin))));
    await approve(pid, admin);
    await approve(pid, operator);
    await reject(pid, admin, 'node:a1');
    expect(await open(pid)).toEqual([['a1', admin, 1]]);
    expect((await proc(pid)).completed).toEqual([]);
    await approve(pid, admin);
    expect(await open(pid)).toEqual([['a2', operator, 1]]);
    await approve(pid, operator);
    await approve(pid, admin);
    expect((await proc(pid)).state).toBe(2);
    expect(await events(pid)).toContain('sendBack');
  });
  it('a send-back to a step the caller cannot reach is refused', async () => {
    const pid = await run(chain(ap('a1', users(admin)), ap('a2', users(operator))));
    await expect(reject(pid, admin, 'node:a2')).rejects.toMatchObject({ status: 400 });
  });
  it('add signer before: they decide first, then my task is back', async () => {
    const pid = await run(ap('a', users(admin)));
    const mine = await taskOf(pid, admin);
    await asUser(s, A, admin, (ctx) =>
      TaskService.addSigner(ctx, mine, { userIds: [operator], position: 'before' }),
    );
    expect(await open(pid)).toEqual([
      ['a', admin, 0],
      ['a', operator, 1],
    ]);
    await approve(pid, operator);
    expect(await open(pid)).toEqual([['a', admin, 1]]);
    await approve(pid, admin);
    expect((await proc(pid)).state).toBe(2);
  });
  it('add signer after: I approve now, the step passes once they approve', async () => {
    const pid = await run(chain(ap('a', users(admin)), ap('b', users(admin))));
    const mine = await taskOf(pid, admin);
    await asUser(s, A, admin, (ctx) =>
      TaskService.addSigner(ctx, mine, { userIds: [operator], position: 'after' }),
    );
    expect(await open(pid)).toEqual([['a', operator, 1]]);
    await approve(pid, operator);
    expect(await open(pid)).toEqual([['b', admin, 1]]);
    expect((await proc(pid)).firstDecisionAt).not.toBeNull();
  });
  it('transfer: mine transferred, theirs pending with me recorded', async () => {
    const pid = await run(ap('a', users(admin)));
    const mine = await taskOf(pid, admin);
    await asUser(s, A, admin, (ctx) => TaskService.transfer(ctx, mine, { userId: operator }));
    const all = await tasks(pid);
    expect(all.find((t) => t.id === mine)?.state).toBe(5);
    expect(all.find((t) => t.assigneeId === operator)).toMatchObject({ state: 1, delegatedFrom: admin });
    const theirs = await taskOf(pid, operator);
    await expect(
      asUser(s, A, operator, (ctx) => TaskService.transfer(ctx, theirs, { userId: operator })),
    ).rejects.toMatchObject({ status: 400 });
    await approve(pid, operator);
    expect((await proc(pid)).state).toBe(2);
  });
  it('parallel lanes run together and join', async () => {
    const pid = await run(
      chain(
        {
          id: 'par',
          kind: 'parallel',
          name: 'par',
          branches: [
            { id: 'x', name: 'x', node: ap('x1', users(admin)) },
            { id: 'y', name: 'y', node: ap('y1', users(operator)) },
          ],
        },
        ap('z', users(admin)),
      ),
    );
    expect((await open(pid)).map((t) => t[0]).sort()).toEqual(['x1', 'y1']);
    await approve(pid, operator);
    expect(await open(pid)).toEqual([['x1', admin, 1]]);
    await approve(pid, admin);
    expect(await open(pid)).toEqual([['z', admin, 1]]);
  });
});
