import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  login,
  PASSWORD,
  startTestServer,
  type TestServer,
  tokenRequest,
} from '../../../../test/harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('sign in', () => {
  it('hands out the RSA public key as SPKI PEM', async () => {
    const res = await s.inject({ method: 'GET', url: '/oauth/public/key' });
    expect(res.statusCode).toBe(200);
    expect(json<{ publicKey: string }>(res).publicKey).toContain('BEGIN PUBLIC KEY');
  });

  it('signs in with an encrypted password and the token opens users/self', async () => {
    const token = await login(s, 'adminA');
    const me = await s.inject({ method: 'GET', url: '/iam/stong/v1/users/self', headers: auth(token) });
    expect(me.statusCode).toBe(200);
    const body = json<{ loginName: string; tenantId: number; tenants: unknown[] }>(me);
    expect(body.loginName).toBe('adminA');
    expect(body.tenantId).toBe(s.fixtures.tenantA);
    expect(body.tenants).toHaveLength(1);
  });

  it('refuses a plain-text password', async () => {
    const res = await s.inject({
      method: 'POST',
      url: '/oauth/oauth/token',
      payload: { grant_type: 'password', username: 'adminA', password: PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).access_token).toBeUndefined();
    expect(json<{ message: string }>(res).message).toMatch(/加密|encrypt/);
  });

  it('answers a message and no token for a wrong password, in the caller language', async () => {
    const res = await tokenRequest(s, 'viewerA', 'wrong-password', {});
    expect(res.statusCode).toBe(400);
    expect(json(res).access_token).toBeUndefined();
    expect(json<{ message: string }>(res).message).toBe('用户名或密码错误');
  });

  it('asks for a captcha after 3 failures and accepts the right one', async () => {
    const need = async () =>
      json<{ isNeedCaptcha: boolean }>(
        await s.inject({ method: 'GET', url: '/oauth/login/user-params?username=operatorA' }),
      ).isNeedCaptcha;
    expect(await need()).toBe(false);
    for (let i = 0; i < 3; i++) expect((await tokenRequest(s, 'operatorA', 'nope1234')).statusCode).toBe(400);
    expect(await need()).toBe(true);

    // The right password alone is no longer enough.
    const noCaptcha = await tokenRequest(s, 'operatorA', PASSWORD);
    expect(noCaptcha.statusCode).toBe(400);
    expect(json<{ code: string }>(noCaptcha).code).toBe('hoth.warn.captchaRequired');

    const { captchaKey } = json<{ captchaKey: string }>(
      await s.inject({ method: 'GET', url: '/oauth/public/captcha-code' }),
    );
    const img = await s.inject({ method: 'GET', url: `/oauth/public/captcha/${captchaKey}` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // The test reads the code the server stored for the key, as a person reads the picture.
    const { findCaptcha } = await import('../identity.repository.js');
    const stored = await findCaptcha(s.platform.database.db, captchaKey);
    const ok = await tokenRequest(s, 'operatorA', PASSWORD, { captchaKey, captcha: stored?.code ?? '' });
    expect(ok.statusCode).toBe(200);
    expect(await need()).toBe(false);
  });

  it('locks the account after 100 failures in an hour with a clear message', async () => {
    const { saveGuard } = await import('../identity.repository.js');
    // 99 failures already this hour (recorded directly: 99 argon2 checks would only slow the suite).
    await saveGuard(s.platform.database.db, {
      loginName: 'adminb',
      consecutiveFailures: 0,
      windowStart: new Date(),
      windowFailures: 99,
      lockedUntil: null,
    });
    const last = await tokenRequest(s, 'adminB', 'bad-pass-1');
    expect(last.statusCode).toBe(400);
    const locked = await tokenRequest(s, 'adminB', PASSWORD, { captchaKey: '', captcha: '' });
    expect(locked.statusCode).toBe(423);
    expect(json<{ message: string }>(locked).message).toMatch(/锁定.*15 分钟/);
    const en = await s.inject({
      method: 'POST',
      url: '/oauth/oauth/token',
      headers: { 'accept-language': 'en-US' },
      payload: { grant_type: 'password', username: 'adminB', password: 'x' },
    });
    expect(json<{ message: string }>(en).message).toMatch(/locked for 15 more minute/);
  });
});

describe('tokens', () => {
  const pair = async (username: string) => {
    const res = await tokenRequest(s, username, PASSWORD);
    return json<{ access_token: string; refresh_token: string }>(res);
  };
  const refresh = (refresh_token: string) =>
    s.inject({
      method: 'POST',
      url: '/oauth/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token }).toString(),
    });
  const self = (token: string) =>
    s.inject({ method: 'GET', url: '/iam/stong/v1/users/self', headers: auth(token) });

  it('rotates the refresh token, and replaying the old one revokes the session', async () => {
    const first = await pair('viewerA');
    const r1 = await refresh(first.refresh_token);
    expect(r1.statusCode).toBe(200);
    const second = json<{ access_token: string; refresh_token: string }>(r1);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await self(second.access_token)).statusCode).toBe(200);

    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    // The whole session is gone: the new tokens stop working too.
    expect((await self(second.access_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
  });

  it('logout revokes the session; its access token then gets 401', async () => {
    const p = await pair('viewerA');
    expect((await self(p.access_token)).statusCode).toBe(200);
    const out = await s.inject({
      method: 'POST',
      url: '/oauth/token/logout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `access_token=${encodeURIComponent(p.access_token)}`,
    });
    expect(out.statusCode).toBe(200);
    const after = await self(p.access_token);
    expect(after.statusCode).toBe(401);
    expect((await refresh(p.refresh_token)).statusCode).toBe(401);
  });

  it('an expired access token gets 401 error.permission.accessTokenExpired', async () => {
    const { signAccessToken } = await import('../../../../platform/auth/tokens.js');
    const p = await pair('viewerA');
    const payload = JSON.parse(Buffer.from(p.access_token.split('.')[1] ?? '', 'base64url').toString()) as {
      sid: string;
    };
    const expired = await signAccessToken(s.platform.keys, s.fixtures.users.viewerA.id, payload.sid, -10);
    const res = await self(expired);
    expect(res.statusCode).toBe(401);
    expect(json<{ code: string }>(res).code).toBe('error.permission.accessTokenExpired');
  });

  it('a forged token gets 401', async () => {
    const res = await self('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl');
    expect(res.statusCode).toBe(401);
  });
});
