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
  areaScope,
  auditColumns,
  deviceScope,
  idColumn,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

/**
 * A registered device of any type of the registry (packages/contracts device-types.ts). Its MQTT
 * identity is tilth/{tenantId}/{typeKey}/{eui}; the broker password is kept only as a SHA-256 of a
 * 32-byte random secret (high entropy, so a fast hash is enough and connects stay cheap).
 */
export const devices = pgTable(
  'devices',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    typeKey: text('type_key').notNull(),
    name: text('name').notNull(),
    /** Serial number; the topic segment, so [A-Za-z0-9_-] only. */
    eui: text('eui').notNull(),
    /** IoT SIM card number. */
    iccid: text('iccid'),
    areaId: bigint('area_id', { mode: 'number' }),
    landId: bigint('land_id', { mode: 'number' }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** The gateway / regulator / concentrator this device hangs off (spec concentratorId). */
    parentId: bigint('parent_id', { mode: 'number' }),
    /** Type-specific settings validated by the type's config schema (valve levels, inverter pressure…). */
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    description: text('description'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    /** Latest value per metric, and the device timestamp of the newest message merged into it. */
    latest: jsonb('latest').$type<Record<string, number>>().notNull().default({}),
    latestAt: timestamp('latest_at', { withTimezone: true, mode: 'date' }),
    /** Highest seq stored; informational (dedupe is the telemetry primary key). */
    lastSeq: bigint('last_seq', { mode: 'number' }),
    secretHash: text('secret_hash'),
    secretIssuedAt: timestamp('secret_issued_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('devices_eui_uq').on(t.tenantId, t.typeKey, t.eui),
    index('devices_type_idx').on(t.tenantId, t.typeKey, t.id),
    index('devices_area_idx').on(t.tenantId, t.areaId),
    index('devices_parent_idx').on(t.tenantId, t.parentId).where(sql`parent_id is not null`),
    index('devices_online_idx').on(t.tenantId, t.online, t.lastSeenAt),
    tenantIsolation(),
    areaScope(),
  ],
);

/** Online / offline transitions (report/equipmentLog/onlineLog). */
export const deviceStatusLog = pgTable(
  'device_status_log',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    online: boolean('online').notNull(),
    /** status | will | silence | connect | disconnect */
    source: text('source').notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('device_status_log_dev_idx').on(t.tenantId, t.deviceId, t.at),
    index('device_status_log_at_idx').on(t.tenantId, t.at),
    tenantIsolation(),
    deviceScope('device_status_log'),
  ],
);
