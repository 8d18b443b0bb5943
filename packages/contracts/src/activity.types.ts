import { z } from 'zod';
import { batchDate } from './batch.types.js';
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

// Farm activities (farm/activity): picking days, trainings, visits, promotions at a base over a period.
// Spec 01 §5: no blank-only input, 'start date cannot be later than end date'. Paths: /wfpf/v1/{t}/activity….

export const ACTIVITY_NAME_MAX = 60;
export const ACTIVITY_LOCATION_MAX = 120;
export const ACTIVITY_DESCRIPTION_MAX = 2000;
export const ACTIVITY_COVER_URL_MAX = 1000;
export const ACTIVITY_CAPACITY_MAX = 1_000_000;
export const ACTIVITY_TYPES = ['picking', 'training', 'visit', 'promotion', 'other'] as const;
/** Derived from the period against now: upcoming (not started), ongoing, ended. */
export const ACTIVITY_STATUSES = ['upcoming', 'ongoing', 'ended'] as const;

const activityName = requiredText(ACTIVITY_NAME_MAX);

const TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A moment: 'YYYY-MM-DD HH:mm[:ss]', ISO-8601, or a bare 'YYYY-MM-DD' (midnight). With an offset it parses
 * to an ISO-8601 UTC string; without one it is wall time in the tenant's time zone, which only the server
 * knows, so it parses to 'YYYY-MM-DD HH:mm:ss' and the server reads it in the tenant's zone. Answered
 * (in an Activity) as an ISO-8601 UTC string.
 */
export const activityTime = z
  .string()
  .max(40)
  .transform((s, ctx) => {
    const m = TIME.exec(s.trim());
    const fail = () => {
      ctx.issues.push({ code: 'custom', input: s, message: 'must be a date-time YYYY-MM-DD HH:mm:ss' });
      return z.NEVER;
    };
    if (!m) return fail();
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const [h, mi, se] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
    const probe = new Date(Date.UTC(y, mo - 1, d));
    if (
      y < 1900 ||
      y > 2999 ||
      probe.getUTCMonth() !== mo - 1 ||
      probe.getUTCDate() !== d ||
      h > 23 ||
      mi > 59 ||
      se > 59
    ) {
      return fail();
    }
    const pad = (n: number) => String(n).padStart(2, '0');
    const wall = `${m[1]}-${m[2]}-${m[3]} ${pad(h)}:${pad(mi)}:${pad(se)}`;
    const zone = m[7];
    if (zone === undefined) return wall;
    const offset = zone === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
    const at = new Date(`${wall.replace(' ', 'T')}${offset}`);
    if (Number.isNaN(at.getTime())) return fail();
    return at.toISOString();
  });

export const activityType = z.enum(ACTIVITY_TYPES);
export const activityStatus = z.enum(ACTIVITY_STATUSES);

/** Places offered: a positive whole number; null = unlimited. */
const capacity = z
  .number()
  .int({ error: 'must be a positive whole number' })
  .min(1, { error: 'must be a positive whole number' })
  .max(ACTIVITY_CAPACITY_MAX)
  .nullable();

/** A cover: a file of this server (`/hfle/…`) or an http(s) URL; '' or null means none. */
export const activityCoverUrl = z
  .string()
  .max(ACTIVITY_COVER_URL_MAX * 2)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .max(ACTIVITY_COVER_URL_MAX, tooLong(ACTIVITY_COVER_URL_MAX))
      .regex(/^(?:\/hfle\/\S*|https?:\/\/\S+)?$/, {
        error: 'must be an /hfle/… file address or an http(s) URL',
      }),
  )
  .transform((s) => (s === '' ? null : s))
  .nullable();

export const activityCreateBody = z.strictObject({
  activityName,
  activityType: activityType.default('other'),
  /** The base it takes place at; null for none in particular. */
  areaId: bodyId.nullable().optional(),
  startTime: activityTime,
  endTime: activityTime,
  location: optionalText(ACTIVITY_LOCATION_MAX).optional(),
  capacity: capacity.optional(),
  coverUrl: activityCoverUrl.optional(),
  description: optionalText(ACTIVITY_DESCRIPTION_MAX).optional(),
  enabledFlag: flag01.default(1),
});
export type ActivityCreateBody = z.infer<typeof activityCreateBody>;

/** Omitted optional fields keep their value; null clears a nullable one. */
const activityUpdateFields = z.strictObject({
  activityId: bodyId,
  objectVersionNumber,
  activityName,
  activityType: activityType.optional(),
  areaId: bodyId.nullable().optional(),
  startTime: activityTime.optional(),
  endTime: activityTime.optional(),
  location: optionalText(ACTIVITY_LOCATION_MAX).optional(),
  capacity: capacity.optional(),
  coverUrl: activityCoverUrl.optional(),
  description: optionalText(ACTIVITY_DESCRIPTION_MAX).optional(),
  enabledFlag: flag01.optional(),
});
export type ActivityUpdateBody = z.infer<typeof activityUpdateBody>;

export const activityListQuery = pageQuery.extend({
  /** Contains, any case. */
  activityName: z
    .string()
    .max(ACTIVITY_NAME_MAX * 2)
    .optional(),
  activityType: blankAsUnset(activityType),
  areaId: blankAsUnset(queryId),
  status: blankAsUnset(activityStatus),
  /** With endDate: activities whose period overlaps these days of the tenant's time zone (inclusive). */
  startDate: blankAsUnset(batchDate),
  endDate: blankAsUnset(batchDate),
});
export type ActivityListQuery = z.infer<typeof activityListQuery>;

export const activityIdParam = tenantIdParam;

export const activity = z.object({
  activityId: z.number().int(),
  activityName: z.string(),
  activityType: z.string(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  /** ISO-8601 (UTC). */
  startTime: z.string(),
  endTime: z.string(),
  status: activityStatus,
  location: z.string().nullable(),
  capacity: z.number().int().nullable(),
  coverUrl: z.string().nullable(),
  description: z.string().nullable(),
  enabledFlag: flag01,
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type Activity = z.infer<typeof activity>;
export const activityPage = pageOf(activity);

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const activityUpdateBody = updateBodyOf(activityUpdateFields, activity);
