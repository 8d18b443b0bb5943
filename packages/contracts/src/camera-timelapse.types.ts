import { z } from 'zod';
import { blankAsUnset, bodyId, pageOf, pageQuery, queryId, tenantParam } from './common.types.js';

// Growth time-lapses (issue 16 item 4): a plot's or a batch's seedling-situation stills made into an MP4.

export const TIMELAPSE_FPS_MIN = 6;
export const TIMELAPSE_FPS_MAX = 30;
export const TIMELAPSE_FPS_DEFAULT = 12;
/** More stills than this in the range are sampled evenly down to it. */
export const TIMELAPSE_MAX_FRAMES = 1800;
/** sd 854×480, hd 1280×720. */
export const TIMELAPSE_QUALITIES = ['sd', 'hd'] as const;
export const TIMELAPSE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

const day = z.iso.date({ error: 'must be a date YYYY-MM-DD' });

/** POST /wfpe/v2/{t}/camera/timelapse. from / to default to the batch's period, else the plot's season. */
export const timelapseCreateBody = z
  .strictObject({
    landId: bodyId,
    batchId: bodyId.nullable().optional(),
    cameraId: bodyId.nullable().optional(),
    from: day.optional(),
    to: day.optional(),
    fps: z
      .number({ error: 'fps: must be a whole number' })
      .int({ error: 'fps: must be a whole number' })
      .min(TIMELAPSE_FPS_MIN, { error: `fps: at least ${TIMELAPSE_FPS_MIN}` })
      .max(TIMELAPSE_FPS_MAX, { error: `fps: at most ${TIMELAPSE_FPS_MAX}` })
      .default(TIMELAPSE_FPS_DEFAULT),
    quality: z.enum(TIMELAPSE_QUALITIES).default('sd'),
  })
  .refine((b) => !b.from || !b.to || b.from <= b.to, { error: 'to: may not be before from', path: ['to'] });
export type TimelapseCreateBody = z.input<typeof timelapseCreateBody>;

export const timelapse = z.object({
  id: z.number().int(),
  landId: z.number().int(),
  landName: z.string().nullable(),
  batchId: z.number().int().nullable(),
  cameraId: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  fps: z.number().int(),
  quality: z.enum(TIMELAPSE_QUALITIES),
  status: z.enum(TIMELAPSE_STATUSES),
  /** 0–100 */
  progress: z.number().int(),
  frames: z.number().int(),
  /** Seconds of video: frames / fps. */
  durationSec: z.number(),
  error: z.string().nullable(),
  /** Set once done: the MP4 (signed by the session like any API call). */
  videoUrl: z.string().nullable(),
  objectVersionNumber: z.number().int(),
  createdAt: z.string(),
});
export type Timelapse = z.infer<typeof timelapse>;
export const timelapsePage = pageOf(timelapse);

export const timelapseListQuery = pageQuery.extend({
  landId: blankAsUnset(queryId),
  batchId: blankAsUnset(queryId),
});
export type TimelapseListQuery = z.infer<typeof timelapseListQuery>;

export const timelapseIdParam = tenantParam.extend({ id: queryId });
export const timelapseDeleteQuery = z.object({
  objectVersionNumber: blankAsUnset(z.coerce.number().int().min(1).max(2_147_483_647)),
});

/** GET …/timelapse/defaults?landId=&batchId=: the range a new time-lapse starts from, and the stills in it. */
export const timelapseDefaultsQuery = z.object({ landId: queryId, batchId: blankAsUnset(queryId) });
export const timelapseDefaults = z.object({
  from: z.string(),
  to: z.string(),
  stills: z.number().int(),
  /** Cameras looking at the plot (for the "timed captures make stills" link). */
  cameraIds: z.array(z.number().int()),
});
export type TimelapseDefaults = z.infer<typeof timelapseDefaults>;
