import {
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

// The sim domain owns its cards (moved from device.tables.ts: same table, no migration).

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
