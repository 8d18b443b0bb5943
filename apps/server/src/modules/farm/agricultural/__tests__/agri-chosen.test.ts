import type { ApprovalNode } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, openAssignees, withdraw } from '../../../workflow/approval/__tests__/binding.testkit.js';
import { bindModel } from '../../../workflow/approval/__tests__/workflow.testkit.js';
import { type AgriDoc, agriHarness, type ErrorBody, type Page } from './agri-helpers.js';

// A receipt whose flow's second step goes to whom the applicant chooses at submit (create body and
// PUT …/submit/{id} body `{chosen}`): no choice refuses the whole create, nothing stored.

let h: Awaited<ReturnType<typeof agriHarness>>;
const ids = { base: 0, urea: 0, admin: 0, operator: 0, viewer: 0 };

beforeAll(async () => {
  h = await agriHarness();
  const { users, tenantA } = h.s.fixtures;
  ids.admin = users.adminA.id;
  ids.operator = users.operatorA.id;
  ids.viewer = users.viewerA.id;
  ids.base = await h.area('选择基地');
  ids.urea = (await h.input({ inputName: '尿素', inputCode: 'UREA', unit: 'kg', price: 100 })).inputId;
  const director: ApprovalNode = {
    id: 'director',
    kind: 'approval',
    name: 'Director',
    mode: 'single',
    assignees: [{ type: 'chosen' }],
  };
  await bindModel(h.s, tenantA, 'agri_warehousing', {
    node: {
      id: 'manager',
      kind: 'approval',
      name: 'Manager',
      mode: 'single',
      assignees: [{ type: 'user', userIds: [ids.operator] }],
      next: director,
    },
  });
});
afterAll(async () => h.s.close());

const body = (extra: Record<string, unknown> = {}) => ({
  areaId: ids.base,
  docDate: '2025-03-01',
  lines: [{ inputId: ids.urea, quantity: 5 }],
  ...extra,
});
const docs = async () =>
  (await h.ok<Page<AgriDoc>>('viewer', 'GET', 'agricultural/warehousing?size=0')).content;

describe('documents accept the applicant’s choice of approvers', () => {
  it('create without a choice for the chosen step: 400 naming the step, no document, no stock', async () => {
    const res = await h.call('admin', 'POST', 'agricultural/warehousing', body());
    expect(res.statusCode, res.body).toBe(400);
    const err = res.json() as ErrorBody;
    expect(err.code).toBe('wfpf.approval.chosenMissing');
    expect(err.message).toContain('Director');
    expect(await docs()).toEqual([]);
    expect(await h.stock(ids.base, ids.urea)).toBe(0);
    // A choice for another step is no choice for this one.
    const wrong = await h.call(
      'admin',
      'POST',
      'agricultural/warehousing',
      body({ chosen: { x: [ids.viewer] } }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(await docs()).toEqual([]);
  });

  it('create with the choice: the chosen user gets the task when step two is reached', async () => {
    const d = await h.ok<AgriDoc>(
      'admin',
      'POST',
      'agricultural/warehousing',
      body({ chosen: { director: [ids.viewer] } }),
    );
    expect(d.auditState).toBe('submitted');
    const pid = d.processId ?? 0;
    expect(await openAssignees(h.s, h.tA, pid)).toEqual([ids.operator]);
    await decide(h.s, h.tA, ids.operator, pid, 'approve');
    expect(await openAssignees(h.s, h.tA, pid)).toEqual([ids.viewer]);
    await decide(h.s, h.tA, ids.viewer, pid, 'approve');
    expect(await h.stock(ids.base, ids.urea)).toBe(5);
  });

  it('resubmit takes the choice from its optional body; without one it is refused and stays a draft', async () => {
    const d = await h.ok<AgriDoc>(
      'admin',
      'POST',
      'agricultural/warehousing',
      body({ chosen: { director: [ids.viewer] } }),
    );
    await withdraw(h.s, h.tA, ids.admin, d.processId ?? 0);
    const bare = await h.call('admin', 'PUT', `agricultural/warehousing/submit/${d.docId}`);
    expect(bare.statusCode, bare.body).toBe(400);
    expect((bare.json() as ErrorBody).code).toBe('wfpf.approval.chosenMissing');
    const still = await h.ok<AgriDoc>('viewer', 'GET', `agricultural/warehousing/${d.docId}`);
    expect(still.auditState).toBe('draft');
    const res = await h.call(
      'admin',
      'PUT',
      `agricultural/warehousing/submit/${d.docId}?objectVersionNumber=${still.objectVersionNumber}`,
      { chosen: { director: [ids.admin] } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const again = res.json() as AgriDoc;
    await decide(h.s, h.tA, ids.operator, again.processId ?? 0, 'approve');
    expect(await openAssignees(h.s, h.tA, again.processId ?? 0)).toEqual([ids.admin]);
  });

  it('a malformed choice is refused naming the field', async () => {
    const res = await h.call('admin', 'POST', 'agricultural/warehousing', body({ chosen: { director: [] } }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('chosen');
  });
});
