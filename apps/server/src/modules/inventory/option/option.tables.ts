import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

/** The tenant's inventory options (inventory/config/option); one row, created with defaults on first read. */
export const invOptions = pgTable(
  'inv_options',
  {
    tenantId: tenantIdColumn(),
    defaultWarehouseId: bigint('default_warehouse_id', { mode: 'number' }),
    /** 'moving_average' (the only method the ledger values by today). */
    costMethod: text('cost_method').notNull().default('moving_average'),
    /** 'block': a shortage refuses the posting; 'warn': it posts and the answer carries a warning. */
    shortagePolicy: text('shortage_policy').notNull().default('block'),
    /** Decimal places of quantities in forms and reports (0–4). */
    quantityDecimals: integer('quantity_decimals').notNull().default(2),
    /** Days before expiry a lot is flagged in the stock report. */
    expiryWarnDays: integer('expiry_warn_days').notNull().default(30),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId] }), tenantIsolation()],
);
