import type { ErrorBody, Page, Plan, PlanPackageDetail } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../../test/harness.js';
import { decide, openAssignees } from '../../../workflow/approval/__tests__/binding.testkit.js';
import { bindModel } from '../../../workflow/approval/__tests__/workflow.testkit.js';
import { type PlanWorld, startPlanWorld } from './plan.fixtures.js';

// A plan whose flow's second step goes to whom the applicant chooses (plan create and plan/submit body).

let w: PlanWorld;
const ids = { base: 0, crop: 0, sow: 0, pkg: 0, b1: 0, operator: 0, viewer: 0, admin: 0 };

beforeAll(async () => {
  w = await startPlanWorld();
  const { tA } = w;
  ids.operator = w.s.fixtures.users.operatorA.id;
  ids.viewer = w.s.fixtures.users.viewerA.id;
  ids.admin = w.s.fixtures.users.adminA.id;
  ids.base = await w.base(tA, 'Panyu');
  ids.crop = await w.crop(tA, 'Tomato');
  ids.sow = await w.taskType(tA, 'Sowing');
  ids.b1 = await w.batch(tA, ids.base, ids.crop);
  const pkg = await w.call('admin', 'POST', 'plan-package', {
    packageName: 'One task',
    tasks: [{ taskName: 'Sow', taskTypeId: ids.sow, dayOffset: 0, durationDays: 1 }],
  });
  ids.pkg = json<PlanPackageDetail>(pkg).packageId;
  await bindModel(w.s, tA, 'farm_plan', {
    node: {
      id: 'boss',
      kind: 'approval',
      name: 'Boss',
      mode: 'single',
      assignees: [{ type: 'user', userIds: [ids.operator] }],
      next: { id: 'pick', kind: 'approval', name: 'Picked', mode: 'single', assignees: [{ type: 'chosen' }] },
    },
  });
});
afterAll(async () => w?.s.close());

const create = (extra: Record<string, unknown> = {}) =>
  w.call('admin', 'POST', 'plan', {
    planName: 'Chosen',
    packageId: ids.pkg,
    startDate: '2099-03-01',
    batchIds: [ids.b1],
    ...extra,
  });

describe('plans accept the applicant’s choice of approvers', () => {
  it('create without the choice: 400 naming the step, no plan stored', async () => {
    const res = await create();
    expect(res.statusCode, res.body).toBe(400);
    expect(json<ErrorBody>(res).code).toBe('wfpf.approval.chosenMissing');
    expect(json<ErrorBody>(res).message).toContain('Picked');
    const plans = json<Page<Plan>>(await w.call('viewer', 'GET', 'plan?size=0'));
    expect(plans.content).toEqual([]);
  });

  it('create and resubmit with the choice: the chosen user gets step two', async () => {
    const res = await create({ chosen: { pick: [ids.viewer] } });
    expect(res.statusCode, res.body).toBe(200);
    const plan = json<Plan>(res);
    await decide(w.s, w.tA, ids.operator, plan.processId ?? 0, 'approve');
    expect(await openAssignees(w.s, w.tA, plan.processId ?? 0)).toEqual([ids.viewer]);
    // The chosen approver rejects it back to the applicant: the plan may be submitted again.
    await decide(w.s, w.tA, ids.viewer, plan.processId ?? 0, 'reject', 'pick someone else');
    const bare = await w.call('admin', 'PUT', `plan/submit/${plan.planId}`);
    expect(bare.statusCode).toBe(400);
    const again = await w.call('admin', 'PUT', `plan/submit/${plan.planId}`, {
      chosen: { pick: [ids.admin] },
    });
    expect(again.statusCode, again.body).toBe(200);
    const pid = json<Plan>(again).processId ?? 0;
    await decide(w.s, w.tA, ids.operator, pid, 'approve');
    expect(await openAssignees(w.s, w.tA, pid)).toEqual([ids.admin]);
  });
});
