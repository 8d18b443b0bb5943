import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../modules/demo/seed.helpers.js';
import { findCaptcha, findGuard, saveGuard } from '../../modules/identity/identity/identity.repository.js';
import { smsCodes } from '../../modules/identity/identity/identity.tables.js';
import {
  json,
  PASSWORD,
  RATE_LIMITS_LIFTED,
  startTestServer,
  type TestServer,
  tokenRequest,
} from '../harness.js';

// Issue 10 items 5 and 9 (ADR 0008): nobody can lock an account they do not hold the password of, a
// lock only binds the addresses that failed on the account, and concurrency gains no password guesses.

let s: TestServer;
beforeAll(async () => {
  // Hundreds of sign-ins from a few addresses: this suite is about the per-account lock, which the
  // per-client limits (identity-rate-limits.test.ts) would otherwise hide behind 429s.
  s = await startTestServer(RATE_LIMITS_LIFTED);
});
afterAll(async () => {
  await s.close();
});

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';

interface Attempt {
  ip?: string;
  captchaKey?: string;
  captcha?: string;
  lang?: 'zh-CN' | 'en-US';
}

const signIn = (username: string, password: string, a: Attempt = {}) =>
  tokenRequest(
    s,
    username,
    password,
    {
      ...(a.captchaKey === undefined ? {} : { captchaKey: a.captchaKey }),
      ...(a.captcha === undefined ? {} : { captcha: a.captcha }),
    },
    { ip: a.ip ?? ATTACKER, headers: a.lang ? { 'accept-language': a.lang } : {} },
  );

const codeOf = (res: { json: () => unknown }) => (res.json() as { code?: string }).code;

/** A captcha solved the way a person reads the picture: the test reads the code the server stored. */
const solvedCaptcha = async (ip = ATTACKER) => {
  const { captchaKey } = json<{ captchaKey: string }>(
    await s.inject({ method: 'GET', url: '/oauth/public/captcha-code', remoteAddress: ip }),
  );
  const stored = await findCaptcha(s.platform.database.db, captchaKey);
  return { captchaKey, captcha: stored?.code ?? '' };
};

const needsCaptcha = async (username: string, ip = OWNER) =>
  json<{ isNeedCaptcha: boolean }>(
    await s.inject({
      method: 'GET',
      url: `/oauth/login/user-params?username=${encodeURIComponent(username)}`,
      remoteAddress: ip,
    }),
  ).isNeedCaptcha;

let n = 0;
const freshAccount = async () => {
  const loginName = `owner${++n}`;
  await createUser(s.platform.database, {
    loginName,
    password: PASSWORD,
    realName: loginName,
    roles: [[s.fixtures.tenantA, 'viewer']],
  });
  return loginName;
};

const guardOf = (loginName: string) => findGuard(s.platform.database.db, loginName.toLowerCase());

describe('a wrong or missing captcha never counts towards the lock', () => {
  it('150 sign-ins with random captcha keys and wrong captchas leave the account open to its owner', async () => {
    const victim = await freshAccount();
    for (let i = 0; i < 3; i++)
      expect(codeOf(await signIn(victim, `guess-${i}`))).toBe('hoth.warn.usernameOrPasswordIncorrect');
    for (let i = 0; i < 150; i++) {
      const res = await signIn(victim, `guess-x${i}`, { captchaKey: crypto.randomUUID(), captcha: 'abcd' });
      expect(res.statusCode).toBe(400);
      expect(codeOf(res)).toBe('hoth.warn.captchaIncorrect');
    }
    // A real captcha answered wrongly is burned and not counted either.
    const real = await solvedCaptcha();
    expect(codeOf(await signIn(victim, 'guess-y', { ...real, captcha: `${real.captcha}x` }))).toBe(
      'hoth.warn.captchaIncorrect',
    );
    expect(codeOf(await signIn(victim, 'guess-z', real))).toBe('hoth.warn.captchaIncorrect');
    // Without a captcha at all: asked for one, not counted.
    for (let i = 0; i < 20; i++)
      expect(codeOf(await signIn(victim, PASSWORD))).toBe('hoth.warn.captchaRequired');

    const g = await guardOf(victim);
    expect(g?.windowFailures).toBe(3);
    expect(g?.lockedUntil).toBeNull();
    // Even the attacker's own address is not locked: only wrong passwords count.
    const ok = await signIn(victim, PASSWORD, { ip: OWNER, ...(await solvedCaptcha(OWNER)) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('every failure after the third costs a solved, single-use captcha', async () => {
    const victim = await freshAccount();
    for (let i = 0; i < 3; i++) await signIn(victim, `guess-${i}`);
    const c = await solvedCaptcha();
    expect(codeOf(await signIn(victim, 'guess-3', c))).toBe('hoth.warn.usernameOrPasswordIncorrect');
    // The same captcha again: spent.
    expect(codeOf(await signIn(victim, 'guess-4', c))).toBe('hoth.warn.captchaIncorrect');
    expect((await guardOf(victim))?.windowFailures).toBe(4);
  });
});

describe('a lock binds only the addresses that failed on the account', () => {
  /** 95 failures already this hour (recorded directly: 95 argon2 checks would only slow the suite). */
  const nearlyLocked = async () => {
    const victim = await freshAccount();
    await saveGuard(s.platform.database.db, {
      loginName: victim,
      consecutiveFailures: 3,
      windowStart: new Date(),
      windowFailures: 95,
      lockedUntil: null,
    });
    return victim;
  };

  it('the attacker locks only himself; the owner from a clean address signs in with a captcha', async () => {
    const victim = await nearlyLocked();
    // The last five failures the real way, each with a solved captcha, from the attacker's address.
    for (let i = 0; i < 5; i++) {
      const res = await signIn(victim, `guess-${i}`, await solvedCaptcha());
      expect(codeOf(res)).toBe('hoth.warn.usernameOrPasswordIncorrect');
    }
    const g = await guardOf(victim);
    expect(g?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);

    // The attacker, even with the right password and a right captcha: 423, no password check.
    const attacker = await signIn(victim, PASSWORD, { ...(await solvedCaptcha()), lang: 'en-US' });
    expect(attacker.statusCode).toBe(423);
    expect(json<{ message: string }>(attacker).message).toMatch(/locked for 15 more minute/);
    // The same attacker one address over in his IPv6 /64, or as an IPv4-mapped address: still locked.
    await signIn(victim, 'guess-v6', { ip: '2001:db8:1:2::66', ...(await solvedCaptcha()) });
    expect((await signIn(victim, PASSWORD, { ip: '2001:db8:1:2::99' })).statusCode).toBe(423);
    expect((await signIn(victim, PASSWORD, { ip: `::ffff:${ATTACKER}` })).statusCode).toBe(423);

    // The owner elsewhere: the console shows the captcha, and password + captcha sign in.
    expect(await needsCaptcha(victim)).toBe(true);
    expect(codeOf(await signIn(victim, PASSWORD, { ip: OWNER }))).toBe('hoth.warn.captchaRequired');
    const owner = await signIn(victim, PASSWORD, { ip: OWNER, ...(await solvedCaptcha(OWNER)) });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(json<{ access_token: string }>(owner).access_token).toBeTruthy();
    // The owner's success does not lift the attacker's lock.
    expect((await signIn(victim, PASSWORD, await solvedCaptcha())).statusCode).toBe(423);
  });

  it('during a lock a clean address gets one captcha-paid try; failing it locks that address too', async () => {
    const victim = await nearlyLocked();
    for (let i = 0; i < 5; i++) await signIn(victim, `guess-${i}`, await solvedCaptcha());
    const other = '192.0.2.10';
    expect(codeOf(await signIn(victim, 'guess-other', { ip: other }))).toBe('hoth.warn.captchaRequired');
    const wrong = await signIn(victim, 'guess-other', { ip: other, ...(await solvedCaptcha(other)) });
    expect(codeOf(wrong)).toBe('hoth.warn.usernameOrPasswordIncorrect');
    const next = await signIn(victim, PASSWORD, { ip: other, ...(await solvedCaptcha(other)) });
    expect(next.statusCode).toBe(423);
    expect(json<{ message: string }>(next).message).toMatch(/锁定.*1[45] 分钟/);
  });

  it('a password reset lifts the lock for every address', async () => {
    const phone = '13955550001';
    await createUser(s.platform.database, {
      loginName: phone,
      phone,
      password: PASSWORD,
      realName: 'Reset',
      roles: [[s.fixtures.tenantA, 'viewer']],
    });
    await saveGuard(s.platform.database.db, {
      loginName: phone,
      consecutiveFailures: 3,
      windowStart: new Date(),
      windowFailures: 99,
      lockedUntil: null,
    });
    await signIn(phone, 'guess', await solvedCaptcha());
    expect((await signIn(phone, PASSWORD, await solvedCaptcha())).statusCode).toBe(423);
    const sent = await s.inject({
      method: 'POST',
      url: `/oauth/public/send-phone-captcha-always?phone=${phone}`,
    });
    const { captchaKey } = json<{ captchaKey: string }>(sent);
    const reset = await s.inject({
      method: 'POST',
      url: '/oauth/public/password/reset',
      payload: { phone, captchaKey, captcha: s.sms.lastCodeFor(phone), password: 'after-reset1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(phone, 'after-reset1')).statusCode).toBe(200);
  });
});

describe('concurrent sign-ins cannot pass the captcha threshold', () => {
  it('60 concurrent wrong passwords on a fresh account check at most 3 of them', async () => {
    const victim = await freshAccount();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(victim, `wrong-${i}`)));
    const codes = answers.map(codeOf);
    const checked = codes.filter((c) => c === 'hoth.warn.usernameOrPasswordIncorrect').length;
    expect(checked).toBeLessThanOrEqual(3);
    expect(checked).toBeGreaterThan(0);
    expect(codes.filter((c) => c === 'hoth.warn.captchaRequired')).toHaveLength(60 - checked);
    const g = await guardOf(victim);
    expect(g?.windowFailures).toBe(checked);
    expect(await needsCaptcha(victim)).toBe(true);
  });

  it('60 concurrent tries with one solved captcha check one password', async () => {
    const victim = await freshAccount();
    for (let i = 0; i < 3; i++) await signIn(victim, `guess-${i}`);
    const c = await solvedCaptcha();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(victim, `wrong-${i}`, c)));
    const codes = answers.map(codeOf);
    expect(codes.filter((x) => x === 'hoth.warn.usernameOrPasswordIncorrect')).toHaveLength(1);
    expect(codes.filter((x) => x === 'hoth.warn.captchaIncorrect')).toHaveLength(59);
  });

  it('concurrent guesses at one SMS code get no more than its 5 tries', async () => {
    const phone = '13955550002';
    const sent = await s.inject({
      method: 'POST',
      url: `/oauth/public/send-phone-captcha-always?phone=${phone}`,
    });
    const { captchaKey } = json<{ captchaKey: string }>(sent);
    const right = s.sms.lastCodeFor(phone) ?? '';
    const guesses = Array.from({ length: 40 }, (_, i) =>
      String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((captcha) =>
        s.inject({
          method: 'POST',
          url: '/wfpf/v1/tenant/register',
          payload: { realName: 'G', password: 'abc12345', tenantName: 'G farm', phone, captchaKey, captcha },
        }),
      ),
    );
    expect(answers.every((r) => codeOf(r) === 'hoth.warn.smsCodeIncorrect')).toBe(true);
    const [row] = await s.platform.database.db
      .select({ attempts: smsCodes.attempts })
      .from(smsCodes)
      .where(eq(smsCodes.captchaKey, captchaKey));
    const attempts = row?.attempts;
    expect(attempts).toBe(5);
    // The tries are used up: even the right code is refused now.
    const late = await s.inject({
      method: 'POST',
      url: '/wfpf/v1/tenant/register',
      payload: {
        realName: 'G',
        password: 'abc12345',
        tenantName: 'G farm',
        phone,
        captchaKey,
        captcha: right,
      },
    });
    expect(codeOf(late)).toBe('hoth.warn.smsCodeIncorrect');
  });
});
