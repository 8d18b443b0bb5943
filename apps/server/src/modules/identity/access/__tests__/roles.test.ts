import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';

let s: TestServer;
let admin: Record<string, string>;
let A: number;
beforeAll(async () => {
  s = await startTestServer();
  admin = auth(await login(s, 'adminA'));
  A = s.fixtures.tenantA;
});
afterAll(async () => {
  await s.close();
});

interface Role {
  id: number;
  code: string;
  permissions: string[];
  objectVersionNumber: number;
}

describe('roles and permissions', () => {
  it('seeds three roles; the administrator holds every catalogued code, the viewer no action codes', async () => {
    const roles = json<Role[]>(await s.inject({ method: 'GET', url: `/iam/v1/${A}/roles`, headers: admin }));
    const catalogue = json<{ code: string }[]>(
      await s.inject({ method: 'GET', url: `/iam/v1/${A}/permissions`, headers: admin }),
    );
    const byCode = Object.fromEntries(roles.map((r) => [r.code, r]));
    expect(byCode['tenant-admin']?.permissions.sort()).toEqual(catalogue.map((c) => c.code).sort());
    expect(byCode.viewer?.permissions.filter((c) => c.includes('.ps.'))).toEqual([
      'wfpf.farm.user.ps.notice-message',
    ]);
  });

  it('a custom role grants exactly its codes to the member it is assigned to', async () => {
    const viewer = auth(await login(s, 'viewerA'));
    const denied = await s.inject({
      method: 'POST',
      url: `/wfpf/v1/${A}/area`,
      headers: viewer,
      payload: { areaName: 'V base' },
    });
    expect(denied.statusCode).toBe(403);

    const created = await s.inject({
      method: 'POST',
      url: `/iam/v1/${A}/roles`,
      headers: admin,
      payload: {
        code: 'base-keeper',
        nameZh: '基地管理',
        nameEn: 'Base keeper',
        permissions: ['wfpf.farm.farm.base.ps.create'],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const role = json<Role>(created);
    const members = json<{ userId: number; roleIds: number[] }[]>(
      await s.inject({ method: 'GET', url: `/iam/v1/${A}/members`, headers: admin }),
    );
    const v = members.find((m) => m.userId === s.fixtures.users.viewerA.id);
    const assign = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/members/${s.fixtures.users.viewerA.id}/roles`,
      headers: admin,
      payload: { roleIds: [...(v?.roleIds ?? []), role.id] },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    const allowed = await s.inject({
      method: 'POST',
      url: `/wfpf/v1/${A}/area`,
      headers: viewer,
      payload: { areaName: 'V base' },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('rejects unknown codes, duplicate role codes, stale versions, and deleting built-in roles', async () => {
    const unknown = await s.inject({
      method: 'POST',
      url: `/iam/v1/${A}/roles`,
      headers: admin,
      payload: { code: 'x1', nameZh: 'x', nameEn: 'x', permissions: ['wfpf.not.a.code'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(json<{ message: string }>(unknown).message).toContain('wfpf.not.a.code');
    const dup = await s.inject({
      method: 'POST',
      url: `/iam/v1/${A}/roles`,
      headers: admin,
      payload: { code: 'viewer', nameZh: 'x', nameEn: 'x', permissions: [] },
    });
    expect(dup.statusCode).toBe(409);
    const roles = json<Role[]>(await s.inject({ method: 'GET', url: `/iam/v1/${A}/roles`, headers: admin }));
    const viewer = roles.find((r) => r.code === 'viewer') as Role;
    const upd = (v: number) =>
      s.inject({
        method: 'PUT',
        url: `/iam/v1/${A}/roles`,
        headers: admin,
        payload: {
          id: viewer.id,
          nameZh: '访客',
          nameEn: 'Guest',
          permissions: viewer.permissions,
          objectVersionNumber: v,
        },
      });
    expect((await upd(viewer.objectVersionNumber)).statusCode).toBe(200);
    expect((await upd(viewer.objectVersionNumber)).statusCode).toBe(409);
    const del = await s.inject({ method: 'DELETE', url: `/iam/v1/${A}/roles/${viewer.id}`, headers: admin });
    expect(del.statusCode).toBe(400);
  });

  it('keeps at least one administrator, and only administrators manage roles', async () => {
    const roles = json<Role[]>(await s.inject({ method: 'GET', url: `/iam/v1/${A}/roles`, headers: admin }));
    const viewerRole = roles.find((r) => r.code === 'viewer') as Role;
    const demote = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/members/${s.fixtures.users.adminA.id}/roles`,
      headers: admin,
      payload: { roleIds: [viewerRole.id] },
    });
    expect(demote.statusCode).toBe(400);
    const operator = auth(await login(s, 'operatorA'));
    expect((await s.inject({ method: 'GET', url: `/iam/v1/${A}/roles`, headers: operator })).statusCode).toBe(
      403,
    );
  });
});

describe('codes added by a new release', () => {
  it('are granted to every tenant administrator at start-up', async () => {
    const { sql } = await import('drizzle-orm');
    const { syncAdminPermissions } = await import('../../../demo/seed.helpers.js');
    const db = s.platform.database;
    // Pretend the catalogue grew: the stored administrator roles lack one code.
    for (const t of [A, s.fixtures.tenantB]) {
      await db.withTenant(t, (tx) =>
        tx.execute(sql`delete from role_permissions where permission_code = 'wfpf.farm.farm.seed.ps.create'`),
      );
    }
    expect(await syncAdminPermissions(db)).toBeGreaterThanOrEqual(2);
    const roles = json<Role[]>(await s.inject({ method: 'GET', url: `/iam/v1/${A}/roles`, headers: admin }));
    expect(roles.find((r) => r.code === 'tenant-admin')?.permissions).toContain(
      'wfpf.farm.farm.seed.ps.create',
    );
    expect(await syncAdminPermissions(db)).toBe(0);
  });
});
