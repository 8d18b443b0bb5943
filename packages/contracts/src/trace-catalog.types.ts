import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
  flag01,
  objectVersionNumber,
  optionalText,
  pageOf,
  pageQuery,
  queryId,
  requiredText,
  tenantParam,
  updateBodyOf,
} from './common.types.js';
import { promoVideoRef } from './media.types.js';
import { PLANTING_STANDARDS, traceCertificate, traceInspection } from './trace.types.js';
import {
  BATCH_CODE_PATTERN,
  isLatLng,
  ONLINE_PLATFORMS,
  OUTLET_KINDS,
  PHONE_PATTERN,
  TRACE_BATCH_STATUSES,
  WEIGHT_UNITS,
} from './trace-catalog.rules.js';

export * from './trace-catalog.rules.js';

// Traceability catalogue (issue 18 item 1, item 3's outlets and business profile): traced products, trace
// batches (lots made of farm harvests), shops, online stores and the tenant's business profile.
// Calls live under /wfpf/v1/{tenantId}/trace/…; the checks both sides run are trace-catalog.rules.ts.

// ---- Shared pieces ---------------------------------------------------------------------------------

export const TRACE_PRODUCT_NAME_MAX = 60;
export const TRACE_CERTIFICATES_MAX = 10;
export const TRACE_INSPECTIONS_MAX = 20;
export const TRACE_SOURCES_MAX = 20;
export const TRACE_OUTLETS_PER_PRODUCT_MAX = 50;

const isoDate = z.iso.date();
const stamps = {
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
  lastUpdateDate: z.string(),
};
const phone = optionalText(30).refine((v) => v === null || PHONE_PATTERN.test(v), {
  error: 'digits, spaces and + - ( ) only (3–30)',
});
const fileUrl = optionalText(500).optional();
/** A decimal quantity > 0, a number or the decimal text the GET answers (stored to 3 decimals). */
const quantity = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,10}(\.\d{1,6})?$/)
      .transform(Number),
  ])
  .pipe(z.number().positive().max(1e10));

// ---- Traced products (trace/produce) ---------------------------------------------------------------

export const traceProduct = z.object({
  traceProductId: z.number().int(),
  productName: z.string(),
  productEnName: z.string().nullable(),
  inventoryProductId: z.number().int().nullable(),
  inventoryProductName: z.string().nullable(),
  cropId: z.number().int().nullable(),
  cropName: z.string().nullable(),
  varietyId: z.number().int().nullable(),
  varietyName: z.string().nullable(),
  /** GTIN-14, check digit verified, or null (codes then use the business profile's prefix). */
  gtin: z.string().nullable(),
  placeOfOrigin: z.string(),
  netWeight: z.string().nullable(),
  weightUnit: z.string(),
  specification: z.string().nullable(),
  shelfLifeDays: z.number().int().nullable(),
  plantingStandard: z.enum(PLANTING_STANDARDS),
  certificates: z.array(traceCertificate),
  imageUrl: z.string().nullable(),
  description: z.string().nullable(),
  outletIds: z.array(z.number().int()),
  /** The promo video (content/media) its public trace page plays, or null. */
  promoVideoId: z.number().int().nullable(),
  /** That video for the console (signed-in URLs), or null. */
  promoVideo: promoVideoRef.nullable(),
  outlets: z.array(
    z.object({ outletId: z.number().int(), outletName: z.string(), kind: z.enum(OUTLET_KINDS) }),
  ),
  enabledFlag: flag01,
  /** Trace batches of this product (a product in use cannot be deleted). */
  batchCount: z.number().int(),
  ...stamps,
});
export type TraceProduct = z.infer<typeof traceProduct>;
export const traceProductPage = pageOf(traceProduct);

/** GET /trace/products: 10 a page by default; name contains, planting standard, enabled. */
export const traceProductListQuery = pageQuery.extend({
  productName: blankAsUnset(z.string().max(TRACE_PRODUCT_NAME_MAX * 2)),
  plantingStandard: blankAsUnset(z.enum(PLANTING_STANDARDS)),
  enabledFlag: blankAsUnset(z.coerce.number().pipe(flag01)),
});
export type TraceProductListQuery = z.infer<typeof traceProductListQuery>;

export const traceProductIdParam = tenantParam.extend({ traceProductId: queryId });

const productWrite = {
  productName: requiredText(TRACE_PRODUCT_NAME_MAX),
  productEnName: optionalText(100).optional(),
  /** An inventory catalogue product, or a crop (and variety): at least one of the two. */
  inventoryProductId: bodyId.nullish(),
  cropId: bodyId.nullish(),
  varietyId: bodyId.nullish(),
  gtin: optionalText(20).optional(),
  placeOfOrigin: requiredText(100),
  netWeight: quantity.nullish(),
  weightUnit: z.enum(WEIGHT_UNITS).default('kg'),
  specification: optionalText(60).optional(),
  shelfLifeDays: z.number().int().min(1).max(3650).nullish(),
  plantingStandard: z.enum(PLANTING_STANDARDS).default('normal'),
  certificates: z.array(traceCertificate).max(TRACE_CERTIFICATES_MAX).default([]),
  imageUrl: fileUrl,
  description: optionalText(1000).optional(),
  outletIds: z.array(bodyId).max(TRACE_OUTLETS_PER_PRODUCT_MAX).default([]),
  /** A ready promo video of the tenant (400 naming promoVideoId otherwise); null clears, omitted keeps. */
  promoVideoId: bodyId.nullish(),
  enabledFlag: flag01.default(1),
};

/** POST /trace/products. */
export const traceProductCreateBody = z.strictObject(productWrite);
export type TraceProductCreateBody = z.input<typeof traceProductCreateBody>;
export type TraceProductValues = z.output<typeof traceProductCreateBody>;

/** PUT /trace/products (objectVersionNumber: stale → 409). */
export const traceProductUpdateBody = updateBodyOf(
  z.strictObject({ ...productWrite, traceProductId: bodyId, objectVersionNumber }),
  traceProduct,
);
export type TraceProductUpdateBody = z.output<typeof traceProductUpdateBody>;

/** PUT /trace/products/{id}/enabled. */
export const enabledBody = z.strictObject({ enabledFlag: flag01, objectVersionNumber });

export const versionQuery = z.object({
  objectVersionNumber: blankAsUnset(z.coerce.number().int().min(1).max(2_147_483_647)),
});

// ---- Harvests a trace batch may be made of ---------------------------------------------------------

/** A farm batch (harvested or closed) as the trace batch form shows it. */
export const traceHarvest = z.object({
  farmBatchId: z.number().int(),
  batchCode: z.string(),
  batchName: z.string(),
  status: z.string(),
  cropName: z.string().nullable(),
  varietyName: z.string().nullable(),
  areaName: z.string().nullable(),
  landName: z.string().nullable(),
  startDate: z.string(),
  harvestDate: z.string().nullable(),
  harvestQuantity: z.string().nullable(),
  unit: z.string().nullable(),
});
export type TraceHarvest = z.infer<typeof traceHarvest>;
export const traceHarvestPage = pageOf(traceHarvest);

/** GET /trace/harvests: farm batches with status harvested or closed, newest harvest first. */
export const traceHarvestQuery = pageQuery.extend({ keyword: blankAsUnset(z.string().max(60)) });

// ---- Trace batches (trace/index) -------------------------------------------------------------------

export const traceBatchSource = traceHarvest.extend({
  /** Part of the harvest in this lot (the whole harvest when null). */
  quantity: z.string().nullable(),
});
export type TraceBatchSource = z.infer<typeof traceBatchSource>;

export const traceBatch = z.object({
  traceBatchId: z.number().int(),
  traceProductId: z.number().int(),
  productName: z.string(),
  gtin: z.string().nullable(),
  batchCode: z.string(),
  /** The lot's own place of origin, or null (the product's applies: see effectivePlaceOfOrigin). */
  placeOfOrigin: z.string().nullable(),
  effectivePlaceOfOrigin: z.string(),
  weight: z.string().nullable(),
  weightUnit: z.string(),
  specification: z.string().nullable(),
  productionDate: z.string(),
  expiryDate: z.string().nullable(),
  inspections: z.array(traceInspection),
  status: z.enum(TRACE_BATCH_STATUSES),
  /** The published version (0 while never published). */
  version: z.number().int(),
  publishedAt: z.string().nullable(),
  remark: z.string().nullable(),
  sources: z.array(traceBatchSource),
  ...stamps,
});
export type TraceBatch = z.infer<typeof traceBatch>;
export const traceBatchPage = pageOf(traceBatch);

/** A published version of a batch (trace_records), newest first. */
export const traceBatchVersion = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  publishedBy: z.number().int().nullable(),
  publishedByName: z.string().nullable(),
  recordHash: z.string(),
  txHash: z.string().nullable(),
});
export const traceBatchDetail = traceBatch.extend({ versions: z.array(traceBatchVersion) });
export type TraceBatchDetail = z.infer<typeof traceBatchDetail>;

/** GET /trace/batches: product, status, lot code contains, production date range. */
export const traceBatchListQuery = pageQuery.extend({
  traceProductId: blankAsUnset(queryId),
  status: blankAsUnset(z.enum(TRACE_BATCH_STATUSES)),
  batchCode: blankAsUnset(z.string().max(40)),
  from: blankAsUnset(isoDate),
  to: blankAsUnset(isoDate),
});
export type TraceBatchListQuery = z.infer<typeof traceBatchListQuery>;

export const traceBatchIdParam = tenantParam.extend({ traceBatchId: queryId });

const batchWrite = {
  traceProductId: bodyId,
  batchCode: z
    .string()
    .max(80)
    .transform((s) => s.trim())
    .pipe(z.string().regex(BATCH_CODE_PATTERN, { error: "letters, digits, '-' and '_' only, 1–20" })),
  sources: z
    .array(
      // Not strict: a source as the GET answers it (with the harvest's names) is accepted, names dropped.
      z.object({ farmBatchId: bodyId, quantity: quantity.nullish() }),
    )
    .min(1, { error: 'at least one harvest' })
    .max(TRACE_SOURCES_MAX),
  placeOfOrigin: optionalText(100).optional(),
  weight: quantity.nullish(),
  specification: optionalText(60).optional(),
  productionDate: isoDate,
  /** null: production date + the product's shelf life. */
  expiryDate: isoDate.nullish(),
  inspections: z.array(traceInspection).max(TRACE_INSPECTIONS_MAX).default([]),
  remark: optionalText(500).optional(),
};

/** POST /trace/batches: a draft. */
export const traceBatchCreateBody = z.strictObject(batchWrite);
export type TraceBatchCreateBody = z.input<typeof traceBatchCreateBody>;
export type TraceBatchValues = z.output<typeof traceBatchCreateBody>;

/** PUT /trace/batches: only while not published (published → 409). */
export const traceBatchUpdateBody = updateBodyOf(
  z.strictObject({ ...batchWrite, traceBatchId: bodyId, objectVersionNumber }),
  traceBatchDetail,
);
export type TraceBatchUpdateBody = z.output<typeof traceBatchUpdateBody>;

/** POST /trace/batches/{id}/withdraw. */
export const withdrawBody = z.strictObject({ objectVersionNumber });

/** GET /trace/overview: the counts above the trace batch list (code counts null until codes exist). */
export const traceOverview = z.object({
  products: z.number().int(),
  batches: z.number().int(),
  published: z.number().int(),
  draft: z.number().int(),
  withdrawn: z.number().int(),
  codesIssued: z.number().int().nullable(),
  scansThisMonth: z.number().int().nullable(),
});
export type TraceOverview = z.infer<typeof traceOverview>;

// ---- Outlets (trace/base/store, trace/base/onlineStore) --------------------------------------------

export const traceOutlet = z.object({
  outletId: z.number().int(),
  kind: z.enum(OUTLET_KINDS),
  outletName: z.string(),
  platform: z.string().nullable(),
  url: z.string().nullable(),
  address: z.string().nullable(),
  location: z.string().nullable(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  openingHours: z.string().nullable(),
  imageUrl: z.string().nullable(),
  enabledFlag: flag01,
  ...stamps,
});
export type TraceOutlet = z.infer<typeof traceOutlet>;
export const traceOutletPage = pageOf(traceOutlet);

export const traceOutletListQuery = pageQuery.extend({
  kind: z.enum(OUTLET_KINDS),
  outletName: blankAsUnset(z.string().max(120)),
  enabledFlag: blankAsUnset(z.coerce.number().pipe(flag01)),
});
export type TraceOutletListQuery = z.infer<typeof traceOutletListQuery>;

export const traceOutletIdParam = tenantParam.extend({ outletId: queryId });

const outletWrite = {
  outletName: requiredText(60),
  /** Online stores: the platform and an https address; shops: an address. */
  platform: z.enum(ONLINE_PLATFORMS).nullish(),
  url: optionalText(500).optional(),
  address: optionalText(200).optional(),
  location: optionalText(40)
    .optional()
    .refine((v) => v == null || isLatLng(v), { error: "'lat,lng' (e.g. 23.13,113.26)" }),
  contactName: optionalText(30).optional(),
  phone: phone.optional(),
  openingHours: optionalText(60).optional(),
  imageUrl: fileUrl,
  enabledFlag: flag01.default(1),
};

/** POST /trace/outlets. */
export const traceOutletCreateBody = z.strictObject({ kind: z.enum(OUTLET_KINDS), ...outletWrite });
export type TraceOutletCreateBody = z.input<typeof traceOutletCreateBody>;
export type TraceOutletValues = z.output<typeof traceOutletCreateBody>;

/** PUT /trace/outlets (the kind stays what it was). */
export const traceOutletUpdateBody = updateBodyOf(
  z.strictObject({ ...outletWrite, outletId: bodyId, objectVersionNumber }),
  traceOutlet,
);
export type TraceOutletUpdateBody = z.output<typeof traceOutletUpdateBody>;

// ---- Business profile (trace/base/business) --------------------------------------------------------

export const traceBusiness = z.object({
  businessName: z.string(),
  creditCode: z.string().nullable(),
  legalRepresentative: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  introduction: z.string().nullable(),
  logoUrl: z.string().nullable(),
  licenceUrl: z.string().nullable(),
  codePrefix: z.string().nullable(),
  ...stamps,
});
export type TraceBusiness = z.infer<typeof traceBusiness>;
/** GET /trace/business: the profile, or null before the first save. */
export const traceBusinessAnswer = traceBusiness.nullable();

/** PUT /trace/business: saves the one profile; objectVersionNumber required once it exists. */
export const traceBusinessBody = updateBodyOf(
  z.strictObject({
    businessName: requiredText(100),
    creditCode: optionalText(18).optional(),
    legalRepresentative: optionalText(30).optional(),
    address: optionalText(200).optional(),
    phone: phone.optional(),
    website: optionalText(500).optional(),
    introduction: optionalText(2000).optional(),
    logoUrl: fileUrl,
    licenceUrl: fileUrl,
    codePrefix: optionalText(8).optional(),
    objectVersionNumber: objectVersionNumber.optional(),
  }),
  traceBusiness,
);
export type TraceBusinessBody = z.output<typeof traceBusinessBody>;
