import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

/**
 * A farm worker (farm/worker). A worker may be linked to a console user; that link is what puts a task
 * in the user's "my tasks".
 */
export const workers = pgTable(
  'workers',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    workerName: text('worker_name').notNull(),
    phone: text('phone'),
    /** The base (area) the worker belongs to; null for workers of the whole enterprise. */
    organizationId: bigint('organization_id', { mode: 'number' }),
    /** Console user this worker signs in as; null for field workers without an account. */
    userId: bigint('user_id', { mode: 'number' }),
    jobTitle: text('job_title'),
    description: text('description'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('workers_user_uq').on(t.tenantId, t.userId).where(sql`user_id is not null`),
    index('workers_org_idx').on(t.tenantId, t.organizationId),
    tenantIsolation(),
  ],
);
