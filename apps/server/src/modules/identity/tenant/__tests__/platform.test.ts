import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  encryptPassword,
  json,
  login,
  startTestServer,
  type TestServer,
  tokenRequest,
} from '../../../../test/harness.js';

interface Tenant {
  id: number;
  tenantName: string;
  tenantNum: string;
  timeZone: string;
  enabled: boolean;
  memberCount: number;
  domains: string[];
  creationDate: string;
  objectVersionNumber: number;
  adminUserId?: number;
  adminCreated?: boolean;
}
interface Page<T> {
  content: T[];
  totalElements: number;
}
interface Domain {
  domainName: string;
  tenantId: number;
  brand: Record<string, string>;
  objectVersionNumber: number;
}
interface AuditEntry {
  tenantId: number;
  tenantName: string | null;
  action: string;
  actorName: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
}

let s: TestServer;
let platform: string;
let adminA: string;
let adminB: string;
const en = { 'accept-language': 'en-US' };
const BASE = '/wfpf/v1/platform/tenants';

beforeAll(async () => {
  s = await startTestServer();
  platform = await login(s, 'platform');
  adminA = await login(s, 'adminA');
  adminB = await login(s, 'adminB');
});
afterAll(async () => {
  await s?.close();
});

const as = (token: string) => ({ ...auth(token) });
const create = (body: Record<string, unknown>, token = platform) =>
  s.inject({ method: 'POST', url: BASE, headers: as(token), payload: body });
const getTenant = async (id: number) =>
  json<Tenant>(await s.inject({ method: 'GET', url: `${BASE}/${id}`, headers: as(platform) }));
const setEnabled = async (id: number, enabled: boolean) => {
  const t = await getTenant(id);
  return s.inject({
    method: 'PUT',
    url: `${BASE}/${id}/enabled`,
    headers: as(platform),
    payload: { enabled, objectVersionNumber: t.objectVersionNumber },
  });
};

describe('platform routes refuse everyone but the platform administrator', () => {
  const routes: [string, string][] = [
    ['GET', BASE],
    ['POST', BASE],
    ['GET', `${BASE}/101`],
    ['PUT', `${BASE}/101`],
    ['PUT', `${BASE}/101/enabled`],
    ['GET', `${BASE}/101/domains`],
    ['POST', `${BASE}/101/domains`],
    ['GET', `${BASE}/101/domains/a.example.com`],
    ['PUT', `${BASE}/101/domains/a.example.com`],
    ['DELETE', `${BASE}/101/domains/a.example.com`],
    ['GET', `${BASE}/101/screens`],
    ['POST', `${BASE}/101/screens`],
    ['PUT', `${BASE}/101/screens`],
    ['DELETE', `${BASE}/101/screens/1`],
    ['GET', '/wfpf/v1/platform/audit'],
  ];
  it('answers 403 to tenant administrators (of the tenant named too) and 401 without a token', async () => {
    for (const [method, url] of routes) {
      for (const token of [adminA, adminB]) {
        const res = await s.inject({ method: method as 'GET', url, headers: as(token), payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const anon = await s.inject({ method: method as 'GET', url, payload: {} });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
    }
    // Nothing was made by the refused calls.
    const list = json<Page<Tenant>>(
      await s.inject({ method: 'GET', url: `${BASE}?size=0`, headers: as(platform) }),
    );
    expect(list.totalElements).toBe(3);
  });
});

describe('tenants', () => {
  it('lists tenants with member count, domains, zone and creation date, filtered', async () => {
    const res = await s.inject({
      method: 'GET',
      url: `${BASE}?tenantName=farm&size=10`,
      headers: as(platform),
    });
    expect(res.statusCode).toBe(200);
    const page = json<Page<Tenant>>(res);
    expect(page.content.map((t) => t.tenantName)).toEqual(['Farm A', 'Farm B']);
    const a = page.content[0];
    expect(a?.memberCount).toBe(3);
    expect(a?.timeZone).toBe('Asia/Shanghai');
    expect(a?.enabled).toBe(true);
    expect(Number.isNaN(Date.parse(a?.creationDate ?? ''))).toBe(false);
    const none = json<Page<Tenant>>(
      await s.inject({ method: 'GET', url: `${BASE}?enabled=false`, headers: as(platform) }),
    );
    expect(none.totalElements).toBe(0);
    const bad = await s.inject({ method: 'GET', url: `${BASE}?enabled=maybe`, headers: as(platform) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('enabled');
  });

  it('creates a working tenant whose new administrator signs in and sees the menus and the tree', async () => {
    const res = await create({
      tenantName: 'Orchard Co',
      tenantNum: 'ORCH-1',
      timeZone: 'Europe/Paris',
      adminPhone: '13900000001',
      adminName: 'Orchard admin',
      adminPassword: 'orchard123',
    });
    expect(res.statusCode, res.body).toBe(200);
    const t = json<Tenant>(res);
    expect(t).toMatchObject({ tenantName: 'Orchard Co', tenantNum: 'ORCH-1', timeZone: 'Europe/Paris' });
    expect(t.adminCreated).toBe(true);
    expect(t.memberCount).toBe(1);

    const token = await login(s, '13900000001', 'orchard123');
    const menus = json<{ subMenus: unknown[] }[]>(
      await s.inject({
        method: 'GET',
        url: '/iam/stong/v1/menus/role?subModule=wfpf-company',
        headers: as(token),
      }),
    );
    expect(menus[0]?.subMenus.length).toBeGreaterThan(0);
    const roles = await s.inject({ method: 'GET', url: `/iam/v1/${t.id}/roles`, headers: as(token) });
    expect(roles.statusCode).toBe(200);
    const tree = await s.inject({
      method: 'GET',
      url: `/wfpf/v1/${t.id}/organization/tree`,
      headers: as(token),
    });
    expect(tree.statusCode).toBe(200);
    expect(tree.body).toContain('Orchard Co');
    const settings = json<{ timeZone: string }>(
      await s.inject({ method: 'GET', url: `/wfpf/v1/${t.id}/tenant/settings`, headers: as(token) }),
    );
    expect(settings.timeZone).toBe('Europe/Paris');
  });

  it('adds an existing account by phone, keeping its password', async () => {
    const res = await create({ tenantName: 'Second farm', adminPhone: '13900000001' });
    expect(res.statusCode, res.body).toBe(200);
    const t = json<Tenant>(res);
    expect(t.adminCreated).toBe(false);
    expect(t.tenantNum).toMatch(/^T\d{6}$/);
    const token = await login(s, '13900000001', 'orchard123');
    const mine = json<{ tenantId: number }[]>(
      await s.inject({ method: 'GET', url: '/iam/stong/v1/users/self-tenants', headers: as(token) }),
    );
    expect(mine.map((m) => m.tenantId)).toContain(t.id);
  });

  it('refuses bad input by field, a taken number, and a new phone without name and password', async () => {
    const noAdmin = await create({ tenantName: 'X', adminPhone: '13900000009' });
    expect(noAdmin.statusCode).toBe(400);
    expect(json<{ code: string }>(noAdmin).code).toBe('wfpf.tenant.adminDetailsRequired');
    const badZone = await create({ tenantName: 'X', adminPhone: '13900000001', timeZone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.body).toContain('timeZone');
    const badPhone = await create({ tenantName: 'X', adminPhone: '12' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.body).toContain('adminPhone');
    const taken = await create({ tenantName: 'X', tenantNum: 'orch-1', adminPhone: '13900000001' });
    expect(taken.statusCode).toBe(409);
    const list = json<Page<Tenant>>(
      await s.inject({ method: 'GET', url: `${BASE}?tenantName=X&size=0`, headers: as(platform) }),
    );
    expect(list.content.filter((t) => t.tenantName === 'X')).toEqual([]);
  });

  it('edits name and time zone with a version check', async () => {
    const a = await getTenant(s.fixtures.tenantA);
    const ok = await s.inject({
      method: 'PUT',
      url: `${BASE}/${a.id}`,
      headers: as(platform),
      payload: { ...a, tenantName: 'Farm A renamed', timeZone: 'Asia/Tokyo' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json<Tenant>(ok)).toMatchObject({ tenantName: 'Farm A renamed', timeZone: 'Asia/Tokyo' });
    const stale = await s.inject({
      method: 'PUT',
      url: `${BASE}/${a.id}`,
      headers: as(platform),
      payload: { tenantName: 'Again', timeZone: 'Asia/Tokyo', objectVersionNumber: a.objectVersionNumber },
    });
    expect(stale.statusCode).toBe(409);
    // The tenant's own console follows the new zone at once.
    const settings = json<{ timeZone: string }>(
      await s.inject({ method: 'GET', url: `/wfpf/v1/${a.id}/tenant/settings`, headers: as(adminA) }),
    );
    expect(settings.timeZone).toBe('Asia/Tokyo');
    const missing = await s.inject({ method: 'GET', url: `${BASE}/999999`, headers: as(platform) });
    expect(missing.statusCode).toBe(404);
  });

  it('never disables the platform tenant 0', async () => {
    const res = await setEnabled(0, false);
    expect(res.statusCode).toBe(400);
    expect(json<{ code: string }>(res).code).toBe('wfpf.tenant.platformFixed');
    expect((await getTenant(0)).enabled).toBe(true);
  });
});

describe('disabling a tenant', () => {
  it("refuses its members there at once, keeps the same user's other tenant, and re-enabling restores", async () => {
    const list = json<Page<Tenant>>(
      await s.inject({ method: 'GET', url: `${BASE}?tenantNum=ORCH-1`, headers: as(platform) }),
    );
    const orchard = list.content[0];
    if (!orchard) throw new Error('no orchard');
    const second = json<Page<Tenant>>(
      await s.inject({ method: 'GET', url: `${BASE}?tenantName=Second`, headers: as(platform) }),
    ).content[0];
    if (!second) throw new Error('no second farm');
    const token = await login(s, '13900000001', 'orchard123');
    const settingsOf = (id: number) =>
      s.inject({ method: 'GET', url: `/wfpf/v1/${id}/tenant/settings`, headers: as(token) });
    expect((await settingsOf(orchard.id)).statusCode).toBe(200);

    expect((await setEnabled(orchard.id, false)).statusCode).toBe(200);
    // The live session: 403 in the disabled tenant at once, still 200 in the other.
    expect((await settingsOf(orchard.id)).statusCode).toBe(403);
    expect((await settingsOf(second.id)).statusCode).toBe(200);
    const mine = json<{ tenantId: number }[]>(
      await s.inject({ method: 'GET', url: '/iam/stong/v1/users/self-tenants', headers: as(token) }),
    );
    expect(mine.map((m) => m.tenantId)).toEqual([second.id]);
    const switched = await s.inject({
      method: 'PUT',
      url: `/iam/v1/users/tenant-id?tenantId=${orchard.id}`,
      headers: as(token),
    });
    expect(switched.statusCode).not.toBe(200);
    // Still signs in: another tenant is open.
    expect((await tokenRequest(s, '13900000001', 'orchard123')).statusCode).toBe(200);

    // Every tenant of the account disabled: a clear refusal at sign-in, in both languages.
    expect((await setEnabled(second.id, false)).statusCode).toBe(200);
    const refused = await tokenRequest(s, '13900000001', 'orchard123');
    expect(refused.statusCode).toBe(403);
    expect(json<{ code: string; message: string }>(refused)).toMatchObject({
      code: 'hoth.warn.tenantDisabled',
      message: expect.stringContaining('企业已被平台停用'),
    });
    const refusedEn = await s.inject({
      method: 'POST',
      url: '/oauth/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...en },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: '13900000001',
        password: encryptPassword(s, 'orchard123'),
        client_id: 'web',
      }).toString(),
    });
    expect(json<{ message: string }>(refusedEn).message).toContain('company has been disabled');

    const filtered = json<Page<Tenant>>(
      await s.inject({ method: 'GET', url: `${BASE}?enabled=false`, headers: as(platform) }),
    );
    expect(filtered.content.map((t) => t.id).sort()).toEqual([orchard.id, second.id].sort());

    expect((await setEnabled(orchard.id, true)).statusCode).toBe(200);
    expect((await setEnabled(second.id, true)).statusCode).toBe(200);
    expect((await settingsOf(orchard.id)).statusCode).toBe(200);
    await login(s, '13900000001', 'orchard123');
  });
});

describe('domains and brand', () => {
  const domains = (id: number) => `${BASE}/${id}/domains`;

  it('saves a domain whose public lookup answers the saved brand; edits, renames and deletes it', async () => {
    const tA = s.fixtures.tenantA;
    const add = await s.inject({
      method: 'POST',
      url: domains(tA),
      headers: as(platform),
      payload: {
        domainName: 'Farm-A.Example.com',
        brand: {
          loginTitle: 'Farm A console',
          loginLogo: '/hfle/files/logo.png',
          loginBackgroundColor: '#112233',
        },
      },
    });
    expect(add.statusCode, add.body).toBe(200);
    const d = json<Domain>(add);
    expect(d.domainName).toBe('farm-a.example.com');
    const brandOf = async (host: string) =>
      json<Record<string, string>>(
        await s.inject({ method: 'GET', url: `/wfpf/v1/0/tenant/domain?domainName=${host}` }),
      );
    expect(await brandOf('farm-a.example.com:8443')).toMatchObject({
      loginTitle: 'Farm A console',
      loginLogo: '/hfle/files/logo.png',
      loginBackgroundColor: '#112233',
    });
    const listed = (await getTenant(tA)).domains;
    expect(listed).toEqual(['farm-a.example.com']);

    const edit = await s.inject({
      method: 'PUT',
      url: `${domains(tA)}/farm-a.example.com`,
      headers: as(platform),
      payload: { ...d, domainName: 'console.farm-a.example.com', brand: { loginTitle: 'Renamed' } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await brandOf('console.farm-a.example.com')).loginTitle).toBe('Renamed');
    expect((await brandOf('farm-a.example.com')).loginTitle).toBe('Tilth 智慧农业');
    const stale = await s.inject({
      method: 'PUT',
      url: `${domains(tA)}/console.farm-a.example.com`,
      headers: as(platform),
      payload: { domainName: 'console.farm-a.example.com', brand: {}, objectVersionNumber: 1 },
    });
    expect(stale.statusCode).toBe(409);

    const del = await s.inject({
      method: 'DELETE',
      url: `${domains(tA)}/console.farm-a.example.com`,
      headers: as(platform),
    });
    expect(del.statusCode).toBe(200);
    expect((await brandOf('console.farm-a.example.com')).loginTitle).toBe('Tilth 智慧农业');
  });

  it('keeps a domain to one tenant and refuses bad host names and brand fields by name', async () => {
    const { tenantA, tenantB } = s.fixtures;
    const add = (id: number, payload: Record<string, unknown>) =>
      s.inject({ method: 'POST', url: domains(id), headers: as(platform), payload });
    expect((await add(tenantA, { domainName: 'shared.example.com', brand: {} })).statusCode).toBe(200);
    const dup = await add(tenantB, { domainName: 'SHARED.example.com', brand: {} });
    expect(dup.statusCode).toBe(409);
    expect(json<{ code: string }>(dup).code).toBe('wfpf.tenantDomain.taken');
    const again = await add(tenantA, { domainName: 'shared.example.com', brand: {} });
    expect(again.statusCode).toBe(409);
    for (const bad of ['https://x.example.com', 'x.example.com:80', 'bad host', '-x.example.com', 'a/b']) {
      const res = await add(tenantA, { domainName: bad, brand: {} });
      expect(res.statusCode, bad).toBe(400);
      expect(res.body).toContain('domainName');
    }
    const badLogo = await add(tenantA, {
      domainName: 'ok.example.com',
      brand: { loginLogo: 'javascript:alert(1)' },
    });
    expect(badLogo.statusCode).toBe(400);
    expect(badLogo.body).toContain('loginLogo');
    // Another tenant's domain is not reachable through this tenant's path.
    const foreign = await s.inject({
      method: 'DELETE',
      url: `${domains(tenantB)}/shared.example.com`,
      headers: as(platform),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await getTenant(tenantA)).domains).toContain('shared.example.com');
  });
});

describe("a chosen tenant's screens", () => {
  it('lists, adds, edits and deletes them, as the tenant sees them', async () => {
    const tB = s.fixtures.tenantB;
    const url = `${BASE}/${tB}/screens`;
    const add = await s.inject({
      method: 'POST',
      url,
      headers: as(platform),
      payload: { screenName: 'Ops wall', screenAddress: 'https://screens.example.com/b' },
    });
    expect(add.statusCode, add.body).toBe(200);
    const screen = json<{ id: number; objectVersionNumber: number }>(add);
    const own = await s.inject({ method: 'GET', url: `/wfpf/v1/${tB}/tenant-screen`, headers: as(adminB) });
    expect(own.body).toContain('Ops wall');
    const otherTenant = await s.inject({
      method: 'GET',
      url: `/wfpf/v1/${s.fixtures.tenantA}/tenant-screen`,
      headers: as(adminA),
    });
    expect(otherTenant.body).not.toContain('Ops wall');
    const edit = await s.inject({
      method: 'PUT',
      url,
      headers: as(platform),
      payload: { ...screen, screenName: 'Ops wall 2', screenAddress: 'https://screens.example.com/b2' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // The screen belongs to B: through A's path it is not found.
    const wrong = await s.inject({
      method: 'DELETE',
      url: `${BASE}/${s.fixtures.tenantA}/screens/${screen.id}`,
      headers: as(platform),
    });
    expect(wrong.statusCode).toBe(404);
    const del = await s.inject({ method: 'DELETE', url: `${url}/${screen.id}`, headers: as(platform) });
    expect(del.statusCode).toBe(200);
    expect(json<unknown[]>(await s.inject({ method: 'GET', url, headers: as(platform) }))).toEqual([]);
    const missing = await s.inject({ method: 'GET', url: `${BASE}/999999/screens`, headers: as(platform) });
    expect(missing.statusCode).toBe(404);
  });
});

describe('platform audit', () => {
  const audit = async (query: string) => {
    const res = await s.inject({
      method: 'GET',
      url: `/wfpf/v1/platform/audit?${query}`,
      headers: as(platform),
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<Page<AuditEntry>>(res);
  };

  it('lists the entries of every tenant, newest first, filtered by tenant, action, actor and time', async () => {
    const all = await audit('size=100');
    const tenantsSeen = new Set(all.content.map((e) => e.tenantId));
    expect(tenantsSeen.has(s.fixtures.tenantA)).toBe(true);
    expect(tenantsSeen.has(s.fixtures.tenantB)).toBe(true);
    // Sign-ins are audited too: the tenant actions are found by their prefix.
    const ofTenants = await audit('action=tenant.&size=100');
    expect(ofTenants.content.some((e) => e.action === 'tenant.create')).toBe(true);
    expect(ofTenants.content.some((e) => e.action === 'tenant.disable')).toBe(true);

    const disables = await audit('action=tenant.disable');
    expect(disables.totalElements).toBe(2);
    expect(disables.content.every((e) => e.action === 'tenant.disable')).toBe(true);
    expect(disables.content[0]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });

    const ofB = await audit(`tenantId=${s.fixtures.tenantB}&size=100`);
    expect(ofB.content.every((e) => e.tenantId === s.fixtures.tenantB)).toBe(true);
    expect(ofB.content.map((e) => e.action)).toEqual(
      expect.arrayContaining(['tenant-screen.create', 'tenant-screen.update', 'tenant-screen.delete']),
    );
    expect(ofB.content[0]?.tenantName).toBe('Farm B');

    const prefix = await audit('action=tenant-domain.&size=100');
    expect(prefix.totalElements).toBeGreaterThanOrEqual(4);
    const byActor = await audit('actor=platform&size=100');
    expect(byActor.totalElements).toBeGreaterThanOrEqual(ofTenants.totalElements);
    expect(byActor.totalElements).toBeLessThan(all.totalElements);
    expect(byActor.content.every((e) => e.actorName === 'platform')).toBe(true);
    expect((await audit('actor=nobody-at-all')).totalElements).toBe(0);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await audit(`from=${encodeURIComponent(future)}`)).totalElements).toBe(0);

    // Pages partition the list: page 1 of size 2 starts where page 0 ends.
    const p0 = await audit('size=2&page=0');
    const p1 = await audit('size=2&page=1');
    const both = await audit('size=4&page=0');
    expect([...p0.content, ...p1.content]).toEqual(both.content);

    const bad = await s.inject({
      method: 'GET',
      url: '/wfpf/v1/platform/audit?from=yesterday',
      headers: as(platform),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('from');
  });

  it('keeps tenant administrators to their own tenant', async () => {
    const res = await s.inject({ method: 'GET', url: '/wfpf/v1/platform/audit', headers: as(adminA) });
    expect(res.statusCode).toBe(403);
  });
});
