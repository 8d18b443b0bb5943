import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import {
  idColumn,
  optionalAreaScope,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

// The one stock ledger (issue 15 item 3, ADR 0014). Every book that holds stock posts here through
// `postLedger`: 'inv' (inventory warehouses, product = SKU) and 'agri' (a farm base's agricultural inputs,
// warehouse = base, product = input). Exact numeric throughout: quantities 8 decimals, values 4.

/** What a (book, warehouse, product, lot, location) holds now, with its moving-average value. */
export const stockBalances = pgTable(
  'stock_balances',
  {
    tenantId: tenantIdColumn(),
    book: text('book').notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    /** '' when the product tracks no lots. */
    lotNo: text('lot_no').notNull().default(''),
    /** 'stock' (available) or 'transit' (sent by a transfer, not yet received at this warehouse). */
    location: text('location').notNull().default('stock'),
    quantity: numeric('quantity', { precision: 28, scale: 8 }).notNull().default('0'),
    value: numeric('value', { precision: 24, scale: 4 }).notNull().default('0'),
    /** The moving-average unit cost, kept when the quantity reaches 0 so a later issue can be valued. */
    avgCost: numeric('avg_cost', { precision: 24, scale: 8 }).notNull().default('0'),
    expiryDate: date('expiry_date', { mode: 'string' }),
    areaId: bigint('area_id', { mode: 'number' }),
    lastPostedAt: timestamp('last_posted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.book, t.warehouseId, t.productId, t.lotNo, t.location] }),
    index('stock_balances_product_idx').on(t.tenantId, t.book, t.productId),
    tenantIsolation(),
    optionalAreaScope(),
  ],
);

/** Every movement, appended in the posting's transaction; never updated or deleted. */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    book: text('book').notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    lotNo: text('lot_no').notNull().default(''),
    location: text('location').notNull().default('stock'),
    /** Signed, in the stock unit: positive in, negative out. */
    quantity: numeric('quantity', { precision: 28, scale: 8 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 24, scale: 8 }).notNull(),
    /** Signed value of the movement at its unit cost. */
    valueChange: numeric('value_change', { precision: 24, scale: 4 }).notNull(),
    balanceQty: numeric('balance_qty', { precision: 28, scale: 8 }).notNull(),
    balanceValue: numeric('balance_value', { precision: 24, scale: 4 }).notNull(),
    /** What posted it: a document type (warehousing, shipment…), 'task', or a *_reversal. */
    sourceType: text('source_type').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }),
    sourceLineId: bigint('source_line_id', { mode: 'number' }),
    sourceCode: text('source_code'),
    /** The business date of the source document (reports group by it); the posting time is postedAt. */
    docDate: date('doc_date', { mode: 'string' }).notNull(),
    remark: text('remark'),
    areaId: bigint('area_id', { mode: 'number' }),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('stock_ledger_key_idx').on(t.tenantId, t.book, t.warehouseId, t.productId, t.docDate),
    index('stock_ledger_product_idx').on(t.tenantId, t.book, t.productId, t.docDate),
    index('stock_ledger_date_idx').on(t.tenantId, t.book, t.docDate),
    index('stock_ledger_source_idx').on(t.tenantId, t.sourceType, t.sourceId),
    tenantIsolation(),
    optionalAreaScope(),
  ],
);

/**
 * The ledger summed per month (issue 15 benchmark): what moved in and out of a (book, warehouse, product,
 * location) in a month of document dates, lots together. `postLedger` writes it in the statement that
 * appends the ledger rows, so it always equals the ledger's sums; reports read whole months here and only
 * partial months from the ledger. `area_id` is part of the key (nulls equal) so the area scope narrows
 * it exactly as it narrows the ledger rows it sums.
 */
export const stockRollup = pgTable(
  'stock_rollup',
  {
    tenantId: tenantIdColumn(),
    // A surrogate key: stock_rollup_key holds a nullable column, and Citus moves shards by logical
    // replication, which needs a primary key to apply updates.
    id: idColumn(),
    book: text('book').notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    location: text('location').notNull(),
    /** The first day of the month of the rows' document dates. */
    month: date('month', { mode: 'string' }).notNull(),
    areaId: bigint('area_id', { mode: 'number' }),
    /** Rows with a positive quantity: their quantity and value change. */
    inQty: numeric('in_qty', { precision: 28, scale: 8 }).notNull().default('0'),
    inValue: numeric('in_value', { precision: 24, scale: 4 }).notNull().default('0'),
    /** Rows with a negative quantity, negated (so positive). */
    outQty: numeric('out_qty', { precision: 28, scale: 8 }).notNull().default('0'),
    outValue: numeric('out_value', { precision: 24, scale: 4 }).notNull().default('0'),
    /** Every row's value change; differs from in − out only by rows of quantity 0. */
    netValue: numeric('net_value', { precision: 24, scale: 4 }).notNull().default('0'),
    moves: integer('moves').notNull().default(0),
    firstDate: date('first_date', { mode: 'string' }).notNull(),
    lastInDate: date('last_in_date', { mode: 'string' }),
    lastOutDate: date('last_out_date', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('stock_rollup_key')
      .on(t.tenantId, t.book, t.warehouseId, t.productId, t.location, t.month, t.areaId)
      .nullsNotDistinct(),
    index('stock_rollup_month_idx').on(t.tenantId, t.book, t.month),
    tenantIsolation(),
    optionalAreaScope(),
  ],
);
