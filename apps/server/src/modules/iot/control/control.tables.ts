import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

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
  ],
);
