import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  login,
  RATE_LIMITS_LIFTED,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';

// Issue 13 item 3: the users of a tenant, administered by the tenant administrator.

let s: TestServer;
let admin: Record<string, string>;
let A: number;
let B: number;

interface UserView {
  id: number;
  loginName: string;
  realName: string;
  phone: string | null;
  enabled: boolean;
  roleIds: number[];
  roleNames: string[];
  otherTenants: number;
  objectVersionNumber: number;
}
interface Page<T> {
  content: T[];
  totalElements: number;
}
interface Role {
  id: number;
  code: string;
  holderCount: number;
  objectVersionNumber: number;
  permissions: string[];
}

const roleId = async (code: string, tenant = A, headers = admin) => {
  const roles = json<Role[]>(await s.inject({ method: 'GET', url: `/iam/v1/${tenant}/roles`, headers }));
  const r = roles.find((x) => x.code === code);
  if (!r) throw new Error(`no role ${code}`);
  return r.id;
};

const createUser = (body: Record<string, unknown>, tenant = A, headers = admin) =>
  s.inject({ method: 'POST', url: `/iam/v1/${tenant}/users`, headers, payload: body });

const list = async (query = '', tenant = A, headers = admin) =>
  json<Page<UserView>>(await s.inject({ method: 'GET', url: `/iam/v1/${tenant}/users?${query}`, headers }));

beforeAll(async () => {
  // Many sign-ins from one address (each new user signs in once or twice).
  // Streams re-admit only every 10 minutes here: a stream that ends did so at the disable, not at a recheck.
  s = await startTestServer({ ...RATE_LIMITS_LIFTED, TILTH_STREAM_RECHECK_SEC: '600' });
  admin = auth(await login(s, 'adminA'));
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
});
afterAll(async () => {
  await s.close();
});

describe('creating and listing users', () => {
  it('creates an account with the phone as sign-in name, its roles, and lists it with the filters', async () => {
    const operator = await roleId('farm-operator');
    const res = await createUser({
      realName: 'Wang Fang',
      phone: '13700000001',
      password: 'Start123',
      roleIds: [operator],
    });
    expect(res.statusCode, res.body).toBe(200);
    const u = json<UserView & { invited: boolean }>(res);
    expect(u).toMatchObject({ loginName: '13700000001', enabled: true, roleIds: [operator], invited: false });
    expect(await login(s, '13700000001', 'Start123')).toBeTruthy();

    expect((await list('realName=wang')).content.map((x) => x.id)).toEqual([u.id]);
    expect((await list('phone=0000001')).content.map((x) => x.id)).toEqual([u.id]);
    expect((await list(`roleId=${operator}`)).content.map((x) => x.id)).toContain(u.id);
    expect((await list(`roleId=${await roleId('viewer')}`)).content.map((x) => x.id)).not.toContain(u.id);
    expect((await list('enabled=false')).content).toEqual([]);
    const page = await list('page=0&size=2');
    expect(page.content).toHaveLength(2);
    expect(page.totalElements).toBe(4);
  });

  it('pages through the members in id order, every one once, each row as the full list shows it', async () => {
    for (const [i, name] of ['Page One', 'Page Two', 'Page Three'].entries()) {
      const res = await createUser({ realName: name, phone: `1370000010${i}`, password: 'Start123' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const walk = async (filter: string) => {
      const all = await list(`${filter}&page=0&size=0`);
      const paged: UserView[] = [];
      for (let page = 0; page * 2 < all.totalElements + 2; page++) {
        const p = await list(`${filter}&page=${page}&size=2`);
        expect(p.totalElements).toBe(all.totalElements);
        paged.push(...p.content);
      }
      return { all: all.content, paged };
    };
    for (const filter of ['', 'realName=page', 'enabled=true', `roleId=${await roleId('tenant-admin')}`]) {
      const { all, paged } = await walk(filter);
      expect(all.length, filter).toBeGreaterThan(0);
      expect(paged, filter).toEqual(all);
      expect(all.map((u) => u.id)).toEqual([...all.map((u) => u.id)].sort((x, y) => x - y));
    }
    expect((await walk('realName=page')).all.map((u) => u.realName)).toEqual([
      'Page One',
      'Page Two',
      'Page Three',
    ]);
    // A page past the end is empty, with the same total.
    expect(await list('realName=page&page=5&size=2')).toMatchObject({ content: [], totalElements: 3 });
  });

  it('refuses bad input by field, a taken phone, and changes nothing', async () => {
    const before = (await list()).totalElements;
    const badPhone = await createUser({ realName: 'X', phone: '12345', password: 'Start123' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.body).toContain('phone');
    const weak = await createUser({ realName: 'X', phone: '13700000002', password: 'abcdefgh' });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('password');
    const none = await createUser({ realName: 'X', phone: '13700000002' });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('password');
    const unknownRole = await createUser({
      realName: 'X',
      phone: '13700000002',
      password: 'Start123',
      roleIds: [999999],
    });
    expect(unknownRole.statusCode).toBe(404);
    const taken = await createUser({ realName: 'X', phone: '13700000001', password: 'Start123' });
    expect(taken.statusCode).toBe(409);
    expect((await list()).totalElements).toBe(before);
  });

  it('is refused to a viewer and to another tenant, leaking nothing', async () => {
    const viewer = auth(await login(s, 'viewerA'));
    expect((await s.inject({ method: 'GET', url: `/iam/v1/${A}/users`, headers: viewer })).statusCode).toBe(
      403,
    );
    expect(
      (await createUser({ realName: 'V', phone: '13700000009', password: 'Start123' }, A, viewer)).statusCode,
    ).toBe(403);
    const adminB = auth(await login(s, 'adminB'));
    const cross = await s.inject({ method: 'GET', url: `/iam/v1/${A}/users`, headers: adminB });
    expect(cross.statusCode).toBe(403);
    expect(cross.body).not.toContain('Wang');
    // B's administrator cannot reach A's member through B's path either.
    const wang = (await list('realName=Wang')).content[0];
    const viaB = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${B}/users/${wang?.id}/enabled`,
      headers: adminB,
      payload: { enabled: false },
    });
    expect(viaB.statusCode).toBe(404);
    expect((await list('realName=Wang')).content[0]?.enabled).toBe(true);
  });

  it('invites by SMS: the code sets the password, without the administrator ever knowing it', async () => {
    const res = await createUser({ realName: 'Invited', phone: '13700000003', invite: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ invited: boolean }>(res).invited).toBe(true);
    const code = s.sms.lastCodeFor('13700000003');
    expect(code).toMatch(/^\d{6}$/);
    expect(s.sms.outbox.at(-1)?.text).toContain('Farm A');
    const set = await s.inject({
      method: 'POST',
      url: '/oauth/public/password/reset',
      payload: { phone: '13700000003', captcha: code, password: 'Mine1234' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await login(s, '13700000003', 'Mine1234')).toBeTruthy();
  });
});

describe('editing, enabling and resetting', () => {
  it('edits name and phone with objectVersionNumber; a stale version is 409', async () => {
    const u = json<UserView>(
      await createUser({ realName: 'Edit Me', phone: '13700000010', password: 'Start123' }),
    );
    const ok = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/users`,
      headers: admin,
      payload: { ...u, realName: 'Edited', phone: '13700000011' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json<UserView>(ok)).toMatchObject({
      realName: 'Edited',
      phone: '13700000011',
      loginName: '13700000011',
    });
    const stale = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/users`,
      headers: admin,
      payload: {
        id: u.id,
        realName: 'Again',
        phone: '13700000011',
        objectVersionNumber: u.objectVersionNumber,
      },
    });
    expect(stale.statusCode).toBe(409);
    const blank = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/users`,
      headers: admin,
      payload: { id: u.id, realName: '  ', phone: '13700000011', objectVersionNumber: 2 },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('realName');
  });

  it("disabling refuses the member's next request at once; enabling lets them back", async () => {
    const u = json<UserView>(
      await createUser({
        realName: 'Soon Off',
        phone: '13700000020',
        password: 'Start123',
        roleIds: [await roleId('viewer')],
      }),
    );
    const token = auth(await login(s, '13700000020', 'Start123'));
    const before = await s.inject({ method: 'GET', url: `/iam/v1/${A}/permissions`, headers: token });
    expect(before.statusCode).toBe(200);
    const off = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/users/${u.id}/enabled`,
      headers: admin,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(json<UserView>(off).enabled).toBe(false);
    expect(
      (await s.inject({ method: 'GET', url: `/iam/v1/${A}/permissions`, headers: token })).statusCode,
    ).toBe(403);
    // The tenant is no longer offered in the user's tenant switch.
    const self = json<{ tenants: { tenantId: number }[] }>(
      await s.inject({ method: 'GET', url: '/iam/stong/v1/users/self', headers: token }),
    );
    expect(self.tenants.map((t) => t.tenantId)).not.toContain(A);
    expect((await list('enabled=false')).content.map((x) => x.id)).toEqual([u.id]);

    await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/users/${u.id}/enabled`,
      headers: admin,
      payload: { enabled: true },
    });
    expect(
      (await s.inject({ method: 'GET', url: `/iam/v1/${A}/permissions`, headers: token })).statusCode,
    ).toBe(200);
  });

  it('resets a password to a temporary one shown once; the old sessions end', async () => {
    const u = json<UserView>(
      await createUser({ realName: 'Forgetful', phone: '13700000030', password: 'Start123' }),
    );
    const old = auth(await login(s, '13700000030', 'Start123'));
    const res = await s.inject({
      method: 'POST',
      url: `/iam/v1/${A}/users/${u.id}/password-reset`,
      headers: admin,
      payload: { mode: 'temporary' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const temp = json<{ temporaryPassword: string }>(res).temporaryPassword;
    expect(temp).toMatch(/^(?=.*\d)(?=.*[A-Za-z])[A-Za-z\d]{6,20}$/);
    expect(
      (await s.inject({ method: 'GET', url: '/iam/stong/v1/users/self', headers: old })).statusCode,
    ).toBe(401);
    expect(await login(s, '13700000030', temp)).toBeTruthy();
    const sms = await s.inject({
      method: 'POST',
      url: `/iam/v1/${A}/users/${u.id}/password-reset`,
      headers: admin,
      payload: { mode: 'sms' },
    });
    expect(sms.statusCode).toBe(200);
    expect(json<{ temporaryPassword?: string }>(sms).temporaryPassword).toBeUndefined();
    expect(s.sms.outbox.at(-1)?.phone).toBe('13700000030');
  });
});

describe('several tenants, removal and the last administrator', () => {
  it("adds another tenant's user by phone without a second account; its phone and password stay theirs", async () => {
    const adminB = auth(await login(s, 'adminB'));
    const inB = await createUser(
      { realName: 'Shared', phone: '13700000040', password: 'Start123' },
      B,
      adminB,
    );
    expect(inB.statusCode, inB.body).toBe(200);
    const shared = json<UserView>(inB);

    const added = await s.inject({
      method: 'POST',
      url: `/iam/v1/${A}/users/existing`,
      headers: admin,
      payload: { phone: '13700000040', roleIds: [await roleId('viewer')] },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(json<UserView>(added)).toMatchObject({ id: shared.id, otherTenants: 1 });
    const again = await s.inject({
      method: 'POST',
      url: `/iam/v1/${A}/users/existing`,
      headers: admin,
      payload: { phone: '13700000040' },
    });
    expect(again.statusCode).toBe(409);
    const nobody = await s.inject({
      method: 'POST',
      url: `/iam/v1/${A}/users/existing`,
      headers: admin,
      payload: { phone: '13799999999' },
    });
    expect(nobody.statusCode).toBe(404);

    const token = auth(await login(s, '13700000040', 'Start123'));
    const tenants = json<{ tenantId: number }[]>(
      await s.inject({ method: 'GET', url: '/iam/stong/v1/users/self-tenants', headers: token }),
    );
    expect(tenants.map((t) => t.tenantId).sort()).toEqual([A, B].sort());

    // A's administrator may not take over an account B shares: no temporary password, no phone change.
    const temp = await s.inject({
      method: 'POST',
      url: `/iam/v1/${A}/users/${shared.id}/password-reset`,
      headers: admin,
      payload: { mode: 'temporary' },
    });
    expect(temp.statusCode).toBe(400);
    const row = (await list('phone=13700000040')).content[0];
    const phone = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/users`,
      headers: admin,
      payload: { ...row, phone: '13700000041' },
    });
    expect(phone.statusCode).toBe(400);
    expect(await login(s, '13700000040', 'Start123')).toBeTruthy();

    // Removed from A, the account still works in B and is refused in A.
    const removed = await s.inject({
      method: 'DELETE',
      url: `/iam/v1/${A}/users/${shared.id}`,
      headers: admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list('phone=13700000040')).content).toEqual([]);
    expect(
      (await s.inject({ method: 'GET', url: `/iam/v1/${A}/permissions`, headers: token })).statusCode,
    ).toBe(403);
    expect(
      (await s.inject({ method: 'GET', url: `/iam/v1/${B}/permissions`, headers: token })).statusCode,
    ).toBe(200);
  });

  it('never leaves the tenant without an enabled administrator', async () => {
    const keeper = await s.inject({
      method: 'POST',
      url: `/iam/v1/${A}/roles`,
      headers: admin,
      payload: {
        code: 'user-keeper',
        nameZh: '用户管理员',
        nameEn: 'User keeper',
        permissions: [
          'wfpf.company.system.user-manage',
          'wfpf.company.system.user-manage.ps.edit',
          'wfpf.company.system.user-manage.ps.delete',
          'wfpf.company.system.role.ps.assign',
        ],
      },
    });
    expect(keeper.statusCode, keeper.body).toBe(200);
    await createUser({
      realName: 'Keeper',
      phone: '13700000050',
      password: 'Start123',
      roleIds: [json<Role>(keeper).id],
    });
    const k = auth(await login(s, '13700000050', 'Start123'));
    const adminId = s.fixtures.users.adminA.id;
    const disable = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/users/${adminId}/enabled`,
      headers: k,
      payload: { enabled: false },
    });
    expect(disable.statusCode).toBe(400);
    expect(json<{ code: string }>(disable).code).toBe('hiam.warn.role.lastAdmin');
    const remove = await s.inject({ method: 'DELETE', url: `/iam/v1/${A}/users/${adminId}`, headers: k });
    expect(remove.statusCode).toBe(400);
    const demote = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/members/${adminId}/roles`,
      headers: k,
      payload: { roleIds: [] },
    });
    expect(demote.statusCode).toBe(400);
    // Nobody disables or removes themselves.
    const self = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/users/${adminId}/enabled`,
      headers: admin,
      payload: { enabled: false },
    });
    expect(self.statusCode).toBe(400);

    // With a second enabled administrator, the first may be disabled; a disabled one does not count.
    const second = json<UserView>(
      await createUser({
        realName: 'Second admin',
        phone: '13700000051',
        password: 'Start123',
        roleIds: [await roleId('tenant-admin')],
      }),
    );
    await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/users/${second.id}/enabled`,
      headers: admin,
      payload: { enabled: false },
    });
    expect(
      (
        await s.inject({
          method: 'PUT',
          url: `/iam/v1/${A}/users/${adminId}/enabled`,
          headers: k,
          payload: { enabled: false },
        })
      ).statusCode,
    ).toBe(400);
    await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/users/${second.id}/enabled`,
      headers: admin,
      payload: { enabled: true },
    });
    const now = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/users/${adminId}/enabled`,
      headers: k,
      payload: { enabled: false },
    });
    expect(now.statusCode, now.body).toBe(200);
    const back = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/users/${adminId}/enabled`,
      headers: k,
      payload: { enabled: true },
    });
    expect(back.statusCode).toBe(200);
  });
});

describe('roles: holders, copy, delete', () => {
  it('counts holders, copies a role with its codes, and refuses deleting a held role naming the holders', async () => {
    const created = await s.inject({
      method: 'POST',
      url: `/iam/v1/${A}/roles`,
      headers: admin,
      payload: {
        code: 'scout',
        nameZh: '巡查员',
        nameEn: 'Scout',
        permissions: ['wfpf.company.system.user-manage'],
      },
    });
    const scout = json<Role>(created);
    expect(scout.holderCount).toBe(0);
    const copy = await s.inject({
      method: 'POST',
      url: `/iam/v1/${A}/roles/${scout.id}/copy`,
      headers: admin,
      payload: { code: 'scout-2', nameZh: '巡查员二', nameEn: 'Scout 2' },
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(json<Role>(copy)).toMatchObject({
      code: 'scout-2',
      permissions: scout.permissions,
      holderCount: 0,
    });
    const dupCode = await s.inject({
      method: 'POST',
      url: `/iam/v1/${A}/roles/${scout.id}/copy`,
      headers: admin,
      payload: { code: 'scout', nameZh: 'x', nameEn: 'x' },
    });
    expect(dupCode.statusCode).toBe(409);
    const foreign = await s.inject({
      method: 'POST',
      url: `/iam/v1/${B}/roles/${scout.id}/copy`,
      headers: auth(await login(s, 'adminB')),
      payload: { code: 'stolen', nameZh: 'x', nameEn: 'x' },
    });
    expect(foreign.statusCode).toBe(404);

    await createUser({
      realName: 'Holder Hu',
      phone: '13700000060',
      password: 'Start123',
      roleIds: [scout.id],
    });
    const roles = json<Role[]>(await s.inject({ method: 'GET', url: `/iam/v1/${A}/roles`, headers: admin }));
    expect(roles.find((r) => r.id === scout.id)?.holderCount).toBe(1);
    const refused = await s.inject({
      method: 'DELETE',
      url: `/iam/v1/${A}/roles/${scout.id}`,
      headers: { ...admin, 'accept-language': 'en-US' },
    });
    expect(refused.statusCode).toBe(400);
    expect(json<{ message: string }>(refused).message).toContain('Holder Hu');
    const deleted = await s.inject({
      method: 'DELETE',
      url: `/iam/v1/${A}/roles/${json<Role>(copy).id}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(200);
  });
});

describe("a disabled member's open stream", () => {
  it('ends at once, and reopening it is refused', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = s.app.server.address();
    const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const operator = await login(s, 'operatorA');
    const url = `${base}/wfpe/v1/${A}/device/stream`;
    const abort = new AbortController();
    const res = await fetch(url, { headers: auth(operator), signal: abort.signal });
    expect(res.status).toBe(200);
    const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
    if (!reader) throw new Error('no body');
    let buf = '';
    while (!buf.includes(': connected')) buf += (await reader.read()).value ?? '';
    const ended = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return buf;
        buf += value;
      }
    })();

    const off = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${A}/users/${s.fixtures.users.operatorA.id}/enabled`,
      headers: admin,
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const outcome = await Promise.race([
      ended,
      // Generous for a loaded CI machine; the recheck (600 s above) cannot be what ends it.
      new Promise<'still open'>((r) => setTimeout(() => r('still open'), 10_000).unref()),
    ]);
    expect(outcome).toContain('event: end');
    expect((await fetch(url, { headers: auth(operator) })).status).toBe(403);
    abort.abort();
  });
});
