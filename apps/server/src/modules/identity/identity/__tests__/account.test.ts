import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  login,
  PASSWORD,
  RATE_LIMITS_LIFTED,
  startTestServer,
  type TestServer,
  tokenRequest,
} from '../../../../test/harness.js';

let s: TestServer;
beforeAll(async () => {
  // Registration, reset and SMS rules one after another from one address: the per-client limits have
  // their own suite (identity-rate-limits.test.ts).
  s = await startTestServer(RATE_LIMITS_LIFTED);
});
afterAll(async () => {
  await s.close();
});

const sendCode = async (phone: string) => {
  const res = await s.inject({
    method: 'POST',
    url: `/oauth/public/send-phone-captcha-always?phone=${phone}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = json<{ success: boolean; captchaKey: string; message: string }>(res);
  expect(body.success).toBe(true);
  const code = s.sms.lastCodeFor(phone);
  expect(code).toMatch(/^\d{6}$/);
  return { captchaKey: body.captchaKey, captcha: code ?? '' };
};

/** Moves the phone's codes past the 60-second resend wait. */
const ageCodes = async (phone: string) => {
  const { sql } = await import('drizzle-orm');
  await s.platform.database.db.execute(
    sql`update sms_codes set creation_date = now() - interval '2 minutes' where phone = ${phone}`,
  );
};

const register = (body: Record<string, unknown>) =>
  s.inject({ method: 'POST', url: '/wfpf/v1/tenant/register', payload: body });

describe('registration', () => {
  it('creates a tenant, its administrator (phone as username) and membership; the guide is on', async () => {
    const phone = '13911112222';
    const code = await sendCode(phone);
    const res = await register({
      realName: '张三',
      password: 'farm2026x',
      tenantName: '青山农场',
      phone,
      ...code,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { tenantId } = json<{ tenantId: number }>(res);

    const token = await login(s, phone, 'farm2026x');
    const me = json<{
      tenantId: number;
      realName: string;
      tenants: { tenantName: string; timeZone: string }[];
    }>(await s.inject({ method: 'GET', url: '/iam/stong/v1/users/self', headers: auth(token) }));
    expect(me).toMatchObject({ tenantId, realName: '张三' });
    expect(me.tenants.map((t) => t.tenantName)).toEqual(['青山农场']);
    // No zone chosen: the tenant counts its days in the default zone.
    expect(me.tenants[0]?.timeZone).toBe('Asia/Shanghai');
    const novice = await s.inject({
      method: 'POST',
      url: `/wfpf/v1/${tenantId}/tenant/novice/check`,
      headers: auth(token),
    });
    expect(novice.body).toBe('1');
    // The first user administers the tenant: they may manage roles there.
    const roles = await s.inject({ method: 'GET', url: `/iam/v1/${tenantId}/roles`, headers: auth(token) });
    expect(roles.statusCode).toBe(200);
    expect(json<{ code: string }[]>(roles).map((r) => r.code)).toEqual([
      'tenant-admin',
      'farm-operator',
      'viewer',
      'expert',
    ]);
  });

  it('stores the time zone chosen at registration; an unknown zone is 400 and creates nothing', async () => {
    const phone = '13911116666';
    const code = await sendCode(phone);
    const body = { realName: 'Z', password: 'abc12345', tenantName: 'Hudson farm', phone, ...code };
    for (const timeZone of ['Mars/Olympus', '+08:00']) {
      const bad = await register({ ...body, timeZone });
      expect(bad.statusCode, timeZone).toBe(400);
      expect(json<{ message: string }>(bad).message).toContain('timeZone');
    }
    // Nothing was created: no user can sign in, and the same code still registers once.
    const noUser = await tokenRequest(s, phone, 'abc12345');
    expect(noUser.statusCode).not.toBe(200);
    const ok = await register({ ...body, timeZone: 'America/New_York' });
    expect(ok.statusCode, ok.body).toBe(200);
    const { tenantId } = json<{ tenantId: number }>(ok);
    const token = await login(s, phone, 'abc12345');
    const tenants = json<{ tenantId: number; timeZone: string }[]>(
      await s.inject({ method: 'GET', url: '/iam/stong/v1/users/self-tenants', headers: auth(token) }),
    );
    expect(tenants).toEqual([expect.objectContaining({ tenantId, timeZone: 'America/New_York' })]);
    const settings = await s.inject({
      method: 'GET',
      url: `/wfpf/v1/${tenantId}/tenant/settings`,
      headers: auth(token),
    });
    expect(json<{ timeZone: string }>(settings).timeZone).toBe('America/New_York');
  });

  it('refuses a used code, and tells the phone’s owner (right code) that it is already registered', async () => {
    const phone = '13911113333';
    const first = await sendCode(phone);
    expect(
      (await register({ realName: 'A', password: 'abc12345', tenantName: 'T1', phone, ...first })).statusCode,
    ).toBe(200);
    // The 60-second resend limit applies per phone.
    const tooSoon = await s.inject({
      method: 'POST',
      url: `/oauth/public/send-phone-captcha-always?phone=${phone}`,
    });
    expect(tooSoon.statusCode).toBe(429);
    // The code is checked first: a used one is just a wrong code, registered phone or not.
    const used = await register({ realName: 'B', password: 'abc12345', tenantName: 'T2', phone, ...first });
    expect(used.statusCode).toBe(400);
    expect(json<{ code: string }>(used).code).toBe('hoth.warn.smsCodeIncorrect');
    await ageCodes(phone);
    const fresh = await sendCode(phone);
    const again = await register({ realName: 'B', password: 'abc12345', tenantName: 'T2', phone, ...fresh });
    expect(again.statusCode).toBe(409);
    expect(json<{ code: string; message: string }>(again)).toMatchObject({
      code: 'wfpf.user.hadRegister',
      message: '该手机号已注册',
    });
  });

  it('validates the spec rules and changes nothing on bad input', async () => {
    const phone = '13911114444';
    const code = await sendCode(phone);
    const bad = [
      { password: 'short1' },
      { password: 'lettersonly' },
      { password: '12345678' },
      { password: 'has space1' },
      { phone: '23911114444' },
      { phone: '1391111444' },
      { realName: '   ' },
      { tenantName: '' },
    ];
    for (const b of bad) {
      const res = await register({
        realName: 'C',
        password: 'abc12345',
        tenantName: 'T3',
        phone,
        ...code,
        ...b,
      });
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(json<{ message: string }>(res).message.length).toBeGreaterThan(5);
    }
    const wrongCode = await register({
      realName: 'C',
      password: 'abc12345',
      tenantName: 'T3',
      phone,
      ...code,
      captcha: '000000' === code.captcha ? '111111' : '000000',
    });
    expect(wrongCode.statusCode).toBe(400);
    // Nothing was created: the right code still works once.
    const ok = await register({ realName: 'C', password: 'abc12345', tenantName: 'T3', phone, ...code });
    expect(ok.statusCode).toBe(200);
    const replay = await register({
      realName: 'C',
      password: 'abc12345',
      tenantName: 'T3',
      phone: '13911115555',
      ...code,
    });
    expect(replay.statusCode).toBe(400);
  });
});

describe('forgot password', () => {
  it('an SMS code sets a new password and revokes every old session', async () => {
    const phone = '13922221111';
    const code = await sendCode(phone);
    expect(
      (await register({ realName: 'R', password: 'first1234', tenantName: 'Reset farm', phone, ...code }))
        .statusCode,
    ).toBe(200);
    const oldToken = await login(s, phone, 'first1234');

    const c2 = await s.inject({
      method: 'POST',
      url: `/oauth/public/send-phone-captcha-always?phone=13922221112`,
    });
    expect(c2.statusCode).toBe(200);
    // A fresh code for the same phone needs the 60 s wait; move the last one into the past.
    await ageCodes(phone);
    const resetCode = await sendCode(phone);
    const res = await s.inject({
      method: 'POST',
      url: '/oauth/public/password/reset',
      payload: { phone, ...resetCode, password: 'second-pass1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await s.inject({ method: 'GET', url: '/iam/stong/v1/users/self', headers: auth(oldToken) }))
        .statusCode,
    ).toBe(401);
    expect((await tokenRequest(s, phone, 'first1234')).statusCode).toBe(400);
    expect(await login(s, phone, 'second-pass1')).toBeTruthy();
  });

  it('refuses a weak new password and a wrong code', async () => {
    const res = await s.inject({
      method: 'POST',
      url: '/oauth/public/password/reset',
      payload: {
        phone: '13922221111',
        captchaKey: '00000000-0000-4000-8000-000000000000',
        captcha: '123456',
        password: 'aaaaaa',
      },
    });
    expect(res.statusCode).toBe(400);
    const wrong = await s.inject({
      method: 'POST',
      url: '/oauth/public/password/reset',
      payload: {
        phone: '13922221111',
        captchaKey: '00000000-0000-4000-8000-000000000000',
        captcha: '123456',
        password: 'good-pass1',
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(json<{ code: string }>(wrong).code).toBe('hoth.warn.smsCodeIncorrect');
  });
});

describe('account and tenants', () => {
  it('switches tenant and sets the default among the tenants the user belongs to', async () => {
    const { createUser } = await import('../../../demo/seed.helpers.js');
    await createUser(s.platform.database, {
      loginName: 'both',
      password: PASSWORD,
      realName: 'Both',
      roles: [
        [s.fixtures.tenantA, 'viewer'],
        [s.fixtures.tenantB, 'farm-operator'],
      ],
    });
    const token = await login(s, 'both');
    const h = auth(token);
    const page = json<{ totalElements: number; content: { tenantId: number; defaultFlag: number }[] }>(
      await s.inject({
        method: 'GET',
        url: '/iam/stong/v1/users/self-tenants/page?page=0&size=1',
        headers: h,
      }),
    );
    expect(page.totalElements).toBe(2);
    expect(page.content).toHaveLength(1);
    const filtered = json<{ content: { tenantName: string }[] }>(
      await s.inject({
        method: 'GET',
        url: '/iam/stong/v1/users/self-tenants/page?tenantName=farm%20b',
        headers: h,
      }),
    );
    expect(filtered.content.map((t) => t.tenantName)).toEqual(['Farm B']);

    const switched = await s.inject({
      method: 'PUT',
      url: `/iam/v1/users/tenant-id?tenantId=${s.fixtures.tenantB}`,
      headers: h,
    });
    expect(switched.statusCode).toBe(200);
    expect(json<{ tenantId: number }>(switched).tenantId).toBe(s.fixtures.tenantB);
    const def = await s.inject({
      method: 'PUT',
      url: `/iam/stong/v1/users/default-tenant?tenantId=${s.fixtures.tenantB}`,
      headers: h,
    });
    expect(json<{ defaultTenantId: number }>(def).defaultTenantId).toBe(s.fixtures.tenantB);

    // A tenant the user does not belong to: refused, nothing changes.
    const foreign = await s.inject({ method: 'PUT', url: '/iam/v1/users/tenant-id?tenantId=0', headers: h });
    expect(foreign.statusCode).toBe(403);
    const me = json<{ tenantId: number }>(
      await s.inject({ method: 'GET', url: '/iam/stong/v1/users/self', headers: h }),
    );
    expect(me.tenantId).toBe(s.fixtures.tenantB);
  });

  it('changes real name, avatar and password (6–20, two kinds); the old password stops working', async () => {
    const token = await login(s, 'viewerA');
    const h = auth(token);
    const rn = await s.inject({
      method: 'PUT',
      url: `/iam/stong/v1/users/real-name?realName=${encodeURIComponent('王五')}`,
      headers: h,
    });
    expect(json<{ realName: string }>(rn).realName).toBe('王五');
    const badAvatar = await s.inject({
      method: 'PUT',
      url: '/iam/stong/v1/users/avatar?avatar=javascript:alert(1)',
      headers: h,
    });
    expect(badAvatar.statusCode).toBe(400);
    const weak = await s.inject({
      method: 'PUT',
      url: '/iam/stong/v1/users/password',
      headers: h,
      payload: { password: 'abcdefg', originalPassword: PASSWORD },
    });
    expect(weak.statusCode).toBe(400);
    const wrongOld = await s.inject({
      method: 'PUT',
      url: '/iam/stong/v1/users/password',
      headers: h,
      payload: { password: 'new-pass1', originalPassword: 'nope' },
    });
    expect(wrongOld.statusCode).toBe(400);
    const ok = await s.inject({
      method: 'PUT',
      url: '/iam/stong/v1/users/password',
      headers: h,
      payload: { password: 'new-pass1', originalPassword: PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect((await tokenRequest(s, 'viewerA', PASSWORD)).statusCode).toBe(400);
    expect(await login(s, 'viewerA', 'new-pass1')).toBeTruthy();
  });
});
