import type {
  ApprovalTaskItem,
  DefinitionDetail,
  DefinitionItem,
  ModelIssues,
  ProcessModel,
} from '@tilth/contracts';
import type { Page } from '@tilth/contracts/common.types';
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
import { seedDraftFlows } from '../definition.demo.js';
import { ProcessEngine } from '../process.engine.js';
import { tasksOf } from '../process.repository.js';
import { approvalBindings } from '../workflow.tables.js';
import { asUser } from './workflow.testkit.js';

let s: TestServer;
let tok: RoleTokens;
let A: number;

const call = (token: string, method: string, url: string, payload?: unknown, lang?: string) =>
  s.inject({
    method: method as 'GET',
    url,
    headers: { ...auth(token), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const P = (t = A) => `/wfpf/v1/${t}/approval-definitions`;

const oneStep = (userId: number, id = 'a1'): ProcessModel => ({
  node: {
    id,
    kind: 'approval',
    name: `step ${id}`,
    mode: 'any',
    assignees: [{ type: 'user', userIds: [userId] }],
  },
});

const create = async (name: string, model: ProcessModel, docType = 'agri_warehousing') => {
  const res = await call(tok.admin, 'POST', P(), { name, docType, model });
  expect(res.statusCode, res.body).toBe(200);
  return json<DefinitionDetail>(res);
};
const get = async (id: number) => json<DefinitionDetail>(await call(tok.admin, 'GET', `${P()}/${id}`));
const toggle = (id: number, on: boolean, ovn: number) =>
  call(tok.admin, 'PUT', `${P()}/${id}/${on ? 'enable' : 'disable'}`, { objectVersionNumber: ovn });

beforeAll(async () => {
  s = await startTestServer();
  tok = await signInRoles(s);
  A = s.fixtures.tenantA;
});
afterAll(async () => s.close());

describe('approval definitions', () => {
  it('creates disabled at version 1, lists with filters, refuses a duplicate name', async () => {
    const d = await create('Purchase flow', oneStep(s.fixtures.users.adminA.id));
    expect([d.version, d.enabledFlag, d.running, d.versions.length]).toEqual([1, 0, 0, 1]);
    const dup = await call(tok.admin, 'POST', P(), {
      name: 'Purchase flow',
      docType: 'farm_plan',
      model: {},
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('wfpf.approval.definitionNameTaken');
    const page = json<Page<DefinitionItem>>(
      await call(tok.admin, 'GET', `${P()}?name=purchase&enabledFlag=0`),
    );
    expect(page.content.map((x) => x.name)).toContain('Purchase flow');
    const none = json<Page<DefinitionItem>>(
      await call(tok.admin, 'GET', `${P()}?name=purchase&docType=farm_plan`),
    );
    expect(none.totalElements).toBe(0);
  });

  it('answers 400 naming the field, changing nothing', async () => {
    const before = json<Page<DefinitionItem>>(await call(tok.admin, 'GET', `${P()}?size=0`)).totalElements;
    const bad = await call(tok.admin, 'POST', P(), { name: '', docType: 'agri_warehousing', model: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('name');
    const badType = await call(tok.admin, 'POST', P(), { name: 'x', docType: 'nope', model: {} });
    expect(badType.statusCode).toBe(400);
    expect(badType.body).toContain('docType');
    const badModel = await call(tok.admin, 'POST', P(), {
      name: 'x',
      docType: 'agri_warehousing',
      model: { node: { id: 'a b', kind: 'approval', name: 'n', mode: 'any', assignees: [] } },
    });
    expect(badModel.statusCode).toBe(400);
    expect(badModel.body).toContain('model');
    expect(json<Page<DefinitionItem>>(await call(tok.admin, 'GET', `${P()}?size=0`)).totalElements).toBe(
      before,
    );
  });

  it('validates in the caller’s language and refuses to enable an invalid model', async () => {
    const empty: ProcessModel = {
      node: { id: 'a1', kind: 'approval', name: 'Manager', mode: 'any', assignees: [] },
    };
    const v = json<ModelIssues>(
      await call(
        tok.admin,
        'POST',
        `${P()}/validate`,
        { docType: 'agri_warehousing', model: empty },
        'en-US',
      ),
    );
    expect(v.issues).toEqual([
      { nodeId: 'a1', code: 'noAssignee', message: '“Manager”: Choose who this step goes to' },
    ]);
    const d = await create('Invalid flow', empty);
    const res = await toggle(d.id, true, d.objectVersionNumber);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('wfpf.approval.definitionInvalid');
    expect(res.json().message).toContain('Manager');
    expect((await get(d.id)).enabledFlag).toBe(0);
  });

  it('refuses edits while enabled; a changed model is a new version, a rename is not; stale is 409', async () => {
    const { adminA, viewerA } = s.fixtures.users;
    const d = await create('Versioned flow', oneStep(adminA.id));
    const rename = await call(tok.admin, 'PUT', P(), {
      id: d.id,
      name: 'Versioned flow 1',
      model: d.model,
      objectVersionNumber: d.objectVersionNumber,
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const renamed = json<DefinitionDetail>(rename);
    expect([renamed.name, renamed.version]).toEqual(['Versioned flow 1', 1]);
    const stale = await call(tok.admin, 'PUT', P(), {
      id: d.id,
      name: 'x',
      model: d.model,
      objectVersionNumber: d.objectVersionNumber,
    });
    expect(stale.statusCode).toBe(409);
    const taken = await call(tok.admin, 'PUT', P(), {
      id: d.id,
      name: 'Purchase flow',
      model: d.model,
      objectVersionNumber: renamed.objectVersionNumber,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('wfpf.approval.definitionNameTaken');
    expect((await toggle(d.id, true, renamed.objectVersionNumber)).statusCode).toBe(200);
    const on = await get(d.id);
    const refused = await call(tok.admin, 'PUT', P(), {
      id: d.id,
      name: on.name,
      model: oneStep(viewerA.id, 'a2'),
      objectVersionNumber: on.objectVersionNumber,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('wfpf.approval.definitionEnabled');
    expect((await get(d.id)).version).toBe(1);
  });

  it('pins a running process to its version; delete is refused saying where', async () => {
    const { adminA, viewerA, operatorA } = s.fixtures.users;
    const d = await create('Pinned flow', oneStep(adminA.id, 'v1step'), 'agri_shipment');
    expect((await toggle(d.id, true, d.objectVersionNumber)).statusCode).toBe(200);
    await s.platform.database.withTenant(A, (tx) =>
      tx.insert(approvalBindings).values({ tenantId: A, docType: 'agri_shipment', definitionId: d.id }),
    );
    const started = await asUser(s, A, operatorA.id, (ctx) =>
      ProcessEngine.submit(ctx, {
        docType: 'agri_shipment',
        thirdId: 71,
        formCode: 'CK-71',
        fields: { amount: 1 },
      }),
    );
    const processId = started?.processId ?? 0;
    expect(processId).toBeGreaterThan(0);
    const cur = await get(d.id);
    expect(cur.running).toBe(1);
    // Disabled, edited: version 2; the process started on v1 keeps v1's step and assignee.
    expect((await toggle(d.id, false, cur.objectVersionNumber)).statusCode).toBe(200);
    const off = await get(d.id);
    const saved = await call(tok.admin, 'PUT', P(), {
      id: d.id,
      name: off.name,
      model: oneStep(viewerA.id, 'v2step'),
      objectVersionNumber: off.objectVersionNumber,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const v2 = json<DefinitionDetail>(saved);
    expect(v2.version).toBe(2);
    expect(v2.versions.map((v) => [v.version, v.running])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    const tasks = await s.platform.database.withTenant(A, (tx) => tasksOf(tx, A, processId));
    expect(tasks.map((t) => [t.nodeId, t.assigneeId])).toEqual([['v1step', adminA.id]]);
    const old = await call(tok.admin, 'GET', `${P()}/${d.id}/versions/1`);
    expect(old.json().model.node.id).toBe('v1step');
    expect((await call(tok.admin, 'GET', `${P()}/${d.id}/versions/3`)).statusCode).toBe(404);
    // A new submit on the re-enabled flow goes through v2.
    expect((await toggle(d.id, true, v2.objectVersionNumber)).statusCode).toBe(200);
    const next = await asUser(s, A, operatorA.id, (ctx) =>
      ProcessEngine.submit(ctx, {
        docType: 'agri_shipment',
        thirdId: 72,
        formCode: 'CK-72',
        fields: { amount: 1 },
      }),
    );
    const t2 = await s.platform.database.withTenant(A, (tx) => tasksOf(tx, A, next?.processId ?? 0));
    expect(t2.map((t) => [t.nodeId, t.assigneeId])).toEqual([['v2step', viewerA.id]]);
    // The info page lists each version's processes.
    const codes = async (q: string) =>
      json<Page<ApprovalTaskItem>>(await call(tok.admin, 'GET', `${P()}/${d.id}/processes?${q}`)).content.map(
        (r) => r.formCode,
      );
    expect(await codes('version=1')).toEqual(['CK-71']);
    expect(await codes('version=2')).toEqual(['CK-72']);
    expect(await codes('processState=1')).toEqual(['CK-72', 'CK-71']);
    expect(await codes('processState=2')).toEqual([]);
    expect([403, 404]).toContain(
      (await call(tok.adminB, 'GET', `${P(s.fixtures.tenantB)}/${d.id}/processes`)).statusCode,
    );
    expect((await call(tok.viewer, 'GET', `${P()}/${d.id}/processes`)).statusCode).toBe(403);

    const del = await call(tok.admin, 'DELETE', `${P()}/${d.id}`, undefined, 'en-US');
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('wfpf.approval.definitionInUse');
    expect(del.json().message).toContain('Input shipment');
    expect(del.json().message).toContain('2 processes in approval');
    expect((await get(d.id)).id).toBe(d.id);
  });

  it('copies as a disabled new flow and deletes an unused one', async () => {
    const d = await create('Copied flow', oneStep(s.fixtures.users.adminA.id));
    const c1 = json<DefinitionDetail>(
      await call(tok.admin, 'POST', `${P()}/${d.id}/copy`, undefined, 'en-US'),
    );
    const c2 = json<DefinitionDetail>(
      await call(tok.admin, 'POST', `${P()}/${d.id}/copy`, undefined, 'en-US'),
    );
    expect([c1.name, c1.enabledFlag, c1.version]).toEqual(['Copied flow (copy)', 0, 1]);
    expect(c2.name).toBe('Copied flow (copy 2)');
    expect(c1.model).toEqual(d.model);
    const zh = json<DefinitionDetail>(
      await call(tok.admin, 'POST', `${P()}/${d.id}/copy`, undefined, 'zh-CN'),
    );
    expect(zh.name).toBe('Copied flow副本');
    expect((await call(tok.admin, 'DELETE', `${P()}/${c1.id}`)).statusCode).toBe(200);
    expect((await call(tok.admin, 'GET', `${P()}/${c1.id}`)).statusCode).toBe(404);
    const audit = await s.platform.database.withTenant(A, (tx) =>
      tx.execute(
        sql`select action from audit_log where target_type = 'approval-flow' and target_id = ${c1.id} order by id`,
      ),
    );
    const rows = (audit as unknown as { rows: { action: string }[] }).rows;
    expect(rows.map((r) => r.action)).toEqual(['approval-flow.copy', 'approval-flow.delete']);
  });

  it('lists document types with their fields in the caller’s language', async () => {
    const res = await call(tok.admin, 'GET', `${P()}/doc-types`, undefined, 'en-US');
    expect(res.statusCode).toBe(200);
    const types = res.json() as { docType: string; name: string; fields: { key: string; name: string }[] }[];
    const w = types.find((t) => t.docType === 'agri_warehousing');
    expect(w?.name).toBe('Input warehousing');
    expect(w?.fields.map((f) => f.key)).toEqual(['amount', 'quantity', 'areaId', 'applicantUnitId']);
  });

  it('shows another tenant nothing and refuses users without the right', async () => {
    const d = await create('Private flow', oneStep(s.fixtures.users.adminA.id));
    expect((await call(tok.adminB, 'GET', `${P()}/${d.id}`)).statusCode).toBeGreaterThanOrEqual(403);
    const B = s.fixtures.tenantB;
    expect([403, 404]).toContain((await call(tok.adminB, 'GET', `${P(B)}/${d.id}`)).statusCode);
    expect([403, 404]).toContain((await call(tok.adminB, 'DELETE', `${P(B)}/${d.id}`)).statusCode);
    const listB = json<Page<DefinitionItem>>(await call(tok.adminB, 'GET', `${P(B)}?size=0`));
    expect(listB.content.map((x) => x.name)).not.toContain('Private flow');
    expect((await call(tok.viewer, 'GET', P())).statusCode).toBe(403);
    expect((await get(d.id)).id).toBe(d.id);
  });

  it('the demo seed shows a draft the designer will not enable until its step has an approver', async () => {
    const B = s.fixtures.tenantB;
    await seedDraftFlows(s.platform.database, {
      demoTenant: B,
      secondTenant: A,
      users: { demo: s.fixtures.users.adminB.id },
    });
    const list = json<Page<DefinitionItem>>(await call(tok.adminB, 'GET', `${P(B)}?size=0`));
    expect(list.content.map((d) => [d.name, d.enabledFlag, d.version])).toEqual([
      ['采购申请审批（草稿）', 0, 1],
    ]);
    const id = list.content[0]?.id ?? 0;
    const enable = await call(tok.adminB, 'PUT', `${P(B)}/${id}/enable`, { objectVersionNumber: 1 });
    expect(enable.statusCode).toBe(400);
    expect(json<{ code: string }>(enable).code).toBe('wfpf.approval.definitionInvalid');
  });
});
