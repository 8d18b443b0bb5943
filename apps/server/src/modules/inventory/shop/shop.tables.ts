import { bigint, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  auditColumns,
  idColumn,
  optionalAreaScope,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

/** Shops (inventory/base/shops): a farm shop or sales point, served from a warehouse. */
export const invShops = pgTable(
  'inv_shops',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    shopCode: text('shop_code').notNull(),
    shopName: text('shop_name').notNull(),
    address: text('address'),
    managerId: bigint('manager_id', { mode: 'number' }),
    phone: text('phone'),
    /** The warehouse its sales ship from. */
    warehouseId: bigint('warehouse_id', { mode: 'number' }),
    areaId: bigint('area_id', { mode: 'number' }),
    remark: text('remark'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('inv_shops_code_uq').on(t.tenantId, t.shopCode),
    tenantIsolation(),
    optionalAreaScope(),
  ],
);
