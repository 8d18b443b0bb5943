import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { json, PASSWORD, startTestServer, type TestServer, tokenRequest } from '../harness.js';

// Issue 10 item 10: per-client-address limits on the public identity routes, with the shipped defaults
// (the harness runs every suite with them unless the suite lifts them). Each test uses addresses of its own.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

interface Failure {
  failed: boolean;
  code: string;
  message: string;
}

const sendCode = (phone: string, ip: string, lang = 'zh-CN') =>
  s.inject({
    method: 'POST',
    url: `/oauth/public/send-phone-captcha-always?phone=${phone}`,
    remoteAddress: ip,
    headers: { 'accept-language': lang },
  });

const passwordGrant = (username: string, ip: string, lang = 'zh-CN', headers: Record<string, string> = {}) =>
  tokenRequest(s, username, 'spray-pass1', {}, { ip, headers: { 'accept-language': lang, ...headers } });

const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

describe('per-client-address limits on the public identity routes', () => {
  it('30 SMS codes to 30 phones from one address: 5 are sent, then 429 with Retry-After', async () => {
    const ip = '203.0.113.10';
    const before = s.sms.outbox.length;
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await sendCode(`1380000${String(i).padStart(4, '0')}`, ip));
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const limited = answers.slice(5);
    expect(limited.every((r) => r.statusCode === 429)).toBe(true);
    expect(s.sms.outbox.length - before).toBe(5);

    const first = limited[0];
    if (!first) throw new Error('no limited answer');
    expect(retryAfter(first)).toBeGreaterThan(500);
    expect(retryAfter(first)).toBeLessThanOrEqual(600);
    expect(json<Failure>(first)).toEqual({
      failed: true,
      code: 'error.request.rateLimited',
      message: '操作过于频繁，请 10 分钟后再试',
    });
    const en = await sendCode('13800009999', ip, 'en-US');
    expect(en.statusCode).toBe(429);
    expect(json<Failure>(en).message).toBe('Too many attempts from your network; try again in 10 min');

    // Another address is not affected.
    expect((await sendCode('13800009998', '203.0.113.11')).statusCode).toBe(200);
  });

  it('60 sign-ins for 60 usernames from one address: 20 are checked, then 429; refresh grants still work', async () => {
    const ip = '203.0.113.20';
    // A session opened from that address before the spray.
    const session = await tokenRequest(s, 'viewerA', PASSWORD, {}, { ip });
    expect(session.statusCode).toBe(200);
    const answers = [];
    for (let i = 0; i < 60; i++) answers.push(await passwordGrant(`spray-user-${i}`, ip, 'en-US'));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.slice(0, 19).every((c) => c === 400)).toBe(true);
    expect(statuses.slice(19).every((c) => c === 429)).toBe(true);
    const first = answers[19];
    if (!first) throw new Error('no limited answer');
    expect(retryAfter(first)).toBeGreaterThan(0);
    expect(retryAfter(first)).toBeLessThanOrEqual(60);
    const body = json<Failure>(first);
    expect(body).toMatchObject({ failed: true, code: 'error.request.rateLimited' });
    expect(body.message).toMatch(/^Too many attempts from your network; try again in \d+ s$/);
    const zh = await passwordGrant('spray-user-x', ip, 'zh-CN');
    expect(json<Failure>(zh).message).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);

    // The signed-in console behind that address keeps refreshing its tokens.
    let refresh = json<{ refresh_token: string }>(session).refresh_token;
    for (let i = 0; i < 25; i++) {
      const r = await s.inject({
        method: 'POST',
        url: '/oauth/oauth/token',
        remoteAddress: ip,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh }).toString(),
      });
      expect(r.statusCode, r.body).toBe(200);
      refresh = json<{ refresh_token: string }>(r).refresh_token;
    }
    // Without a trusted proxy a forged X-Forwarded-For changes nothing.
    const forged = await passwordGrant('spray-user-y', ip, 'en-US', { 'x-forwarded-for': '198.51.100.99' });
    expect(forged.statusCode).toBe(429);
    // A neighbour on another address signs in.
    expect((await passwordGrant('spray-user-z', '203.0.113.21')).statusCode).toBe(400);
  });

  it('registration and password reset: 10 per address, then 429', async () => {
    const ip = '203.0.113.30';
    const body = {
      realName: 'R',
      password: 'abc12345',
      tenantName: 'R farm',
      phone: '13900000001',
      captchaKey: crypto.randomUUID(),
      captcha: '123456',
    };
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (
          await s.inject({
            method: 'POST',
            url: '/wfpf/v1/tenant/register',
            remoteAddress: ip,
            payload: body,
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
    const resets = [];
    for (let i = 0; i < 11; i++) {
      const r = await s.inject({
        method: 'POST',
        url: '/oauth/public/password/reset',
        remoteAddress: ip,
        payload: {
          phone: body.phone,
          captchaKey: body.captchaKey,
          captcha: '123456',
          password: 'new-pass12',
        },
      });
      resets.push(r.statusCode);
    }
    expect(resets).toEqual([...Array(10).fill(400), 429]);
  });

  it('captcha keys and images: 60 a minute per address, then 429', async () => {
    const ip = '203.0.113.40';
    let last = 0;
    let key = '';
    for (let i = 0; i < 61; i++) {
      const r = await s.inject({ method: 'GET', url: '/oauth/public/captcha-code', remoteAddress: ip });
      last = r.statusCode;
      if (r.statusCode === 200) key = json<{ captchaKey: string }>(r).captchaKey;
    }
    expect(last).toBe(429);
    expect(key).not.toBe('');
    const images = [];
    for (let i = 0; i < 61; i++) {
      images.push(
        (await s.inject({ method: 'GET', url: `/oauth/public/captcha/${key}`, remoteAddress: ip }))
          .statusCode,
      );
    }
    expect(images.filter((c) => c === 200)).toHaveLength(60);
    expect(images.at(-1)).toBe(429);
  });
});

describe('behind a trusted proxy', () => {
  let p: TestServer;
  beforeAll(async () => {
    p = await startTestServer({ TILTH_TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await p.close();
  });

  const viaProxy = (phone: string, client: string) =>
    p.inject({
      method: 'POST',
      url: `/oauth/public/send-phone-captcha-always?phone=${phone}`,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client },
    });

  it('counts the client named by X-Forwarded-For, not the proxy', async () => {
    for (let i = 0; i < 5; i++)
      expect((await viaProxy(`1370000000${i}`, '198.51.100.1')).statusCode).toBe(200);
    expect((await viaProxy('13700000005', '198.51.100.1')).statusCode).toBe(429);
    expect((await viaProxy('13700000006', '198.51.100.2')).statusCode).toBe(200);
    // An untrusted peer's header is ignored: it is counted as itself.
    const direct = (phone: string) =>
      p.inject({
        method: 'POST',
        url: `/oauth/public/send-phone-captcha-always?phone=${phone}`,
        remoteAddress: '192.0.2.50',
        headers: { 'x-forwarded-for': '198.51.100.3' },
      });
    for (let i = 0; i < 5; i++) expect((await direct(`1370000001${i}`)).statusCode).toBe(200);
    expect((await direct('13700000020')).statusCode).toBe(429);
  });
});

describe('settings', () => {
  it('parse max/seconds, 0 turns a limit off, junk stops the server at start', () => {
    const c = loadConfig({ TILTH_RATE_LIMIT_SMS: '3/60', TILTH_RATE_LIMIT_CAPTCHA: '0' });
    expect(c.rateLimits.sms).toEqual({ max: 3, windowSeconds: 60 });
    expect(c.rateLimits.captcha).toBeUndefined();
    expect(c.rateLimits.signIn).toEqual({ max: 20, windowSeconds: 60 });
    expect(c.trustProxy).toBe(false);
    expect(loadConfig({ TILTH_TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
    ]);
    for (const bad of ['20', '20/0', 'x/60', '-1/60']) {
      expect(() => loadConfig({ TILTH_RATE_LIMIT_SIGN_IN: bad })).toThrow(/TILTH_RATE_LIMIT_SIGN_IN/);
    }
  });
});
