import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../modules/demo/seed.helpers.js';
import {
  encryptPassword,
  PASSWORD,
  RATE_LIMITS_LIFTED,
  startTestServer,
  type TestServer,
} from '../harness.js';

// Issue 10 item 8: the public identity routes answer alike for a registered and an unregistered phone
// until the caller proves they hold the phone (a right SMS code).

let s: TestServer;
const REGISTERED = '13966660001';
const UNREGISTERED = '13966660002';
beforeAll(async () => {
  // Many codes sent from one address to compare answers; the per-client limits have their own suite.
  s = await startTestServer(RATE_LIMITS_LIFTED);
  await createUser(s.platform.database, {
    loginName: REGISTERED,
    phone: REGISTERED,
    password: PASSWORD,
    realName: 'Has account',
    roles: [[s.fixtures.tenantA, 'viewer']],
  });
});
afterAll(async () => {
  await s.close();
});

type Lang = 'zh-CN' | 'en-US';

/** What a caller can observe: status, content type and body, with the per-request random key masked. */
const observed = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => ({
  status: res.statusCode,
  type: res.headers['content-type'],
  body: res.body.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<key>'),
});

const sendCode = (phone: string, lang: Lang) =>
  s.inject({
    method: 'POST',
    url: `/oauth/public/send-phone-captcha-always?phone=${phone}`,
    headers: { 'accept-language': lang },
  });

const register = (phone: string, captchaKey: string, captcha: string, lang: Lang) =>
  s.inject({
    method: 'POST',
    url: '/wfpf/v1/tenant/register',
    headers: { 'accept-language': lang },
    payload: {
      realName: 'Probe',
      password: 'abc12345',
      tenantName: 'Probe farm',
      phone,
      captchaKey,
      captcha,
    },
  });

const reset = (phone: string, captchaKey: string, captcha: string, lang: Lang) =>
  s.inject({
    method: 'POST',
    url: '/oauth/public/password/reset',
    headers: { 'accept-language': lang },
    payload: { phone, captchaKey, captcha, password: 'new-pass12' },
  });

const wrongDigits = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('no phone enumeration through the public identity routes', () => {
  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`registration and reset with a wrong code answer the same for both phones (${lang})`, async () => {
      const bogusKey = crypto.randomUUID();
      const probes = [
        (phone: string) => register(phone, bogusKey, '123456', lang),
        (phone: string) => reset(phone, bogusKey, '123456', lang),
      ];
      for (const probe of probes) {
        const a = observed(await probe(REGISTERED));
        const b = observed(await probe(UNREGISTERED));
        expect(a).toEqual(b);
        expect(a.status).toBe(400);
        expect(JSON.parse(a.body)).toMatchObject({ failed: true, code: 'hoth.warn.smsCodeIncorrect' });
      }
      // A malformed key is refused by validation, alike for both.
      expect(observed(await register(REGISTERED, 'not-a-key', '000000', lang))).toEqual(
        observed(await register(UNREGISTERED, 'not-a-key', '000000', lang)),
      );
    });
  }

  it('a real code with wrong digits answers the same; sending the code answers the same', async () => {
    const sentA = await sendCode(REGISTERED, 'en-US');
    const sentB = await sendCode(UNREGISTERED, 'en-US');
    expect(observed(sentA)).toEqual(observed(sentB));
    expect(sentA.statusCode).toBe(200);
    // Sent again within the minute: the same "too soon" for both.
    expect(observed(await sendCode(REGISTERED, 'zh-CN'))).toEqual(
      observed(await sendCode(UNREGISTERED, 'zh-CN')),
    );

    const keyA = (sentA.json() as { captchaKey: string }).captchaKey;
    const keyB = (sentB.json() as { captchaKey: string }).captchaKey;
    const codeA = s.sms.lastCodeFor(REGISTERED) ?? '';
    const codeB = s.sms.lastCodeFor(UNREGISTERED) ?? '';
    expect(observed(await register(REGISTERED, keyA, wrongDigits(codeA), 'zh-CN'))).toEqual(
      observed(await register(UNREGISTERED, keyB, wrongDigits(codeB), 'zh-CN')),
    );
    expect(observed(await reset(REGISTERED, keyA, wrongDigits(codeA), 'en-US'))).toEqual(
      observed(await reset(UNREGISTERED, keyB, wrongDigits(codeB), 'en-US')),
    );
    // A code sent to one phone does not open the other.
    expect(observed(await register(REGISTERED, keyB, codeB, 'en-US'))).toEqual(
      observed(await register(UNREGISTERED, keyA, codeA, 'en-US')),
    );

    // Whoever holds the phone (the right code) may learn that it already has an account.
    const owner = await register(REGISTERED, keyA, codeA, 'zh-CN');
    expect(owner.statusCode).toBe(409);
    expect(owner.json()).toMatchObject({ code: 'wfpf.user.hadRegister', message: '该手机号已注册' });
  });

  it('the captcha question and a wrong password answer the same for both phones', async () => {
    const params = (u: string) =>
      s.inject({ method: 'GET', url: `/oauth/login/user-params?username=${u}` }).then(observed);
    expect(await params(REGISTERED)).toEqual(await params(UNREGISTERED));
    const signIn = (username: string) =>
      s
        .inject({
          method: 'POST',
          url: '/oauth/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            grant_type: 'password',
            username,
            password: encryptPassword(s, 'not-the-password1'),
          }).toString(),
        })
        .then(observed);
    expect(await signIn(REGISTERED)).toEqual(await signIn(UNREGISTERED));
  });
});
