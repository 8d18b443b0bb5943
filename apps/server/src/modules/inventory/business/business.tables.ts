import { integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

/** Counterparties (inventory/base/businesses): suppliers, customers or both. */
export const invBusinesses = pgTable(
  'inv_businesses',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    businessCode: text('business_code').notNull(),
    businessName: text('business_name').notNull(),
    /** supplier | customer | both */
    category: text('category').notNull(),
    bankName: text('bank_name'),
    bankAccount: text('bank_account'),
    taxNo: text('tax_no'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    address: text('address'),
    remark: text('remark'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('inv_businesses_code_uq').on(t.tenantId, t.businessCode),
    uniqueIndex('inv_businesses_name_uq').on(t.tenantId, t.businessName),
    tenantIsolation(),
  ],
);
