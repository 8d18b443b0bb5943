import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
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
 * A batch: a crop variety on a plot over a period (plant), or a stock of animals / fish in a pond
 * (nurture). Binding a batch to a plot is what `land/history` reads back.
 */
export const batches = pgTable(
  'batches',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    batchCode: text('batch_code').notNull(),
    batchName: text('batch_name').notNull(),
    batchType: text('batch_type').notNull().default('plant'),
    areaId: bigint('area_id', { mode: 'number' }).notNull(),
    /** null while unbound (land/un-bound, land/free). */
    landId: bigint('land_id', { mode: 'number' }),
    cropId: bigint('crop_id', { mode: 'number' }).notNull(),
    varietyId: bigint('variety_id', { mode: 'number' }),
    /** normal | organic | green | pollution_free */
    plantingStandard: text('planting_standard').notNull().default('normal'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    plannedQuantity: numeric('planned_quantity', { precision: 14, scale: 2 }),
    /** Head count or fry count for nurture batches. */
    stockCount: integer('stock_count'),
    unit: text('unit'),
    harvestQuantity: numeric('harvest_quantity', { precision: 14, scale: 2 }),
    harvestDate: date('harvest_date', { mode: 'string' }),
    /** growing | harvested | closed */
    status: text('status').notNull().default('growing'),
    description: text('description'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('batches_code_uq').on(t.tenantId, t.batchCode),
    // One growing batch per plot; the service's advisory lock gives the friendly error first.
    uniqueIndex('batches_growing_land_uq')
      .on(t.tenantId, t.landId)
      .where(sql`status = 'growing' and land_id is not null`),
    index('batches_land_idx').on(t.tenantId, t.landId, t.startDate),
    index('batches_area_idx').on(t.tenantId, t.areaId),
    tenantIsolation(),
    areaScope(),
  ],
);
