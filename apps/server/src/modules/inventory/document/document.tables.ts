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
  auditColumns,
  idColumn,
  optionalAreaScope,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

// The six inventory documents (spec 01 §2.5) in one pair of tables. Only inbound (warehousing) and outbound
// (shipment) documents move stock, by their store / ship executions after approval; the others convert
// into them (ADR 0014).

export const invDocuments = pgTable(
  'inv_documents',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** INV_DOC_TYPES: purchase_request | warehousing | shipment | transfer | return | stocktake */
    docType: text('doc_type').notNull(),
    /** From base/bill numbering; follows docDate's period. */
    docCode: text('doc_code').notNull(),
    docDate: date('doc_date', { mode: 'string' }).notNull(),
    /** What kind of movement within the type (INV_BIZ_TYPES): purchase, transfer, return, adjust, sale, other… */
    bizType: text('biz_type').notNull(),
    /** The warehouse it concerns: received into, shipped from, counted, requested for, transferred from. */
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    /** Transfers and the outbound / inbound legs of one: the destination. */
    toWarehouseId: bigint('to_warehouse_id', { mode: 'number' }),
    /** Supplier or customer. */
    businessId: bigint('business_id', { mode: 'number' }),
    /** The document this one was converted from, and its type (the link back; the source lists its children). */
    sourceDocId: bigint('source_doc_id', { mode: 'number' }),
    sourceDocType: text('source_doc_type'),
    /** A reversing document names the one it reverses; the reversed one is flagged. */
    reversalOfId: bigint('reversal_of_id', { mode: 'number' }),
    reversedFlag: integer('reversed_flag').notNull().default(0),
    /** DOC_AUDIT_STATES: draft | submitted | approved | rejected. */
    auditState: text('audit_state').notNull().default('draft'),
    processId: bigint('process_id', { mode: 'number' }),
    /** INV_EXEC_STATES, computed from the lines: pending | partial | done (not stored / partly / stored…). */
    execState: text('exec_state').notNull().default('pending'),
    arrivalDate: date('arrival_date', { mode: 'string' }),
    handlerName: text('handler_name'),
    remark: text('remark'),
    totalQuantity: numeric('total_quantity', { precision: 24, scale: 4 }).notNull().default('0'),
    totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    /** The warehouse's base (data scope); null for a company-level warehouse. */
    areaId: bigint('area_id', { mode: 'number' }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('inv_documents_code_uq').on(t.tenantId, t.docCode),
    index('inv_documents_type_idx').on(t.tenantId, t.docType, t.docDate),
    index('inv_documents_source_idx').on(t.tenantId, t.sourceDocId),
    tenantIsolation(),
    optionalAreaScope(),
  ],
);

export const invDocumentLines = pgTable(
  'inv_document_lines',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    lineNo: integer('line_no').notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    /** The unit the line is entered in, and stock units per one of it (exact). */
    unitId: bigint('unit_id', { mode: 'number' }).notNull(),
    factor: numeric('factor', { precision: 18, scale: 4 }).notNull().default('1'),
    /** In the line's unit. Stocktake: the counted quantity. */
    quantity: numeric('quantity', { precision: 18, scale: 4 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 9, scale: 2 }),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    lotNo: text('lot_no').notNull().default(''),
    expiryDate: date('expiry_date', { mode: 'string' }),
    /** The source document's line this one was converted from. */
    sourceLineId: bigint('source_line_id', { mode: 'number' }),
    /** Line units taken by live documents converted from this line (over-conversion is refused). */
    convertedQty: numeric('converted_qty', { precision: 18, scale: 4 }).notNull().default('0'),
    /** Line units stored / shipped (inbound, outbound) or received through conversions (the sources). */
    doneQty: numeric('done_qty', { precision: 18, scale: 4 }).notNull().default('0'),
    /** Stocktake: what the books held when counted, in the line's unit. */
    bookQty: numeric('book_qty', { precision: 18, scale: 4 }),
    remark: text('remark'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('inv_document_lines_doc_idx').on(t.tenantId, t.documentId, t.lineNo),
    index('inv_document_lines_source_idx').on(t.tenantId, t.sourceLineId),
    index('inv_document_lines_sku_idx').on(t.tenantId, t.skuId),
    tenantIsolation(),
  ],
);
