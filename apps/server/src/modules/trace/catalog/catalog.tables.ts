import type { TraceCertificate, TraceInspection, TracePublicRecord } from '@tilth/contracts/trace.types';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

// Traceability catalogue (issue 18 item 1): what is traced (a product), which harvests make up a lot (a
// trace batch), where it is sold (outlets) and who stands behind it (the business profile). A published
// batch freezes its public page into trace_records; the chain domain holds the proof of each record.

/** A traced product: an inventory product or a crop / variety, with what a buyer reads on the label. */
export const traceProducts = pgTable(
  'trace_products',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    productName: text('product_name').notNull(),
    productEnName: text('product_en_name'),
    /** The inventory catalogue product (inventory/product), when the product is one. */
    inventoryProductId: bigint('inventory_product_id', { mode: 'number' }),
    cropId: bigint('crop_id', { mode: 'number' }),
    varietyId: bigint('variety_id', { mode: 'number' }),
    /** GS1 GTIN-14 (check digit verified); null: codes use the tenant's own prefix. */
    gtin: text('gtin'),
    placeOfOrigin: text('place_of_origin').notNull(),
    /** Net weight of one item in weightUnit. */
    netWeight: numeric('net_weight', { precision: 12, scale: 3 }),
    weightUnit: text('weight_unit').notNull().default('kg'),
    specification: text('specification'),
    shelfLifeDays: integer('shelf_life_days'),
    /** normal | organic | green | pollution_free (spec 03 §9) */
    plantingStandard: text('planting_standard').notNull().default('normal'),
    certificates: jsonb('certificates').$type<TraceCertificate[]>().notNull().default([]),
    imageUrl: text('image_url'),
    description: text('description'),
    /** Outlets (trace_outlets) that sell it. */
    outletIds: bigint('outlet_ids', { mode: 'number' }).array().notNull().default([]),
    /** The promo video (content_videos, issue 19 item 4) the public trace page plays; null: none. */
    promoVideoId: bigint('promo_video_id', { mode: 'number' }),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('trace_products_name_uq').on(t.tenantId, t.productName),
    uniqueIndex('trace_products_gtin_uq').on(t.tenantId, t.gtin),
    tenantIsolation(),
  ],
);

/**
 * A trace batch (lot): one or more farm batches' harvests packed as one product, with a version that
 * grows on every republish. `batchCode` is the lot number (GS1 AI 10).
 */
export const traceBatches = pgTable(
  'trace_batches',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    traceProductId: bigint('trace_product_id', { mode: 'number' }).notNull(),
    batchCode: text('batch_code').notNull(),
    /** Place of origin of this lot; the product's when null. */
    placeOfOrigin: text('place_of_origin'),
    /** Total packed weight of the lot in the product's weight unit. */
    weight: numeric('weight', { precision: 14, scale: 3 }),
    specification: text('specification'),
    productionDate: date('production_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    inspections: jsonb('inspections').$type<TraceInspection[]>().notNull().default([]),
    /** draft | published | withdrawn */
    status: text('status').notNull().default('draft'),
    /** The published version (0 while never published); a republish makes version + 1. */
    version: integer('version').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    remark: text('remark'),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('trace_batches_code_uq').on(t.tenantId, t.batchCode),
    index('trace_batches_product_idx').on(t.tenantId, t.traceProductId),
    tenantIsolation(),
  ],
);

/** The farm batches (harvests) a trace batch is made of. */
export const traceBatchSources = pgTable(
  'trace_batch_sources',
  {
    tenantId: tenantIdColumn(),
    traceBatchId: bigint('trace_batch_id', { mode: 'number' }).notNull(),
    farmBatchId: bigint('farm_batch_id', { mode: 'number' }).notNull(),
    /** Part of the harvest that went into the lot (the whole harvest when null). */
    quantity: numeric('quantity', { precision: 14, scale: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.traceBatchId, t.farmBatchId] }),
    index('trace_batch_sources_farm_idx').on(t.tenantId, t.farmBatchId),
    tenantIsolation(),
  ],
);

/** Shops (trace/base/store) and online stores (trace/base/onlineStore) that sell traced products. */
export const traceOutlets = pgTable(
  'trace_outlets',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** store | online */
    kind: text('kind').notNull(),
    outletName: text('outlet_name').notNull(),
    /** Online: taobao | tmall | jd | pinduoduo | douyin | wechat | own | other. */
    platform: text('platform'),
    /** Online: the shop's address on the platform (https only). */
    url: text('url'),
    address: text('address'),
    /** 'lat,lng' like areas.area_center. */
    location: text('location'),
    contactName: text('contact_name'),
    phone: text('phone'),
    openingHours: text('opening_hours'),
    imageUrl: text('image_url'),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('trace_outlets_name_uq').on(t.tenantId, t.kind, t.outletName),
    tenantIsolation(),
  ],
);

/** The tenant's business profile (trace/base/business): one row per tenant, shown on every trace page. */
export const traceBusinessProfiles = pgTable(
  'trace_business_profiles',
  {
    tenantId: tenantIdColumn(),
    businessName: text('business_name').notNull(),
    /** Unified social credit code (18 characters, GB 32100-2015 check character). */
    creditCode: text('credit_code'),
    legalRepresentative: text('legal_representative'),
    address: text('address'),
    phone: text('phone'),
    website: text('website'),
    introduction: text('introduction'),
    logoUrl: text('logo_url'),
    licenceUrl: text('licence_url'),
    /** The tenant's own code prefix for items without a GTIN (letters and digits). */
    codePrefix: text('code_prefix'),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId] }), tenantIsolation()],
);

/**
 * A published trace record: the public page of one trace batch version, frozen as JSON. Its hash is a
 * transaction of the chain (trace/chain); the public page proves the record against it.
 */
export const traceRecords = pgTable(
  'trace_records',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    traceBatchId: bigint('trace_batch_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    record: jsonb('record').$type<TracePublicRecord>().notNull(),
    /** Hex hash of the canonical JSON of `record` (chain algorithm). */
    recordHash: text('record_hash').notNull(),
    /** The chain transaction that carries recordHash. */
    txHash: text('tx_hash'),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    publishedBy: bigint('published_by', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('trace_records_version_uq').on(t.tenantId, t.traceBatchId, t.version),
    tenantIsolation(),
  ],
);

/**
 * GTIN → tenant, global: a GS1 Digital Link (/01/{gtin}/…) names no tenant, and a GTIN belongs to one
 * brand owner worldwide, so the first tenant to claim a GTIN owns it (rls.ts lists this table as global).
 */
export const traceGtins = pgTable('trace_gtins', {
  gtin: text('gtin').primaryKey(),
  tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
