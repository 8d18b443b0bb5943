import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Global tables (ARCHITECTURE §4): identity lives above tenants.
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    loginName: text('login_name').notNull(),
    phone: text('phone'),
    realName: text('real_name').notNull(),
    imageUrl: text('image_url'),
    passwordHash: text('password_hash').notNull(),
    defaultTenantId: bigint('default_tenant_id', { mode: 'number' }),
    currentTenantId: bigint('current_tenant_id', { mode: 'number' }),
    platformAdmin: boolean('platform_admin').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    objectVersionNumber: integer('object_version_number').notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_login_name_uq').on(sql`lower(${t.loginName})`),
    uniqueIndex('users_phone_uq').on(t.phone),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    /** A disabled member keeps the account and roles but is refused on every route of this tenant. */
    enabled: boolean('enabled').notNull().default(true),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tenantId] }),
    // A tenant's members in id order: the user list pages along it instead of sorting every member.
    index('memberships_tenant_user_idx').on(t.tenantId, t.userId),
  ],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    deviceId: text('device_id'),
    sourceType: text('source_type'),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Refresh tokens are stored hashed; a used one stays so that its replay can be recognised. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id').notNull(),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const loginGuards = pgTable('login_guards', {
  loginName: text('login_name').primaryKey(),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  windowFailures: integer('window_failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Failed sign-ins per account and client address (ADR 0008): an account lock applies only to the
 * addresses that failed on it, so an attacker cannot lock the owner out from elsewhere.
 */
export const loginClientFailures = pgTable(
  'login_client_failures',
  {
    loginName: text('login_name').notNull(),
    clientAddress: text('client_address').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.loginName, t.clientAddress] })],
);

export const captchas = pgTable('captchas', {
  captchaKey: uuid('captcha_key').primaryKey(),
  code: text('code').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const smsCodes = pgTable(
  'sms_codes',
  {
    captchaKey: uuid('captcha_key').primaryKey(),
    phone: text('phone').notNull(),
    code: text('code').notNull(),
    attempts: integer('attempts').notNull().default(0),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.creationDate)],
);
