import { bigint, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

/** Specification attributes (inventory/base/standard): 重量等级, 品级… */
export const invStandards = pgTable(
  'inv_standards',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    standardName: text('standard_name').notNull(),
    remark: text('remark'),
    sortNo: integer('sort_no').notNull().default(0),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('inv_standards_name_uq').on(t.tenantId, t.standardName),
    tenantIsolation(),
  ],
);

/** The values of an attribute (一级, 二级…); a SKU names one value per attribute of its product. */
export const invStandardValues = pgTable(
  'inv_standard_values',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    standardId: bigint('standard_id', { mode: 'number' }).notNull(),
    valueName: text('value_name').notNull(),
    sortNo: integer('sort_no').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('inv_standard_values_uq').on(t.tenantId, t.standardId, t.valueName),
    tenantIsolation(),
  ],
);
