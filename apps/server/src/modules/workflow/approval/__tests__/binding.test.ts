import type { BindingItem, ErrorBody } from '@tilth/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { auditLog } from '../../../identity/audit/index.js';
import { chainModel, insertDefinition } from './binding.testkit.js';

let s: TestServer;
let tok: RoleTokens;
const ids = { enabled: 0, disabled: 0, planFlow: 0, flowB: 0 };

beforeAll(async () => {
  s = await startTestServer();
  tok = await signInRoles(s);
  const { tenantA, tenantB, users } = s.fixtures;
  const model = chainModel(users.adminA.id);
  ids.enabled = await insertDefinition(s, tenantA, 'agri_warehousing', model, 'Receipts');
  ids.disabled = await insertDefinition(s, tenantA, 'agri_warehousing', model, 'Old receipts', 0);
  ids.planFlow = await insertDefinition(s, tenantA, 'farm_plan', model, 'Plans');
  ids.flowB = await insertDefinition(s, tenantB, 'agri_warehousing', chainModel(users.adminB.id), 'B flow');
});
afterAll(async () => s.close());

const call = (who: keyof RoleTokens, method: 'GET' | 'PUT', payload?: object, tenant = s.fixtures.tenantA) =>
  s.inject({
    method,
    url: `/wfpf/v1/${tenant}/approval-bindings`,
    headers: { ...auth(tok[who]), 'accept-language': 'en-US' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
const list = async (who: keyof RoleTokens = 'admin', tenant = s.fixtures.tenantA) => {
  const res = await call(who, 'GET', undefined, tenant);
  expect(res.statusCode, res.body).toBe(200);
  return json<BindingItem[]>(res);
};
const of = (items: BindingItem[], docType: string) => items.find((i) => i.docType === docType);

describe('approval settings (config/audit)', () => {
  it('lists every document type unbound, each handled by its module', async () => {
    const items = await list();
    // Nine stock and plan documents, and articles waiting for review (issue 19).
    expect(items).toHaveLength(10);
    expect(of(items, 'article')?.registered).toBe(true);
    expect(of(items, 'agri_warehousing')).toMatchObject({
      docTypeName: 'Input warehousing',
      registered: true,
      definitionId: null,
      objectVersionNumber: null,
    });
    expect(of(items, 'farm_plan')?.registered).toBe(true);
    // Inventory documents register their hooks too (issue 15): every type can wait for a flow now.
    expect(items.every((i) => i.registered)).toBe(true);
  });

  it('refuses a disabled flow, a flow of another type and another tenant’s flow: 400, nothing bound', async () => {
    for (const definitionId of [ids.disabled, ids.planFlow, ids.flowB, 987654]) {
      const res = await call('admin', 'PUT', { docType: 'agri_warehousing', definitionId });
      expect(res.statusCode, res.body).toBe(400);
      expect(json<ErrorBody>(res).code).toBe('wfpf.approval.bindingDisabled');
    }
    expect(of(await list(), 'agri_warehousing')?.definitionId).toBeNull();
  });

  it('needs the approval-settings permission', async () => {
    expect((await call('viewer', 'GET')).statusCode).toBe(403);
    const res = await call('operator', 'PUT', { docType: 'agri_warehousing', definitionId: ids.enabled });
    expect(res.statusCode).toBe(403);
    expect(of(await list(), 'agri_warehousing')?.definitionId).toBeNull();
  });

  it('binds, records the change in the audit log, detects a stale change and unbinds', async () => {
    const { tenantA, tenantB } = s.fixtures;
    const res = await call('admin', 'PUT', { docType: 'agri_warehousing', definitionId: ids.enabled });
    expect(res.statusCode, res.body).toBe(200);
    const bound = of(json<BindingItem[]>(res), 'agri_warehousing');
    expect(bound).toMatchObject({
      definitionId: ids.enabled,
      definitionName: 'Receipts',
      objectVersionNumber: 1,
    });
    // Tenant B still has nothing bound and cannot see A's flow.
    expect(of(await list('adminB', tenantB), 'agri_warehousing')?.definitionId).toBeNull();
    const rows = await s.platform.database.withTenant(tenantA, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, tenantA), eq(auditLog.action, 'approval-binding.update'))),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.after).toMatchObject({ definitionId: ids.enabled });

    const stale = await call('admin', 'PUT', {
      docType: 'agri_warehousing',
      definitionId: null,
      objectVersionNumber: 7,
    });
    expect(stale.statusCode).toBe(409);
    expect(of(await list(), 'agri_warehousing')?.definitionId).toBe(ids.enabled);

    const unbound = await call('admin', 'PUT', {
      docType: 'agri_warehousing',
      definitionId: null,
      objectVersionNumber: 1,
    });
    expect(unbound.statusCode, unbound.body).toBe(200);
    expect(of(json<BindingItem[]>(unbound), 'agri_warehousing')).toMatchObject({
      definitionId: null,
      objectVersionNumber: null,
    });
  });

  it('answers 400 naming the field for a bad body', async () => {
    const res = await call('admin', 'PUT', { docType: 'nope', definitionId: ids.enabled });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('docType');
  });
});
