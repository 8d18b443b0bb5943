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
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

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
  ],
);

/**
 * A port of a device: a gateway's switch (regular / motorised / curtain, spec 02 §4) or a regulator's
 * aerator pump (at most 4, spec 02 §5). Channels are not MQTT clients; commands go to the owner device
 * with the circuit as a parameter.
 */
export const deviceChannels = pgTable(
  'device_channels',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    /** switch | pump */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** Circuit / port / node number on the owner device. */
    circuit: integer('circuit').notNull(),
    /** Switch type: regular | motorised | curtain (switch channels only). */
    switchType: text('switch_type'),
    icon: text('icon'),
    /** Regular 1 open 0 close; motorised 1 forward 0 stop 2 reverse; curtain 1 unfold 0 stop 2 retract. */
    statusFlag: integer('status_flag').notNull().default(0),
    faultFlag: integer('fault_flag').notNull().default(0),
    /** A related device this switch powers (a pump, a valve). */
    relatedDeviceId: bigint('related_device_id', { mode: 'number' }),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('device_channels_circuit_uq').on(t.tenantId, t.deviceId, t.kind, t.circuit),
    tenantIsolation(),
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
  ],
);

/** IoT SIM cards (system/sim-manage): the iccid a device reports, with plan and usage. */
export const simCards = pgTable(
  'sim_cards',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    iccid: text('iccid').notNull(),
    msisdn: text('msisdn'),
    /** China Mobile, China Unicom, China Telecom… free text. */
    operator: text('operator'),
    /** Monthly data plan in MB. */
    planMb: integer('plan_mb'),
    usedMb: doublePrecision('used_mb').notNull().default(0),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** active | suspended | cancelled */
    status: text('status').notNull().default('active'),
    description: text('description'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sim_cards_iccid_uq').on(t.tenantId, t.iccid),
    tenantIsolation(),
  ],
);

/**
 * Named settings a device keeps: robotic arm presets and cruises (R / Y / Z axes, speeds, stay),
 * fertiliser irrigation programs, RTU strategies of a gateway. `data` is checked by the kind's schema.
 */
export const deviceSettings = pgTable(
  'device_settings',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    /** preset | cruise | program | rtu-strategy | method | controller */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('device_settings_dev_idx').on(t.tenantId, t.deviceId, t.kind),
    tenantIsolation(),
  ],
);
