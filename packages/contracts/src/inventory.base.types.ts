import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
  flag01,
  queryId as id,
  optionalText,
  pageOf,
  pageQuery,
  requiredText,
  tenantParam,
  tooLong,
  updateBodyOf,
} from './common.types.js';
import type { PermissionCode } from './permissions.js';

// Inventory base data (issue 15 item 1, spec 01 §2.5, spec 03 §3 'Inventory labels', §5): units, document
// numbering, specification attributes, warehouses, shops, counterparties and the tenant's options.
// Paths under /wfpf/v1/{tenantId}/inventory (docs/api.md "Inventory — base data").

export const INV_NAME_MAX = 60;
export const INV_CODE_MAX = 30;
export const INV_REMARK_MAX = 500;
export const INV_ADDRESS_MAX = 200;
export const INV_PHONE_MAX = 20;
export const INV_CONTACT_MAX = 30;
export const INV_BANK_MAX = 100;
export const INV_BANK_ACCOUNT_MAX = 40;
export const INV_TAX_NO_MAX = 30;
export const INV_STANDARD_VALUES_MAX = 50;
/** Warehouse capacity levels, in stock units, 4 decimals. */
export const INV_STOCK_LEVEL_MAX = 999_999_999;

/** The document types numbered by base/bill (ADR 0014), in the order the page lists them. */
export const INV_BILL_DOC_TYPES = [
  'purchase_request',
  'warehousing',
  'shipment',
  'transfer',
  'return',
  'stocktake',
] as const;
export type InvBillDocType = (typeof INV_BILL_DOC_TYPES)[number];
export const INV_BILL_SEPARATORS = ['', '-', '_', '/'] as const;
export const INV_BILL_DATE_PATTERNS = ['yyyyMMdd', 'yyyyMM', 'yyyy'] as const;
export const INV_SERIAL_LENGTH_MIN = 3;
export const INV_SERIAL_LENGTH_MAX = 8;
export const INV_PREFIX_MAX = 10;
export const INV_START_VALUE_MAX = 99_999_999;

export const INV_BUSINESS_CATEGORIES = ['supplier', 'customer', 'both'] as const;
export type InvBusinessCategory = (typeof INV_BUSINESS_CATEGORIES)[number];
export const INV_COST_METHODS = ['moving_average'] as const;
export const INV_SHORTAGE_POLICIES = ['block', 'warn'] as const;
export const INV_QUANTITY_DECIMALS_MAX = 4;
export const INV_EXPIRY_WARN_DAYS_MAX = 365;

/** A code: English letters, digits or underscore only (spec 03 §5). */
export const invCode = (max = INV_CODE_MAX) =>
  z
    .string()
    .max(max * 4)
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'required, may not be blank' })
        .max(max, tooLong(max))
        .regex(/^[A-Za-z0-9_]+$/, { error: 'only English letters, digits or underscore' }),
    );

/** A contains-filter of a list. */
const containsText = (max: number) =>
  z
    .string()
    .max(max * 2)
    .optional();
const enabledQuery = blankAsUnset(z.coerce.number().pipe(flag01));

/** A stock level: 0 or more, at most 4 decimals. */
export const invStockLevel = z
  .number()
  .min(0, { error: `must be 0 to ${INV_STOCK_LEVEL_MAX}` })
  .max(INV_STOCK_LEVEL_MAX, { error: `must be 0 to ${INV_STOCK_LEVEL_MAX}` })
  .multipleOf(0.0001, { error: 'at most 4 decimals' });

const phone = z
  .string()
  .max(INV_PHONE_MAX * 4)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .max(INV_PHONE_MAX, tooLong(INV_PHONE_MAX))
      .regex(/^[0-9+\- ()]*$/, { error: 'only digits, +, -, spaces and brackets' }),
  )
  .transform((s) => (s === '' ? null : s))
  .nullable();

/** The id answered in a path: /unit/{id}. */
export const invIdParam = tenantParam.extend({ id });
/** DELETE ?objectVersionNumber= (optional: without it the delete does not check the version). */
export const invDeleteQuery = z.object({ objectVersionNumber: blankAsUnset(z.coerce.number().int().min(1)) });
/** Objects the GET answers carry their version; PUT bodies send it back. */
const version = z.number().int().min(1);

/**
 * A list's filter (its export takes it, GET …/export) and its paged query (the list takes it), from one
 * shape, so both always filter alike.
 */
const listQueriesOf = <S extends z.ZodRawShape>(shape: S) => ({
  filter: z.object(shape),
  query: pageQuery.extend(shape),
});

const optionalEnabled = flag01.optional();
/**
 * The write bodies of a kind of base data: POST takes its fields (enabled unless said), PUT the same
 * fields with the version it read, enabledFlag optional (kept), and accepts what the GET answered.
 */
const writeBodiesOf = <F extends z.ZodRawShape>(fields: F) => {
  // Spelled out: a spread over a generic shape would intersect the two enabledFlag types.
  type UpdateShape = Omit<F, 'enabledFlag'> & {
    enabledFlag: typeof optionalEnabled;
    objectVersionNumber: typeof version;
  };
  const updateShape = {
    ...fields,
    enabledFlag: optionalEnabled,
    objectVersionNumber: version,
  } as UpdateShape;
  return {
    create: z.strictObject(fields),
    update: <R extends z.ZodObject>(read: R) => updateBodyOf(z.strictObject(updateShape), read),
  };
};

/**
 * Every inventory page: each may read the base data its forms pick from (units, warehouses,
 * counterparties…), while writing a kind of base data needs that kind's own page code.
 */
export const INVENTORY_PAGE_CODES = [
  'wfpf.inventory.base.unit',
  'wfpf.inventory.base.bill',
  'wfpf.inventory.base.standard',
  'wfpf.inventory.base.store',
  'wfpf.inventory.base.product',
  'wfpf.inventory.base.shops',
  'wfpf.inventory.base.businesses',
  'wfpf.inventory.prment.aplionform',
  'wfpf.inventory.prment.transfer',
  'wfpf.inventory.prment.shipment',
  'wfpf.inventory.prment.warehousing',
  'wfpf.inventory.prment.inventory_form',
  'wfpf.inventory.prment.return',
  'wfpf.inventory.prment.stock',
  'wfpf.inventory.prment.report',
  'wfpf.inventory.config.audit',
  'wfpf.inventory.config.option',
  'wfpf.company.system.storeManager',
] as const satisfies readonly PermissionCode[];

// ---- Units: /unit ----

const unitFields = {
  unitName: requiredText(20),
  unitCode: invCode(),
  remark: optionalText(INV_REMARK_MAX).optional(),
  enabledFlag: flag01.default(1),
};
const unitBodies = writeBodiesOf(unitFields);
export const invUnitCreateBody = unitBodies.create;
export type InvUnitCreateBody = z.input<typeof invUnitCreateBody>;
export const invUnit = z.object({
  id: z.number().int(),
  unitName: z.string(),
  unitCode: z.string(),
  remark: z.string().nullable(),
  enabledFlag: z.number().int(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type InvUnit = z.infer<typeof invUnit>;
export const invUnitPage = pageOf(invUnit);
export const invUnitUpdateBody = unitBodies.update(invUnit);
export type InvUnitUpdateBody = z.input<typeof invUnitUpdateBody>;
const unitLists = listQueriesOf({
  unitName: containsText(20),
  enabledFlag: enabledQuery,
});
export const invUnitListQuery = unitLists.query;
export const invUnitListFilter = unitLists.filter;
export type InvUnitListFilter = z.infer<typeof invUnitListFilter>;
export type InvUnitListQuery = z.infer<typeof invUnitListQuery>;

// ---- Document numbering: /bill ----

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'a date yyyy-MM-dd' });
export const invDocDate = isoDate.refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), {
  error: 'not a valid date',
});

export const invBillDocTypeParam = tenantParam.extend({ docType: z.enum(INV_BILL_DOC_TYPES) });
export const invBillWriteBody = z.strictObject({
  /** Letters, digits or underscore; unique in the tenant (spec 03 §5 'a duplicate code prefix'). */
  prefix: invCode(INV_PREFIX_MAX),
  separator: z.enum(INV_BILL_SEPARATORS),
  datePattern: z.enum(INV_BILL_DATE_PATTERNS),
  serialLength: z.number().int().min(INV_SERIAL_LENGTH_MIN).max(INV_SERIAL_LENGTH_MAX),
  startValue: z.number().int().min(1).max(INV_START_VALUE_MAX),
  enabledFlag: flag01.default(1),
  /** Required when the type already has a rule (its version); absent or null when it has none. */
  objectVersionNumber: version.nullish(),
});
export const invBillRule = z.object({
  docType: z.enum(INV_BILL_DOC_TYPES),
  /** false: no rule set up, the built-in default below is used. */
  configured: z.boolean(),
  id: z.number().int().nullable(),
  prefix: z.string(),
  separator: z.string(),
  datePattern: z.string(),
  serialLength: z.number().int(),
  startValue: z.number().int(),
  enabledFlag: z.number().int(),
  /** The number a document of this type dated today would get (not taken). */
  sample: z.string(),
  objectVersionNumber: z.number().int().nullable(),
});
export type InvBillRule = z.infer<typeof invBillRule>;
export const invBillUpdateBody = updateBodyOf(invBillWriteBody, invBillRule);
export type InvBillUpdateBody = z.input<typeof invBillUpdateBody>;
export const invBillList = z.array(invBillRule);
export const invBillPreviewQuery = z.object({
  docType: z.enum(INV_BILL_DOC_TYPES),
  docDate: invDocDate,
});
export const invBillPreview = z.object({ docCode: z.string() });

// ---- Specification attributes: /standard ----

const standardValueInput = z.strictObject({
  /** An existing value's id; absent for a new one. */
  id: bodyId.optional(),
  valueName: requiredText(30),
  sortNo: z.number().int().min(0).max(9999).default(0),
});
const standardFields = {
  standardName: requiredText(30),
  remark: optionalText(INV_REMARK_MAX).optional(),
  sortNo: z.number().int().min(0).max(9999).default(0),
  enabledFlag: flag01.default(1),
  values: z
    .array(standardValueInput)
    .min(1, { error: 'at least one value' })
    .max(INV_STANDARD_VALUES_MAX, { error: `at most ${INV_STANDARD_VALUES_MAX} values` }),
};
const standardBodies = writeBodiesOf(standardFields);
export const invStandardCreateBody = standardBodies.create;
export type InvStandardCreateBody = z.input<typeof invStandardCreateBody>;
export const invStandard = z.object({
  id: z.number().int(),
  standardName: z.string(),
  remark: z.string().nullable(),
  sortNo: z.number().int(),
  enabledFlag: z.number().int(),
  values: z.array(z.object({ id: z.number().int(), valueName: z.string(), sortNo: z.number().int() })),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type InvStandard = z.infer<typeof invStandard>;
export const invStandardPage = pageOf(invStandard);
/** The values sent replace the attribute's values: kept by id, new ones added, missing ones removed. */
export const invStandardUpdateBody = standardBodies.update(invStandard);
export type InvStandardUpdateBody = z.input<typeof invStandardUpdateBody>;
const standardLists = listQueriesOf({
  standardName: containsText(30),
  enabledFlag: enabledQuery,
});
export const invStandardListQuery = standardLists.query;
export const invStandardListFilter = standardLists.filter;
export type InvStandardListFilter = z.infer<typeof invStandardListFilter>;
export type InvStandardListQuery = z.infer<typeof invStandardListQuery>;

// ---- Warehouses: /store (also /system/storeManager) ----

const warehouseFields = {
  warehouseCode: invCode(),
  warehouseName: requiredText(INV_NAME_MAX),
  address: optionalText(INV_ADDRESS_MAX).optional(),
  /** A user of the tenant. */
  managerId: bodyId.nullish(),
  /** 1: postings may take this warehouse's stock below zero. */
  allowNegative: flag01.default(0),
  minStock: invStockLevel.nullish(),
  maxStock: invStockLevel.nullish(),
  initialStock: invStockLevel.nullish(),
  /** The farm base it belongs to (its data scope); null: company level. */
  areaId: bodyId.nullish(),
  remark: optionalText(INV_REMARK_MAX).optional(),
  enabledFlag: flag01.default(1),
};
const minNotAboveMax = (b: { minStock?: number | null; maxStock?: number | null }) =>
  b.minStock === undefined || b.minStock === null || b.maxStock === undefined || b.maxStock === null
    ? true
    : b.minStock <= b.maxStock;
const minMaxIssue = { error: 'minimum stock may not exceed maximum stock', path: ['maxStock'] };
const warehouseBodies = writeBodiesOf(warehouseFields);
export const invWarehouseCreateBody = warehouseBodies.create.refine(minNotAboveMax, minMaxIssue);
export type InvWarehouseCreateBody = z.input<typeof invWarehouseCreateBody>;
export const invWarehouse = z.object({
  id: z.number().int(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  address: z.string().nullable(),
  managerId: z.number().int().nullable(),
  managerName: z.string().nullable(),
  allowNegative: z.number().int(),
  minStock: z.number().nullable(),
  maxStock: z.number().nullable(),
  initialStock: z.number().nullable(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  remark: z.string().nullable(),
  enabledFlag: z.number().int(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type InvWarehouse = z.infer<typeof invWarehouse>;
export const invWarehousePage = pageOf(invWarehouse);
export const invWarehouseUpdateBody = warehouseBodies
  .update(invWarehouse)
  .refine(minNotAboveMax, minMaxIssue);
export type InvWarehouseUpdateBody = z.input<typeof invWarehouseUpdateBody>;
const warehouseLists = listQueriesOf({
  warehouseName: containsText(INV_NAME_MAX),
  warehouseCode: containsText(INV_CODE_MAX),
  areaId: blankAsUnset(id),
  enabledFlag: enabledQuery,
});
export const invWarehouseListQuery = warehouseLists.query;
export const invWarehouseListFilter = warehouseLists.filter;
export type InvWarehouseListFilter = z.infer<typeof invWarehouseListFilter>;
export type InvWarehouseListQuery = z.infer<typeof invWarehouseListQuery>;

// ---- Shops: /shops ----

const shopFields = {
  shopCode: invCode(),
  shopName: requiredText(INV_NAME_MAX),
  address: optionalText(INV_ADDRESS_MAX).optional(),
  managerId: bodyId.nullish(),
  phone: phone.optional(),
  /** The warehouse its sales ship from. */
  warehouseId: bodyId.nullish(),
  areaId: bodyId.nullish(),
  remark: optionalText(INV_REMARK_MAX).optional(),
  enabledFlag: flag01.default(1),
};
const shopBodies = writeBodiesOf(shopFields);
export const invShopCreateBody = shopBodies.create;
export type InvShopCreateBody = z.input<typeof invShopCreateBody>;
export const invShop = z.object({
  id: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  address: z.string().nullable(),
  managerId: z.number().int().nullable(),
  managerName: z.string().nullable(),
  phone: z.string().nullable(),
  warehouseId: z.number().int().nullable(),
  warehouseName: z.string().nullable(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  remark: z.string().nullable(),
  enabledFlag: z.number().int(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type InvShop = z.infer<typeof invShop>;
export const invShopPage = pageOf(invShop);
export const invShopUpdateBody = shopBodies.update(invShop);
export type InvShopUpdateBody = z.input<typeof invShopUpdateBody>;
const shopLists = listQueriesOf({
  /** Name or code contains. */
  keyword: containsText(INV_NAME_MAX),
  warehouseId: blankAsUnset(id),
  areaId: blankAsUnset(id),
  enabledFlag: enabledQuery,
});
export const invShopListQuery = shopLists.query;
export const invShopListFilter = shopLists.filter;
export type InvShopListFilter = z.infer<typeof invShopListFilter>;
export type InvShopListQuery = z.infer<typeof invShopListQuery>;

// ---- Counterparties: /businesses ----

const taxNo = z
  .string()
  .max(INV_TAX_NO_MAX * 4)
  .transform((s) => s.trim().toUpperCase())
  .pipe(
    z
      .string()
      .max(INV_TAX_NO_MAX, tooLong(INV_TAX_NO_MAX))
      .regex(/^[A-Z0-9]*$/, { error: 'only letters and digits' }),
  )
  .transform((s) => (s === '' ? null : s))
  .nullable();
const bankAccount = z
  .string()
  .max(INV_BANK_ACCOUNT_MAX * 4)
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .max(INV_BANK_ACCOUNT_MAX, tooLong(INV_BANK_ACCOUNT_MAX))
      .regex(/^[0-9A-Za-z-]*$/, { error: 'only digits, letters and hyphen' }),
  )
  .transform((s) => (s === '' ? null : s))
  .nullable();

const businessFields = {
  businessCode: invCode(),
  businessName: requiredText(INV_NAME_MAX),
  category: z.enum(INV_BUSINESS_CATEGORIES),
  bankName: optionalText(INV_BANK_MAX).optional(),
  bankAccount: bankAccount.optional(),
  taxNo: taxNo.optional(),
  contactName: optionalText(INV_CONTACT_MAX).optional(),
  contactPhone: phone.optional(),
  address: optionalText(INV_ADDRESS_MAX).optional(),
  remark: optionalText(INV_REMARK_MAX).optional(),
  enabledFlag: flag01.default(1),
};
const businessBodies = writeBodiesOf(businessFields);
export const invBusinessCreateBody = businessBodies.create;
export type InvBusinessCreateBody = z.input<typeof invBusinessCreateBody>;
export const invBusiness = z.object({
  id: z.number().int(),
  businessCode: z.string(),
  businessName: z.string(),
  category: z.enum(INV_BUSINESS_CATEGORIES),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  taxNo: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  remark: z.string().nullable(),
  enabledFlag: z.number().int(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type InvBusiness = z.infer<typeof invBusiness>;
export const invBusinessPage = pageOf(invBusiness);
export const invBusinessUpdateBody = businessBodies.update(invBusiness);
export type InvBusinessUpdateBody = z.input<typeof invBusinessUpdateBody>;
const businessLists = listQueriesOf({
  /** Name or code contains. */
  keyword: containsText(INV_NAME_MAX),
  /** 'supplier' also answers 'both'; 'customer' likewise. */
  category: blankAsUnset(z.enum(INV_BUSINESS_CATEGORIES)),
  enabledFlag: enabledQuery,
});
export const invBusinessListQuery = businessLists.query;
export const invBusinessListFilter = businessLists.filter;
export type InvBusinessListFilter = z.infer<typeof invBusinessListFilter>;
export type InvBusinessListQuery = z.infer<typeof invBusinessListQuery>;

// ---- Options: /option ----

export const invOptions = z.object({
  defaultWarehouseId: z.number().int().nullable(),
  defaultWarehouseName: z.string().nullable(),
  costMethod: z.enum(INV_COST_METHODS),
  shortagePolicy: z.enum(INV_SHORTAGE_POLICIES),
  quantityDecimals: z.number().int(),
  expiryWarnDays: z.number().int(),
  /** 0 while the tenant has never saved its options (the defaults are answered). */
  objectVersionNumber: z.number().int(),
});
export type InvOptions = z.infer<typeof invOptions>;
export const invOptionsUpdateBody = updateBodyOf(
  z.strictObject({
    defaultWarehouseId: bodyId.nullable(),
    /** Only moving average is offered: the ledger values every movement by it (ADR 0014). */
    costMethod: z.enum(INV_COST_METHODS).default('moving_average'),
    shortagePolicy: z.enum(INV_SHORTAGE_POLICIES),
    quantityDecimals: z.number().int().min(0).max(INV_QUANTITY_DECIMALS_MAX),
    expiryWarnDays: z.number().int().min(1).max(INV_EXPIRY_WARN_DAYS_MAX),
    objectVersionNumber: z.number().int().min(0),
  }),
  invOptions,
);
export type InvOptionsUpdateBody = z.input<typeof invOptionsUpdateBody>;
