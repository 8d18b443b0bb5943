import { z } from 'zod';
import { batchDate } from './batch.types.js';
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
import { DOC_AUDIT_STATES } from './workflow.docs.js';
import { chosenAssignees } from './workflow.types.js';

// Agricultural inputs (spec 01 §2.2 'Agricultural inputs', spec 03 §5): the catalogue, per-base stock
// with its movement record, and warehousing (in) / shipment (out) documents.

export const AGRI_CATEGORIES = [
  'fertilizer',
  'pesticide',
  'seed',
  'feed',
  'veterinary',
  'film',
  'other',
] as const;
/** Categories whose products carry a registration number by law (pesticide / fertiliser registration). */
export const AGRI_REGISTERED_CATEGORIES: readonly AgriCategory[] = ['fertilizer', 'pesticide'];
export const AGRI_DOC_TYPES = ['warehousing', 'shipment'] as const;
export const AGRI_MOVEMENT_TYPES = [
  'warehousing',
  'shipment',
  'task',
  'warehousing_reversal',
  'shipment_reversal',
] as const;
export const AGRI_STOCK_STATES = ['zero', 'low', 'inStock'] as const;

export const AGRI_NAME_MAX = 60;
export const AGRI_CODE_MAX = 30;
export const AGRI_REG_NO_MAX = 40;
export const AGRI_UNIT_MAX = 20;
export const AGRI_SPEC_MAX = 60;
export const AGRI_MANUFACTURER_MAX = 100;
export const AGRI_DESCRIPTION_MAX = 500;
export const AGRI_URL_MAX = 500;
export const AGRI_PARTY_MAX = 60;
export const AGRI_HANDLER_MAX = 30;
/** Spec 03 §5: prices are a number with up to 2 decimals within 0–99999. */
export const AGRI_PRICE_MAX = 99_999;
/** Quantities have 3 decimals (kg, L); the column holds far more, this keeps typos out. */
export const AGRI_QUANTITY_MAX = 9_999_999;
export const AGRI_LINES_MAX = 100;
/** stockState 'low' without lowBelow: more than 0 and below this. */
export const AGRI_LOW_DEFAULT = 10;

export type AgriCategory = (typeof AGRI_CATEGORIES)[number];
export type AgriDocType = (typeof AGRI_DOC_TYPES)[number];
export type AgriMovementType = (typeof AGRI_MOVEMENT_TYPES)[number];

/** Catalogue code: English letters, digits or underscore only (spec 03 §5). */
export const agriInputCode = z
  .string()
  .max(AGRI_CODE_MAX * 4)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, { error: 'required, may not be blank' })
      .max(AGRI_CODE_MAX, tooLong(AGRI_CODE_MAX))
      .regex(/^\w+$/, { error: 'only English letters, digits or underscore' }),
  );

/** Registration number such as PD20050001: letters, digits and hyphen, at most 40. */
export const agriRegistrationNo = z
  .string()
  .max(AGRI_REG_NO_MAX * 4)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .max(AGRI_REG_NO_MAX, tooLong(AGRI_REG_NO_MAX))
      .regex(/^[A-Za-z0-9-]*$/, { error: 'only letters, digits and hyphen' }),
  )
  .transform((s) => (s === '' ? null : s))
  .nullable();

/** A price: 0–99999 with at most 2 decimals. */
export const agriPrice = z
  .number()
  .min(0, { error: `must be 0 to ${AGRI_PRICE_MAX}` })
  .max(AGRI_PRICE_MAX, { error: `must be 0 to ${AGRI_PRICE_MAX}` })
  .multipleOf(0.01, { error: 'at most 2 decimals' });

/** A nutrient content in mass percent (N, P2O5, K2O): 0–100 with at most 2 decimals (carbon's N2O uses N %). */
export const agriNutrientPercent = z
  .number()
  .min(0, { error: 'must be 0 to 100' })
  .max(100, { error: 'must be 0 to 100' })
  .multipleOf(0.01, { error: 'at most 2 decimals' });
/** synthetic | organic: which IPCC volatilisation fraction applies to its nitrogen. */
export const AGRI_NITROGEN_SOURCES = ['synthetic', 'organic'] as const;

/** A line quantity: more than 0, at most 3 decimals. */
export const agriQuantity = z
  .number()
  .gt(0, { error: `must be more than 0 and at most ${AGRI_QUANTITY_MAX}` })
  .max(AGRI_QUANTITY_MAX, { error: `must be more than 0 and at most ${AGRI_QUANTITY_MAX}` })
  .multipleOf(0.001, { error: 'at most 3 decimals' });

export const agriCategory = z.enum(AGRI_CATEGORIES);

// ---- Catalogue: /wfpf/v1/{t}/agricultural/input ----

const inputFields = {
  inputName: requiredText(AGRI_NAME_MAX),
  inputCode: agriInputCode,
  category: agriCategory,
  /** Required for fertilizer and pesticide. */
  registrationNo: agriRegistrationNo.optional(),
  manufacturer: optionalText(AGRI_MANUFACTURER_MAX).optional(),
  specification: optionalText(AGRI_SPEC_MAX).optional(),
  unit: requiredText(AGRI_UNIT_MAX),
  price: agriPrice.nullable().optional(),
  imageUrl: optionalText(AGRI_URL_MAX).optional(),
  description: optionalText(AGRI_DESCRIPTION_MAX).optional(),
  nPercent: agriNutrientPercent.nullable().optional(),
  p2o5Percent: agriNutrientPercent.nullable().optional(),
  k2oPercent: agriNutrientPercent.nullable().optional(),
  nitrogenSource: z.enum(AGRI_NITROGEN_SOURCES).nullable().optional(),
  enabledFlag: flag01.default(1),
};

export const agriInputCreateBody = z.strictObject(inputFields);
export type AgriInputCreateBody = z.infer<typeof agriInputCreateBody>;

/** Every editable field is sent again; omitted optional ones become empty. */
const agriInputUpdateFields = z.strictObject({
  inputId: bodyId,
  objectVersionNumber,
  ...inputFields,
  enabledFlag: flag01.optional(),
});
export type AgriInputUpdateBody = z.infer<typeof agriInputUpdateBody>;

export const agriInputListQuery = pageQuery.extend({
  /** Contains, any case. */
  inputName: z
    .string()
    .max(AGRI_NAME_MAX * 2)
    .optional(),
  /** Contains, any case. */
  inputCode: z
    .string()
    .max(AGRI_CODE_MAX * 2)
    .optional(),
  category: blankAsUnset(agriCategory),
  enabledFlag: blankAsUnset(z.coerce.number().pipe(flag01)),
});
export type AgriInputListQuery = z.infer<typeof agriInputListQuery>;

export const agriIdParam = tenantParam.extend({ id });

export const agriInput = z.object({
  inputId: z.number().int(),
  inputCode: z.string(),
  inputName: z.string(),
  category: z.string(),
  registrationNo: z.string().nullable(),
  manufacturer: z.string().nullable(),
  specification: z.string().nullable(),
  unit: z.string(),
  price: z.number().nullable(),
  imageUrl: z.string().nullable(),
  description: z.string().nullable(),
  /** Nutrient content, mass percent (issue 18: carbon monitoring); answered always, optional for old clients. */
  nPercent: z.number().nullable().optional(),
  p2o5Percent: z.number().nullable().optional(),
  k2oPercent: z.number().nullable().optional(),
  nitrogenSource: z.enum(AGRI_NITROGEN_SOURCES).nullable().optional(),
  enabledFlag: z.number().int(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type AgriInput = z.infer<typeof agriInput>;
export const agriInputPage = pageOf(agriInput);

// ---- Stock: /wfpf/v1/{t}/agricultural/stock ----

export const agriStockListQuery = pageQuery.extend({
  areaId: blankAsUnset(id),
  inputId: blankAsUnset(id),
  category: blankAsUnset(agriCategory),
  /** Input name contains, any case. */
  inputName: z
    .string()
    .max(AGRI_NAME_MAX * 2)
    .optional(),
  /** zero: nothing left; low: more than 0 and below lowBelow; inStock: more than 0. */
  stockState: blankAsUnset(z.enum(AGRI_STOCK_STATES)),
  lowBelow: blankAsUnset(z.coerce.number().gt(0).max(AGRI_QUANTITY_MAX)),
});
export type AgriStockListQuery = z.infer<typeof agriStockListQuery>;

export const agriStock = z.object({
  /** `${areaId}-${inputId}`: the id of the console's agricultural-inventory/record/{id} page. */
  stockKey: z.string(),
  areaId: z.number().int(),
  areaName: z.string().nullable(),
  inputId: z.number().int(),
  inputCode: z.string(),
  inputName: z.string(),
  category: z.string(),
  specification: z.string().nullable(),
  unit: z.string(),
  price: z.number().nullable(),
  quantity: z.number(),
  /** quantity × price, 2 decimals; null without a price. */
  stockValue: z.number().nullable(),
  enabledFlag: z.number().int(),
  lastMovementAt: z.string(),
});
export type AgriStock = z.infer<typeof agriStock>;
export const agriStockPage = pageOf(agriStock);

export const agriStockRecordQuery = pageQuery.extend({ areaId: id, inputId: id });
export type AgriStockRecordQuery = z.infer<typeof agriStockRecordQuery>;

export const agriMovement = z.object({
  movementId: z.number().int(),
  areaId: z.number().int(),
  inputId: z.number().int(),
  /** Signed: positive in, negative out. */
  quantity: z.number(),
  balanceAfter: z.number(),
  sourceType: z.string(),
  sourceId: z.number().int().nullable(),
  sourceCode: z.string().nullable(),
  /** The source document still exists (the console links to its info page). */
  sourceExists: z.boolean(),
  remark: z.string().nullable(),
  occurredAt: z.string(),
  createdBy: z.number().int().nullable(),
});
export type AgriMovement = z.infer<typeof agriMovement>;
export const agriMovementPage = pageOf(agriMovement);

// ---- Documents: /wfpf/v1/{t}/agricultural/{warehousing|shipment} ----

/** Document code: letters, digits, underscore, hyphen; absent / '' / null: RK- or CK-YYYYMMDD-NNN. */
export const agriDocCode = z
  .string()
  .max(AGRI_CODE_MAX * 4)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .max(AGRI_CODE_MAX, tooLong(AGRI_CODE_MAX))
      .regex(/^[A-Za-z0-9_-]*$/, { error: 'only letters, digits, underscore and hyphen' }),
  )
  .transform((s) => (s === '' ? null : s))
  .nullable();

export const agriDocLineBody = z.strictObject({
  inputId: bodyId,
  quantity: agriQuantity,
  /** Absent or null: the catalogue price of the input. */
  unitPrice: agriPrice.nullable().optional(),
});
export type AgriDocLineBody = z.infer<typeof agriDocLineBody>;

const docFields = {
  docCode: agriDocCode.optional(),
  areaId: bodyId,
  docDate: batchDate,
  /** Supplier (warehousing) or recipient (shipment). */
  counterparty: optionalText(AGRI_PARTY_MAX).optional(),
  handler: optionalText(AGRI_HANDLER_MAX).optional(),
  remark: optionalText(AGRI_DESCRIPTION_MAX).optional(),
  lines: z
    .array(agriDocLineBody)
    .min(1, { error: 'at least one line' })
    .max(AGRI_LINES_MAX, { error: `at most ${AGRI_LINES_MAX} lines` }),
};

export const agriDocCreateBody = z.strictObject({
  ...docFields,
  /** Approvers the applicant chose for the bound flow's 'chosen' steps, by node id. */
  chosen: chosenAssignees.optional(),
});
export type AgriDocCreateBody = z.infer<typeof agriDocCreateBody>;

export type AgriDocUpdateBody = z.infer<typeof agriDocUpdateBody>;

export const agriDeleteQuery = z.object({
  objectVersionNumber: blankAsUnset(z.coerce.number().int().min(1)),
});
export type AgriDeleteQuery = z.infer<typeof agriDeleteQuery>;

export const agriDocListQuery = pageQuery.extend({
  /** Contains, any case. */
  docCode: z
    .string()
    .max(AGRI_CODE_MAX * 2)
    .optional(),
  areaId: blankAsUnset(id),
  /** docDate from (inclusive). */
  startDate: blankAsUnset(batchDate),
  /** docDate to (inclusive). */
  endDate: blankAsUnset(batchDate),
  /** draft | submitted | approved | rejected (issue 14). */
  auditState: blankAsUnset(z.enum(DOC_AUDIT_STATES)),
});
export type AgriDocListQuery = z.infer<typeof agriDocListQuery>;

export const agriDocLine = z.object({
  lineId: z.number().int(),
  lineNo: z.number().int(),
  inputId: z.number().int(),
  inputCode: z.string().nullable(),
  inputName: z.string().nullable(),
  category: z.string().nullable(),
  specification: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number().nullable(),
  /** quantity × unitPrice, 2 decimals; null without a price. */
  amount: z.number().nullable(),
});
export type AgriDocLine = z.infer<typeof agriDocLine>;

export const agriDoc = z.object({
  docId: z.number().int(),
  docType: z.string(),
  docCode: z.string(),
  areaId: z.number().int(),
  areaName: z.string().nullable(),
  docDate: z.string(),
  counterparty: z.string().nullable(),
  handler: z.string().nullable(),
  remark: z.string().nullable(),
  lineCount: z.number().int(),
  /** Sum of the line amounts, 2 decimals. */
  totalAmount: z.number(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
  /** Approval (issue 14): 'approved' moved the stock; 'submitted' waits for its process (processId). */
  auditState: z.enum(DOC_AUDIT_STATES),
  /** The document's latest approval process, if it ever had one. */
  processId: z.number().int().nullable(),
  /** Only on GET …/{id}, POST and PUT. */
  lines: z.array(agriDocLine).optional(),
});
export type AgriDoc = z.infer<typeof agriDoc>;
export const agriDocPage = pageOf(agriDoc);

/**
 * The whole document again; its lines replace the old ones (stock moves by the difference), so a line's id,
 * number, input names and amount, as the GET answers them, are read-only.
 */
const agriDocUpdateFields = z.strictObject({
  docId: bodyId,
  objectVersionNumber,
  ...docFields,
  lines: z
    .array(updateBodyOf(agriDocLineBody, agriDocLine))
    .min(1, { error: 'at least one line' })
    .max(AGRI_LINES_MAX, { error: `at most ${AGRI_LINES_MAX} lines` }),
});

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const agriInputUpdateBody = updateBodyOf(agriInputUpdateFields, agriInput);
export const agriDocUpdateBody = updateBodyOf(agriDocUpdateFields, agriDoc);
