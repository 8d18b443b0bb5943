import { z } from 'zod';
import { areaCenter } from './area.types.js';
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

// Land plots: spec 03 §3 (Land), §5 (land code / name 'too long', names not only spaces), §7 'Farm, base
// and land'. Boundaries are GeoJSON Polygon coordinates in WGS84 ([lng, lat]); the map converts GCJ-02 /
// BD-09 in the browser. Area and centre are computed by the server, never sent by the client.

export const LAND_NAME_MAX = 60;
export const LAND_NUM_MAX = 30;
export const LAND_SOIL_TYPE_MAX = 30;
export const LAND_DESCRIPTION_MAX = 500;
export const LAND_USAGES = ['plant', 'nurture'] as const;
/** Positions in all rings of a boundary, after closing them. */
export const LAND_BOUNDARY_MAX_POSITIONS = 2000;
/** The outer ring and up to 49 holes. */
export const LAND_BOUNDARY_MAX_RINGS = 50;

/** Plot name: unique within its base. */
export const landName = requiredText(LAND_NAME_MAX);

/** Plot code: letters, digits, underscore and hyphen, unique in the tenant; '' or null means none. */
export const landNum = z
  .string()
  .max(LAND_NUM_MAX * 4)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .max(LAND_NUM_MAX, tooLong(LAND_NUM_MAX))
      .regex(/^[A-Za-z0-9_-]*$/, { error: 'only letters, digits, underscore and hyphen' }),
  )
  .transform((s) => (s === '' ? null : s))
  .nullable();

/** [lng, lat] in WGS84. */
export const landPosition = z.tuple([
  z
    .number()
    .min(-180, { error: 'longitude must be -180..180' })
    .max(180, { error: 'longitude must be -180..180' }),
  z.number().min(-90, { error: 'latitude must be -90..90' }).max(90, { error: 'latitude must be -90..90' }),
]);

/**
 * GeoJSON Polygon coordinates: the outer ring, then holes. A ring the client did not close is closed by
 * the server; the server also refuses rings of fewer than 3 distinct positions, zero area and more than
 * LAND_BOUNDARY_MAX_POSITIONS positions in all.
 */
export const landBoundary = z
  .array(z.array(landPosition).max(LAND_BOUNDARY_MAX_POSITIONS + 1))
  .min(1, { error: 'needs the outer ring' })
  .max(LAND_BOUNDARY_MAX_RINGS, { error: `at most ${LAND_BOUNDARY_MAX_RINGS} rings` });
export type LandBoundary = z.infer<typeof landBoundary>;

export const landUsage = z.enum(LAND_USAGES);

export const landCreateBody = z.strictObject({
  areaId: bodyId,
  landName,
  landNum: landNum.optional(),
  boundary: landBoundary.nullable().optional(),
  /** Only for plots without a boundary; with one, the centre is computed. */
  landCenter: areaCenter.optional(),
  /** Defaults to the base's usage (a nurture base holds ponds). */
  landUsage: landUsage.optional(),
  soilType: optionalText(LAND_SOIL_TYPE_MAX).optional(),
  description: optionalText(LAND_DESCRIPTION_MAX).optional(),
  enabledFlag: flag01.optional(),
});
export type LandCreateBody = z.infer<typeof landCreateBody>;

/** Omitted optional fields keep their value; null clears a nullable one. */
const landUpdateFields = z.strictObject({
  landId: bodyId,
  objectVersionNumber,
  areaId: bodyId.optional(),
  landName,
  landNum: landNum.optional(),
  boundary: landBoundary.nullable().optional(),
  landCenter: areaCenter.optional(),
  landUsage: landUsage.optional(),
  soilType: optionalText(LAND_SOIL_TYPE_MAX).optional(),
  description: optionalText(LAND_DESCRIPTION_MAX).optional(),
  enabledFlag: flag01.optional(),
});
export type LandUpdateBody = z.infer<typeof landUpdateBody>;

/** DELETE /wfpf/v1/{t}/land: one plot; objectVersionNumber, when sent, must be current. */
export const landDeleteBody = z.strictObject({
  landId: bodyId,
  objectVersionNumber: objectVersionNumber.optional(),
});
export type LandDeleteBody = z.infer<typeof landDeleteBody>;

/** POST /wfpf/v1/{t}/land/free. */
export const landFreeBody = z.strictObject({ landId: bodyId });
export type LandFreeBody = z.infer<typeof landFreeBody>;

const flagQuery = z.coerce.number().int().min(0).max(1);

export const landListQuery = pageQuery.extend({
  areaId: blankAsUnset(id),
  /** Contains, any case. */
  landName: z
    .string()
    .max(LAND_NAME_MAX * 2)
    .optional(),
  landUsage: blankAsUnset(landUsage),
  /** 1: plots with a growing batch; 0: plots without one. */
  bound: blankAsUnset(flagQuery),
  enabledFlag: blankAsUnset(flagQuery),
});
export type LandListQuery = z.infer<typeof landListQuery>;

export const landHistoryQuery = z.object({ landId: id });

export const landIdParam = tenantParam.extend({ id });

/** The growing batch on a plot. */
export const landCurrentBatch = z.object({
  batchId: z.number().int(),
  batchCode: z.string(),
  batchName: z.string(),
  cropName: z.string().nullable(),
  varietyName: z.string().nullable(),
  startDate: z.string(),
});
export type LandCurrentBatch = z.infer<typeof landCurrentBatch>;

export const land = z.object({
  landId: z.number().int(),
  landName: z.string(),
  landNum: z.string().nullable(),
  areaId: z.number().int(),
  /** null when the base was deleted. */
  areaName: z.string().nullable(),
  boundary: z.array(z.array(z.tuple([z.number(), z.number()]))).nullable(),
  /** 'lat,lng', 6 decimals when computed from the boundary. */
  landCenter: z.string().nullable(),
  areaM2: z.number().nullable(),
  areaMu: z.number().nullable(),
  landUsage: z.string(),
  soilType: z.string().nullable(),
  description: z.string().nullable(),
  enabledFlag: flag01,
  currentBatch: landCurrentBatch.nullable(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type Land = z.infer<typeof land>;

export const landPage = pageOf(land);
export const landList = z.array(land);

/** One batch grown on a plot (GET …/land/history). */
export const landHistoryItem = z.object({
  batchId: z.number().int(),
  batchCode: z.string(),
  batchName: z.string(),
  batchType: z.string(),
  cropName: z.string().nullable(),
  varietyName: z.string().nullable(),
  plantingStandard: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  harvestQuantity: z.number().nullable(),
  unit: z.string().nullable(),
  status: z.string(),
});
export type LandHistoryItem = z.infer<typeof landHistoryItem>;
export const landHistory = z.array(landHistoryItem);

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const landUpdateBody = updateBodyOf(landUpdateFields, land);
