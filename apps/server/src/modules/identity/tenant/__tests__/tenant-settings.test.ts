import type { ErrorBody } from '@tilth/contracts/common.types';
import type { TenantSettings } from '@tilth/contracts/tenant.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';

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

const get = (token: string, t = tA) =>
  s.inject({ method: 'GET', url: `/wfpf/v1/${t}/tenant/settings`, headers: auth(token) });
const put = (token: string, body: object, t = tA) =>
  s.inject({ method: 'PUT', url: `/wfpf/v1/${t}/tenant/settings`, headers: auth(token), payload: body });

describe('tenant settings: the time zone a tenant counts its days in', () => {
  it('starts on Asia/Shanghai and is readable by every member', async () => {
    const res = await get(viewer);
    expect(res.statusCode).toBe(200);
    expect(json<TenantSettings>(res).timeZone).toBe('Asia/Shanghai');
  });

  it('is changed by the administrator, shows in the tenant list and moves "today" at once', async () => {
    const before = json<TenantSettings>(await get(admin));
    const res = await put(admin, { ...before, timeZone: 'America/New_York' });
    expect(res.statusCode).toBe(200);
    const after = json<TenantSettings>(res);
    expect(after.timeZone).toBe('America/New_York');
    expect(after.objectVersionNumber).toBe(before.objectVersionNumber + 1);
    const tenants = await s.inject({
      method: 'GET',
      url: '/iam/stong/v1/users/self-tenants',
      headers: auth(admin),
    });
    expect(
      json<{ tenantId: number; timeZone: string }[]>(tenants).find((t) => t.tenantId === tA)?.timeZone,
    ).toBe('America/New_York');
    const home = await s.inject({ method: 'GET', url: `/wfpf/v1/${tA}/farm/overview`, headers: auth(admin) });
    expect(json<{ timeZone: string }>(home).timeZone).toBe('America/New_York');
    // Back to the default for the other tests of this file.
    expect((await put(admin, { ...after, timeZone: 'Asia/Shanghai' })).statusCode).toBe(200);
  });

  it('refuses an unknown zone, a stale version, a viewer and another tenant, changing nothing', async () => {
    const cur = json<TenantSettings>(await get(admin));
    const bad = await put(admin, { timeZone: 'Mars/Olympus', objectVersionNumber: cur.objectVersionNumber });
    expect(bad.statusCode).toBe(400);
    expect(json<ErrorBody>(bad).message).toContain('timeZone');
    const offset = await put(admin, { timeZone: '+08:00', objectVersionNumber: cur.objectVersionNumber });
    expect(offset.statusCode).toBe(400);
    const stale = await put(admin, { timeZone: 'UTC', objectVersionNumber: cur.objectVersionNumber - 1 });
    expect(stale.statusCode).toBe(409);
    expect(
      (await put(viewer, { timeZone: 'UTC', objectVersionNumber: cur.objectVersionNumber })).statusCode,
    ).toBe(403);
    expect(
      (await put(adminB, { timeZone: 'UTC', objectVersionNumber: cur.objectVersionNumber }, tA)).statusCode,
    ).toBe(403);
    expect((await get(adminB, tA)).statusCode).toBe(403);
    expect(json<TenantSettings>(await get(admin))).toEqual(cur);
    expect(json<TenantSettings>(await get(adminB, tB)).timeZone).toBe('Asia/Shanghai');
  });
});
