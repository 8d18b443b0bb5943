import type { ErrorBody, Plan, PlanDetail, PlanPackageDetail } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../../test/harness.js';
import { decide, withdraw } from '../../../workflow/approval/__tests__/binding.testkit.js';
import { bindModel } from '../../../workflow/approval/__tests__/workflow.testkit.js';
import { type PlanWorld, startPlanWorld } from './plan.fixtures.js';

// Farm plans waiting for approval (issue 14 item 2): tasks exist only once the plan is approved.

let w: PlanWorld;
const ids = { base: 0, crop: 0, sow: 0, pkg: 0, b1: 0, b2: 0, b3: 0, approver: 0, admin: 0 };

beforeAll(async () => {
  w = await startPlanWorld();
  const { tA } = w;
  ids.approver = w.s.fixtures.users.operatorA.id;
  ids.admin = w.s.fixtures.users.adminA.id;
  ids.base = await w.base(tA, 'Panyu');
  ids.crop = await w.crop(tA, 'Tomato');
  ids.sow = await w.taskType(tA, 'Sowing');
  ids.b1 = await w.batch(tA, ids.base, ids.crop);
  ids.b2 = await w.batch(tA, ids.base, ids.crop);
  ids.b3 = await w.batch(tA, ids.base, ids.crop);
  const pkg = await w.call('admin', 'POST', 'plan-package', {
    packageName: 'Two tasks',
    tasks: [
      { taskName: 'Sow', taskTypeId: ids.sow, dayOffset: 0, durationDays: 1 },
      { taskName: 'Weed', taskTypeId: ids.sow, dayOffset: 7, durationDays: 2 },
    ],
  });
  ids.pkg = json<PlanPackageDetail>(pkg).packageId;
  await bindModel(w.s, tA, 'farm_plan', {
    node: {
      id: 'boss',
      kind: 'approval',
      name: 'Boss',
      mode: 'single',
      assignees: [{ type: 'user', userIds: [ids.approver] }],
    },
  });
});
afterAll(async () => w?.s.close());

const create = async (planName: string, batchIds: number[]) => {
  const res = await w.call('admin', 'POST', 'plan', {
    planName,
    packageId: ids.pkg,
    startDate: '2099-03-01',
    batchIds,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<Plan>(res);
};
const info = async (id: number) => json<PlanDetail>(await w.call('viewer', 'GET', `plan/info/${id}`));

describe('plans waiting for approval', () => {
  it('a new plan is submitted with its batches but no tasks; the approval generates them', async () => {
    const plan = await create('Needs approval', [ids.b1]);
    expect(plan).toMatchObject({ auditState: 'submitted', taskCount: 0, batchCount: 1 });
    expect(await w.tasksOf(plan.planId)).toHaveLength(0);
    // Batches added while submitted: refused like any edit.
    const add = await w.call('admin', 'POST', `plan/${plan.planId}/batches`, { batchIds: [ids.b2] });
    expect(add.statusCode).toBe(409);
    expect(json<ErrorBody>(add).code).toBe('wfpf.approval.docNotEditable');
    const rename = await w.call('admin', 'PUT', 'plan', { ...plan, planName: 'Renamed' });
    expect(rename.statusCode).toBe(409);
    expect((await w.call('admin', 'DELETE', `plan/${plan.planId}`)).statusCode).toBe(409);

    await decide(w.s, w.tA, ids.approver, plan.processId ?? 0, 'approve');
    const done = await info(plan.planId);
    expect(done).toMatchObject({ auditState: 'approved', taskCount: 2 });
    expect((await w.tasksOf(plan.planId)).map((t) => t.taskName).sort()).toEqual(['Sow', 'Weed']);
  });

  it('a rejected plan is editable, takes more batches without tasks, and resubmits', async () => {
    const plan = await create('Rejected first', [ids.b2]);
    await decide(w.s, w.tA, ids.approver, plan.processId ?? 0, 'reject', 'wrong date');
    const rejected = await info(plan.planId);
    expect(rejected.auditState).toBe('rejected');
    const rename = await w.call('admin', 'PUT', 'plan', { ...rejected, planName: 'Fixed' });
    expect(rename.statusCode, rename.body).toBe(200);
    const add = await w.call('admin', 'POST', `plan/${plan.planId}/batches`, { batchIds: [ids.b3] });
    expect(add.statusCode, add.body).toBe(200);
    expect(await w.tasksOf(plan.planId)).toHaveLength(0);
    const res = await w.call('admin', 'PUT', `plan/submit/${plan.planId}`);
    expect(res.statusCode, res.body).toBe(200);
    const again = json<Plan>(res);
    expect(again.auditState).toBe('submitted');
    await decide(w.s, w.tA, ids.approver, again.processId ?? 0, 'approve');
    // Both batches' tasks, once each.
    expect(await w.tasksOf(plan.planId)).toHaveLength(4);
  });

  it('a withdrawn plan is a draft; an approved plan cannot be submitted again', async () => {
    const plan = await create('Withdrawn', [ids.b1]);
    await withdraw(w.s, w.tA, ids.admin, plan.processId ?? 0);
    expect((await info(plan.planId)).auditState).toBe('draft');
    const drafts = json<{ content: Plan[] }>(await w.call('viewer', 'GET', 'plan?size=0&auditState=draft'));
    expect(drafts.content.map((p) => p.planId)).toEqual([plan.planId]);
    const first = await w.call('admin', 'PUT', `plan/submit/${plan.planId}`);
    expect(first.statusCode).toBe(200);
    await decide(w.s, w.tA, ids.approver, json<Plan>(first).processId ?? 0, 'approve');
    const twice = await w.call('admin', 'PUT', `plan/submit/${plan.planId}`);
    expect(twice.statusCode).toBe(409);
    expect(await w.tasksOf(plan.planId)).toHaveLength(2);
  });

  it('another tenant cannot submit it', async () => {
    const res = await w.call('adminB', 'PUT', 'plan/submit/1', undefined, w.tB);
    expect(res.statusCode).toBe(404);
  });
});
