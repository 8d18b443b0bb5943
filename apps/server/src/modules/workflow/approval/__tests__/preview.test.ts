import type { ApprovalNode, ApprovalPreview, ProcessModel } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { bindModel } from './workflow.testkit.js';

// The route preview a form shows before it submits: the steps a document with these fields would go
// through now, and which of them the applicant must choose approvers for.

let s: TestServer;
let viewer = '';
let adminB = '';
beforeAll(async () => {
  s = await startTestServer();
  viewer = await login(s, 'viewerA');
  adminB = await login(s, 'adminB');
});
afterAll(async () => s.close());

const step = (id: string, extra: Partial<ApprovalNode> = {}): ApprovalNode => ({
  id,
  kind: 'approval',
  name: id,
  mode: 'single',
  assignees: [{ type: 'user', userIds: [s.fixtures.users.operatorA.id] }],
  ...extra,
});

const preview = (token: string, tenantId: number, body: unknown) =>
  s.inject({
    method: 'POST',
    url: `/wfpf/v1/${tenantId}/approval-process/preview`,
    headers: auth(token),
    payload: body as Record<string, unknown>,
  });

describe('approval-process/preview', () => {
  it('answers bound false when the document type has no flow', async () => {
    const res = await preview(viewer, s.fixtures.tenantA, {
      docType: 'agri_shipment',
      fields: { amount: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<ApprovalPreview>(res)).toEqual({ bound: false, definitionName: null, steps: [] });
  });

  it('decides the conditions on the given fields and marks the steps to choose', async () => {
    const model: ProcessModel = {
      node: {
        id: 'c1',
        kind: 'condition',
        name: 'Amount',
        branches: [
          {
            id: 'big',
            name: 'Large',
            conditions: [{ field: 'amount', op: 'gte', value: 5000 }],
            node: step('manager', { next: step('director', { assignees: [{ type: 'chosen' }] }) }),
          },
          { id: 'small', name: 'Other', conditions: [], isDefault: true, node: step('one') },
        ],
      },
    };
    await bindModel(s, s.fixtures.tenantA, 'agri_warehousing', model, 'Receipts A');
    const small = await preview(viewer, s.fixtures.tenantA, {
      docType: 'agri_warehousing',
      fields: { amount: 100, quantity: 1 },
    });
    expect(small.statusCode, small.body).toBe(200);
    expect(json<ApprovalPreview>(small)).toEqual({
      bound: true,
      definitionName: 'Receipts A',
      steps: [{ nodeId: 'one', name: 'one', kind: 'approval', mode: 'single', choose: false }],
    });
    const big = json<ApprovalPreview>(
      await preview(viewer, s.fixtures.tenantA, { docType: 'agri_warehousing', fields: { amount: 20000 } }),
    );
    expect(big.steps.map((x) => [x.nodeId, x.choose])).toEqual([
      ['manager', false],
      ['director', true],
    ]);
  });

  it('never shows another tenant’s flow, and refuses a bad body naming the field', async () => {
    const other = await preview(adminB, s.fixtures.tenantB, {
      docType: 'agri_warehousing',
      fields: { amount: 20000 },
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(json<ApprovalPreview>(other)).toEqual({ bound: false, definitionName: null, steps: [] });
    const cross = await preview(adminB, s.fixtures.tenantA, { docType: 'agri_warehousing', fields: {} });
    expect(cross.statusCode).toBe(403);
    const bad = await preview(viewer, s.fixtures.tenantA, { docType: 'nope', fields: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('docType');
  });
});
