import { and, asc, count, eq, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { tenants } from '../tenant/tenant.tables.js';
import {
  authSessions,
  captchas,
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
}

export const listUserTenants = async (
  db: Db,
  userId: number,
  opts: { tenantName?: string | undefined; offset?: number; limit?: number } = {},
): Promise<{ rows: MemberTenant[]; total: number }> => {
  const where = and(
    eq(memberships.userId, userId),
    opts.tenantName ? ilike(tenants.tenantName, `%${opts.tenantName}%`) : undefined,
  );
  const base = db
    .select({ tenantId: tenants.id, tenantName: tenants.tenantName, tenantNum: tenants.tenantNum })
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

// ---- login guard (captcha after 3 failures, lock after 100 in an hour) ----

export const findGuard = async (db: Db, loginName: string): Promise<LoginGuardRow | undefined> => {
  const [g] = await db.select().from(loginGuards).where(eq(loginGuards.loginName, loginName));
  return g;
};

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

export const findSms = async (db: Db, captchaKey: string) => {
  const [s] = await db.select().from(smsCodes).where(eq(smsCodes.captchaKey, captchaKey));
  return s;
};

export const bumpSmsAttempts = async (db: Db, captchaKey: string) => {
  await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(eq(smsCodes.captchaKey, captchaKey));
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
