import type { AuditLogEntry, AuditLogPage } from '@tilth/contracts/audit.types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  login,
  startTestServer,
  type TestServer,
  tokenRequest,
} from '../../../../test/harness.js';

let s: TestServer;
let A: number;
let B: number;
let admin: Record<string, string>;
let adminB: Record<string, string>;
const UA = 'AuditTest/1.0 (vitest)';

beforeAll(async () => {
  s = await startTestServer();
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
  admin = auth(await login(s, 'adminA'));
  adminB = auth(await login(s, 'adminB'));
});
afterAll(async () => {
  await s?.close();
});

const log = async (query: string, headers = admin, t = A) => {
  const res = await s.inject({ method: 'GET', url: `/wfpf/v1/${t}/audit-log?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return json<AuditLogPage>(res);
};
const entries = async (action: string, headers = admin, t = A): Promise<AuditLogEntry[]> =>
  (await log(`action=${encodeURIComponent(action)}&size=200`, headers, t)).content.filter(
    (e) => e.action === action,
  );

describe('audit log: what is recorded', () => {
  it('a sign-in and a wrong password each leave an entry with address and user agent', async () => {
    const ok = await tokenRequest(s, 'operatorA', 'secret123');
    expect(ok.statusCode).toBe(200);
    const bad = await s.inject({
      method: 'POST',
      url: '/oauth/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'viewerA',
        password: (await import('../../../../test/harness.js')).encryptPassword(s, 'wrong-one'),
      }).toString(),
    });
    expect(bad.statusCode).toBe(400);
    const signIns = await entries('auth.sign-in');
    const mine = signIns.find((e) => e.actorId === s.fixtures.users.operatorA.id);
    expect(mine?.ip).toBeTruthy();
    expect(mine?.userAgent).toBeTruthy();
    const failed = (await entries('auth.sign-in-failed')).find(
      (e) => e.actorId === s.fixtures.users.viewerA.id,
    );
    expect(failed).toMatchObject({ actorName: 'viewerA', userAgent: UA, after: { reason: 'password' } });
    expect(failed?.ip).toBeTruthy();
    // Never the password, in any form.
    expect(JSON.stringify(failed)).not.toContain('wrong-one');
  });

  it('disabling a user records before and after', async () => {
    const id = s.fixtures.users.viewerA.id;
    const res = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/users/${id}/enabled`,
      headers: admin,
      payload: { enabled: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [e] = await entries('user.disable');
    expect(e).toMatchObject({
      targetType: 'user',
      targetId: String(id),
      before: { enabled: true },
      after: { enabled: false },
      actorId: s.fixtures.users.adminA.id,
    });
    await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/users/${id}/enabled`,
      headers: admin,
      payload: { enabled: true },
    });
  });

  it("editing a role's permissions records the codes added and removed", async () => {
    const created = await s.inject({
      method: 'POST',
      url: `/iam/v1/${A}/roles`,
      headers: admin,
      payload: {
        code: 'audit-r',
        nameZh: '审计角色',
        nameEn: 'Audit role',
        permissions: ['wfpf.farm.farm.base.ps.create'],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const role = json<{ id: number; objectVersionNumber: number }>(created);
    const upd = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/roles`,
      headers: admin,
      payload: {
        id: role.id,
        nameZh: '审计角色',
        nameEn: 'Audit role',
        permissions: ['wfpf.farm.farm.base.ps.edit'],
        objectVersionNumber: role.objectVersionNumber,
      },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const [e] = await entries('role.permissions');
    expect(e).toMatchObject({
      targetId: String(role.id),
      before: { permissions: ['wfpf.farm.farm.base.ps.create'] },
      after: { permissions: ['wfpf.farm.farm.base.ps.edit'] },
    });
    expect(await entries('role.create')).toHaveLength(1);
  });

  it('deleting a unit records it; a refused delete and a stale edit record nothing', async () => {
    const tree = json<{ id: number }[]>(
      await s.inject({ method: 'GET', url: `/wfpf/v1/${A}/organization/tree`, headers: admin }),
    );
    const rootId = tree[0]?.id ?? 0;
    const mk = async (name: string, parentId: number, organizationType = 'department') => {
      const r = await s.inject({
        method: 'POST',
        url: `/wfpf/v1/${A}/organization`,
        headers: admin,
        payload: { name, organizationType, parentId },
      });
      expect(r.statusCode, r.body).toBe(200);
      return json<{ id: number; objectVersionNumber: number }>(r);
    };
    const parent = await mk('审计公司', rootId, 'company');
    const child = await mk('审计一组', parent.id);
    // Refused: it has a child.
    const refused = await s.inject({
      method: 'DELETE',
      url: `/wfpf/v1/${A}/organization/${parent.id}`,
      headers: admin,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    // Stale: an old version.
    const stale = await s.inject({
      method: 'PUT',
      url: `/wfpf/v1/${A}/organization`,
      headers: admin,
      payload: { id: child.id, name: '改名', objectVersionNumber: child.objectVersionNumber + 5 },
    });
    expect(stale.statusCode).toBe(409);
    expect(await entries('unit.delete')).toHaveLength(0);
    expect(await entries('unit.rename')).toHaveLength(0);
    const del = await s.inject({
      method: 'DELETE',
      url: `/wfpf/v1/${A}/organization/${child.id}`,
      headers: admin,
    });
    expect(del.statusCode, del.body).toBe(200);
    const [e] = await entries('unit.delete');
    expect(e).toMatchObject({
      targetId: String(child.id),
      targetName: '审计一组',
      before: { name: '审计一组', organizationType: 'department', parentId: parent.id },
      after: null,
    });
  });
});

describe('audit log: kept and shown', () => {
  it('refuses UPDATE, DELETE and TRUNCATE even as the database owner', async () => {
    const db = s.platform.database;
    // The login role (the owner), for this transaction only: pooled PostgreSQL connections start as the
    // row-level-security role, so RESET ROLE would not leave it.
    const tryRaw = (q: ReturnType<typeof sql>) =>
      db
        .withTenant(A, async (tx) => {
          await tx.execute(sql`select set_config('role', session_user, true)`);
          await tx.execute(q);
          return 'changed';
        })
        .catch((err: { cause?: { message?: string }; message: string }) => err.cause?.message ?? err.message);
    expect(await tryRaw(sql`update audit_log set action = 'x'`)).toMatch(/append-only/);
    expect(await tryRaw(sql`delete from audit_log`)).toMatch(/append-only/);
    expect(await tryRaw(sql`truncate audit_log`)).toMatch(/append-only/);
    expect((await log('size=1')).content).toHaveLength(1);
  });

  it("another tenant's administrator sees none of tenant A's entries; a member without the code gets 403", async () => {
    const b = await log('size=200', adminB, B);
    expect(b.content.every((e) => e.actorId !== s.fixtures.users.adminA.id)).toBe(true);
    expect(b.content.some((e) => e.action === 'user.disable')).toBe(false);
    const cross = await s.inject({ method: 'GET', url: `/wfpf/v1/${A}/audit-log`, headers: adminB });
    expect([403, 404]).toContain(cross.statusCode);
    const viewer = auth(await login(s, 'viewerA'));
    const denied = await s.inject({ method: 'GET', url: `/wfpf/v1/${A}/audit-log`, headers: viewer });
    expect(denied.statusCode).toBe(403);
  });

  it('filters by action prefix, actor and tenant-day range, and pages by cursor without repeats', async () => {
    const users = await log('action=user.&size=200');
    expect(users.content.length).toBeGreaterThan(0);
    expect(users.content.every((e) => e.action.startsWith('user.'))).toBe(true);
    const byActorId = await log(`actor=${s.fixtures.users.adminA.id}&size=200`);
    expect(byActorId.content.length).toBeGreaterThan(0);
    expect(byActorId.content.every((e) => e.actorId === s.fixtures.users.adminA.id)).toBe(true);
    const byName = await log('actor=operat&size=200');
    expect(byName.content.every((e) => e.actorName.includes('operat'))).toBe(true);
    expect(byName.content.length).toBeGreaterThan(0);

    // Today in the tenant's zone has everything; the day before has nothing.
    const tz = 'Asia/Shanghai';
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
    const all = await log('size=200');
    const todays = await log(`from=${today}&to=${today}&size=200`);
    expect(todays.content.length).toBe(all.content.length);
    const y = new Date(`${today}T00:00:00Z`);
    y.setUTCDate(y.getUTCDate() - 1);
    const yesterday = y.toISOString().slice(0, 10);
    expect((await log(`from=${yesterday}&to=${yesterday}`)).content).toHaveLength(0);
    const backwards = await s.inject({
      method: 'GET',
      url: `/wfpf/v1/${A}/audit-log?from=${today}&to=${yesterday}`,
      headers: admin,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('to');

    // Two at a time, newest first, every entry once.
    const seen: number[] = [];
    let cursor: string | null = '';
    for (let i = 0; i < 100 && cursor !== null; i++) {
      const p: AuditLogPage = await log(`size=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...p.content.map((e) => e.id));
      cursor = p.next;
    }
    expect(seen).toEqual(all.content.map((e) => e.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('answers junk filters with 400 naming the field', async () => {
    for (const [q, field] of [
      ['cursor=abc', 'cursor'],
      ['size=0', 'size'],
      ['size=x', 'size'],
      ['from=2026-02-30', 'from'],
      [`actor=${'x'.repeat(400)}`, 'actor'],
    ] as const) {
      const res = await s.inject({ method: 'GET', url: `/wfpf/v1/${A}/audit-log?${q}`, headers: admin });
      expect(res.statusCode, q).toBe(400);
      expect(res.body, q).toContain(field);
    }
  });

  it('exports the filtered rows as a workbook', async () => {
    const res = await s.inject({
      method: 'GET',
      url: `/wfpf/v1/${A}/audit-log/export?action=user.`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
