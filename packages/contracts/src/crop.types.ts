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
  tenantIdParam,
  tooLong,
  updateBodyOf,
} from './common.types.js';

// Farm catalogue of the system module: crops, varieties, task types (spec 01 §2.6, §5; spec 03 §5, §7
// 'GET variety/page'). Paths: /wfpf/v1/{t}/crop…, /wfpf/v1/{t}/variety…, /wfpf/v1/{t}/task-type….

export const CROP_NAME_MAX = 60;
export const CROP_EN_NAME_MAX = 120;
export const CROP_TYPES = ['plant', 'nurture'] as const;
export const CATALOGUE_DESCRIPTION_MAX = 2000;
export const CATALOGUE_IMAGE_URL_MAX = 1000;
export const VARIETY_NAME_MAX = 60;
export const VARIETY_CODE_MAX = 30;
export const GROWTH_DAYS_MIN = 1;
export const GROWTH_DAYS_MAX = 3650;
export const TASK_TYPE_NAME_MAX = 30;
export const TASK_TYPE_CODE_MAX = 30;
export const TASK_TYPE_EN_NAME_MAX = 60;

const trim = (s: string): string => s.trim();

/**
 * An English name: Latin letters (accents allowed), digits, spaces and ASCII punctuation — no Chinese or
 * other scripts, so the en-US console never shows a Chinese "English" name (issue 12 item 5). The console's
 * crop form checks the same rule.
 */
export const CROP_EN_NAME_PATTERN = /^[\x20-\x7E\u00C0-\u024F]*$/;
export const CROP_EN_NAME_ERROR = 'only Latin letters, digits, spaces and punctuation';
export const isCropEnName = (value: string): boolean => CROP_EN_NAME_PATTERN.test(value);

/** An English name of at most `max` characters; '' or null means none. */
const enName = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform(trim)
    .pipe(z.string().max(max, tooLong(max)).regex(CROP_EN_NAME_PATTERN, { error: CROP_EN_NAME_ERROR }))
    .transform((s) => (s === '' ? null : s))
    .nullable();
const cropEnName = enName(CROP_EN_NAME_MAX);

/** An image: a file of this server (`/hfle/…`) or an http(s) URL; '' or null means none. */
export const catalogueImageUrl = z
  .string()
  .max(CATALOGUE_IMAGE_URL_MAX * 2)
  .transform(trim)
  .pipe(
    z
      .string()
      .max(CATALOGUE_IMAGE_URL_MAX, tooLong(CATALOGUE_IMAGE_URL_MAX))
      .regex(/^(?:\/hfle\/\S*|https?:\/\/\S+)?$/, {
        error: 'must be an /hfle/… file address or an http(s) URL',
      }),
  )
  .transform((s) => (s === '' ? null : s))
  .nullable();

/** A code: English letters, digits or underscore only (spec 03 §5); '' or null means none. */
export const catalogueCode = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform(trim)
    .pipe(
      z
        .string()
        .max(max, tooLong(max))
        .regex(/^[A-Za-z0-9_]*$/, { error: 'only English letters, digits or underscore' }),
    )
    .transform((s) => (s === '' ? null : s))
    .nullable();

/** A colour '#rrggbb' (answered in lower case); '' or null means none. */
export const catalogueColor = z
  .string()
  .max(20)
  .transform(trim)
  .pipe(z.string().regex(/^(?:#[0-9a-fA-F]{6})?$/, { error: 'must be a colour #rrggbb' }))
  .transform((s) => (s === '' ? null : s.toLowerCase()))
  .nullable();

const containsFilter = (max: number) =>
  z
    .string()
    .max(max * 2)
    .optional();
const enabledFilter = blankAsUnset(z.coerce.number().int().min(0).max(1));

export const catalogueIdParam = tenantIdParam;

// ---- crops (system `crop`) ----

export const cropType = z.enum(CROP_TYPES);

export const cropCreateBody = z.strictObject({
  cropName: requiredText(CROP_NAME_MAX),
  cropEnName: cropEnName.optional(),
  cropType: cropType.default('plant'),
  imageUrl: catalogueImageUrl.optional(),
  description: optionalText(CATALOGUE_DESCRIPTION_MAX).optional(),
  enabledFlag: flag01.default(1),
});
export type CropCreateBody = z.infer<typeof cropCreateBody>;

/** Omitted optional fields keep their value; null (or '') clears a nullable one. */
const cropUpdateFields = z.strictObject({
  cropId: bodyId,
  objectVersionNumber,
  cropName: requiredText(CROP_NAME_MAX),
  cropEnName: cropEnName.optional(),
  cropType: cropType.optional(),
  imageUrl: catalogueImageUrl.optional(),
  description: optionalText(CATALOGUE_DESCRIPTION_MAX).optional(),
  enabledFlag: flag01.optional(),
});
export type CropUpdateBody = z.infer<typeof cropUpdateBody>;

export const cropPageQuery = pageQuery.extend({
  cropName: containsFilter(CROP_NAME_MAX),
  cropType: blankAsUnset(cropType),
  enabledFlag: enabledFilter,
});
export type CropPageQuery = z.infer<typeof cropPageQuery>;

export const crop = z.object({
  cropId: z.number().int(),
  cropName: z.string(),
  cropEnName: z.string().nullable(),
  cropType: z.string(),
  imageUrl: z.string().nullable(),
  description: z.string().nullable(),
  enabledFlag: flag01,
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type Crop = z.infer<typeof crop>;
export const cropPage = pageOf(crop);

// ---- varieties (system `varieties`, child info/{id}; spec 03 §7 GET variety/page) ----

const growthDays = z.number().int().min(GROWTH_DAYS_MIN).max(GROWTH_DAYS_MAX).nullable();

export const varietyCreateBody = z.strictObject({
  cropId: bodyId,
  varietyName: requiredText(VARIETY_NAME_MAX),
  varietyCode: catalogueCode(VARIETY_CODE_MAX).optional(),
  growthDays: growthDays.optional(),
  imageUrl: catalogueImageUrl.optional(),
  description: optionalText(CATALOGUE_DESCRIPTION_MAX).optional(),
  enabledFlag: flag01.default(1),
});
export type VarietyCreateBody = z.infer<typeof varietyCreateBody>;

/** Omitted optional fields keep their value; cropId moves the variety to another crop. */
const varietyUpdateFields = z.strictObject({
  varietyId: bodyId,
  objectVersionNumber,
  cropId: bodyId.optional(),
  varietyName: requiredText(VARIETY_NAME_MAX),
  varietyCode: catalogueCode(VARIETY_CODE_MAX).optional(),
  growthDays: growthDays.optional(),
  imageUrl: catalogueImageUrl.optional(),
  description: optionalText(CATALOGUE_DESCRIPTION_MAX).optional(),
  enabledFlag: flag01.optional(),
});
export type VarietyUpdateBody = z.infer<typeof varietyUpdateBody>;

export const varietyPageQuery = pageQuery.extend({
  cropId: blankAsUnset(queryId),
  varietyName: containsFilter(VARIETY_NAME_MAX),
  enabledFlag: enabledFilter,
});
export type VarietyPageQuery = z.infer<typeof varietyPageQuery>;

export const variety = z.object({
  varietyId: z.number().int(),
  cropId: z.number().int(),
  /** The crop's names, for the list and the varieties/info page. */
  cropName: z.string(),
  cropEnName: z.string().nullable(),
  varietyName: z.string(),
  varietyCode: z.string().nullable(),
  growthDays: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  description: z.string().nullable(),
  enabledFlag: flag01,
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type Variety = z.infer<typeof variety>;
export const varietyPage = pageOf(variety);

// ---- task types (system `taskType`) ----

export const taskTypeCreateBody = z.strictObject({
  typeName: requiredText(TASK_TYPE_NAME_MAX),
  typeEnName: enName(TASK_TYPE_EN_NAME_MAX).optional(),
  typeCode: catalogueCode(TASK_TYPE_CODE_MAX).optional(),
  color: catalogueColor.optional(),
  description: optionalText(CATALOGUE_DESCRIPTION_MAX).optional(),
  enabledFlag: flag01.default(1),
});
export type TaskTypeCreateBody = z.infer<typeof taskTypeCreateBody>;

const taskTypeUpdateFields = z.strictObject({
  taskTypeId: bodyId,
  objectVersionNumber,
  typeName: requiredText(TASK_TYPE_NAME_MAX),
  typeEnName: enName(TASK_TYPE_EN_NAME_MAX).optional(),
  typeCode: catalogueCode(TASK_TYPE_CODE_MAX).optional(),
  color: catalogueColor.optional(),
  description: optionalText(CATALOGUE_DESCRIPTION_MAX).optional(),
  enabledFlag: flag01.optional(),
});
export type TaskTypeUpdateBody = z.infer<typeof taskTypeUpdateBody>;

export const taskTypePageQuery = pageQuery.extend({
  typeName: containsFilter(TASK_TYPE_NAME_MAX),
  enabledFlag: enabledFilter,
});
export type TaskTypePageQuery = z.infer<typeof taskTypePageQuery>;

export const taskType = z.object({
  taskTypeId: z.number().int(),
  typeName: z.string(),
  typeEnName: z.string().nullable(),
  typeCode: z.string().nullable(),
  color: z.string().nullable(),
  description: z.string().nullable(),
  enabledFlag: flag01,
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type TaskType = z.infer<typeof taskType>;
export const taskTypePage = pageOf(taskType);

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const cropUpdateBody = updateBodyOf(cropUpdateFields, crop);
export const varietyUpdateBody = updateBodyOf(varietyUpdateFields, variety);
export const taskTypeUpdateBody = updateBodyOf(taskTypeUpdateFields, taskType);
