import { integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

/** Units of measure (inventory/base/unit): 件, 箱, kg… Products name their retail, purchase and stock unit. */
export const invUnits = pgTable(
  'inv_units',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    unitName: text('unit_name').notNull(),
    /** Letters, digits or underscore (spec 03 §5). */
    unitCode: text('unit_code').notNull(),
    remark: text('remark'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('inv_units_code_uq').on(t.tenantId, t.unitCode),
    uniqueIndex('inv_units_name_uq').on(t.tenantId, t.unitName),
    tenantIsolation(),
  ],
);
