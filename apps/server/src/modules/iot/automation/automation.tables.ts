import {
  bigint,
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
  areaScope,
  auditColumns,
  idColumn,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

/**
 * Groups (intelligentControl/group: control groups of actuators a strategy drives together;
 * intelligentControl/device-group: device groups for overview). kind tells them apart.
 */
export const deviceGroups = pgTable(
  'device_groups',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** control | device */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    areaId: bigint('area_id', { mode: 'number' }),
    description: text('description'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('device_groups_name_uq').on(t.tenantId, t.kind, t.name),
    tenantIsolation(),
    areaScope(),
  ],
);

export const deviceGroupMembers = pgTable(
  'device_group_members',
  {
    tenantId: tenantIdColumn(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    /** For a switch of a gateway: the channel; null for the whole device. */
    channelId: bigint('channel_id', { mode: 'number' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.groupId, t.deviceId] }),
    index('device_group_members_dev_idx').on(t.tenantId, t.deviceId),
    tenantIsolation(),
  ],
);

/**
 * A strategy (intelligentControl/index): a trigger (schedule or condition), optional guards ("unless
 * it rained today") and an action on a device or a control group. Shapes: contracts automation.types.
 */
export const strategies = pgTable(
  'strategies',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    trigger: jsonb('trigger').$type<Record<string, unknown>>().notNull(),
    guards: jsonb('guards').$type<Record<string, unknown>[]>().notNull().default([]),
    action: jsonb('action').$type<Record<string, unknown>>().notNull(),
    /** Condition state: since when the condition has held. */
    conditionSince: timestamp('condition_since', { withTimezone: true, mode: 'date' }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
    /** Not triggered again before this (the action's run time, or a cool-down). */
    quietUntil: timestamp('quiet_until', { withTimezone: true, mode: 'date' }),
    description: text('description'),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), tenantIsolation()],
);

/** What a strategy did and why (fired, skipped by a guard, failed). */
export const strategyRuns = pgTable(
  'strategy_runs',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    strategyId: bigint('strategy_id', { mode: 'number' }).notNull(),
    /** fired | skipped | failed */
    outcome: text('outcome').notNull(),
    message: text('message').notNull(),
    commandIds: jsonb('command_ids').$type<string[]>().notNull().default([]),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('strategy_runs_idx').on(t.tenantId, t.strategyId, t.at),
    tenantIsolation(),
  ],
);
