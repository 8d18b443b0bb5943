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
  uuid,
} from 'drizzle-orm/pg-core';
import {
  auditColumns,
  deviceScope,
  idColumn,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

/**
 * A command to a device (ARCHITECTURE §6): queued → sent → acked → done | failed | timeout. The table
 * is the control log (report/equipmentLog/controlLog); user_id null means the server issued it (a
 * strategy, or the automatic off after a maximum run time).
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    deviceId: bigint('device_id', { mode: 'number' }).notNull(),
    /** The switch / pump the command is for, when it targets one channel. */
    channelId: bigint('channel_id', { mode: 'number' }),
    action: text('action').notNull(),
    params: jsonb('params').$type<Record<string, number | boolean | string>>().notNull().default({}),
    state: text('state').notNull().default('queued'),
    /** user | strategy | auto-off | alarm */
    source: text('source').notNull().default('user'),
    userId: bigint('user_id', { mode: 'number' }),
    /** strategy id when source is strategy. */
    sourceId: bigint('source_id', { mode: 'number' }),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    ackedAt: timestamp('acked_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** Safety: when a pump or valve started by this command must be switched off by the server. */
    autoOffAt: timestamp('auto_off_at', { withTimezone: true, mode: 'date' }),
    /** Set once the automatic off was issued (or superseded), so it happens once. */
    autoOffDoneAt: timestamp('auto_off_done_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('device_commands_dev_idx').on(t.tenantId, t.deviceId, t.createdAt),
    index('device_commands_user_idx').on(t.tenantId, t.userId, t.createdAt),
    index('device_commands_created_idx').on(t.tenantId, t.createdAt),
    index('device_commands_open_idx').on(t.tenantId, t.state),
    index('device_commands_autooff_idx').on(t.tenantId, t.autoOffAt),
    tenantIsolation(),
    deviceScope('device_commands'),
  ],
);

// Channels are control's: every write to them is a switch / pump command or its setup (moved from
// device.tables.ts: same table, no migration).

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
