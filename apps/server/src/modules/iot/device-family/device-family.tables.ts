import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

// Settings are the device families' (presets, cruises, programs, RTU strategies, fault acks, hidden
// collection items): moved from device.tables.ts, same table, no migration.

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
