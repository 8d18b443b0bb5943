import { bigint, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  auditColumns,
  idColumn,
  optionalAreaScope,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

/** Warehouses (inventory/base/store; /system/storeManager is the company-level view of the same rows). */
export const invWarehouses = pgTable(
  'inv_warehouses',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    warehouseCode: text('warehouse_code').notNull(),
    warehouseName: text('warehouse_name').notNull(),
    address: text('address'),
    /** A user of the tenant. */
    managerId: bigint('manager_id', { mode: 'number' }),
    /** 1: postings may take this warehouse's stock below zero (ERPNext #51353: per warehouse). */
    allowNegative: integer('allow_negative').notNull().default(0),
    /** Capacity levels of the whole warehouse, in stock units (report flags); initial: stock at opening. */
    minStock: numeric('min_stock', { precision: 18, scale: 4 }),
    maxStock: numeric('max_stock', { precision: 18, scale: 4 }),
    initialStock: numeric('initial_stock', { precision: 18, scale: 4 }),
    /** The farm base it belongs to (data scope); null: company level. */
    areaId: bigint('area_id', { mode: 'number' }),
    remark: text('remark'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('inv_warehouses_code_uq').on(t.tenantId, t.warehouseCode),
    uniqueIndex('inv_warehouses_name_uq').on(t.tenantId, t.warehouseName),
    tenantIsolation(),
    optionalAreaScope(),
  ],
);
