import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  auditColumns,
  deviceScope,
  idColumn,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

/**
 * A threshold rule (equipment/warning-manage): metric op threshold, held for durationMin minutes,
 * on one device or on every device of a type; kind 'offline' raises when the device goes offline.
 */
export const alarmRules = pgTable(
  'alarm_rules',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    /** threshold | offline */
    kind: text('kind').notNull().default('threshold'),
    /** One device, or null with typeKey for all devices of the type. */
    deviceId: bigint('device_id', { mode: 'number' }),
    typeKey: text('type_key'),
    metric: text('metric'),
    /** gt | gte | lt | lte */
    op: text('op'),
    threshold: doublePrecision('threshold'),
    durationMin: integer('duration_min').notNull().default(0),
    /** info | warning | critical */
    severity: text('severity').notNull().default('warning'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    /** alarm_staff ids notified when the rule raises. */
    staffIds: jsonb('staff_ids').$type<number[]>().notNull().default([]),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), tenantIsolation()],
);

/** Per (rule, device): since when the condition has held, for "lasts N minutes". */
export const alarmRuleStates = pgTable(
  'alarm_rule_states',
  {
    tenantId: tenantIdColumn(),
    ruleId: bigint('rule_id', { mode: 'number' }).notNull(),
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    breachSince: timestamp('breach_since', { withTimezone: true, mode: 'date' }),
    lastValue: doublePrecision('last_value'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.ruleId, t.deviceId] }), tenantIsolation()],
);

/** A raised alarm: active → cleared; acknowledged independently (by whom, when). */
export const alarms = pgTable(
  'alarms',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    ruleId: bigint('rule_id', { mode: 'number' }),
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    metric: text('metric'),
    value: doublePrecision('value'),
    threshold: doublePrecision('threshold'),
    severity: text('severity').notNull(),
    /** active | cleared */
    state: text('state').notNull().default('active'),
    message: text('message').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true, mode: 'date' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
    acknowledgedBy: bigint('acknowledged_by', { mode: 'number' }),
    ackNote: text('ack_note'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('alarms_state_idx').on(t.tenantId, t.state, t.raisedAt),
    index('alarms_dev_idx').on(t.tenantId, t.deviceId, t.raisedAt),
    // One active alarm per (rule, device), even when two processes evaluate the same breach at once:
    // the raise path inserts with ON CONFLICT DO NOTHING against this index.
    uniqueIndex('alarms_active_uq').on(t.tenantId, t.ruleId, t.deviceId).where(sql`state = 'active'`),
    tenantIsolation(),
    deviceScope('alarms'),
  ],
);

/** Alarm contacts (equipment/warning-staff): a console user or an outside phone number. */
export const alarmStaff = pgTable(
  'alarm_staff',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    phone: text('phone'),
    /** Notify in the console (notification centre) and/or by SMS. */
    notifyInApp: boolean('notify_in_app').notNull().default(true),
    notifySms: boolean('notify_sms').notNull().default(false),
    /** Only alarms of at least this severity. */
    minSeverity: text('min_severity').notNull().default('info'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), tenantIsolation()],
);
