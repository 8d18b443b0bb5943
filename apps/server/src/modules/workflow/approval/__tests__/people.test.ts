import type { ApprovalUser, Page } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';

// The colleague picker of transfer, add signer and delegation: any approver may search the tenant's
// active members, and sees names and logins only.

let s: TestServer;
let viewer = '';
beforeAll(async () => {
  s = await startTestServer();
  viewer = await login(s, 'viewerA');
});
afterAll(async () => s.close());

const people = async (tenantId: number, query = '') =>
  s.inject({
    method: 'GET',
    url: `/wfpf/v1/${tenantId}/approval-users?size=50${query}`,
    headers: auth(viewer),
  });

describe('approval-users', () => {
  it('lists the tenant’s members to a viewer without the user administration right, names and logins only', async () => {
    const res = await people(s.fixtures.tenantA);
    expect(res.statusCode).toBe(200);
    const page = json<Page<ApprovalUser>>(res);
    expect(page.content.map((u) => u.loginName).sort()).toEqual(['adminA', 'operatorA', 'viewerA']);
    expect(Object.keys(page.content[0] ?? {}).sort()).toEqual(['id', 'loginName', 'realName']);
    const iam = await s.inject({
      method: 'GET',
      url: `/iam/v1/${s.fixtures.tenantA}/users`,
      headers: auth(viewer),
    });
    expect(iam.statusCode).toBe(403);
  });

  it('filters by name or login, literally', async () => {
    const byLogin = json<Page<ApprovalUser>>(await people(s.fixtures.tenantA, '&name=operator'));
    expect(byLogin.content.map((u) => u.loginName)).toEqual(['operatorA']);
    const wildcard = json<Page<ApprovalUser>>(await people(s.fixtures.tenantA, '&name=%25'));
    expect(wildcard.totalElements).toBe(0);
  });

  it('shows another tenant nothing', async () => {
    expect([403, 404]).toContain((await people(s.fixtures.tenantB)).statusCode);
  });
});
