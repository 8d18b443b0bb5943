import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

/**
 * Who did what, when, from where, and what changed (issue 13 §7). Append-only: the migration adds a
 * trigger that refuses UPDATE and DELETE for every role, the superuser included. Platform administrator
 * actions (tenants) are kept under the platform pseudo-tenant 0.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** 'user' | 'application' | 'system' */
    actorKind: text('actor_kind').notNull().default('user'),
    actorId: bigint('actor_id', { mode: 'number' }),
    /** The actor's name when it acted (users are renamed, applications deleted). */
    actorName: text('actor_name').notNull().default(''),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Dotted action code, e.g. 'user.disable', 'role.update', 'identity.sign-in'. */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetName: text('target_name'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('audit_log_at_idx').on(t.tenantId, t.at),
    index('audit_log_actor_idx').on(t.tenantId, t.actorId, t.at),
    // text_pattern_ops: the action filter is a prefix (LIKE 'user.%'), which a default-collation index
    // cannot serve on a database whose collation is not C.
    index('audit_log_action_idx').on(t.tenantId, t.action.op('text_pattern_ops'), t.at),
    tenantIsolation(),
  ],
);
