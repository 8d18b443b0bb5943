import { sql } from 'drizzle-orm';
import { bigint, integer, pgPolicy, timestamp } from 'drizzle-orm/pg-core';

/** The tenant the current transaction runs for; NULL (so no row matches) when none was set. */
export const currentTenantSql = sql`nullif(current_setting('app.tenant_id', true), '')::bigint`;

/** The platform pseudo-tenant: rows it owns (platform announcements, their files) are readable by all. */
export const PLATFORM_TENANT_ID = 0;

export const tenantIdColumn = () => bigint('tenant_id', { mode: 'number' }).notNull();

export const idColumn = () => bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity();

export const auditColumns = () => ({
  createdBy: bigint('created_by', { mode: 'number' }),
  creationDate: timestamp('creation_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastUpdatedBy: bigint('last_updated_by', { mode: 'number' }),
  lastUpdateDate: timestamp('last_update_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  objectVersionNumber: integer('object_version_number').notNull().default(1),
});

/** Every business table carries this policy; the migrator then FORCEs row-level security on it. */
export const tenantIsolation = () =>
  pgPolicy('tenant_isolation', {
    as: 'permissive',
    for: 'all',
    using: sql`tenant_id = ${currentTenantSql}`,
    withCheck: sql`tenant_id = ${currentTenantSql}`,
  });

/** Extra read-only policy for tables whose platform-tenant rows every tenant may read. */
export const platformRowsReadable = () =>
  pgPolicy('platform_rows_readable', {
    as: 'permissive',
    for: 'select',
    using: sql.raw(`tenant_id = ${PLATFORM_TENANT_ID}`),
  });

/** An integer flag column (enabledFlag…) as the contracts' 0 | 1. */
export const flagOf = (n: number): 0 | 1 => (n === 1 ? 1 : 0);
