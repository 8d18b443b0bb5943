import { and, asc, count, eq, gt, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { tenants } from '../tenant/index.js';
import {
  authSessions,
  captchas,
  loginClientFailures,
  loginGuards,
  memberships,
  refreshTokens,
  smsCodes,
  users,
} from './identity.tables.js';

export type UserRow = typeof users.$inferSelect;
export type LoginGuardRow = typeof loginGuards.$inferSelect;

export const findUserByLogin = async (db: Db, login: string): Promise<UserRow | undefined> => {
  const [u] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.loginName}) = lower(${login})`, eq(users.phone, login)))
    .limit(1);
  return u;
};

export const findUserById = async (db: Db, id: number): Promise<UserRow | undefined> => {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
};

/**
 * Whether the user is an enabled member of the tenant (the one membership check other modules use, ADR
 * 0009): a disabled member is refused on every route of the tenant and cannot be picked for anything. A
 * tenant the platform administrator disabled has no members here (requests, menus). Disabling a tenant forgets its cached memberships (access-cache), so its members'
 * next request there is refused while their other tenants keep working.
 */
export const isTenantMember = async (db: Db, tenantId: number, userId: number): Promise<boolean> => {
  const [r] = await db
    .select({ u: memberships.userId })
    .from(memberships)
    .innerJoin(tenants, and(eq(tenants.id, memberships.tenantId), eq(tenants.enabled, true)))
    .where(
      and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId), eq(memberships.enabled, true)),
    );
  return r !== undefined;
};

/**
 * The user's enabled memberships, counted by whether their tenant is enabled: sign-in refuses a user whose
 * every tenant was disabled by the platform administrator, with a message saying so.
 */
export const membershipTenantStates = async (
  db: Db,
  userId: number,
): Promise<{ open: number; disabled: number }> => {
  const rows = await db
    .select({ enabled: tenants.enabled, n: count() })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(and(eq(memberships.userId, userId), eq(memberships.enabled, true)))
    .groupBy(tenants.enabled);
  return {
    open: rows.find((r) => r.enabled)?.n ?? 0,
    disabled: rows.find((r) => !r.enabled)?.n ?? 0,
  };
};

/** Whether the user belongs to the tenant at all, enabled or not (user administration). */
export const hasMembership = async (db: Db, tenantId: number, userId: number): Promise<boolean> => {
  const [r] = await db
    .select({ u: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
  return r !== undefined;
};

export const findUserByPhone = async (db: Db, phone: string): Promise<UserRow | undefined> => {
  const [u] = await db.select().from(users).where(eq(users.phone, phone));
  return u;
};

export const insertUser = async (
  db: Db,
  v: {
    loginName: string;
    realName: string;
    passwordHash: string;
    phone?: string | null;
    platformAdmin?: boolean;
    defaultTenantId?: number | null;
  },
): Promise<UserRow> => {
  const [u] = await db
    .insert(users)
    .values({ ...v, currentTenantId: v.defaultTenantId ?? null })
    .returning();
  if (!u) throw new Error('user insert returned nothing');
  return u;
};

export const updateUser = async (
  db: Db,
  id: number,
  set: Partial<
    Pick<UserRow, 'realName' | 'imageUrl' | 'passwordHash' | 'defaultTenantId' | 'currentTenantId'>
  >,
): Promise<void> => {
  await db
    .update(users)
    .set({ ...set, lastUpdateDate: new Date(), objectVersionNumber: sql`${users.objectVersionNumber} + 1` })
    .where(eq(users.id, id));
};

export const addMembership = async (db: Db, userId: number, tenantId: number): Promise<void> => {
  await db.insert(memberships).values({ userId, tenantId }).onConflictDoNothing();
};

export interface MemberTenant {
  tenantId: number;
  tenantName: string;
  tenantNum: string;
  timeZone: string;
}

export const listUserTenants = async (
  db: Db,
  userId: number,
  opts: { tenantName?: string | undefined; offset?: number; limit?: number } = {},
): Promise<{ rows: MemberTenant[]; total: number }> => {
  // Tenants where the membership is disabled, or that the platform administrator disabled, are not
  // offered (tenant switch, current tenant).
  const where = and(
    eq(memberships.userId, userId),
    eq(memberships.enabled, true),
    eq(tenants.enabled, true),
    opts.tenantName ? ilike(tenants.tenantName, `%${opts.tenantName}%`) : undefined,
  );
  const base = db
    .select({
      tenantId: tenants.id,
      tenantName: tenants.tenantName,
      tenantNum: tenants.tenantNum,
      timeZone: tenants.timeZone,
    })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(where)
    .orderBy(asc(memberships.creationDate), asc(tenants.id));
  const rows = opts.limit ? await base.offset(opts.offset ?? 0).limit(opts.limit) : await base;
  const [c] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(where);
  return { rows, total: c?.n ?? 0 };
};

// ---- login guard (ADR 0008: captcha after 3 failures, lock after 100 in an hour, per client address) ----

export interface GuardState {
  guard: LoginGuardRow | undefined;
  /** When this client address last failed on the account, if it ever did. */
  clientLastFailure: Date | null;
}

export const findGuard = async (db: Db, loginName: string): Promise<LoginGuardRow | undefined> => {
  const [g] = await db.select().from(loginGuards).where(eq(loginGuards.loginName, loginName));
  return g;
};

/** The account's guard and this address's last failure on it, in one query. */
export const findGuardFor = async (db: Db, loginName: string, client: string): Promise<GuardState> => {
  const [row] = await db
    .select({ guard: loginGuards, clientLastFailure: loginClientFailures.lastFailureAt })
    .from(loginGuards)
    .leftJoin(
      loginClientFailures,
      and(
        eq(loginClientFailures.loginName, loginGuards.loginName),
        eq(loginClientFailures.clientAddress, client),
      ),
    )
    .where(eq(loginGuards.loginName, loginName));
  return { guard: row?.guard, clientLastFailure: row?.clientLastFailure ?? null };
};

/**
 * Claims one sign-in attempt before the password is checked: one statement increments the account's
 * consecutive count and answers whether it was claimed, so concurrent requests cannot all slip under the
 * captcha threshold. With `freeBelow` only while the count is below it (no captcha solved); without, always.
 */
export const claimAttempt = async (db: Db, loginName: string, freeBelow?: number): Promise<boolean> => {
  const rows = await db
    .insert(loginGuards)
    .values({ loginName, consecutiveFailures: 1 })
    .onConflictDoUpdate({
      target: loginGuards.loginName,
      set: { consecutiveFailures: sql`${loginGuards.consecutiveFailures} + 1` },
      ...(freeBelow === undefined
        ? {}
        : { setWhere: sql`${loginGuards.consecutiveFailures} < ${freeBelow}` }),
    })
    .returning({ n: loginGuards.consecutiveFailures });
  return rows.length === 1;
};

/**
 * Counts a wrong password in the account's hourly window and, at `maxPerHour`, locks the account and
 * starts a new window — one statement, so concurrent failures neither get lost nor skip the lock. Then
 * records the failure against the client address. Answers the lock end, if the account is now locked.
 */
export const recordFailure = async (
  db: Db,
  v: { loginName: string; client: string; now: Date; maxPerHour: number; lockMs: number },
): Promise<Date | null> => {
  const now = sql`${v.now.toISOString()}::timestamptz`;
  const windowOpen = sql`${loginGuards.windowStart} > ${new Date(v.now.getTime() - 3600_000).toISOString()}::timestamptz`;
  const next = sql`(case when ${windowOpen} then ${loginGuards.windowFailures} else 0 end) + 1`;
  const locks = sql`(${next}) >= ${v.maxPerHour}`;
  const [g] = await db
    .update(loginGuards)
    .set({
      windowFailures: sql`case when ${locks} then 0 else ${next} end`,
      windowStart: sql`case when ${locks} or not (${windowOpen}) then ${now} else ${loginGuards.windowStart} end`,
      lockedUntil: sql`case when ${locks} then ${new Date(v.now.getTime() + v.lockMs).toISOString()}::timestamptz else ${loginGuards.lockedUntil} end`,
    })
    .where(eq(loginGuards.loginName, v.loginName))
    .returning({ lockedUntil: loginGuards.lockedUntil });
  await db
    .insert(loginClientFailures)
    .values({ loginName: v.loginName, clientAddress: v.client, failures: 1, lastFailureAt: v.now })
    .onConflictDoUpdate({
      target: [loginClientFailures.loginName, loginClientFailures.clientAddress],
      set: { failures: sql`${loginClientFailures.failures} + 1`, lastFailureAt: v.now },
    });
  // Addresses older than a window and a lock can no longer matter; keep the table small.
  await db
    .delete(loginClientFailures)
    .where(
      and(
        eq(loginClientFailures.loginName, v.loginName),
        lt(loginClientFailures.lastFailureAt, new Date(v.now.getTime() - 2 * 3600_000)),
      ),
    );
  return g?.lockedUntil && g.lockedUntil > v.now ? g.lockedUntil : null;
};

/** A right password: the consecutive count starts over and this address is trusted again. */
export const recordSuccess = async (db: Db, loginName: string, client: string): Promise<void> => {
  await db
    .update(loginGuards)
    .set({ consecutiveFailures: 0 })
    .where(and(eq(loginGuards.loginName, loginName), sql`${loginGuards.consecutiveFailures} <> 0`));
  await db
    .delete(loginClientFailures)
    .where(and(eq(loginClientFailures.loginName, loginName), eq(loginClientFailures.clientAddress, client)));
};

/** Forgets every failure and lock of the account (after a password reset proved the phone). */
export const clearGuard = async (db: Db, loginName: string): Promise<void> => {
  await db.delete(loginGuards).where(eq(loginGuards.loginName, loginName));
  await db.delete(loginClientFailures).where(eq(loginClientFailures.loginName, loginName));
};

/** Sets a guard as given (tests record long histories without running argon2 for each failure). */
export const saveGuard = async (db: Db, g: LoginGuardRow): Promise<void> => {
  await db
    .insert(loginGuards)
    .values(g)
    .onConflictDoUpdate({
      target: loginGuards.loginName,
      set: {
        consecutiveFailures: g.consecutiveFailures,
        windowStart: g.windowStart,
        windowFailures: g.windowFailures,
        lockedUntil: g.lockedUntil,
      },
    });
};

// ---- captchas and SMS codes ----

export const insertCaptcha = async (db: Db, captchaKey: string, code: string, expiresAt: Date) => {
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  await db.insert(captchas).values({ captchaKey, code, expiresAt });
};

export const findCaptcha = async (db: Db, captchaKey: string) => {
  const [c] = await db.select().from(captchas).where(eq(captchas.captchaKey, captchaKey));
  return c;
};

export const updateCaptchaCode = async (db: Db, captchaKey: string, code: string) => {
  await db.update(captchas).set({ code }).where(eq(captchas.captchaKey, captchaKey));
};

/** Deletes and returns the captcha: each one is good for a single attempt. */
export const takeCaptcha = async (db: Db, captchaKey: string) => {
  const [c] = await db.delete(captchas).where(eq(captchas.captchaKey, captchaKey)).returning();
  return c;
};

export const lastSmsFor = async (db: Db, phone: string) => {
  const [s] = await db
    .select()
    .from(smsCodes)
    .where(eq(smsCodes.phone, phone))
    .orderBy(sql`${smsCodes.creationDate} desc`)
    .limit(1);
  return s;
};

export const insertSms = async (
  db: Db,
  v: { captchaKey: string; phone: string; code: string; expiresAt: Date },
) => {
  await db.insert(smsCodes).values(v);
};

/**
 * Claims one try at an SMS code (one statement: concurrent guesses cannot share a try) and answers the
 * code, or nothing when it is unknown, for another phone, used, expired or out of tries.
 */
export const claimSmsAttempt = async (db: Db, captchaKey: string, phone: string, maxAttempts: number) => {
  const [s] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(
      and(
        eq(smsCodes.captchaKey, captchaKey),
        eq(smsCodes.phone, phone),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, new Date()),
        lt(smsCodes.attempts, maxAttempts),
      ),
    )
    .returning({ code: smsCodes.code });
  return s;
};

export const markSmsUsed = async (db: Db, captchaKey: string): Promise<boolean> => {
  const rows = await db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.captchaKey, captchaKey), isNull(smsCodes.usedAt)))
    .returning({ k: smsCodes.captchaKey });
  return rows.length === 1;
};

// ---- sessions and refresh tokens ----

export const insertSession = async (
  db: Db,
  v: {
    id: string;
    userId: number;
    deviceId?: string | undefined;
    sourceType?: string | undefined;
    expiresAt: Date;
  },
) => {
  await db.insert(authSessions).values(v);
};

export const findSessionById = async (db: Db, id: string) => {
  const [s] = await db.select().from(authSessions).where(eq(authSessions.id, id));
  return s;
};

export const revokeSession = async (db: Db, id: string, reason: string) => {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)));
};

export const revokeUserSessions = async (db: Db, userId: number, reason: string) => {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
};

export const insertRefreshToken = async (db: Db, tokenHash: string, sessionId: string) => {
  await db.insert(refreshTokens).values({ tokenHash, sessionId });
};

export const findRefreshToken = async (db: Db, tokenHash: string) => {
  const [r] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return r;
};

/** Claims an unused refresh token atomically, so two concurrent refreshes cannot both succeed. */
export const claimRefreshToken = async (db: Db, tokenHash: string): Promise<boolean> => {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ h: refreshTokens.tokenHash });
  return rows.length === 1;
};
