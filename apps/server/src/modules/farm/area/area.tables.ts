import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

/** A base (area) of a tenant; organizationType 'area' marks a farm base. */
export const areas = pgTable(
  'areas',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    areaName: text('area_name').notNull(),
    areaNum: text('area_num'),
    areaCenter: text('area_center'),
    areaSize: numeric('area_size', { precision: 14, scale: 2 }),
    defaultFlag: integer('default_flag').notNull().default(0),
    organizationType: text('organization_type').notNull().default('area'),
    parentId: bigint('parent_id', { mode: 'number' }),
    areaUsage: text('area_usage').notNull().default('plant'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('areas_num_uq').on(t.tenantId, t.areaNum).where(sql`${t.areaNum} is not null`),
    uniqueIndex('areas_name_uq').on(t.tenantId, t.organizationType, t.areaName),
    index('areas_default_idx').on(t.tenantId, t.defaultFlag),
    tenantIsolation(),
  ],
);
