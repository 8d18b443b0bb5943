import { bigint, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

/** Document numbering per document type (inventory/base/bill): PREFIX + sep + date + sep + serial. */
export const invBillRules = pgTable(
  'inv_bill_rules',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** INV_DOC_TYPES: purchase_request, warehousing, shipment, transfer, return, stocktake. */
    docType: text('doc_type').notNull(),
    /** Letters, digits or underscore; unique in the tenant (spec 03 §5 'a duplicate code prefix'). */
    prefix: text('prefix').notNull(),
    /** '' | '-' | '_' | '/' */
    separator: text('separator').notNull().default(''),
    /** 'yyyyMMdd' | 'yyyyMM' | 'yyyy' | '' (no date part, the serial never resets). */
    datePattern: text('date_pattern').notNull(),
    serialLength: integer('serial_length').notNull(),
    startValue: bigint('start_value', { mode: 'number' }).notNull().default(1),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('inv_bill_rules_type_uq').on(t.tenantId, t.docType),
    uniqueIndex('inv_bill_rules_prefix_uq').on(t.tenantId, t.prefix),
    tenantIsolation(),
  ],
);

/**
 * The last serial issued per (document type, period). Taking a number is one upsert in the document's
 * transaction: the row lock serialises concurrent creations and a rollback returns the number (gap-free).
 */
export const invBillCounters = pgTable(
  'inv_bill_counters',
  {
    tenantId: tenantIdColumn(),
    docType: text('doc_type').notNull(),
    /** The date part the serial belongs to ('20261126', '202611', '2026' or ''). */
    period: text('period').notNull(),
    lastValue: bigint('last_value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.docType, t.period] }), tenantIsolation()],
);
