import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { forgetSession, forgetUser } from '../../../platform/auth/access-cache.js';
import type { KeyRing } from '../../../platform/auth/keys.js';
import { decryptPassword } from '../../../platform/auth/keys.js';
import { dummyHash, hashPassword, verifyPassword } from '../../../platform/auth/password.js';
import { signAccessToken } from '../../../platform/auth/tokens.js';
import type { Config } from '../../../platform/config.js';
import { setTenant } from '../../../platform/db/client.js';
import { PLATFORM_TENANT_ID } from '../../../platform/db/columns.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { SmsProvider } from '../../../platform/sms/sms.provider.js';
import { recordAudit } from '../audit/index.js';
import { makeCaptcha } from './captcha.image.js';
import { IdentityErrors } from './identity.errors.js';
import * as repo from './identity.repository.js';

export const CAPTCHA_AFTER_FAILURES = 3;
export const MAX_FAILURES_PER_HOUR = 100;
export const LOCK_MINUTES = 15;
const LOCK_MS = LOCK_MINUTES * 60_000;
const HOUR_MS = 3600_000;
const CAPTCHA_TTL_MS = 5 * 60_000;
const SMS_TTL_MS = 10 * 60_000;
const SMS_RESEND_MS = 60_000;
const SMS_MAX_ATTEMPTS = 5;
/** An invitation or an administrator's reset: the person may read the message hours later. */
const SET_PASSWORD_TTL_MS = 24 * 3600_000;

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const guardKey = (username: string) => username.trim().toLowerCase();

type SignInFailure = 'no-such-user' | 'password' | 'captcha' | 'disabled' | 'locked' | 'tenant-disabled';

/** Sign-in, token rotation, captchas and SMS codes (spec 01 §4, §5, §7; ARCHITECTURE §5). */
export class AuthService {
  constructor(
    private readonly keys: KeyRing,
    private readonly config: Config,
    private readonly sms: SmsProvider,
  ) {}

  /**
   * A sign-in is in no tenant: it is logged in the person's current (else default) tenant, and an unknown
   * name under the platform tenant with the name as typed. Sign-in routes run on the shared handle, so the
   * entry gets its own short transaction; it is written before a failure is thrown, so it stays.
   */
  private async auditSignIn(
    ctx: Ctx,
    action: 'auth.sign-in' | 'auth.sign-in-failed' | 'auth.logout',
    user: repo.UserRow | undefined,
    typed: string,
    reason?: SignInFailure,
  ): Promise<void> {
    const tenantId = user?.currentTenantId ?? user?.defaultTenantId ?? PLATFORM_TENANT_ID;
    const name = user ? user.realName || user.loginName : typed.slice(0, 100);
    await ctx.db.transaction(async (tx) => {
      await setTenant(tx, tenantId);
      await recordAudit(
        { ...ctx, db: tx },
        {
          action,
          tenantId,
          actor: { id: user?.id ?? null, name },
          targetType: 'user',
          ...(user ? { targetId: user.id } : {}),
          targetName: user?.loginName ?? typed.slice(0, 100),
          ...(reason ? { after: { reason } } : {}),
        },
      );
    });
  }

  publicKey(_ctx: Ctx): { publicKey: string } {
    return { publicKey: this.keys.publicKeyPem };
  }

  /** True after 3 consecutive failures, and for everyone while the account is locked (ADR 0008). */
  async isNeedCaptcha(ctx: Ctx, username: string): Promise<boolean> {
    const g = await repo.findGuard(ctx.db, await this.guardKeyOf(ctx, username));
    if (!g) return false;
    return (
      g.consecutiveFailures >= CAPTCHA_AFTER_FAILURES ||
      (g.lockedUntil !== null && g.lockedUntil > new Date())
    );
  }

  /** Failures count per account, whether it is named by login name or phone; unknown names by the name. */
  private async guardKeyOf(ctx: Ctx, username: string, user?: repo.UserRow): Promise<string> {
    const u = user ?? (username.trim() ? await repo.findUserByLogin(ctx.db, username.trim()) : undefined);
    return guardKey(u?.loginName ?? username);
  }

  async newCaptcha(ctx: Ctx): Promise<{ captchaKey: string }> {
    const captchaKey = randomUUID();
    const { code } = await makeCaptcha();
    await repo.insertCaptcha(ctx.db, captchaKey, code, new Date(Date.now() + CAPTCHA_TTL_MS));
    return { captchaKey };
  }

  /** Draws a new code for the key each time, so a click on the image refreshes it. */
  async captchaImage(ctx: Ctx, captchaKey: string): Promise<Buffer | undefined> {
    const c = await repo.findCaptcha(ctx.db, captchaKey);
    if (!c || c.expiresAt.getTime() < Date.now()) return undefined;
    const { code, png } = await makeCaptcha();
    await repo.updateCaptchaCode(ctx.db, captchaKey, code);
    return png;
  }

  /**
   * The password grant with sign-in throttling (ADR 0008). An attempt is claimed atomically before the
   * password is checked; after 3 consecutive failures each attempt costs a solved, single-use captcha, and
   * a wrong or missing captcha is not counted. 100 wrong passwords in an hour lock the account for 15
   * minutes, but only for the client addresses that failed on it: the owner elsewhere still signs in with
   * the password and a captcha.
   */
  async passwordGrant(
    ctx: Ctx,
    input: {
      username?: string | undefined;
      password?: string | undefined;
      captchaKey?: string | undefined;
      captcha?: string | undefined;
      device_id?: string | undefined;
      source_type?: string | undefined;
    },
    client: string,
  ): Promise<TokenPair> {
    const username = input.username?.trim() ?? '';
    if (!username || !input.password?.trim()) throw IdentityErrors.credentialsRequired();
    const user = await repo.findUserByLogin(ctx.db, username);
    const key = await this.guardKeyOf(ctx, username, user);
    const now = new Date();

    const { guard, clientLastFailure } = await repo.findGuardFor(ctx.db, key, client);
    const lockedUntil = guard?.lockedUntil && guard.lockedUntil > now ? guard.lockedUntil : null;
    // Locked for this address if it failed on the account in the window that led to the lock, or since.
    if (
      lockedUntil &&
      clientLastFailure &&
      clientLastFailure.getTime() > lockedUntil.getTime() - LOCK_MS - HOUR_MS
    ) {
      const minutes = Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000);
      await this.auditSignIn(ctx, 'auth.sign-in-failed', user, username, 'locked');
      throw IdentityErrors.accountLocked({ minutes });
    }

    // Before an attempt is claimed, so that a client that cannot encrypt does not use one up.
    const plain = decryptPassword(this.keys, input.password);
    if (plain === undefined) throw IdentityErrors.passwordNotEncrypted();
    const free = !lockedUntil && (await repo.claimAttempt(ctx.db, key, CAPTCHA_AFTER_FAILURES));
    if (!free) {
      if (!input.captchaKey || !input.captcha?.trim()) {
        await this.auditSignIn(ctx, 'auth.sign-in-failed', user, username, 'captcha');
        throw IdentityErrors.captchaRequired();
      }
      const c = /^[0-9a-f-]{36}$/i.test(input.captchaKey)
        ? await repo.takeCaptcha(ctx.db, input.captchaKey)
        : undefined;
      const ok = c && c.expiresAt > now && c.code.toLowerCase() === input.captcha.trim().toLowerCase();
      // A wrong captcha proves nothing about the password, so it does not count towards the lock.
      if (!ok) {
        await this.auditSignIn(ctx, 'auth.sign-in-failed', user, username, 'captcha');
        throw IdentityErrors.captchaWrong();
      }
      await repo.claimAttempt(ctx.db, key);
    }

    const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), plain);
    if (!user || !valid) {
      const locked = await repo.recordFailure(ctx.db, {
        loginName: key,
        client,
        now,
        maxPerHour: MAX_FAILURES_PER_HOUR,
        lockMs: LOCK_MS,
      });
      if (locked) ctx.log.warn({ loginName: key, client }, 'sign-in locked after too many failures');
      await this.auditSignIn(ctx, 'auth.sign-in-failed', user, username, user ? 'password' : 'no-such-user');
      throw IdentityErrors.badCredentials();
    }
    await repo.recordSuccess(ctx.db, key, client);
    if (!user.enabled) {
      await this.auditSignIn(ctx, 'auth.sign-in-failed', user, username, 'disabled');
      throw IdentityErrors.accountDisabled();
    }
    if (!user.platformAdmin) {
      // Every company of the account was disabled by the platform administrator: say so, rather than
      // open a session with nowhere to go.
      const states = await repo.membershipTenantStates(ctx.db, user.id);
      if (states.open === 0 && states.disabled > 0) {
        await this.auditSignIn(ctx, 'auth.sign-in-failed', user, username, 'tenant-disabled');
        throw IdentityErrors.tenantDisabled();
      }
    }
    const tokens = await this.openSession(ctx, user.id, input.device_id, input.source_type);
    await this.auditSignIn(ctx, 'auth.sign-in', user, username);
    return tokens;
  }

  private async openSession(
    ctx: Ctx,
    userId: number,
    deviceId?: string,
    sourceType?: string,
  ): Promise<TokenPair> {
    const sessionId = randomUUID();
    await repo.insertSession(ctx.db, {
      id: sessionId,
      userId,
      deviceId,
      sourceType,
      expiresAt: new Date(Date.now() + this.config.refreshTokenTtlSeconds * 1000),
    });
    return this.issue(ctx, userId, sessionId);
  }

  private async issue(ctx: Ctx, userId: number, sessionId: string): Promise<TokenPair> {
    const refresh = randomBytes(32).toString('base64url');
    await repo.insertRefreshToken(ctx.db, sha256(refresh), sessionId);
    const access = await signAccessToken(this.keys, userId, sessionId, this.config.accessTokenTtlSeconds);
    return {
      access_token: access,
      refresh_token: refresh,
      token_type: 'bearer',
      expires_in: this.config.accessTokenTtlSeconds,
    };
  }

  /** Rotates the refresh token; presenting one that was already used revokes the whole session. */
  async refreshGrant(ctx: Ctx, refreshToken: string | undefined): Promise<TokenPair> {
    if (!refreshToken) throw IdentityErrors.refreshInvalid();
    const hash = sha256(refreshToken);
    const token = await repo.findRefreshToken(ctx.db, hash);
    if (!token) throw IdentityErrors.refreshInvalid();
    const session = await repo.findSessionById(ctx.db, token.sessionId);
    if (!session || session.revokedAt || session.expiresAt < new Date())
      throw IdentityErrors.refreshInvalid();
    if (!(await repo.claimRefreshToken(ctx.db, hash))) {
      await repo.revokeSession(ctx.db, session.id, 'refresh-token-reuse');
      forgetSession(session.id);
      ctx.log.warn({ sessionId: session.id }, 'refresh token reused; session revoked');
      throw IdentityErrors.refreshInvalid();
    }
    const user = await repo.findUserById(ctx.db, session.userId);
    if (!user?.enabled) throw IdentityErrors.refreshInvalid();
    return this.issue(ctx, session.userId, session.id);
  }

  async logout(ctx: Ctx, sessionId: string | undefined): Promise<void> {
    if (!sessionId) return;
    const session = await repo.findSessionById(ctx.db, sessionId);
    await repo.revokeSession(ctx.db, sessionId, 'logout');
    forgetSession(sessionId);
    // Only a session that was open is a logout worth a line (a replayed token is not).
    if (session && !session.revokedAt) {
      const user = await repo.findUserById(ctx.db, session.userId);
      if (user) await this.auditSignIn(ctx, 'auth.logout', user, user.loginName);
    }
  }

  // ---- SMS codes: registration and password reset ----

  async sendPhoneCode(
    ctx: Ctx,
    phone: string,
  ): Promise<{ success: boolean; message: string; captchaKey: string }> {
    const last = await repo.lastSmsFor(ctx.db, phone);
    const wait = last ? SMS_RESEND_MS - (Date.now() - last.creationDate.getTime()) : 0;
    if (wait > 0) throw IdentityErrors.smsTooSoon({ seconds: Math.ceil(wait / 1000) });
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const captchaKey = randomUUID();
    await repo.insertSms(ctx.db, { captchaKey, phone, code, expiresAt: new Date(Date.now() + SMS_TTL_MS) });
    const text =
      ctx.lang === 'en-US'
        ? `Your Tilth verification code is ${code}, valid for 10 minutes.`
        : `您的 Tilth 验证码为 ${code}，10 分钟内有效。`;
    await this.sms.send(phone, text, code);
    return {
      success: true,
      message: ctx.lang === 'en-US' ? 'The code has been sent' : '验证码已发送',
      captchaKey,
    };
  }

  /**
   * An administrator's invitation or password reset: a code, valid 24 h, that the person enters on the
   * "forgot password" page (`/oauth/public/password/reset`) to set their own password. The administrator
   * never learns it.
   */
  async sendSetPasswordCode(ctx: Ctx, phone: string, tenantName: string): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await repo.insertSms(ctx.db, {
      captchaKey: randomUUID(),
      phone,
      code,
      expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_MS),
    });
    const text =
      ctx.lang === 'en-US'
        ? `${tenantName} invites you to Tilth. Sign-in name: ${phone}. Set your password with code ${code} under "Forgot password" within 24 hours.`
        : `${tenantName} 邀请您使用 Tilth，登录名 ${phone}。请在 24 小时内于"忘记密码"页面使用验证码 ${code} 设置密码。`;
    await this.sms.send(phone, text, code);
  }

  /** Checks and consumes an SMS code; a few tries burn it, counted atomically so concurrency gains none. */
  async consumePhoneCode(ctx: Ctx, phone: string, key: string | undefined, code: string): Promise<void> {
    // Without a key (an invitation read from the SMS), the phone's latest code is the one tried; it has
    // the same few tries, so guessing gains nothing over asking for a code with a key.
    const captchaKey = key ?? (await repo.lastSmsFor(ctx.db, phone))?.captchaKey ?? '';
    const s = /^[0-9a-f-]{36}$/i.test(captchaKey)
      ? await repo.claimSmsAttempt(ctx.db, captchaKey, phone, SMS_MAX_ATTEMPTS)
      : undefined;
    if (!s || s.code !== code.trim()) throw IdentityErrors.smsCodeWrong();
    if (!(await repo.markSmsUsed(ctx.db, captchaKey))) throw IdentityErrors.smsCodeWrong();
  }

  /** Forgot password: SMS code, new password, every open session of the account revoked. */
  async resetPassword(
    ctx: Ctx,
    input: { phone: string; captchaKey?: string | undefined; captcha: string; password: string },
  ): Promise<void> {
    // The code first: without it, registered and unregistered phones get the same answer.
    await this.consumePhoneCode(ctx, input.phone, input.captchaKey, input.captcha);
    const user = await repo.findUserByPhone(ctx.db, input.phone);
    if (!user) throw IdentityErrors.phoneNotRegistered();
    await repo.updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.password) });
    await repo.revokeUserSessions(ctx.db, user.id, 'password-reset');
    forgetUser(user.id);
    // The phone's owner proved themselves: failures and any lock on the account are forgotten.
    await repo.clearGuard(ctx.db, guardKey(user.loginName));
  }
}
