import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
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

// Batches: spec 03 §5 (start ≤ end, names not only spaces, codes, 'a batch that already exists in the
// plot is rejected', 2-decimal quantities), §7 'Farm, base and land', §9 (planting standards).

export const BATCH_NAME_MAX = 60;
export const BATCH_CODE_MAX = 30;
export const BATCH_UNIT_MAX = 20;
export const BATCH_DESCRIPTION_MAX = 500;
export const BATCH_TYPES = ['plant', 'nurture'] as const;
export const PLANTING_STANDARDS = ['normal', 'organic', 'green', 'pollution_free'] as const;
/** growing: on its plot; harvested: harvest recorded; closed: ended (land/free). */
export const BATCH_STATUSES = ['growing', 'harvested', 'closed'] as const;
/**
 * Quantities (planned, harvested) have 2 decimals and at most 99,999,999 — the spec's 0–99999 is for
 * price-like inputs; a harvest in kg or a fry count easily exceeds it.
 */
export const BATCH_QUANTITY_MAX = 99_999_999;
export const BATCH_STOCK_COUNT_MAX = 2_147_483_647;

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A calendar date 'YYYY-MM-DD' (1900–2999). A date-time as date pickers send it ('YYYY-MM-DD HH:mm:ss' or
 * ISO-8601) is taken for its date part as written.
 */
export const batchDate = z
  .string()
  .max(40)
  .transform((s, ctx) => {
    const m = DATE.exec(s.trim());
    const [y, mo, d] = [Number(m?.[1]), Number(m?.[2]), Number(m?.[3])];
    const probe = new Date(Date.UTC(y, mo - 1, d));
    if (
      !m ||
      y < 1900 ||
      y > 2999 ||
      probe.getUTCFullYear() !== y ||
      probe.getUTCMonth() !== mo - 1 ||
      probe.getUTCDate() !== d
    ) {
      ctx.issues.push({ code: 'custom', input: s, message: 'must be a date YYYY-MM-DD' });
      return z.NEVER;
    }
    return `${m[1]}-${m[2]}-${m[3]}`;
  });

/** Batch code: letters, digits, underscore and hyphen; '' or null asks for a generated one. */
export const batchCode = z
  .string()
  .max(BATCH_CODE_MAX * 4)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .max(BATCH_CODE_MAX, tooLong(BATCH_CODE_MAX))
      .regex(/^[A-Za-z0-9_-]*$/, { error: 'only letters, digits, underscore and hyphen' }),
  )
  .transform((s) => (s === '' ? null : s))
  .nullable();

export const batchName = requiredText(BATCH_NAME_MAX);
export const batchType = z.enum(BATCH_TYPES);
export const plantingStandard = z.enum(PLANTING_STANDARDS);
export const batchStatus = z.enum(BATCH_STATUSES);

const quantity = z
  .number()
  .min(0, { error: `must be 0 to ${BATCH_QUANTITY_MAX}` })
  .max(BATCH_QUANTITY_MAX, { error: `must be 0 to ${BATCH_QUANTITY_MAX}` })
  .multipleOf(0.01, { error: 'at most 2 decimals' });
const stockCount = z.number().int().min(0).max(BATCH_STOCK_COUNT_MAX);

export const batchCreateBody = z.strictObject({
  batchName,
  /** Absent, '' or null: generated as B + yyyyMMdd + '-' + a 3-digit serial of the tenant's day. */
  batchCode: batchCode.optional(),
  /** Defaults to the plot's usage, else the crop's type; must match the plot's usage. */
  batchType: batchType.optional(),
  /** Required without a plot; with one it is the plot's base. */
  areaId: bodyId.optional(),
  landId: bodyId.nullable().optional(),
  cropId: bodyId,
  varietyId: bodyId.nullable().optional(),
  plantingStandard: plantingStandard.default('normal'),
  startDate: batchDate,
  endDate: batchDate.nullable().optional(),
  plannedQuantity: quantity.nullable().optional(),
  /** Nurture batches only: head or fry count. */
  stockCount: stockCount.nullable().optional(),
  unit: optionalText(BATCH_UNIT_MAX).optional(),
  description: optionalText(BATCH_DESCRIPTION_MAX).optional(),
});
export type BatchCreateBody = z.infer<typeof batchCreateBody>;

/** Omitted optional fields keep their value; null clears a nullable one (batchCode null keeps it). */
const batchUpdateFields = z.strictObject({
  batchId: bodyId,
  objectVersionNumber,
  batchName,
  batchCode: batchCode.optional(),
  batchType: batchType.optional(),
  areaId: bodyId.optional(),
  landId: bodyId.nullable().optional(),
  cropId: bodyId.optional(),
  varietyId: bodyId.nullable().optional(),
  plantingStandard: plantingStandard.optional(),
  startDate: batchDate.optional(),
  endDate: batchDate.nullable().optional(),
  plannedQuantity: quantity.nullable().optional(),
  stockCount: stockCount.nullable().optional(),
  unit: optionalText(BATCH_UNIT_MAX).optional(),
  description: optionalText(BATCH_DESCRIPTION_MAX).optional(),
});
export type BatchUpdateBody = z.infer<typeof batchUpdateBody>;

/** DELETE /wfpf/v1/{t}/batch: only a batch with no harvest recorded. */
export const batchDeleteBody = z.strictObject({
  batchId: bodyId,
  objectVersionNumber: objectVersionNumber.optional(),
});
export type BatchDeleteBody = z.infer<typeof batchDeleteBody>;

/** POST /wfpf/v1/{t}/batch/harvest (chosen path). */
export const batchHarvestBody = z.strictObject({
  batchId: bodyId,
  objectVersionNumber: objectVersionNumber.optional(),
  harvestQuantity: z
    .number()
    .gt(0, { error: `must be more than 0 and at most ${BATCH_QUANTITY_MAX}` })
    .max(BATCH_QUANTITY_MAX, { error: `must be more than 0 and at most ${BATCH_QUANTITY_MAX}` })
    .multipleOf(0.01, { error: 'at most 2 decimals' }),
  unit: requiredText(BATCH_UNIT_MAX),
  harvestDate: batchDate,
});
export type BatchHarvestBody = z.infer<typeof batchHarvestBody>;

export const batchListQuery = pageQuery.extend({
  areaId: blankAsUnset(id),
  landId: blankAsUnset(id),
  cropId: blankAsUnset(id),
  status: blankAsUnset(batchStatus),
  batchType: blankAsUnset(batchType),
  /** Contains, any case. */
  batchName: z
    .string()
    .max(BATCH_NAME_MAX * 2)
    .optional(),
});
export type BatchListQuery = z.infer<typeof batchListQuery>;

/** GET /wfpf/v1/{t}/batch/plan: batches whose period overlaps startDate..endDate. */
export const batchPlanQuery = z.object({
  startDate: batchDate,
  endDate: batchDate,
  areaId: blankAsUnset(id),
  landId: blankAsUnset(id),
});
export type BatchPlanQuery = z.infer<typeof batchPlanQuery>;

export const batchIdParam = tenantParam.extend({ id });

export const batch = z.object({
  batchId: z.number().int(),
  batchCode: z.string(),
  batchName: z.string(),
  batchType: z.string(),
  areaId: z.number().int(),
  areaName: z.string().nullable(),
  landId: z.number().int().nullable(),
  landName: z.string().nullable(),
  cropId: z.number().int(),
  cropName: z.string().nullable(),
  varietyId: z.number().int().nullable(),
  varietyName: z.string().nullable(),
  plantingStandard: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  plannedQuantity: z.number().nullable(),
  stockCount: z.number().int().nullable(),
  unit: z.string().nullable(),
  harvestQuantity: z.number().nullable(),
  harvestDate: z.string().nullable(),
  status: z.string(),
  description: z.string().nullable(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type Batch = z.infer<typeof batch>;
export const batchPage = pageOf(batch);

/** One bar of the plan (Gantt) view. */
export const batchPlanItem = z.object({
  batchId: z.number().int(),
  batchCode: z.string(),
  batchName: z.string(),
  batchType: z.string(),
  status: z.string(),
  areaId: z.number().int(),
  areaName: z.string().nullable(),
  landId: z.number().int().nullable(),
  landName: z.string().nullable(),
  cropId: z.number().int(),
  cropName: z.string().nullable(),
  varietyId: z.number().int().nullable(),
  varietyName: z.string().nullable(),
  plantingStandard: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** endDate, else startDate + the variety's growthDays, else null (open-ended). */
  expectedEndDate: z.string().nullable(),
});
export type BatchPlanItem = z.infer<typeof batchPlanItem>;
export const batchPlan = z.array(batchPlanItem);

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const batchUpdateBody = updateBodyOf(batchUpdateFields, batch);
