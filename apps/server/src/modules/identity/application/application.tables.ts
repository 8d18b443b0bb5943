import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

/**
 * Applications: integrators' OAuth clients (issue 13 item 6). Only a hash of the secret is kept: the secret
 * is 32 random bytes, so SHA-256 is enough (nothing to stretch against guessing). `app_id` is unique on the
 * whole platform; it carries the tenant so the grant knows which tenant's rows to read.
 */
export const applications = pgTable(
  'applications',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description'),
    appId: text('app_id').notNull(),
    /** Hex SHA-256 of the current secret. */
    secretHash: text('secret_hash').notNull(),
    /** Bumps on each rotation; tokens name the generation they were issued for. */
    secretGeneration: integer('secret_generation').notNull().default(1),
    scopes: jsonb('scopes').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    enabled: boolean('enabled').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** Canonical addresses and CIDR blocks; empty: any address. */
    ipAllowList: jsonb('ip_allow_list').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Unique per tenant (Citus needs tenant_id in it); the id names its tenant, so it is unique overall too.
    uniqueIndex('applications_app_id_uq').on(t.tenantId, t.appId),
    uniqueIndex('applications_name_uq').on(t.tenantId, t.name),
    tenantIsolation(),
  ],
);
