import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

/** A product (SPU, inventory/base/product): what is bought, stored and sold; stock is held per SKU. */
export const invProducts = pgTable(
  'inv_products',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    model: text('model'),
    specification: text('specification'),
    alias: text('alias'),
    /** INV_PRODUCT_TYPES: goods | material | agricultural (farm produce, linked to a crop). */
    productType: text('product_type').notNull(),
    brand: text('brand'),
    stockUnitId: bigint('stock_unit_id', { mode: 'number' }).notNull(),
    purchaseUnitId: bigint('purchase_unit_id', { mode: 'number' }).notNull(),
    retailUnitId: bigint('retail_unit_id', { mode: 'number' }).notNull(),
    /** Stock units in one purchase unit (exact, 4 decimals): a 箱 of 12 件 is 12. */
    purchaseFactor: numeric('purchase_factor', { precision: 18, scale: 4 }).notNull().default('1'),
    /** Stock units in one retail unit. */
    retailFactor: numeric('retail_factor', { precision: 18, scale: 4 }).notNull().default('1'),
    retailPrice: numeric('retail_price', { precision: 7, scale: 2 }),
    memberPrice: numeric('member_price', { precision: 7, scale: 2 }),
    costPrice: numeric('cost_price', { precision: 7, scale: 2 }),
    /** The specification attributes whose value combinations are this product's SKUs (ids, in order). */
    standardIds: jsonb('standard_ids').$type<number[]>().notNull().default([]),
    /** 1: document lines carry a lot number. */
    tracksLot: integer('tracks_lot').notNull().default(0),
    /** 1: document lines of a receipt carry an expiry date. */
    tracksExpiry: integer('tracks_expiry').notNull().default(0),
    /** Farm produce: the crop and variety it is harvested from (agricultural/add). */
    cropId: bigint('crop_id', { mode: 'number' }),
    varietyId: bigint('variety_id', { mode: 'number' }),
    /** Up to 6 image URLs (files domain) and one video. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    videoUrl: text('video_url'),
    description: text('description'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('inv_products_code_uq').on(t.tenantId, t.productCode),
    index('inv_products_name_idx').on(t.tenantId, t.productName),
    // Trigram indexes (pg_trgm) for the keyword's "contains" (ILIKE '%…%') on name, code and alias.
    index('inv_products_name_trgm').using('gin', t.productName.op('gin_trgm_ops')),
    index('inv_products_code_trgm').using('gin', t.productCode.op('gin_trgm_ops')),
    index('inv_products_alias_trgm').using('gin', t.alias.op('gin_trgm_ops')),
    tenantIsolation(),
  ],
);

/** One stock-keeping unit: a product with one value per attribute (or the product itself when it has none). */
export const invSkus = pgTable(
  'inv_skus',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    skuCode: text('sku_code').notNull(),
    /** Standard value ids, one per attribute in the product's standardIds order ([] for the only SKU). */
    valueIds: jsonb('value_ids').$type<number[]>().notNull().default([]),
    /** The values joined for display ('一级 / 500g'); '' for the only SKU. */
    skuName: text('sku_name').notNull().default(''),
    barcode: text('barcode'),
    /** Overrides of the product's prices; null: the product's. */
    retailPrice: numeric('retail_price', { precision: 7, scale: 2 }),
    memberPrice: numeric('member_price', { precision: 7, scale: 2 }),
    costPrice: numeric('cost_price', { precision: 7, scale: 2 }),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('inv_skus_code_uq').on(t.tenantId, t.skuCode),
    index('inv_skus_product_idx').on(t.tenantId, t.productId),
    index('inv_skus_code_trgm').using('gin', t.skuCode.op('gin_trgm_ops')),
    index('inv_skus_name_trgm').using('gin', t.skuName.op('gin_trgm_ops')),
    index('inv_skus_barcode_trgm').using('gin', t.barcode.op('gin_trgm_ops')),
    tenantIsolation(),
  ],
);

/** Minimum and maximum stock of a SKU in a warehouse (in the stock unit), for the stock report's flags. */
export const invStockLimits = pgTable(
  'inv_stock_limits',
  {
    tenantId: tenantIdColumn(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    minQty: numeric('min_qty', { precision: 18, scale: 4 }),
    maxQty: numeric('max_qty', { precision: 18, scale: 4 }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.skuId, t.warehouseId] }),
    index('inv_stock_limits_product_idx').on(t.tenantId, t.productId),
    tenantIsolation(),
  ],
);
