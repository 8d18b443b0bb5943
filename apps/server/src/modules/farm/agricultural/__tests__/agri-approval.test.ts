import type { ApprovalNode, ProcessModel } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, openAssignees, withdraw } from '../../../workflow/approval/__tests__/binding.testkit.js';
import { bindModel } from '../../../workflow/approval/__tests__/workflow.testkit.js';
import { type AgriDoc, agriHarness, type ErrorBody, type Page, recordSum } from './agri-helpers.js';

// Input warehousing and shipment waiting for approval (issue 14 item 2). Decisions go through the engine
// (binding.testkit) while the action routes are built elsewhere.

let h: Awaited<ReturnType<typeof agriHarness>>;
const ids = { base: 0, urea: 0, admin: 0, operator: 0, viewer: 0 };

beforeAll(async () => {
  h = await agriHarness();
  const { users, tenantA } = h.s.fixtures;
  ids.admin = users.adminA.id;
  ids.operator = users.operatorA.id;
  ids.viewer = users.viewerA.id;
  ids.base = await h.area('审批基地');
  ids.urea = (await h.input({ inputName: '尿素', inputCode: 'UREA', unit: 'kg', price: 100 })).inputId;
  // amount ≥ 5000: operator then viewer; otherwise the operator alone. Shipments: the operator alone.
  const step = (id: string, userId: number): ApprovalNode => ({
    id,
    kind: 'approval',
    name: id,
    mode: 'single',
    assignees: [{ type: 'user', userIds: [userId] }],
  });
  const receipts: ProcessModel = {
    node: {
      id: 'c1',
      kind: 'condition',
      name: 'Amount',
      branches: [
        {
          id: 'big',
          name: 'Large',
          conditions: [{ field: 'amount', op: 'gte', value: 5000 }],
          node: { ...step('manager', ids.operator), next: step('director', ids.viewer) },
        },
        { id: 'small', name: 'Other', conditions: [], isDefault: true, node: step('one', ids.operator) },
      ],
    },
  };
  await bindModel(h.s, tenantA, 'agri_warehousing', receipts);
  await bindModel(h.s, tenantA, 'agri_shipment', { node: step('one', ids.operator) });
});
afterAll(async () => h.s.close());

const receipt = async (quantity: number) =>
  h.ok<AgriDoc>('admin', 'POST', 'agricultural/warehousing', {
    areaId: ids.base,
    docDate: '2025-03-01',
    lines: [{ inputId: ids.urea, quantity }],
  });
const doc = (type: string, id: number) => h.ok<AgriDoc>('viewer', 'GET', `agricultural/${type}/${id}`);
const movements = async () => (await h.record(ids.base, ids.urea)).length;

describe('input documents waiting for approval', () => {
  it('a large receipt moves stock exactly once, after the last of its two steps', async () => {
    const d = await receipt(60); // 6000.00
    expect(d).toMatchObject({ auditState: 'submitted', totalAmount: 6000, objectVersionNumber: 1 });
    const pid = d.processId ?? 0;
    expect(pid).toBeGreaterThan(0);
    expect(await h.stock(ids.base, ids.urea)).toBe(0);
    expect(await openAssignees(h.s, h.tA, pid)).toEqual([ids.operator]);

    await decide(h.s, h.tA, ids.operator, pid, 'approve');
    expect(await h.stock(ids.base, ids.urea)).toBe(0);
    expect((await doc('warehousing', d.docId)).auditState).toBe('submitted');
    expect(await openAssignees(h.s, h.tA, pid)).toEqual([ids.viewer]);

    const end = await decide(h.s, h.tA, ids.viewer, pid, 'approve');
    expect(end.state).toBe(2);
    expect(await h.stock(ids.base, ids.urea)).toBe(60);
    const rows = await h.record(ids.base, ids.urea);
    expect(rows).toHaveLength(1);
    expect(recordSum(rows)).toBe(60);
    expect(await doc('warehousing', d.docId)).toMatchObject({ auditState: 'approved', processId: pid });
    // Approved: today's edit semantics (the stock follows the new quantity).
    const approved = await doc('warehousing', d.docId);
    const edited = await h.call('admin', 'PUT', 'agricultural/warehousing', {
      ...approved,
      lines: [{ inputId: ids.urea, quantity: 61 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await h.stock(ids.base, ids.urea)).toBe(61);
  });

  it('a small receipt takes the one-step branch', async () => {
    const d = await receipt(1); // 100.00
    expect(await openAssignees(h.s, h.tA, d.processId ?? 0)).toEqual([ids.operator]);
    await decide(h.s, h.tA, ids.operator, d.processId ?? 0, 'approve');
    expect((await doc('warehousing', d.docId)).auditState).toBe('approved');
    expect(await h.stock(ids.base, ids.urea)).toBe(62);
  });

  it('a submitted document cannot be edited or deleted (409), and nothing changes', async () => {
    const d = await receipt(70);
    const full = await doc('warehousing', d.docId);
    const put = await h.call('admin', 'PUT', 'agricultural/warehousing', { ...full, remark: 'changed' });
    expect(put.statusCode).toBe(409);
    expect((put.json() as ErrorBody).code).toBe('wfpf.approval.docNotEditable');
    const del = await h.call('admin', 'DELETE', `agricultural/warehousing/${d.docId}`);
    expect(del.statusCode).toBe(409);
    const again = await h.call('admin', 'PUT', `agricultural/warehousing/submit/${d.docId}`);
    expect(again.statusCode).toBe(409);
    expect(await doc('warehousing', d.docId)).toMatchObject({ remark: null, auditState: 'submitted' });
  });

  it('a rejected receipt is editable without moving stock, and resubmits into a new process', async () => {
    const before = await movements();
    const d = await receipt(80);
    await decide(h.s, h.tA, ids.operator, d.processId ?? 0, 'reject', 'too much');
    const rejected = await doc('warehousing', d.docId);
    expect(rejected).toMatchObject({ auditState: 'rejected', objectVersionNumber: 2 });
    const edit = await h.call('admin', 'PUT', 'agricultural/warehousing', {
      ...rejected,
      lines: [{ inputId: ids.urea, quantity: 10 }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await movements()).toBe(before);
    const stale = await h.call(
      'admin',
      'PUT',
      `agricultural/warehousing/submit/${d.docId}?objectVersionNumber=1`,
    );
    expect(stale.statusCode).toBe(409);
    const res = await h.call('admin', 'PUT', `agricultural/warehousing/submit/${d.docId}`);
    expect(res.statusCode, res.body).toBe(200);
    const again = res.json() as AgriDoc;
    expect(again.auditState).toBe('submitted');
    expect(again.processId).not.toBe(d.processId);
    // 10 × 100 = 1000: the one-step branch this time.
    await decide(h.s, h.tA, ids.operator, again.processId ?? 0, 'approve');
    expect(await movements()).toBe(before + 1);
  });

  it('a withdrawn receipt becomes a draft that may be submitted again', async () => {
    const d = await receipt(2);
    await withdraw(h.s, h.tA, ids.admin, d.processId ?? 0);
    expect((await doc('warehousing', d.docId)).auditState).toBe('draft');
    const drafts = await h.ok<Page<AgriDoc>>(
      'viewer',
      'GET',
      'agricultural/warehousing?size=0&auditState=draft',
    );
    expect(drafts.content.map((x) => x.docId)).toEqual([d.docId]);
    const res = await h.call('admin', 'PUT', `agricultural/warehousing/submit/${d.docId}`);
    expect((res.json() as AgriDoc).auditState).toBe('submitted');
  });

  it('approving a shipment the stock no longer covers is refused with insufficientStock; nothing changes', async () => {
    const stock = await h.stock(ids.base, ids.urea);
    const ship = await h.ok<AgriDoc>('admin', 'POST', 'agricultural/shipment', {
      areaId: ids.base,
      docDate: '2025-03-02',
      lines: [{ inputId: ids.urea, quantity: stock + 5 }],
    });
    expect(ship.auditState).toBe('submitted');
    await expect(decide(h.s, h.tA, ids.operator, ship.processId ?? 0, 'approve')).rejects.toMatchObject({
      code: 'wfpf.agricultural.insufficientStock',
    });
    expect(await h.stock(ids.base, ids.urea)).toBe(stock);
    expect((await doc('shipment', ship.docId)).auditState).toBe('submitted');
    expect(await openAssignees(h.s, h.tA, ship.processId ?? 0)).toEqual([ids.operator]);
  });

  it('another tenant sees none of it', async () => {
    const page = await h.ok<Page<AgriDoc>>(
      'adminB',
      'GET',
      'agricultural/warehousing?size=0',
      undefined,
      h.tB,
    );
    expect(page.content).toHaveLength(0);
    const res = await h.call('adminB', 'PUT', 'agricultural/warehousing/submit/1', undefined, h.tB);
    expect(res.statusCode).toBe(404);
  });
});
