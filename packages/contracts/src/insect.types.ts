import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
  objectVersionNumber,
  pageOf,
  pageQuery,
  queryId,
  tenantIdParam,
  updateBodyOf,
} from './common.types.js';
import { historyTime } from './device.types.js';

// Pest monitoring (spec 02 §2 pest modal, §7 insect lamp and pest statistics): trap photos of pest
// stations / forecast lamps / insecticidal lamps with counts per insect, manual statistics, insect types.
// Paths: /wfpe/v1/{t}/insect/… and /wfpe/v1/{t}/insect-statistics/….

/** Device types whose photos and counts are insect records. */
export const INSECT_DEVICE_TYPES = ['pest-station', 'forecast-lamp', 'pest-lamp'] as const;
export type InsectDeviceType = (typeof INSECT_DEVICE_TYPES)[number];

/** The name automatic identification gives a blob it cannot name (shown as 未识别 / Unidentified). */
export const UNIDENTIFIED = 'unidentified';
export const INSECT_NAME_MAX = 30;
export const INSECT_BOXES_MAX = 5000;
export const INSECT_COUNT_MAX = 100_000;
export const INSECT_DESCRIPTION_MAX = 200;
/** Spec 02 §9: uploads up to 50 MB. */
export const INSECT_PHOTO_MAX_BYTES = 50 * 1024 * 1024;
/** Spec 02 §9: the pest chart defaults to one month; trend and statistics ranges are capped at a year. */
export const INSECT_RANGE_MAX_DAYS = 366;

export const INSECT_SOURCES = ['device', 'manual', 'drawn', 'identified'] as const;
export type InsectSource = (typeof INSECT_SOURCES)[number];

export const insectName = z
  .string()
  .max(INSECT_NAME_MAX * 4)
  .transform((s) => s.trim())
  .pipe(z.string().min(1, { error: 'required, may not be blank' }).max(INSECT_NAME_MAX));

const unit = z.number().min(0).max(1);

/** A box drawn on a photo: [x, y, w, h] as fractions of the image, inside it. */
export const insectBox = z
  .strictObject({
    name: insectName,
    box: z.tuple([unit, unit, unit, unit]),
  })
  .refine((b) => b.box[0] + b.box[2] <= 1.000001 && b.box[1] + b.box[3] <= 1.000001, {
    error: 'box must lie inside the image',
  })
  .refine((b) => b.box[2] > 0 && b.box[3] > 0, { error: 'box must have a size' });
export type InsectBox = z.infer<typeof insectBox>;

export const insectCount = z.strictObject({
  name: insectName,
  count: z.number().int().min(0).max(INSECT_COUNT_MAX),
});
export type InsectCount = z.infer<typeof insectCount>;

export const insectRecord = z.object({
  id: z.number(),
  deviceId: z.number().nullable(),
  deviceName: z.string().nullable(),
  deviceType: z.string().nullable(),
  areaId: z.number().nullable(),
  /** The photo (a file of the tenant); null for manual statistics. */
  fileId: z.string().nullable(),
  fileUrl: z.string().nullable(),
  takenAt: z.string(),
  counts: z.array(z.object({ name: z.string(), count: z.number() })),
  total: z.number(),
  boxes: z.array(z.object({ name: z.string(), box: z.array(z.number()) })),
  source: z.string(),
  identifiedFlag: z.number(),
  description: z.string().nullable(),
  objectVersionNumber: z.number(),
  creationDate: z.string(),
});
export type InsectRecord = z.infer<typeof insectRecord>;
export const insectRecordPage = pageOf(insectRecord);

export const insectRecordQuery = pageQuery.extend({
  deviceId: blankAsUnset(queryId),
  areaId: blankAsUnset(queryId),
  source: blankAsUnset(z.enum(INSECT_SOURCES)),
  /** Contains this insect name among its counts. */
  name: blankAsUnset(z.string().max(INSECT_NAME_MAX)),
  startTime: blankAsUnset(historyTime),
  endTime: blankAsUnset(historyTime),
});
export type InsectRecordQuery = z.infer<typeof insectRecordQuery>;

export const insectIdParam = tenantIdParam;

export const drawBody = z.strictObject({
  objectVersionNumber,
  boxes: z.array(insectBox).max(INSECT_BOXES_MAX),
});
export type DrawBody = z.infer<typeof drawBody>;

/** Spec 02 §2 / §7 pest trend: concentrator (device) id and a range, default the last month. */
export const insectTrendQuery = z.object({
  deviceId: queryId,
  startTime: blankAsUnset(historyTime),
  endTime: blankAsUnset(historyTime),
});
export type InsectTrendQuery = z.infer<typeof insectTrendQuery>;
export const insectTrendPoint = z.object({
  name: z.string(),
  insectQuantity: z.number(),
  /** 'YYYY-MM-DD' (farm day). */
  creationDate: z.string(),
});
export type InsectTrendPoint = z.infer<typeof insectTrendPoint>;
export const insectTrend = z.array(insectTrendPoint);

// Insect types: the platform catalogue (tenant 0, read by all) and the tenant's own.
export const insectType = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string().nullable(),
  latinName: z.string().nullable(),
  category: z.string(),
  description: z.string().nullable(),
  /** true for the platform catalogue. */
  platform: z.boolean(),
});
export type InsectType = z.infer<typeof insectType>;
export const insectTypeList = z.array(insectType);
export const insectTypePage = pageOf(insectType);
export const insectTypeQuery = pageQuery.extend({ name: blankAsUnset(z.string().max(INSECT_NAME_MAX)) });
export type InsectTypeQuery = z.infer<typeof insectTypeQuery>;

/** A manual statistics entry (no photo): counts per insect at a time, optionally of a trap or base. */
export const statisticsCreateBody = z.strictObject({
  deviceId: bodyId.nullable().optional(),
  areaId: bodyId.nullable().optional(),
  takenAt: historyTime,
  counts: z
    .array(insectCount)
    .min(1)
    .max(100)
    .refine((cs) => new Set(cs.map((c) => c.name)).size === cs.length, { error: 'insect names repeat' }),
  description: z
    .string()
    .max(INSECT_DESCRIPTION_MAX * 4)
    .transform((s) => s.trim())
    .pipe(z.string().max(INSECT_DESCRIPTION_MAX))
    .nullable()
    .optional(),
});
export type StatisticsCreateBody = z.infer<typeof statisticsCreateBody>;
const statisticsUpdateFields = statisticsCreateBody.extend({ id: bodyId, objectVersionNumber });
export type StatisticsUpdateBody = z.infer<typeof statisticsUpdateBody>;

/** Range filters of the statistics (default: the last month). */
export const statisticsRangeQuery = z.object({
  deviceId: blankAsUnset(queryId),
  areaId: blankAsUnset(queryId),
  startTime: blankAsUnset(historyTime),
  endTime: blankAsUnset(historyTime),
});
export type StatisticsRangeQuery = z.infer<typeof statisticsRangeQuery>;

export const pieSlice = z.object({ name: z.string(), value: z.number(), percent: z.number() });
export const pieChart = z.array(pieSlice);
export type PieSlice = z.infer<typeof pieSlice>;

export const typeTrendPoint = z.object({ creationDate: z.string(), insectQuantity: z.number() });
export const typeTrend = z.object({ name: z.string(), points: z.array(typeTrendPoint) });
export type TypeTrend = z.infer<typeof typeTrend>;

/** Trap-station time windows (spec 02 §9): the same day, the past week, the past month. */
export const insectCounts = z.object({ today: z.number(), week: z.number(), month: z.number() });
export type InsectCounts = z.infer<typeof insectCounts>;

export const devicePhotoResult = z.object({
  id: z.number(),
  total: z.number(),
  counts: z.array(z.object({ name: z.string(), count: z.number() })),
});
export const devicePhotoQuery = z.object({ takenAt: blankAsUnset(historyTime) });

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const statisticsUpdateBody = updateBodyOf(statisticsUpdateFields, insectRecord);
