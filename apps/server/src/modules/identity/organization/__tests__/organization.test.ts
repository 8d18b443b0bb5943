import type { ErrorBody } from '@tilth/contracts';
import type { OrgMember, OrgTreeNode, UserUnit } from '@tilth/contracts/organization.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { headOf, unitAndDescendants, unitOf } from '../index.js';

let s: TestServer;
let tA: number;
let tok: RoleTokens;
type Who = keyof RoleTokens;
const en = { 'accept-language': 'en-US' };
const base = (t = tA) => `/wfpf/v1/${t}/organization`;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  s.inject({
    method,
    url,
    headers: { ...auth(tok[who]), ...en },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const tree = async (who: Who = 'admin', t = tA) => {
  const res = await call(who, 'GET', `${base(t)}/tree`);
  expect(res.statusCode, res.body).toBe(200);
  return json<OrgTreeNode[]>(res);
};
const flat = (nodes: OrgTreeNode[]): OrgTreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const unit = async (id: number) => {
  const u = flat(await tree()).find((n) => n.id === id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
};
const add = (payload: Record<string, unknown>, who: Who = 'admin', t = tA) =>
  call(who, 'POST', base(t), payload);
const made = async (name: string, organizationType: string, parentId: number) => {
  const res = await add({ name, organizationType, parentId });
  expect(res.statusCode, res.body).toBe(200);
  return json<OrgTreeNode>(res);
};
const move = async (id: number, parentId: number, version?: number) =>
  call('admin', 'POST', `${base()}/move`, {
    id,
    parentId,
    objectVersionNumber: version ?? (await unit(id)).objectVersionNumber,
  });
const code = (res: { body: string }) => (JSON.parse(res.body) as ErrorBody).code;
const message = (res: { body: string }) => (JSON.parse(res.body) as ErrorBody).message;

const ids = { root: 0, company: 0, base: 0, dept: 0 };

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tok = await signInRoles(s);
});
afterAll(async () => {
  await s?.close();
});

describe('organisation tree: shape and placement rules (spec 03 §5)', () => {
  it('starts with one enterprise root named after the tenant', async () => {
    const roots = await tree();
    expect(roots).toHaveLength(1);
    expect(roots[0]).toMatchObject({ name: 'Farm A', organizationType: 'enterprise', parentId: null });
    ids.root = roots[0]?.id ?? 0;
  });

  it('builds enterprise → company → base → department, nested in the answer', async () => {
    ids.company = (await made('North Co', 'company', ids.root)).id;
    ids.base = (await made('North base', 'area', ids.company)).id;
    ids.dept = (await made('Production', 'department', ids.base)).id;
    await made('Sub company', 'company', ids.company);
    await made('Finance', 'department', ids.company);
    const [root] = await tree();
    const company = root?.children.find((c) => c.id === ids.company);
    expect(company?.children.map((c) => c.name).sort()).toEqual(['Finance', 'North base', 'Sub company']);
    expect(company?.children.find((c) => c.id === ids.base)?.children.map((c) => c.name)).toEqual([
      'Production',
    ]);
    // A base added in the tree is a base of the base API too (ADR 0011: one table).
    const bases = await call('viewer', 'GET', `/wfpf/v2/${tA}/area?size=0`);
    expect(json<{ content: { areaId: number }[] }>(bases).content.map((b) => b.areaId)).toContain(ids.base);
  });

  it.each([
    ['a department under the enterprise', 'department', 'root', 'wfpf.organization.departmentParent'],
    ['a company under a base', 'company', 'base', 'wfpf.organization.companyParent'],
    ['a base under a department', 'area', 'dept', 'wfpf.organization.companyParent'],
    ['a base under a base', 'area', 'base', 'wfpf.organization.companyParent'],
    ['a company under a department', 'company', 'dept', 'wfpf.organization.companyParent'],
  ] as const)('refuses %s with 400 and its spec wording, adding nothing', async (_w, type, parent, err) => {
    const before = flat(await tree()).length;
    const res = await add({ name: `X ${type}`, organizationType: type, parentId: ids[parent] });
    expect(res.statusCode).toBe(400);
    expect(code(res)).toBe(err);
    expect(message(res)).toContain('parentId');
    expect(flat(await tree())).toHaveLength(before);
  });

  it('answers the rule in Chinese by default', async () => {
    const res = await s.inject({
      method: 'POST',
      url: base(),
      headers: auth(tok.admin),
      payload: { name: 'X', organizationType: 'department', parentId: ids.root },
    });
    expect(message(res)).toBe('parentId：部门只能隶属于公司、基地或部门');
  });

  it('refuses a second enterprise, an unknown parent and junk with 400 naming the field', async () => {
    expect(code(await add({ name: 'E2', organizationType: 'enterprise', parentId: ids.root }))).toBe(
      'error.validation',
    );
    const unknown = await add({ name: 'Y', organizationType: 'company', parentId: 999_999 });
    expect([unknown.statusCode, code(unknown)]).toEqual([400, 'wfpf.organization.parentNotFound']);
    const blank = await add({ name: '  ', organizationType: 'company', parentId: ids.root });
    expect(blank.statusCode).toBe(400);
    expect(message(blank)).toContain('name');
  });

  it('names departments once per parent, so two bases may each have their own', async () => {
    const other = await made('South base', 'area', ids.company);
    expect(
      (await add({ name: 'Production', organizationType: 'department', parentId: other.id })).statusCode,
    ).toBe(200);
    const twice = await add({ name: 'Production', organizationType: 'department', parentId: other.id });
    expect([twice.statusCode, code(twice)]).toEqual([409, 'wfpf.organization.nameExists']);
  });
});

describe('organisation tree: heads and staff', () => {
  it('offers the members of the tenant, and only them, as heads and staff', async () => {
    const res = await call('admin', 'GET', `${base()}/candidates`);
    const ids = json<OrgMember[]>(res).map((m) => m.userId);
    const { adminA, operatorA, viewerA, adminB } = s.fixtures.users;
    expect(ids).toEqual(expect.arrayContaining([adminA.id, operatorA.id, viewerA.id]));
    expect(ids).not.toContain(adminB.id);
  });

  it('sets a head who is a member, shows their name, and refuses a stranger', async () => {
    const dept = await unit(ids.dept);
    const stranger = await call('admin', 'PUT', base(), {
      id: dept.id,
      name: dept.name,
      headUserId: s.fixtures.users.adminB.id,
      objectVersionNumber: dept.objectVersionNumber,
    });
    expect([stranger.statusCode, code(stranger)]).toEqual([400, 'wfpf.organization.headNotMember']);
    const ok = await call('admin', 'PUT', base(), {
      ...dept,
      name: 'Production dept',
      headUserId: s.fixtures.users.operatorA.id,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await unit(ids.dept)).toMatchObject({ name: 'Production dept', headName: 'operatorA' });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const dept = await unit(ids.dept);
    const res = await call('admin', 'PUT', base(), {
      id: dept.id,
      name: 'Stale',
      objectVersionNumber: dept.objectVersionNumber - 1,
    });
    expect(res.statusCode).toBe(409);
    expect((await unit(ids.dept)).name).toBe('Production dept');
  });

  it('keeps staff to members of the tenant, never on the enterprise', async () => {
    const { viewerA, adminB } = s.fixtures.users;
    const onRoot = await call('admin', 'PUT', `${base()}/${ids.root}/members`, { userIds: [viewerA.id] });
    expect([onRoot.statusCode, code(onRoot)]).toEqual([400, 'wfpf.organization.noStaffOnEnterprise']);
    expect(message(onRoot)).toBe('Staff cannot be added directly under an enterprise');
    const stranger = await call('admin', 'PUT', `${base()}/${ids.dept}/members`, {
      userIds: [viewerA.id, adminB.id],
    });
    expect([stranger.statusCode, code(stranger)]).toEqual([400, 'wfpf.organization.userNotMember']);
    expect(json<OrgMember[]>(await call('admin', 'GET', `${base()}/${ids.dept}/members`))).toEqual([]);
    const ok = await call('admin', 'PUT', `${base()}/${ids.dept}/members`, { userIds: [viewerA.id] });
    expect(json<OrgMember[]>(ok).map((m) => m.userId)).toEqual([viewerA.id]);
    expect((await unit(ids.dept)).staffCount).toBe(1);
  });

  it('lists and sets the units of a user, refusing the enterprise and strangers', async () => {
    const { viewerA, adminB } = s.fixtures.users;
    const url = `${base()}/user-units/${viewerA.id}`;
    expect(json<UserUnit[]>(await call('admin', 'GET', url)).map((u) => u.unitId)).toEqual([ids.dept]);
    const root = await call('admin', 'PUT', url, { unitIds: [ids.root] });
    expect(code(root)).toBe('wfpf.organization.noStaffOnEnterprise');
    const gone = await call('admin', 'PUT', url, { unitIds: [999_999] });
    expect(code(gone)).toBe('wfpf.organization.unitsNotFound');
    const ok = await call('admin', 'PUT', url, { unitIds: [ids.dept, ids.company] });
    expect(json<UserUnit[]>(ok).map((u) => u.unitId)).toEqual([ids.company, ids.dept].sort((a, b) => a - b));
    expect((await call('admin', 'GET', `${base()}/user-units/${adminB.id}`)).statusCode).toBe(404);
  });

  it('resolves a unit head by walking up, a user unit and a subtree (exported helpers)', async () => {
    const sub = await made('Packing', 'department', ids.dept);
    await s.platform.database.withTenant(tA, async (tx) => {
      expect(await headOf(tx, tA, sub.id)).toBe(s.fixtures.users.operatorA.id);
      expect(await headOf(tx, tA, ids.company)).toBeUndefined();
      expect(await unitOf(tx, tA, s.fixtures.users.viewerA.id)).toBe(Math.min(ids.dept, ids.company));
      expect(await unitAndDescendants(tx, tA, ids.dept)).toEqual([ids.dept, sub.id].sort((a, b) => a - b));
    });
    expect((await call('admin', 'DELETE', `${base()}/${sub.id}`)).statusCode).toBe(200);
  });
});

describe('organisation tree: moves', () => {
  it('refuses a move under itself or a descendant, and moving the enterprise', async () => {
    const self = await move(ids.company, ids.company);
    expect([self.statusCode, code(self)]).toEqual([400, 'wfpf.organization.cycle']);
    const under = await move(ids.company, ids.base);
    expect([under.statusCode, code(under)]).toEqual([400, 'wfpf.organization.cycle']);
    expect(message(under)).toBe('parentId: a unit cannot be moved under itself or its descendants');
    const root = await move(ids.root, ids.company);
    expect([root.statusCode, code(root)]).toEqual([409, 'wfpf.organization.enterpriseFixed']);
    expect((await unit(ids.company)).parentId).toBe(ids.root);
  });

  it('moves by the placement rules and refuses a stale version', async () => {
    const other = await made('West Co', 'company', ids.root);
    const ok = await move(ids.base, other.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await unit(ids.base)).parentId).toBe(other.id);
    const stale = await move(ids.base, ids.company, 1);
    expect(stale.statusCode).toBe(409);
    const rule = await move(ids.dept, ids.root);
    expect(code(rule)).toBe('wfpf.organization.departmentParent');
    expect((await move(ids.base, ids.company)).statusCode).toBe(200);
  });

  it('keeps a tree when two opposite moves race (the cycle check runs under the unit lock)', async () => {
    for (let round = 0; round < 3; round++) {
      const x = await made(`Race X${round}`, 'department', ids.base);
      const y = await made(`Race Y${round}`, 'department', ids.base);
      const [a, b] = await Promise.all([
        move(x.id, y.id, x.objectVersionNumber),
        move(y.id, x.id, y.objectVersionNumber),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
      // Every unit is still reachable from the root exactly once: no cycle, nothing cut off.
      const reachable = flat(await tree()).map((n) => n.id);
      expect(new Set(reachable).size).toBe(reachable.length);
      expect(reachable).toEqual(expect.arrayContaining([x.id, y.id]));
    }
  });
});

describe('organisation tree: delete with reasons', () => {
  it('refuses the enterprise, a unit with children, with staff, and a base with plots', async () => {
    const root = await call('admin', 'DELETE', `${base()}/${ids.root}`);
    expect([root.statusCode, code(root)]).toEqual([409, 'wfpf.organization.enterpriseFixed']);
    const children = await call('admin', 'DELETE', `${base()}/${ids.company}`);
    expect([children.statusCode, code(children)]).toEqual([409, 'wfpf.organization.hasChildren']);
    expect(message(children)).toContain('"North Co" still has');
    const staff = await call('admin', 'DELETE', `${base()}/${ids.dept}`);
    expect([staff.statusCode, code(staff)]).toEqual([409, 'wfpf.organization.hasStaff']);
    expect(message(staff)).toBe('"Production dept" still has 1 staff; remove them first');

    const plotBase = await made('Plot base', 'area', ids.root);
    const plot = await call('admin', 'POST', `/wfpf/v1/${tA}/land`, { areaId: plotBase.id, landName: 'P1' });
    expect(plot.statusCode, plot.body).toBe(200);
    const plots = await call('admin', 'DELETE', `${base()}/${plotBase.id}`);
    expect([plots.statusCode, code(plots)]).toEqual([409, 'wfpf.area.hasPlots']);
    expect(message(plots)).toContain('plots');
    const landId = json<{ landId: number }>(plot).landId;
    await call('admin', 'DELETE', `/wfpf/v1/${tA}/land`, { landId });
    expect((await call('admin', 'DELETE', `${base()}/${plotBase.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `${base()}/${plotBase.id}`)).statusCode).toBe(404);
  });
});

describe('organisation tree: access and tenants', () => {
  it('refuses a viewer and an operator (no company codes) and a member of another tenant', async () => {
    expect((await call('viewer', 'GET', `${base()}/tree`)).statusCode).toBe(403);
    expect(
      (await call('operator', 'POST', base(), { name: 'Z', organizationType: 'company', parentId: ids.root }))
        .statusCode,
    ).toBe(403);
    expect((await call('adminB', 'GET', `${base()}/tree`)).statusCode).toBe(403);
    expect((await call('adminB', 'DELETE', `${base()}/${ids.dept}`)).statusCode).toBe(403);
  });

  it('finds nothing of tenant A from tenant B, and leaks no unit into B', async () => {
    const tB = s.fixtures.tenantB;
    const [rootB] = await tree('adminB', tB);
    expect(rootB).toMatchObject({ name: 'Farm B', children: [] });
    const cross = await call('adminB', 'POST', base(tB), {
      name: 'Under A',
      organizationType: 'company',
      parentId: ids.company,
    });
    expect([cross.statusCode, code(cross)]).toEqual([400, 'wfpf.organization.parentNotFound']);
    expect((await call('adminB', 'GET', `${base(tB)}/${ids.dept}/members`)).statusCode).toBe(404);
    expect((await call('adminB', 'DELETE', `${base(tB)}/${ids.dept}`)).statusCode).toBe(404);
    const moveA = await call('adminB', 'POST', `${base(tB)}/move`, {
      id: ids.dept,
      parentId: rootB?.id,
      objectVersionNumber: 1,
    });
    expect(moveA.statusCode).toBe(404);
    expect((await unit(ids.dept)).parentId).toBe(ids.base);
  });
});
