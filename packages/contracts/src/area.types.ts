import { z } from 'zod';
import {
  bodyId,
  flag01,
  queryId as id,
  objectVersionNumber,
  pageOf,
  pageQuery,
  requiredText,
  updateBodyOf,
} from './common.types.js';

// Bases (areas): spec 01 §3/§5/§7, spec 03 §3/§7/§9.

export const AREA_NAME_MAX = 60;
export const AREA_NUM_MAX = 60;
export const AREA_USAGES = ['plant', 'nurture'] as const;
export const ORGANIZATION_TYPES = ['area'] as const;

/** Base short name: trimmed, not blank, at most 60 characters ('text too long'). */
export const areaName = requiredText(AREA_NAME_MAX);

/** Base code: letters, digits, underscore and hyphen; '' or null means none. */
export const areaNum = z
  .string()
  .max(AREA_NUM_MAX * 4)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .max(AREA_NUM_MAX, { error: `text too long (at most ${AREA_NUM_MAX} characters)` })
      .regex(/^[A-Za-z0-9_-]*$/, { error: 'only letters, digits, underscore and hyphen' }),
  )
  .transform((s) => (s === '' ? null : s))
  .nullable();

const LATLNG = /^(-?\d{1,3}(?:\.\d{1,12})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,12})?)$/;

/** 'lat,lng' with latitude in [-90, 90] and longitude in [-180, 180]; answered back without spaces. */
export const areaCenter = z
  .string()
  .max(80)
  .transform((s, ctx) => {
    const t = s.trim();
    if (t === '') return null;
    const m = LATLNG.exec(t);
    const lat = Number(m?.[1]);
    const lng = Number(m?.[2]);
    if (!m || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      ctx.issues.push({
        code: 'custom',
        input: s,
        message: "must be 'lat,lng' with latitude -90..90 and longitude -180..180",
      });
      return z.NEVER;
    }
    return `${m[1]},${m[2]}`;
  })
  .nullable();

/** Size of the base (mu or m², as the tenant uses it); numeric(14,2) in the database. */
export const areaSize = z.number().min(0).max(999_999_999_999).multipleOf(0.01).nullable();

export const areaUsage = z.enum(AREA_USAGES);
export const organizationType = z.enum(ORGANIZATION_TYPES);

export const areaCreateBody = z.strictObject({
  areaName,
  areaNum: areaNum.optional(),
  organizationType: organizationType.default('area'),
  parentId: bodyId.nullable().optional(),
  areaUsage: areaUsage.default('plant'),
  defaultFlag: flag01.optional(),
  areaCenter: areaCenter.optional(),
  areaSize: areaSize.optional(),
});
export type AreaCreateBody = z.infer<typeof areaCreateBody>;

/** Omitted optional fields keep their value; null clears a nullable one. */
const areaUpdateFields = z.strictObject({
  areaId: bodyId,
  objectVersionNumber,
  areaName,
  areaNum: areaNum.optional(),
  organizationType: organizationType.optional(),
  parentId: bodyId.nullable().optional(),
  areaUsage: areaUsage.optional(),
  defaultFlag: flag01.optional(),
  areaCenter: areaCenter.optional(),
  areaSize: areaSize.optional(),
});
export type AreaUpdateBody = z.infer<typeof areaUpdateBody>;

/** DELETE /wfpf/v1/{t}/area: one base; objectVersionNumber, when sent, must be current. */
export const areaDeleteBody = z.strictObject({
  areaId: bodyId,
  objectVersionNumber: objectVersionNumber.optional(),
});
export type AreaDeleteBody = z.infer<typeof areaDeleteBody>;

export const areaListQuery = pageQuery.extend({
  areaName: z
    .string()
    .max(AREA_NAME_MAX * 2)
    .optional(),
  organizationType: z.string().max(30).optional(),
});
export type AreaListQuery = z.infer<typeof areaListQuery>;

export const areaDefaultQuery = z.object({ areaId: id });

export const areaIdParam = z.object({
  tenantId: z.coerce.number().int().min(0).max(2_147_483_647),
  id,
});

export const area = z.object({
  areaId: z.number().int(),
  areaName: z.string(),
  areaNum: z.string().nullable(),
  areaCenter: z.string().nullable(),
  areaSize: z.number().nullable(),
  defaultFlag: flag01,
  organizationType: z.string(),
  parentId: z.number().int().nullable(),
  areaUsage: z.string(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type Area = z.infer<typeof area>;

export const areaPage = pageOf(area);
export const areaList = z.array(area);

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const areaUpdateBody = updateBodyOf(areaUpdateFields, area);
