import { z } from 'zod';
import { batchDate } from './batch.types.js';
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
  updateBodyOf,
} from './common.types.js';
import {
  FARM_LOG_DESCRIPTION_MAX,
  FARM_LOG_LEVELS,
  FARM_LOG_PICTURES_MAX,
  FARM_LOG_SOURCES,
  FARM_LOG_TITLE_MAX,
  type FarmLogLevel,
} from './farm-log.constants.js';

// Farm logs (farm/log): spec 01 §2.2, spec 03 §7 'camera log' (posted to /wfpf/v1/{t}/log), §9 levels.

export * from './farm-log.constants.js';

const farmLogTitle = requiredText(FARM_LOG_TITLE_MAX);

const farmLogDescription = optionalText(FARM_LOG_DESCRIPTION_MAX);

/** The address the file module answers for an upload: /hfle/v1/{t}/files/{uuid}/file. */
export const FARM_LOG_PICTURE_URL =
  /^\/hfle\/v1\/(\d{1,10})\/files\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\/file$/;

export const farmLogPictures = z
  .array(
    z
      .string()
      .max(200)
      .regex(FARM_LOG_PICTURE_URL, { error: 'must be a file address /hfle/v1/{t}/files/{id}/file' }),
  )
  .max(FARM_LOG_PICTURES_MAX, { error: `at most ${FARM_LOG_PICTURES_MAX} pictures` });

export const farmLogLevel = z.enum(FARM_LOG_LEVELS);
export const farmLogSource = z.enum(FARM_LOG_SOURCES);

/** When it happened: ISO-8601 with an offset (e.g. a camera's capture time); absent means now. */
const logTime = z.iso.datetime({ offset: true, error: 'must be an ISO-8601 date-time with offset' });

/**
 * POST /wfpf/v1/{t}/log. A camera posts {title, level, pictures:[capture URL], areaId, source:'camera',
 * sourceId: the camera's device id}; the console posts source 'manual' (the default) without sourceId.
 */
export const farmLogCreateBody = z.strictObject({
  title: farmLogTitle,
  level: farmLogLevel.default('daily'),
  description: farmLogDescription.optional(),
  /** Up to 9 file addresses of this tenant, in display order. */
  pictures: farmLogPictures.default([]),
  /** Optional base; with a plot it may be omitted (the plot's base) but must not differ. */
  areaId: bodyId.nullable().optional(),
  landId: bodyId.nullable().optional(),
  source: farmLogSource.default('manual'),
  /** Required for sources other than manual (the device or task), refused for manual. */
  sourceId: bodyId.nullable().optional(),
  logTime: logTime.optional(),
});
export type FarmLogCreateBody = z.infer<typeof farmLogCreateBody>;

/** Spec 02 §3 camera log: description at most 180; levels info / warn / error (daily / warning / emergency). */
export const CAMERA_LOG_DESCRIPTION_MAX = 180;
export const CAMERA_LOG_LEVELS = ['info', 'warn', 'error'] as const;
export type CameraLogLevel = (typeof CAMERA_LOG_LEVELS)[number];
export const CAMERA_LOG_LEVEL_OF: Record<CameraLogLevel, FarmLogLevel> = {
  info: 'daily',
  warn: 'warning',
  error: 'emergency',
};

/**
 * What POST /wfpf/v1/{t}/log accepts: the farm log's own fields (title, level, pictures…), or the camera's
 * 'capture upload' form of spec 02 §3 (logTitle, description ≤ 180, content: picture URLs, areaId,
 * logType image, logLevel info / warn / error; cameraId optional, making the source the camera).
 */
export const farmLogPostBody = z
  .strictObject({
    ...farmLogCreateBody.shape,
    title: farmLogTitle.optional(),
    logTitle: farmLogTitle.optional(),
    content: farmLogPictures.optional(),
    logType: z.literal('image', { error: 'logType: image' }).optional(),
    logLevel: z.enum(CAMERA_LOG_LEVELS, { error: 'logLevel: info, warn or error' }).optional(),
    cameraId: bodyId.optional(),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.logTitle === undefined) {
      if (b.title === undefined) issue('title', 'required, may not be blank');
      for (const k of ['content', 'logType', 'logLevel', 'cameraId'] as const) {
        if (b[k] !== undefined) issue(k, 'only with logTitle (the camera log form)');
      }
      return;
    }
    if (b.title !== undefined) issue('title', 'send title or logTitle, not both');
    if (b.logLevel === undefined) issue('logLevel', 'select level');
    if (b.description && b.description.length > CAMERA_LOG_DESCRIPTION_MAX) {
      issue('description', `text too long (at most ${CAMERA_LOG_DESCRIPTION_MAX} characters)`);
    }
    if (b.pictures.length > 0) issue('pictures', 'the camera log sends its pictures in content');
    if (b.sourceId !== undefined && b.sourceId !== null) issue('sourceId', 'the camera log names cameraId');
  });
export type FarmLogPostBody = z.infer<typeof farmLogPostBody>;

/** PUT /wfpf/v1/{t}/log: omitted fields keep their value; source and sourceId never change. */
const farmLogUpdateFields = z.strictObject({
  logId: bodyId,
  objectVersionNumber,
  title: farmLogTitle,
  level: farmLogLevel.optional(),
  description: farmLogDescription.optional(),
  pictures: farmLogPictures.optional(),
  areaId: bodyId.nullable().optional(),
  landId: bodyId.nullable().optional(),
  logTime: logTime.optional(),
});
export type FarmLogUpdateBody = z.infer<typeof farmLogUpdateBody>;

/** GET /wfpf/v1/{t}/log: newest first; startDate..endDate are days of the tenant's time zone, inclusive. */
export const farmLogListQuery = pageQuery.extend({
  /** Title contains, any case. */
  title: z
    .string()
    .max(FARM_LOG_TITLE_MAX * 2)
    .optional(),
  level: blankAsUnset(farmLogLevel),
  areaId: blankAsUnset(id),
  landId: blankAsUnset(id),
  source: blankAsUnset(farmLogSource),
  startDate: blankAsUnset(batchDate),
  endDate: blankAsUnset(batchDate),
});
export type FarmLogListQuery = z.infer<typeof farmLogListQuery>;

export const farmLogIdParam = tenantParam.extend({ id });

/** DELETE /wfpf/v1/{t}/log/{id}?objectVersionNumber= (optional: when given, a stale one is refused). */
export const farmLogDeleteQuery = z.object({
  objectVersionNumber: blankAsUnset(z.coerce.number().int().min(1).max(2_147_483_647)),
});
export type FarmLogDeleteQuery = z.infer<typeof farmLogDeleteQuery>;

export const farmLog = z.object({
  logId: z.number().int(),
  title: z.string(),
  level: z.string(),
  description: z.string().nullable(),
  pictures: z.array(z.string()),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  landId: z.number().int().nullable(),
  landName: z.string().nullable(),
  source: z.string(),
  sourceId: z.number().int().nullable(),
  /** ISO-8601 (UTC). */
  logTime: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type FarmLog = z.infer<typeof farmLog>;
export const farmLogPage = pageOf(farmLog);

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const farmLogUpdateBody = updateBodyOf(farmLogUpdateFields, farmLog);
