import type { AssigneeRule, ProcessNode, StepTimeout } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness.js';
import { ProcessEngine } from '../process.engine.js';
import { eventsOf, findProcess, tasksOf } from '../process.repository.js';
import { approvalTimeoutsFor } from '../workflow.jobs.js';
import { asUser, bindModel, standInDocument } from './workflow.testkit.js';

// Step time-outs with a fake clock: remind once, then act per the step; a second tick does nothing twice.

let s: TestServer;
let A: number;
let admin: number;
let operator: number;
let n = 0;
const H = 3600_000;

const run = async (timeout: StepTimeout, next?: ProcessNode): Promise<number> => {
  const assignees: AssigneeRule[] = [{ type: 'user', userIds: [operator] }];
  await bindModel(
    s,
    A,
    'agri_shipment',
    { node: { id: 'a', kind: 'approval', name: 'a', mode: 'single', assignees, timeout, next } },
    `timeout ${n++}`,
  );
  const r = await asUser(s, A, s.fixtures.users.viewerA.id, (ctx) =>
    ProcessEngine.submit(ctx, { docType: 'agri_shipment', thirdId: 5000 + n, formCode: 'CK', fields: {} }),
  );
  if (!r) throw new Error('not bound');
  return r.processId;
};
const tick = (hours: number) =>
  approvalTimeoutsFor(s.platform, s.app.log).tick(new Date(Date.now() + hours * H));
const state = async (pid: number) => {
  const [p, tasks, events] = await s.platform.database.withTenant(
    A,
    async (tx) =>
      [
        await findProcess(tx, A, pid),
        await tasksOf(tx, A, pid),
        (await eventsOf(tx, A, pid)).map((e) => e.action),
      ] as const,
  );
  return { p, tasks, events };
};

beforeAll(async () => {
  s = await startTestServer();
  // Made-up document ids: stand-in hooks instead of the type's real ones.
  standInDocument('agri_shipment');
  A = s.fixtures.tenantA;
  admin = s.fixtures.users.adminA.id;
  operator = s.fixtures.users.operatorA.id;
});
afterAll(async () => s.close());

describe('approval time-outs', () => {
  it('reminds once, then auto-approves at the due moment; a second tick changes nothing', async () => {
    const pid = await run({ remindAfterHours: 1, afterHours: 4, action: 'approve' });
    await tick(0.5);
    expect((await state(pid)).events).toEqual(['submit']);
    await tick(2);
    await tick(2);
    expect((await state(pid)).events.filter((e) => e === 'timeoutRemind')).toHaveLength(1);
    await tick(5);
    await tick(6);
    const st = await state(pid);
    expect(st.p?.state).toBe(2);
    expect(st.events.filter((e) => e === 'timeoutApprove')).toHaveLength(1);
    expect(st.tasks[0]?.state).toBe(2);
  });
  it('auto-rejects to the applicant', async () => {
    const pid = await run({ afterHours: 1, action: 'reject' });
    await tick(2);
    const st = await state(pid);
    expect(st.p?.state).toBe(3);
    expect(st.events).toContain('timeoutReject');
  });
  it('remind at the due moment reminds again and then waits', async () => {
    const pid = await run({ remindAfterHours: 1, afterHours: 2, action: 'remind' });
    await tick(1.5);
    await tick(3);
    await tick(30);
    const st = await state(pid);
    expect(st.p?.state).toBe(1);
    expect(st.events.filter((e) => e === 'timeoutRemind')).toHaveLength(2);
    expect(st.tasks[0]?.state).toBe(1);
  });
  it('escalates: the task closes and the step goes to escalateTo, without a new time-out', async () => {
    const pid = await run({
      afterHours: 1,
      action: 'escalate',
      escalateTo: { type: 'user', userIds: [admin] },
    });
    await tick(2);
    await tick(200);
    const st = await state(pid);
    expect(st.tasks.map((t) => [t.assigneeId, t.state])).toEqual([
      [operator, 4],
      [admin, 1],
    ]);
    expect(st.tasks[1]?.dueAt).toBeNull();
    expect(st.events.filter((e) => e === 'escalate')).toHaveLength(1);
    expect(st.p?.state).toBe(1);
  });
  it('a task decided before the tick is left alone', async () => {
    const pid = await run({ afterHours: 1, action: 'reject' });
    const t = (await state(pid)).tasks[0];
    const { TaskService } = await import('../task.service.js');
    await asUser(s, A, operator, (ctx) => TaskService.approve(ctx, t?.id ?? 0, {}));
    await tick(2);
    const st = await state(pid);
    expect(st.p?.state).toBe(2);
    expect(st.events).not.toContain('timeoutReject');
  });
});
