import type { MenuNodeAnswer } from '@tilth/contracts/menu.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';

interface SubModuleBody {
  code: string;
  name: string;
  icon: string;
  path: string;
  type: string;
}

let s: TestServer;
let tA: number;
let tB: number;
let admin: string;
let viewer: string;
let adminB: string;

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  admin = await login(s, 'adminA');
  viewer = await login(s, 'viewerA');
  adminB = await login(s, 'adminB');
});
afterAll(async () => {
  await s?.close();
});

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  s.inject({ method: 'GET', url, headers: { ...auth(token), ...headers } });

const leaves = (nodes: MenuNodeAnswer[]): MenuNodeAnswer[] =>
  nodes.flatMap((n) => (n.subMenus.length > 0 ? leaves(n.subMenus) : [n]));
const allNodes = (nodes: MenuNodeAnswer[]): MenuNodeAnswer[] =>
  nodes.flatMap((n) => [n, ...allNodes(n.subMenus)]);

describe('sub-modules', () => {
  it('lists all three modules of the tenant, translated', async () => {
    const res = await get(`/iam/v1/${tA}/sub-module`, viewer, { 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(200);
    const mods = json<SubModuleBody[]>(res);
    expect(mods.map((m) => m.code)).toEqual(['wfpf-farm', 'wfpf-inventory', 'wfpf-company']);
    expect(mods[0]).toMatchObject({ name: 'Smart farm', path: '/web/farm/home', type: 'route' });
    const zh = json<SubModuleBody[]>(await get(`/iam/v1/${tA}/sub-module`, viewer));
    expect(zh[0]?.name).toBe('智慧农场');
  });

  it('lists only the modules the user holds a code of under /self', async () => {
    const mine = (token: string) =>
      get(`/iam/v1/${tA}/sub-module/self`, token).then((r) => json<SubModuleBody[]>(r).map((m) => m.code));
    expect(await mine(admin)).toEqual(['wfpf-farm', 'wfpf-inventory', 'wfpf-company']);
    expect(await mine(viewer)).toEqual(['wfpf-farm']);
  });

  it('refuses strangers and anonymous callers', async () => {
    expect((await get(`/iam/v1/${tA}/sub-module`, adminB)).statusCode).toBe(403);
    expect((await s.inject({ method: 'GET', url: `/iam/v1/${tA}/sub-module/self` })).statusCode).toBe(401);
  });
});

describe('menu tree', () => {
  it('answers the module as the first element, its menu in subMenus, in the asked language', async () => {
    const res = await get('/iam/stong/v1/menus/role?subModule=wfpf-farm&lang=en-US', admin);
    expect(res.statusCode).toBe(200);
    const tree = json<MenuNodeAnswer[]>(res);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ viewCode: 'wfpf-farm', name: 'Smart farm' });
    const routes = allNodes(tree[0]?.subMenus ?? []).map((n) => n.route);
    expect(routes).toContain('/web/farm/base');
    const zh = json<MenuNodeAnswer[]>(await get('/iam/stong/v1/menus/role?subModule=wfpf-farm', admin));
    expect(zh[0]?.name).toBe('智慧农场');
  });

  it('filters by the codes held: a viewer sees fewer leaves, and no action code is ever a menu entry', async () => {
    const adminTree = json<MenuNodeAnswer[]>(await get('/iam/stong/v1/menus/tree', admin));
    const viewerTree = json<MenuNodeAnswer[]>(await get('/iam/stong/v1/menus/tree', viewer));
    expect(adminTree.map((r) => r.viewCode)).toEqual(['wfpf-farm', 'wfpf-inventory', 'wfpf-company']);
    expect(viewerTree.map((r) => r.viewCode)).toEqual(['wfpf-farm']);
    expect(leaves(viewerTree).length).toBeGreaterThan(0);
    expect(leaves(viewerTree).length).toBeLessThan(leaves(adminTree).length);
    for (const n of [...allNodes(adminTree), ...allNodes(viewerTree)])
      expect(n.viewCode).not.toContain('.ps.');
    // No empty groups.
    for (const n of allNodes(viewerTree)) if (n.subMenus.length === 0) expect(n.route).toMatch(/^\/web\//);
  });

  it('answers the asked module with no subMenus when the user sees nothing of it', async () => {
    const res = await get('/iam/stong/v1/menus/role?subModule=wfpf-company', viewer);
    const tree = json<MenuNodeAnswer[]>(res);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.subMenus).toEqual([]);
    const tree2 = json<MenuNodeAnswer[]>(await get('/iam/stong/v1/menus/tree?subModule=wfpf-company', admin));
    expect(leaves(tree2).map((n) => n.route)).toContain('/system/user-manage');
  });

  it('answers 400 for an unknown module or language', async () => {
    const bad = await get('/iam/stong/v1/menus/role?subModule=wfpf-moon', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('subModule');
    expect((await get('/iam/stong/v1/menus/role?lang=fr-FR', admin)).statusCode).toBe(400);
  });

  it("uses the user's current tenant, or a tenant they belong to, never another", async () => {
    const own = await get(`/iam/stong/v1/menus/tree?tenantId=${tA}`, admin);
    expect(own.statusCode).toBe(200);
    expect((await get(`/iam/stong/v1/menus/tree?tenantId=${tB}`, admin)).statusCode).toBe(403);
    expect(json<MenuNodeAnswer[]>(await get('/iam/stong/v1/menus/tree', adminB)).length).toBe(3);
  });

  it('needs a token', async () => {
    expect((await s.inject({ method: 'GET', url: '/iam/stong/v1/menus/tree' })).statusCode).toBe(401);
  });
});

describe('permission checks', () => {
  const check = (token: string, codes: string[] | Record<string, unknown>, query = '') =>
    s.inject({
      method: 'POST',
      url: `/iam/stong/v1/menus/check-resources${query}`,
      headers: auth(token),
      payload: codes,
    });

  it('approves exactly the codes held', async () => {
    const codes = [
      'wfpf.farm.farm.base.ps.create',
      'wfpf.farm.farm.base',
      'wfpf.company.system.role',
      'no.such.code',
    ];
    const a = await check(admin, codes);
    expect(a.statusCode).toBe(200);
    expect(json<{ code: string; approve: boolean }[]>(a)).toEqual([
      { code: 'wfpf.farm.farm.base.ps.create', approve: true },
      { code: 'wfpf.farm.farm.base', approve: true },
      { code: 'wfpf.company.system.role', approve: true },
      { code: 'no.such.code', approve: false },
    ]);
    const v = json<{ code: string; approve: boolean }[]>(await check(viewer, codes));
    expect(v.map((x) => x.approve)).toEqual([false, true, false, false]);
    expect(json(await check(viewer, []))).toEqual([]);
  });

  it("answers in the current tenant: adminB's codes are tenant B's", async () => {
    const b = json<{ approve: boolean }[]>(await check(adminB, ['wfpf.farm.farm.base.ps.create']));
    expect(b[0]?.approve).toBe(true);
    expect((await check(adminB, ['wfpf.farm.farm.base'], `?tenantId=${tA}`)).statusCode).toBe(403);
  });

  it('answers 400 for more than 200 codes or a non-array body', async () => {
    const many = Array.from({ length: 201 }, (_, i) => `code.${i}`);
    expect((await check(admin, many)).statusCode).toBe(400);
    expect((await check(admin, { codes: ['x'] })).statusCode).toBe(400);
    expect((await check(admin, ['x'.repeat(201)])).statusCode).toBe(400);
  });

  it('lists the codes held, per module', async () => {
    const farm = json<string[]>(await get('/iam/stong/v1/menus/permissions?subModule=wfpf-farm', viewer));
    expect(farm).toContain('wfpf.farm.farm.base');
    expect(farm.filter((c) => c.includes('.ps.'))).toEqual(['wfpf.farm.user.ps.notice-message']);
    expect(
      json<string[]>(await get('/iam/stong/v1/menus/permissions?subModule=wfpf-company', viewer)),
    ).toEqual([]);
    const all = json<string[]>(await get('/iam/stong/v1/menus/permissions', admin));
    expect(all).toContain('wfpf.company.system.tenant-screen.ps.create');
  });
});
