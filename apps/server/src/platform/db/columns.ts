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

/**
 * The bases the current request may see (ADR 0012): a comma list set per request for a user whose roles
 * limit their data scope; unset (empty) for everyone else and for jobs, ingest and seeding.
 */
const SCOPE_UNSET = `coalesce(current_setting('app.area_ids', true), '') = ''`;
const SCOPE_LIST = `string_to_array(current_setting('app.area_ids', true), ',')::bigint[]`;

/**
 * Restrictive policy of base-scoped tables: a row whose base is outside the caller's data scope does not
 * exist for that request — list, detail, export and write alike. A row with no base is outside every
 * limited scope.
 */
export const areaScope = (column = 'area_id') =>
  pgPolicy('area_scope', {
    as: 'restrictive',
    for: 'all',
    using: sql.raw(`${SCOPE_UNSET} or ${column} = any(${SCOPE_LIST})`),
  });

/**
 * Like areaScope, for tables whose rows may belong to no base (a company-level warehouse and what it holds,
 * ADR 0014): a row without a base is visible to every user of the tenant.
 */
export const optionalAreaScope = (column = 'area_id') =>
  pgPolicy('area_scope', {
    as: 'restrictive',
    for: 'all',
    using: sql.raw(`${SCOPE_UNSET} or ${column} is null or ${column} = any(${SCOPE_LIST})`),
  });

/**
 * Restrictive policy of device-keyed tables (alarms, commands, status log): a row is visible when its
 * device is — the subquery on devices is itself bound by devices' area_scope.
 */
export const deviceScope = (table: string) =>
  pgPolicy('area_scope', {
    as: 'restrictive',
    for: 'all',
    using: sql.raw(
      `${SCOPE_UNSET} or exists (select 1 from devices d where d.tenant_id = ${table}.tenant_id and d.id = ${table}.device_id)`,
    ),
  });

/**
 * The units table holds every kind of unit; only bases ('area' rows) are scoped, and only for reading, so
 * the organisation tree above a user's bases stays whole.
 */
export const baseUnitScope = () =>
  pgPolicy('area_scope', {
    as: 'restrictive',
    for: 'select',
    using: sql.raw(`${SCOPE_UNSET} or organization_type <> 'area' or id = any(${SCOPE_LIST})`),
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
