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
    /** Nutrient content in mass percent (fertilisers): N, P2O5, K2O — carbon's N2O comes from nPercent. */
    nPercent: numeric('n_percent', { precision: 5, scale: 2 }),
    p2o5Percent: numeric('p2o5_percent', { precision: 5, scale: 2 }),
    k2oPercent: numeric('k2o_percent', { precision: 5, scale: 2 }),
    /** synthetic | organic: which IPCC volatilisation fraction applies (FracGASF or FracGASM). */
    nitrogenSource: text('nitrogen_source'),
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

// What a base holds of an input and every movement of it live in the stock ledger (book 'agri',
// modules/stock/ledger, ADR 0014); migration 0021 moved the old agricultural_stocks / _movements there.

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
