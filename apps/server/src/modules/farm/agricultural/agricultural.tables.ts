import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  areaScope,
  auditColumns,
  idColumn,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

/** The agricultural-input catalogue (farm/agricultural/agricultural-manage). */
export const agriculturalInputs = pgTable(
  'agricultural_inputs',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    inputCode: text('input_code').notNull(),
    inputName: text('input_name').notNull(),
    /** fertilizer | pesticide | seed | feed | veterinary | film | other */
    category: text('category').notNull(),
    /** Registration / licence number (pesticide registration, fertiliser registration…). */
    registrationNo: text('registration_no'),
    manufacturer: text('manufacturer'),
    specification: text('specification'),
    /** Unit stock is counted in: kg, L, bag, bottle… */
    unit: text('unit').notNull(),
    /** Unit price, 2 decimals within 0–99999 (spec 03 §5). */
    price: numeric('price', { precision: 7, scale: 2 }),
    imageUrl: text('image_url'),
    description: text('description'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('agricultural_inputs_code_uq').on(t.tenantId, t.inputCode),
    uniqueIndex('agricultural_inputs_name_uq').on(t.tenantId, t.inputName, t.specification),
    tenantIsolation(),
  ],
);

/** What a base holds of an input now (agricultural-inventory); the CHECK is the last line against negatives. */
export const agriculturalStocks = pgTable(
  'agricultural_stocks',
  {
    tenantId: tenantIdColumn(),
    areaId: bigint('area_id', { mode: 'number' }).notNull(),
    inputId: bigint('input_id', { mode: 'number' }).notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull().default('0'),
    lastMovementAt: timestamp('last_movement_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.areaId, t.inputId] }),
    check('agricultural_stocks_not_negative', sql`${t.quantity} >= 0`),
    tenantIsolation(),
    areaScope(),
  ],
);

/** Every change of a stock (agricultural-inventory/record/{id}). Rows are never updated or deleted. */
export const agriculturalMovements = pgTable(
  'agricultural_movements',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    areaId: bigint('area_id', { mode: 'number' }).notNull(),
    inputId: bigint('input_id', { mode: 'number' }).notNull(),
    /** Signed: positive in, negative out. */
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 14, scale: 3 }).notNull(),
    /** warehousing | shipment | task | warehousing_reversal | shipment_reversal */
    sourceType: text('source_type').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }),
    sourceCode: text('source_code'),
    remark: text('remark'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('agricultural_movements_stock_idx').on(t.tenantId, t.areaId, t.inputId, t.occurredAt),
    index('agricultural_movements_source_idx').on(t.tenantId, t.sourceType, t.sourceId),
    tenantIsolation(),
    areaScope(),
  ],
);

/** Warehousing (in) and shipment (out) documents. */
export const agriculturalDocuments = pgTable(
  'agricultural_documents',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** warehousing | shipment */
    docType: text('doc_type').notNull(),
    docCode: text('doc_code').notNull(),
    areaId: bigint('area_id', { mode: 'number' }).notNull(),
    docDate: date('doc_date', { mode: 'string' }).notNull(),
    /** Supplier (warehousing) or recipient (shipment). */
    counterparty: text('counterparty'),
    handler: text('handler'),
    remark: text('remark'),
    /** DOC_AUDIT_STATES (issue 14): stock moves only for 'approved'; rows before approvals were approved. */
    auditState: text('audit_state').notNull().default('approved'),
    /** The latest approval process of the document (null: never went through one). */
    processId: bigint('process_id', { mode: 'number' }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('agricultural_documents_code_uq').on(t.tenantId, t.docCode),
    index('agricultural_documents_type_idx').on(t.tenantId, t.docType, t.docDate),
    tenantIsolation(),
    areaScope(),
  ],
);

export const agriculturalDocumentLines = pgTable(
  'agricultural_document_lines',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    inputId: bigint('input_id', { mode: 'number' }).notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 7, scale: 2 }),
    lineNo: integer('line_no').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // 'the same agricultural input cannot be selected twice' (spec 03 §5)
    uniqueIndex('agricultural_document_lines_input_uq').on(t.tenantId, t.documentId, t.inputId),
    tenantIsolation(),
  ],
);
