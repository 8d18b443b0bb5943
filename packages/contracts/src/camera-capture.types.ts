import { z } from 'zod';
import {
  CAMERA_NAME_MAX,
  CAPTURE_DURATION_MAX,
  CAPTURE_INTERVAL_MIN,
  camera,
  cameraPresetList,
  PRESET_INDEX_MAX,
} from './camera.types.js';
import {
  blankAsUnset,
  bodyId,
  queryId as id,
  objectVersionNumber,
  pageOf,
  pageQuery,
  requiredText,
  updateBodyOf,
} from './common.types.js';

// Cameras' timed captures (spec 02 §5), seedling-situation stills, split-screen templates and the data panel.

const flag = z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' });
const dateTime = z.iso.datetime({ offset: true, error: 'must be an ISO-8601 date-time with offset' });
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be HH:mm' });

// ---- Capture schedules (timing) ----

const scheduleFields = {
  cameraId: bodyId,
  /** Minutes between shots: at least 30 and not above the duration. */
  intervalMin: z
    .number()
    .int()
    .min(CAPTURE_INTERVAL_MIN, {
      error: `intervalMin: at least ${CAPTURE_INTERVAL_MIN} minutes`,
    }),
  /** Minutes of shooting per day from startTime (at most 1440). */
  durationMin: z.number().int().min(CAPTURE_INTERVAL_MIN).max(CAPTURE_DURATION_MAX),
  /** HH:mm in the tenant's time zone. */
  startTime: hhmm.default('06:00'),
  /** Go to this preset before each shot. */
  presetIndex: z.number().int().min(1).max(PRESET_INDEX_MAX).nullable().optional(),
  active: flag.default(1),
};
const intervalWithinDuration = (b: { intervalMin?: number; durationMin?: number }) =>
  b.intervalMin === undefined || b.durationMin === undefined || b.intervalMin <= b.durationMin;
const intervalRule = { error: 'intervalMin: may not be above durationMin', path: ['intervalMin'] };

export const scheduleCreateBody = z.strictObject(scheduleFields).refine(intervalWithinDuration, intervalRule);
export type ScheduleCreateBody = z.infer<typeof scheduleCreateBody>;
export const captureSchedule = z.object({
  id: z.number().int(),
  cameraId: z.number().int(),
  cameraName: z.string(),
  intervalMin: z.number().int(),
  durationMin: z.number().int(),
  startTime: z.string(),
  presetIndex: z.number().int().nullable(),
  active: z.number().int(),
  lastSlotAt: z.string().nullable(),
  objectVersionNumber: z.number().int(),
});
export type CaptureSchedule = z.infer<typeof captureSchedule>;
export const captureSchedulePage = pageOf(captureSchedule);
export const scheduleUpdateBody = z
  .strictObject({
    ...scheduleFields,
    startTime: hhmm,
    active: flag,
    id: bodyId,
    objectVersionNumber,
    cameraName: z.unknown().optional(),
    lastSlotAt: z.unknown().optional(),
  })
  .refine(intervalWithinDuration, intervalRule);
export type ScheduleUpdateBody = z.infer<typeof scheduleUpdateBody>;
export const timingListQuery = pageQuery.extend({ cameraId: blankAsUnset(id) });
export type TimingListQuery = z.infer<typeof timingListQuery>;
export const versionQuery = z.object({
  objectVersionNumber: blankAsUnset(z.coerce.number().int().min(1).max(2_147_483_647)),
});

// ---- Stills and seedling-situation images ----

export const capture = z.object({
  fileId: z.string(),
  fileUrl: z.string(),
  takenAt: z.string(),
  cameraId: z.number().int(),
});

export const seedlingImage = z.object({
  id: z.number().int(),
  cameraId: z.number().int(),
  cameraName: z.string().nullable(),
  areaId: z.number().int().nullable(),
  landId: z.number().int().nullable(),
  landName: z.string().nullable(),
  fileUrl: z.string(),
  takenAt: z.string(),
  /** schedule | manual */
  source: z.string(),
});
export type SeedlingImage = z.infer<typeof seedlingImage>;
export const seedlingImagePage = pageOf(seedlingImage);
export const seedlingQuery = pageQuery.extend({
  cameraId: blankAsUnset(id),
  landId: blankAsUnset(id),
  areaId: blankAsUnset(id),
  startTime: blankAsUnset(dateTime),
  endTime: blankAsUnset(dateTime),
});
export type SeedlingQuery = z.infer<typeof seedlingQuery>;
/** GET /wfpe/v2/{t}/camera/seedling-situation: per plot, its latest still and how many there are. */
export const seedlingSituation = z.array(
  z.object({
    landId: z.number().int().nullable(),
    landName: z.string().nullable(),
    areaId: z.number().int().nullable(),
    images: z.number().int(),
    latest: seedlingImage.nullable(),
  }),
);
export const seedlingSituationQuery = z.object({ areaId: blankAsUnset(id), landId: blankAsUnset(id) });

// ---- Split-screen templates (per user) ----

const splitCells = z
  .array(z.object({ index: z.number().int().min(0).max(15), cameraId: bodyId.nullable() }))
  .max(16);
const splitFields = {
  name: requiredText(CAMERA_NAME_MAX),
  layout: z.union([z.literal(1), z.literal(4), z.literal(9), z.literal(16)], {
    error: 'layout: 1, 4, 9 or 16',
  }),
  cells: splitCells.default([]),
};
export const splitTemplateCreateBody = z.strictObject(splitFields);
export type SplitTemplateCreateBody = z.infer<typeof splitTemplateCreateBody>;
export const splitTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  layout: z.number().int(),
  cells: z.array(z.object({ index: z.number().int(), cameraId: z.number().int().nullable() })),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type SplitTemplate = z.infer<typeof splitTemplate>;
export const splitTemplateList = z.array(splitTemplate);
export const splitTemplateUpdateBody = updateBodyOf(
  z.strictObject({ ...splitFields, cells: splitCells, id: bodyId, objectVersionNumber }),
  splitTemplate,
);
export type SplitTemplateUpdateBody = z.infer<typeof splitTemplateUpdateBody>;

/** GET /wfpe/v1/{t}/camera/{id}/data: the camera with its presets, schedules and latest still. */
export const cameraData = z.object({
  camera,
  presets: cameraPresetList,
  schedules: z.array(captureSchedule),
  latestImage: seedlingImage.nullable(),
});
