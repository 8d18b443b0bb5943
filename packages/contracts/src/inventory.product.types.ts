import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
  flag01,
  queryId as id,
  objectVersionNumber,
  optionalText,
  pageOf,
  pageQuery,
  requiredText,
  tenantParam,
  tooLong,
  updateBodyOf,
} from './common.types.js';

// Inventory products (issue 15 item 1, spec 01 §2.5 base/product, spec 03 §3 'Inventory labels', §5, §9):
// a product (SPU) with its units and exact factors, prices, attributes and one SKU per value combination,
// media, and min / max stock per warehouse per SKU. Farm produce is a product of type 'agricultural'
// linked to a crop and variety.

export const INV_PRODUCT_TYPES = ['goods', 'material', 'agricultural'] as const;
export type InvProductType = (typeof INV_PRODUCT_TYPES)[number];
export const INV_UNIT_KINDS = ['stock', 'purchase', 'retail'] as const;

export const INV_PRODUCT_NAME_MAX = 60;
export const INV_PRODUCT_CODE_MAX = 30;
export const INV_SKU_CODE_MAX = 40;
export const INV_PRODUCT_TEXT_MAX = 60;
export const INV_BARCODE_MAX = 32;
export const INV_DESCRIPTION_MAX = 2000;
export const INV_URL_MAX = 500;
/** Spec 03 §5 / §9: up to 6 images (jpg or png, 10 MB each) and one video of at most 30 MB. */
export const INV_IMAGES_MAX = 6;
export const INV_IMAGE_BYTES_MAX = 10 * 1024 * 1024;
export const INV_VIDEO_BYTES_MAX = 30 * 1024 * 1024;
export const INV_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
/** Attributes per product and SKUs per product: a grid a person can still fill in. */
export const INV_STANDARDS_MAX = 4;
export const INV_SKUS_MAX = 200;
/** Spec 03 §5: prices 0–99999 with at most 2 decimals. */
export const INV_PRICE_MAX = 99_999;
/** Factors and stock levels: more than 0 (factors), at most 4 decimals. */
export const INV_FACTOR_MAX = 1_000_000;
export const INV_QTY_MAX = 999_999_999;

/** Code: English letters, digits or underscore only (spec 03 §5). */
const codeText = (max: number, pattern: RegExp, what: string) =>
  z
    .string()
    .max(max * 4)
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'required, may not be blank' })
        .max(max, tooLong(max))
        .regex(pattern, { error: what }),
    );

export const invProductCode = codeText(
  INV_PRODUCT_CODE_MAX,
  /^\w+$/,
  'only English letters, digits or underscore',
);
/** A SKU code may also carry the hyphen of a generated code (P001-12-34). */
export const invSkuCode = codeText(
  INV_SKU_CODE_MAX,
  /^[\w-]+$/,
  'only English letters, digits, underscore or hyphen',
);

/** A price: 0–99999 with at most 2 decimals. */
export const invPrice = z
  .number()
  .min(0, { error: `must be 0 to ${INV_PRICE_MAX}` })
  .max(INV_PRICE_MAX, { error: `must be 0 to ${INV_PRICE_MAX}` })
  .multipleOf(0.01, { error: 'at most 2 decimals' });

/** Stock units in one purchase / retail unit: more than 0, at most 4 decimals. */
export const invFactor = z
  .number()
  .gt(0, { error: `must be more than 0 and at most ${INV_FACTOR_MAX}` })
  .max(INV_FACTOR_MAX, { error: `must be more than 0 and at most ${INV_FACTOR_MAX}` })
  .multipleOf(0.0001, { error: 'at most 4 decimals' });

/** A stock level in the stock unit: 0 or more, at most 4 decimals. */
export const invStockLevel = z
  .number()
  .min(0, { error: `must be 0 to ${INV_QTY_MAX}` })
  .max(INV_QTY_MAX, { error: `must be 0 to ${INV_QTY_MAX}` })
  .multipleOf(0.0001, { error: 'at most 4 decimals' });

const url = z
  .string()
  .max(INV_URL_MAX * 4)
  .transform((s) => s.trim())
  .pipe(z.string().min(1).max(INV_URL_MAX, tooLong(INV_URL_MAX)));

// ---- Write bodies ----

export const invStockLimitBody = z
  .object({
    warehouseId: bodyId,
    minQty: invStockLevel.nullable().optional(),
    maxQty: invStockLevel.nullable().optional(),
    /** Read-only (GET answers it). */
    warehouseName: z.unknown().optional(),
  })
  .strict()
  .refine((l) => l.minQty == null || l.maxQty == null || l.minQty <= l.maxQty, {
    error: 'minQty may not exceed maxQty',
    path: ['minQty'],
  });
export type InvStockLimitBody = z.infer<typeof invStockLimitBody>;

export const invSkuBody = z
  .object({
    /** An existing SKU of the product keeps its id; absent: a new SKU. */
    skuId: bodyId.optional(),
    /** One value id per attribute, in the product's standardIds order ([] for a product without attributes). */
    valueIds: z.array(bodyId).max(INV_STANDARDS_MAX),
    /** Absent or blank: generated from the product code (and the value ids). */
    skuCode: blankAsUnset(invSkuCode),
    barcode: optionalText(INV_BARCODE_MAX).optional(),
    /** Overrides of the product's prices; null: the product's. */
    retailPrice: invPrice.nullable().optional(),
    memberPrice: invPrice.nullable().optional(),
    costPrice: invPrice.nullable().optional(),
    enabledFlag: flag01.default(1),
    limits: z.array(invStockLimitBody).max(200).default([]),
    /** Read-only (GET answers them). */
    skuName: z.unknown().optional(),
    hasStock: z.unknown().optional(),
  })
  .strict();
export type InvSkuBody = z.infer<typeof invSkuBody>;

const productFields = {
  productName: requiredText(INV_PRODUCT_NAME_MAX),
  productCode: invProductCode,
  model: optionalText(INV_PRODUCT_TEXT_MAX).optional(),
  specification: optionalText(INV_PRODUCT_TEXT_MAX).optional(),
  alias: optionalText(INV_PRODUCT_TEXT_MAX).optional(),
  productType: z.enum(INV_PRODUCT_TYPES),
  brand: optionalText(INV_PRODUCT_TEXT_MAX).optional(),
  stockUnitId: bodyId,
  purchaseUnitId: bodyId,
  retailUnitId: bodyId,
  purchaseFactor: invFactor.default(1),
  retailFactor: invFactor.default(1),
  retailPrice: invPrice.nullable().optional(),
  memberPrice: invPrice.nullable().optional(),
  costPrice: invPrice.nullable().optional(),
  /** Attributes whose value combinations are the SKUs, in order; distinct. */
  standardIds: z
    .array(bodyId)
    .max(INV_STANDARDS_MAX)
    .refine((a) => new Set(a).size === a.length, { error: 'the same attribute twice' })
    .default([]),
  /** The SKUs; absent: one per combination of all enabled values of the attributes (kept ones by id). */
  skus: z.array(invSkuBody).min(1).max(INV_SKUS_MAX).optional(),
  tracksLot: flag01.default(0),
  tracksExpiry: flag01.default(0),
  /** Farm produce (productType 'agricultural'): required; other types: none. */
  cropId: bodyId.nullable().optional(),
  varietyId: bodyId.nullable().optional(),
  /** File URLs of the tenant (/hfle/v1/{t}/files/{id}/file): jpg or png, 10 MB each. */
  images: z
    .array(url)
    .max(INV_IMAGES_MAX, { error: `at most ${INV_IMAGES_MAX} images` })
    .default([]),
  /** A video file of the tenant, at most 30 MB. */
  videoUrl: optionalText(INV_URL_MAX).optional(),
  description: optionalText(INV_DESCRIPTION_MAX).optional(),
  enabledFlag: flag01.default(1),
};

export const invProductCreateBody = z.strictObject(productFields);
export type InvProductCreateBody = z.infer<typeof invProductCreateBody>;

// ---- Read models ----

export const invStockLimit = z.object({
  warehouseId: z.number().int(),
  warehouseName: z.string().nullable(),
  minQty: z.number().nullable(),
  maxQty: z.number().nullable(),
});
export type InvStockLimit = z.infer<typeof invStockLimit>;

export const invSku = z.object({
  skuId: z.number().int(),
  skuCode: z.string(),
  skuName: z.string(),
  valueIds: z.array(z.number().int()),
  barcode: z.string().nullable(),
  retailPrice: z.number().nullable(),
  memberPrice: z.number().nullable(),
  costPrice: z.number().nullable(),
  enabledFlag: z.number().int(),
  /** It has stock or ledger movements: it can be disabled, not removed. */
  hasStock: z.boolean(),
  limits: z.array(invStockLimit),
});
export type InvSku = z.infer<typeof invSku>;

const productRowFields = {
  id: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  model: z.string().nullable(),
  specification: z.string().nullable(),
  alias: z.string().nullable(),
  productType: z.string(),
  brand: z.string().nullable(),
  stockUnitId: z.number().int(),
  stockUnitName: z.string().nullable(),
  purchaseUnitId: z.number().int(),
  purchaseUnitName: z.string().nullable(),
  retailUnitId: z.number().int(),
  retailUnitName: z.string().nullable(),
  purchaseFactor: z.number(),
  retailFactor: z.number(),
  retailPrice: z.number().nullable(),
  memberPrice: z.number().nullable(),
  costPrice: z.number().nullable(),
  standardIds: z.array(z.number().int()),
  tracksLot: z.number().int(),
  tracksExpiry: z.number().int(),
  cropId: z.number().int().nullable(),
  cropName: z.string().nullable(),
  varietyId: z.number().int().nullable(),
  varietyName: z.string().nullable(),
  skuCount: z.number().int(),
  enabledFlag: z.number().int(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
};

/** A row of the product list. */
export const invProductRow = z.object({ ...productRowFields, firstImage: z.string().nullable() });
export type InvProductRow = z.infer<typeof invProductRow>;
export const invProductPage = pageOf(invProductRow);

/** One product with its SKUs, their stock limits and the attributes' names. */
export const invProduct = z.object({
  ...productRowFields,
  standards: z.array(
    z.object({
      standardId: z.number().int(),
      standardName: z.string(),
      values: z.array(z.object({ id: z.number().int(), valueName: z.string(), sortNo: z.number().int() })),
    }),
  ),
  skus: z.array(invSku),
  images: z.array(z.string()),
  videoUrl: z.string().nullable(),
  description: z.string().nullable(),
});
export type InvProduct = z.infer<typeof invProduct>;

const productUpdateWrite = z.strictObject({ objectVersionNumber, ...productFields });
export const invProductUpdateBody = updateBodyOf(productUpdateWrite, invProduct);
export type InvProductUpdateBody = z.infer<typeof invProductUpdateBody>;

// ---- Queries ----

export const invProductListQuery = pageQuery.extend({
  /** Contains, any case, in name, code or alias. */
  keyword: z
    .string()
    .max(INV_PRODUCT_NAME_MAX * 2)
    .optional(),
  productType: blankAsUnset(z.enum(INV_PRODUCT_TYPES)),
  enabledFlag: blankAsUnset(z.coerce.number().pipe(flag01)),
  cropId: blankAsUnset(id),
});
export type InvProductListQuery = z.infer<typeof invProductListQuery>;
/** The list's filters without paging (GET /product/export). */
export const invProductListFilter = invProductListQuery.omit({ page: true, size: true });
export type InvProductListFilter = z.infer<typeof invProductListFilter>;

export const invProductIdParam = tenantParam.extend({ id });
export const invProductDeleteQuery = z.object({
  objectVersionNumber: blankAsUnset(z.coerce.number().int().min(1)),
});

export const invSkuListQuery = pageQuery.extend({
  /** Contains, any case, in SKU code / name / barcode and product name / code / alias. */
  keyword: z
    .string()
    .max(INV_PRODUCT_NAME_MAX * 2)
    .optional(),
  /** Adds `available` (stock unit, location stock, all lots) in this warehouse. */
  warehouseId: blankAsUnset(id),
  productId: blankAsUnset(id),
  productType: blankAsUnset(z.enum(INV_PRODUCT_TYPES)),
  /** Default 1: enabled SKUs of enabled products; 0: the disabled ones (either disabled). */
  enabledFlag: blankAsUnset(z.coerce.number().pipe(flag01)).transform((v) => v ?? 1),
});
export type InvSkuListQuery = z.infer<typeof invSkuListQuery>;

export const invSkuUnit = z.object({
  unitId: z.number().int(),
  unitName: z.string(),
  /** Stock units in one of this unit. */
  factor: z.number(),
  kind: z.enum(INV_UNIT_KINDS),
});
export type InvSkuUnit = z.infer<typeof invSkuUnit>;

/** A SKU for a document line picker. */
export const invSkuPick = z.object({
  skuId: z.number().int(),
  skuCode: z.string(),
  skuName: z.string(),
  productId: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  productType: z.string(),
  specification: z.string().nullable(),
  model: z.string().nullable(),
  barcode: z.string().nullable(),
  tracksLot: z.number().int(),
  tracksExpiry: z.number().int(),
  stockUnit: z.object({ id: z.number().int(), name: z.string() }),
  /** stock (factor 1), purchase and retail, in that order; a unit may appear under several kinds. */
  units: z.array(invSkuUnit),
  /** The SKU's price, or the product's. */
  retailPrice: z.number().nullable(),
  memberPrice: z.number().nullable(),
  costPrice: z.number().nullable(),
  enabledFlag: z.number().int(),
  /** With warehouseId: on hand at location stock, all lots, in the stock unit. */
  available: z.number().optional(),
});
export type InvSkuPick = z.infer<typeof invSkuPick>;
export const invSkuPickPage = pageOf(invSkuPick);

/**
 * Every combination of one value per attribute, in attribute order (the SKUs of a product): [[a,b],[x]] →
 * [[a,x],[b,x]]. No attributes: one empty combination (the product's only SKU); an attribute without
 * values: none.
 */
export const skuCombinations = (valueLists: readonly (readonly number[])[]): number[][] =>
  valueLists.reduce<number[][]>((acc, values) => acc.flatMap((c) => values.map((v) => [...c, v])), [[]]);

/** The key of a combination, to match SKUs across edits. */
export const comboKey = (valueIds: readonly number[]): string => valueIds.join(',');
