import type { ErrorBody } from '@tilth/contracts';
import type { OrgTreeNode } from '@tilth/contracts/organization.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  login,
  RATE_LIMITS_LIFTED,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';

// ADR 0012: a role's data scope limits which bases' rows exist for its holders, on every route.

interface Role {
  id: number;
  code: string;
  permissions: string[];
  dataScope: string;
  baseIds: number[];
  objectVersionNumber: number;
}
interface Page<T> {
  content: T[];
  totalElements: number;
}

let s: TestServer;
let A: number;
let B: number;
let admin: Record<string, string>;
const en = { 'accept-language': 'en-US' };
const ids = { north: 0, south: 0, baseB: 0, company: 0, west: 0, plotN: 0, plotS: 0, devN: 0, devS: 0 };

const call = (
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  s.inject({
    method,
    url,
    headers: { ...headers, ...en },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const ok = async <T = Record<string, number>>(
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<T> => {
  const res = await call(headers, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return json<T>(res);
};
const code = (res: { body: string }) => (JSON.parse(res.body) as ErrorBody).code;
const roles = () => ok<Role[]>(admin, 'GET', `/iam/v1/${A}/roles`);
const roleBy = async (c: string) => {
  const r = (await roles()).find((x) => x.code === c);
  if (!r) throw new Error(`no role ${c}`);
  return r;
};

let phone = 13800000100;
/** A new member of A holding one role, signed in. */
const memberWith = async (roleId: number) => {
  phone += 1;
  const u = await ok<{ id: number }>(admin, 'POST', `/iam/v1/${A}/users`, {
    realName: `Scoped ${phone}`,
    phone: String(phone),
    password: 'Start123',
    roleIds: [roleId],
  });
  return { id: u.id, headers: auth(await login(s, String(phone), 'Start123')) };
};

const plotNames = async (h: Record<string, string>) =>
  (await ok<Page<{ landName: string }>>(h, 'GET', `/wfpf/v1/${A}/land?size=0`)).content
    .map((l) => l.landName)
    .sort();
const deviceNames = async (h: Record<string, string>) =>
  (await ok<Page<{ name: string }>>(h, 'GET', `/wfpe/v1/${A}/device/page?page=0&size=100`)).content
    .map((d) => d.name)
    .sort();
const baseNames = async (h: Record<string, string>) =>
  (await ok<Page<{ areaName: string }>>(h, 'GET', `/wfpf/v2/${A}/area?page=0&size=0`)).content
    .map((a) => a.areaName)
    .sort();

beforeAll(async () => {
  s = await startTestServer(RATE_LIMITS_LIFTED);
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
  admin = auth(await login(s, 'adminA'));
  const adminB = auth(await login(s, 'adminB'));
  ids.north = (await ok(admin, 'POST', `/wfpf/v1/${A}/area`, { areaName: 'North' })).areaId as number;
  ids.south = (await ok(admin, 'POST', `/wfpf/v1/${A}/area`, { areaName: 'South' })).areaId as number;
  ids.baseB = (await ok(adminB, 'POST', `/wfpf/v1/${B}/area`, { areaName: 'B base' })).areaId as number;
  ids.plotN = (await ok(admin, 'POST', `/wfpf/v1/${A}/land`, { areaId: ids.north, landName: 'N plot' }))
    .landId as number;
  ids.plotS = (await ok(admin, 'POST', `/wfpf/v1/${A}/land`, { areaId: ids.south, landName: 'S plot' }))
    .landId as number;
  const dev = async (name: string, areaId: number, eui: string) =>
    (
      await ok<{ device: { id: number } }>(admin, 'POST', `/wfpe/v1/${A}/device`, {
        eui,
        name,
        deviceType: 'weather-station',
        areaId,
      })
    ).device.id;
  ids.devN = await dev('N station', ids.north, 'SCOPE-N-0001');
  ids.devS = await dev('S station', ids.south, 'SCOPE-S-0001');
});
afterAll(async () => {
  await s?.close();
});

describe('a role limited to named bases', () => {
  let role: Role;
  let user: { id: number; headers: Record<string, string> };
  beforeAll(async () => {
    const operator = await roleBy('farm-operator');
    role = await ok<Role>(admin, 'POST', `/iam/v1/${A}/roles`, {
      code: 'north-crew',
      nameZh: '北区',
      nameEn: 'North crew',
      permissions: operator.permissions,
      dataScope: 'bases',
      baseIds: [ids.north],
    });
    user = await memberWith(role.id);
  });

  it('is listed with its scope', async () => {
    expect(await roleBy('north-crew')).toMatchObject({ dataScope: 'bases', baseIds: [ids.north] });
    expect((await roleBy('tenant-admin')).dataScope).toBe('all');
  });

  it("hides another base's plots and devices from lists, details and exports", async () => {
    expect(await plotNames(user.headers)).toEqual(['N plot']);
    expect(await deviceNames(user.headers)).toEqual(['N station']);
    expect(await baseNames(user.headers)).toEqual(['North']);
    expect((await call(user.headers, 'GET', `/wfpf/v1/${A}/land/${ids.plotS}`)).statusCode).toBe(404);
    expect((await call(user.headers, 'GET', `/wfpf/v1/${A}/land/${ids.plotN}`)).statusCode).toBe(200);
    expect((await call(user.headers, 'GET', `/wfpe/v1/${A}/device/${ids.devS}/details`)).statusCode).toBe(
      404,
    );
    expect((await call(user.headers, 'GET', `/wfpe/v1/${A}/device/${ids.devN}/details`)).statusCode).toBe(
      200,
    );
    const exportOf = (id: number) =>
      call(
        user.headers,
        'GET',
        `/wfpe/v1/${A}/device/${id}/curve/export?startTime=2026-01-01&endTime=2026-01-01`,
      );
    expect((await exportOf(ids.devS)).statusCode).toBe(404);
    expect((await exportOf(ids.devN)).statusCode).toBe(200);
    // The administrator's view is unchanged.
    expect(await plotNames(admin)).toEqual(expect.arrayContaining(['N plot', 'S plot']));
    expect(await deviceNames(admin)).toEqual(expect.arrayContaining(['N station', 'S station']));
  });

  it('refuses writes into another base and changes nothing', async () => {
    const res = await call(user.headers, 'POST', `/wfpf/v1/${A}/land`, {
      areaId: ids.south,
      landName: 'Sneaky plot',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await plotNames(admin)).not.toContain('Sneaky plot');
    const own = await call(user.headers, 'POST', `/wfpf/v1/${A}/land`, { areaId: ids.north, landName: 'N2' });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('widening the role to all bases takes effect on the next request', async () => {
    const current = await roleBy('north-crew');
    await ok(admin, 'PUT', `/iam/v1/${A}/roles`, { ...current, dataScope: 'all', baseIds: [] });
    expect(await plotNames(user.headers)).toEqual(expect.arrayContaining(['N plot', 'S plot']));
    const again = await roleBy('north-crew');
    await ok(admin, 'PUT', `/iam/v1/${A}/roles`, { ...again, dataScope: 'bases', baseIds: [ids.south] });
    expect(await plotNames(user.headers)).toEqual(['S plot']);
  });
});

describe("a role limited to the holder's units and below", () => {
  it('sees the bases under the units they are staff of, including a base added later', async () => {
    const viewer = await roleBy('viewer');
    const role = await ok<Role>(admin, 'POST', `/iam/v1/${A}/roles`, {
      code: 'unit-viewer',
      nameZh: '本单位查看',
      nameEn: 'Own units',
      permissions: viewer.permissions,
      dataScope: 'units',
    });
    const user = await memberWith(role.id);
    // Staff of nothing yet: no base at all.
    expect(await plotNames(user.headers)).toEqual([]);
    const root = (await ok<OrgTreeNode[]>(admin, 'GET', `/wfpf/v1/${A}/organization/tree`))[0];
    if (!root) throw new Error('no root');
    ids.company = (
      await ok<OrgTreeNode>(admin, 'POST', `/wfpf/v1/${A}/organization`, {
        name: 'West Co',
        organizationType: 'company',
        parentId: root.id,
      })
    ).id;
    ids.west = (
      await ok<OrgTreeNode>(admin, 'POST', `/wfpf/v1/${A}/organization`, {
        name: 'West',
        organizationType: 'area',
        parentId: ids.company,
      })
    ).id;
    await ok(admin, 'POST', `/wfpf/v1/${A}/land`, { areaId: ids.west, landName: 'W plot' });
    await ok(admin, 'PUT', `/wfpf/v1/${A}/organization/user-units/${user.id}`, { unitIds: [ids.company] });
    expect(await plotNames(user.headers)).toEqual(['W plot']);
    expect(await baseNames(user.headers)).toEqual(['West']);
    // A new base under the company is theirs at once.
    const later = (
      await ok<OrgTreeNode>(admin, 'POST', `/wfpf/v1/${A}/organization`, {
        name: 'West 2',
        organizationType: 'area',
        parentId: ids.company,
      })
    ).id;
    await ok(admin, 'POST', `/wfpf/v1/${A}/land`, { areaId: later, landName: 'W2 plot' });
    expect(await plotNames(user.headers)).toEqual(['W plot', 'W2 plot']);
  });
});

describe('scope rules', () => {
  it('refuses a named-bases scope without bases, an unknown base and another tenant’s base', async () => {
    const body = { code: 'bad-scope', nameZh: '坏', nameEn: 'Bad', permissions: [], dataScope: 'bases' };
    const before = (await roles()).length;
    const empty = await call(admin, 'POST', `/iam/v1/${A}/roles`, body);
    expect(empty.statusCode).toBe(400);
    expect(code(empty)).toBe('hiam.warn.role.scopeBasesRequired');
    const unknown = await call(admin, 'POST', `/iam/v1/${A}/roles`, { ...body, baseIds: [987654] });
    expect(code(unknown)).toBe('hiam.warn.role.unknownBase');
    const foreign = await call(admin, 'POST', `/iam/v1/${A}/roles`, { ...body, baseIds: [ids.baseB] });
    expect(foreign.statusCode).toBe(400);
    expect(code(foreign)).toBe('hiam.warn.role.unknownBase');
    const junk = await call(admin, 'POST', `/iam/v1/${A}/roles`, { ...body, dataScope: 'everything' });
    expect(junk.statusCode).toBe(400);
    expect((await roles()).length).toBe(before);
  });

  it('keeps the administrator role on every base (no lock-out)', async () => {
    const adminRole = await roleBy('tenant-admin');
    const res = await call(admin, 'PUT', `/iam/v1/${A}/roles`, {
      ...adminRole,
      dataScope: 'bases',
      baseIds: [ids.north],
    });
    expect(res.statusCode).toBe(400);
    expect(code(res)).toBe('hiam.warn.role.adminScope');
    expect((await roleBy('tenant-admin')).dataScope).toBe('all');
    expect(await plotNames(admin)).toEqual(expect.arrayContaining(['N plot', 'S plot']));
  });
});
