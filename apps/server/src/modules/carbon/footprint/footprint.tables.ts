import { bigint, date, index, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import {
  auditColumns,
  idColumn,
  optionalAreaScope,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

// Carbon records typed by hand (issue 18 item 6): what the farm's own records cannot tell (purchased
// electricity on a bill, diesel for a rented tractor, processing and transport stages) and removals
// (trees planted, biochar), each with evidence. Everything else is computed from records at query time.

export const carbonEntries = pgTable(
  'carbon_entries',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** emission | removal */
    kind: text('kind').notNull().default('emission'),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    /** planting | processing | storage | transport_sales | usage | scrap */
    stage: text('stage').notNull(),
    areaId: bigint('area_id', { mode: 'number' }),
    landId: bigint('land_id', { mode: 'number' }),
    batchId: bigint('batch_id', { mode: 'number' }),
    /** A default or tenant factor's code; the amount is in that factor's activity unit. */
    factorCode: text('factor_code').notNull(),
    activityAmount: numeric('activity_amount', { precision: 16, scale: 4 }).notNull(),
    activityUnit: text('activity_unit').notNull(),
    /** File URLs of the evidence (a bill, a delivery note, a photo). */
    evidence: text('evidence').array().notNull().default([]),
    description: text('description'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('carbon_entries_date_idx').on(t.tenantId, t.entryDate),
    index('carbon_entries_batch_idx').on(t.tenantId, t.batchId),
    tenantIsolation(),
    optionalAreaScope(),
  ],
);
