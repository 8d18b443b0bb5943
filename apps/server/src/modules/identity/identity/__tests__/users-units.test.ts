import type { Page } from '@tilth/contracts/common.types';
import type { OrgTreeNode } from '@tilth/contracts/organization.types';
import type { TenantUserView } from '@tilth/contracts/users.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';

// The user list by organisation unit (issue 13 item 3): a unit's filter takes in the units under it, and
// each row names the units the member is staff of.

let s: TestServer;
let tA: number;
let admin: string;
let adminB: string;

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  admin = await login(s, 'adminA');
  adminB = await login(s, 'adminB');
});
afterAll(async () => {
  await s?.close();
});

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) => s.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
const made = async (name: string, organizationType: string, parentId: number): Promise<number> => {
  const res = await call(admin, 'POST', `/wfpf/v1/${tA}/organization`, { name, organizationType, parentId });
  expect(res.statusCode, res.body).toBe(200);
  return json<OrgTreeNode>(res).id;
};
const users = async (query: string, token = admin, t = tA) => {
  const res = await call(token, 'GET', `/iam/v1/${t}/users?size=100&${query}`);
  return {
    status: res.statusCode,
    page: res.statusCode === 200 ? json<Page<TenantUserView>>(res) : undefined,
  };
};

describe('users by organisation unit', () => {
  it('filters by a unit and everything under it, and names each member’s units', async () => {
    const [root] = json<OrgTreeNode[]>(await call(admin, 'GET', `/wfpf/v1/${tA}/organization/tree`));
    if (!root) throw new Error('no root');
    const north = await made('北区公司', 'company', root.id);
    const south = await made('南区公司', 'company', root.id);
    const dept = await made('植保部', 'department', north);
    const operator = s.fixtures.users.operatorA.id;
    const set = await call(admin, 'PUT', `/wfpf/v1/${tA}/organization/user-units/${operator}`, {
      unitIds: [dept],
    });
    expect(set.statusCode, set.body).toBe(200);

    const byCompany = await users(`unitId=${north}`);
    expect(byCompany.page?.content.map((u) => u.id)).toEqual([operator]);
    expect(byCompany.page?.content[0]?.unitNames).toEqual(['植保部']);
    expect(byCompany.page?.content[0]?.unitIds).toEqual([dept]);
    expect((await users(`unitId=${dept}`)).page?.totalElements).toBe(1);
    expect((await users(`unitId=${south}`)).page?.totalElements).toBe(0);
    // Without the filter everyone is listed; a member of no unit has none.
    const all = (await users('')).page?.content ?? [];
    expect(all.length).toBeGreaterThan(1);
    expect(all.find((u) => u.id === s.fixtures.users.adminA.id)?.unitNames).toEqual([]);
  });

  it('refuses a unit id that is not a number, and another tenant learns nothing', async () => {
    expect((await users('unitId=abc')).status).toBe(400);
    expect((await users('unitId=1', adminB, tA)).status).toBe(403);
    // A unit of another tenant matches nobody here.
    const [rootB] = json<OrgTreeNode[]>(
      await call(adminB, 'GET', `/wfpf/v1/${s.fixtures.tenantB}/organization/tree`),
    );
    expect((await users(`unitId=${rootB?.id}`)).page?.totalElements).toBe(0);
  });
});
