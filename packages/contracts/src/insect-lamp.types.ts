import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
  objectVersionNumber,
  pageOf,
  pageQuery,
  queryId,
  tenantIdParam,
  tenantParam,
} from './common.types.js';
import { controlLogItem } from './control.types.js';
import { curve, historyTime } from './device.types.js';
import { DEVICE_CONFIG_LIMITS } from './device-config.types.js';
import { commandIssued } from './device-family.types.js';
import { INSECT_BOXES_MAX, insectBox, insectType } from './insect.types.js';
import { simCard } from './sim.types.js';

// Spec 02 §7 "Insect lamp (/wfpe/v1/{t})" and "Pest statistics" paths (issue 5): the insect-situation lamp
// screens (yf/insect-situation-lamp/…), pest statistics per device (insect-statistics/{id}/…) and the v2
// insect type and identification look-ups (/wfpe/v2/{t}/insect/…). Record, trend and pie shapes are those
// of insect.types.ts.

/** A farm day, 'YYYY-MM-DD' (in the tenant's time zone). */
export const farmDay = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, {
  error: 'day: YYYY-MM-DD',
});

/** Optional range (default: the last month, at most a year). */
const range = {
  startTime: blankAsUnset(historyTime),
  endTime: blankAsUnset(historyTime),
};

// ---- yf/insect-situation-lamp ----

/** page/history-img: trap photos of the lamps, newest first (deviceId narrows to one lamp). */
export const lampPhotoQuery = pageQuery.extend({ deviceId: blankAsUnset(queryId), ...range });
export type LampPhotoQuery = z.infer<typeof lampPhotoQuery>;
/** {id}/history-img: the photos of one lamp. */
export const lampDevicePhotoQuery = pageQuery.extend(range);
export type LampDevicePhotoQuery = z.infer<typeof lampDevicePhotoQuery>;
/** insect-situation-lamp/{id}/{day}/page: the photos one lamp took on one farm day. */
export const lampDayParam = tenantParam.extend({ id: queryId, day: farmDay });

/** page/history-data: the lamp's stored readings, newest first. */
export const lampDataQuery = pageQuery.extend({ deviceId: queryId, ...range });
export type LampDataQuery = z.infer<typeof lampDataQuery>;
export const lampReading = z.object({
  collectionTime: z.string(),
  seq: z.number(),
  values: z.record(z.string(), z.number()),
});
export const lampReadingPage = pageOf(lampReading);

const L = DEVICE_CONFIG_LIMITS;
const int = (min: number, max: number, what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int({ error: `${what} must be a whole number` })
    .min(min, { error: `${what}: at least ${min}` })
    .max(max, { error: `${what}: at most ${max}` });

/**
 * configure/device: the lamp's schedule. Photo lamps (pest station, forecast lamp) take the photo interval
 * and working duration (interval ≥ 30 min and ≤ duration, spec 02 §5) and the upload period; the
 * insecticidal lamp its on / off hours. What a type does not have is refused by its config schema.
 */
export const lampConfigureBody = z
  .strictObject({
    id: bodyId,
    photoIntervalMin: int(L.photoIntervalMin.min, L.photoIntervalMin.max, 'photo interval').optional(),
    durationMin: int(L.durationMin.min, L.durationMin.max, 'photo duration').optional(),
    uploadPeriodMin: int(L.uploadPeriodMin.min, L.uploadPeriodMin.max, 'upload period').optional(),
    startHour: int(L.hour.min, L.hour.max, 'start hour').optional(),
    endHour: int(L.hour.min, L.hour.max, 'end hour').optional(),
  })
  .refine((b) => Object.keys(b).length > 1, { error: 'nothing to configure' })
  .refine(
    (b) =>
      b.photoIntervalMin === undefined || b.durationMin === undefined || b.photoIntervalMin <= b.durationMin,
    { error: 'photo interval must not exceed the photo duration', path: ['photoIntervalMin'] },
  );
export type LampConfigureBody = z.infer<typeof lampConfigureBody>;

const nullableInt = z.number().nullable();
/** get-configure/{id}: the stored schedule (null where unset) and the limits a form enforces. */
export const lampConfiguration = z.object({
  deviceId: z.number(),
  deviceType: z.string(),
  photoIntervalMin: nullableInt,
  durationMin: nullableInt,
  uploadPeriodMin: nullableInt,
  startHour: nullableInt,
  endHour: nullableInt,
  /** Registry commands of the type (capture, configure, lampSwitch, schedule, …). */
  commands: z.array(z.string()),
  limits: z.record(z.string(), z.object({ min: z.number(), max: z.number() })),
  objectVersionNumber: z.number(),
});
export type LampConfiguration = z.infer<typeof lampConfiguration>;
export const lampConfigured = lampConfiguration.extend({
  /** The command that carried the schedule to the lamp (configure or schedule), when one applied. */
  command: commandIssued.nullable(),
});
export type LampConfigured = z.infer<typeof lampConfigured>;

/** {id}/sim_select: the IoT card the lamp carries (card null when its iccid is not registered). */
export const lampSim = z.object({
  deviceId: z.number(),
  iccid: z.string().nullable(),
  card: simCard.nullable(),
});
export type LampSim = z.infer<typeof lampSim>;

/** analysis: counts per pest of one lamp (or all visible lamps) over a range. */
export const lampAnalysisQuery = z.object({ deviceId: blankAsUnset(queryId), ...range });
export type LampAnalysisQuery = z.infer<typeof lampAnalysisQuery>;
export const lampAnalysis = z.object({
  deviceId: z.number().nullable(),
  startDay: z.string(),
  endDay: z.string(),
  /** Records (photos and manual entries) in the range. */
  records: z.number(),
  total: z.number(),
  result: z.array(z.object({ name: z.string(), count: z.number(), percent: z.number() })),
});
export type LampAnalysis = z.infer<typeof lampAnalysis>;

/** control-device/{id}: what the lamp's control panel shows. */
export const lampControlState = z.object({
  deviceId: z.number(),
  name: z.string(),
  deviceType: z.string(),
  eui: z.string(),
  online: z.number(),
  enabledFlag: z.number(),
  /** Latest lamp state (1 on, 0 off), rain flag and insect / kill count; null before the first reading. */
  lampOn: nullableInt,
  rainFlag: nullableInt,
  count: nullableInt,
  lastSeenAt: z.string().nullable(),
  latestAt: z.string().nullable(),
  latest: z.record(z.string(), z.number()),
  commands: z.array(z.string()),
  /** Commands still waiting for the lamp (queued, sent, acked). */
  pending: z.array(controlLogItem),
  /** The latest commands, newest first (at most 10). */
  recent: z.array(controlLogItem),
});
export type LampControlState = z.infer<typeof lampControlState>;

/** status/curve: one metric of a lamp (default its insect / kill count) as a chart-ready series. */
export const lampCurveQuery = z.object({
  deviceId: queryId,
  metric: blankAsUnset(z.string().max(32)),
  ...range,
  maxPoints: z.coerce.number().int().min(10).max(2000).default(500),
});
export type LampCurveQuery = z.infer<typeof lampCurveQuery>;
export const lampCurve = curve;

export const lampDrawBody = z.strictObject({
  id: bodyId,
  objectVersionNumber,
  boxes: z.array(insectBox).max(INSECT_BOXES_MAX),
});
export type LampDrawBody = z.infer<typeof lampDrawBody>;
export const lampRecordBody = z.strictObject({ id: bodyId });

// ---- insect-statistics/{id}/… (id: the trap, the spec's concentrator id) ----

export const pestDeviceParam = tenantIdParam;
/** {id}/trend/{x}: x = 'all' (every pest) or an insect type id. */
export const pestTrendParam = tenantIdParam.extend({
  x: z.union([z.literal('all'), z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)], {
    error: "x: 'all' or an insect type id",
  }),
});
export const pestRangeQuery = z.object(range);
export type PestRangeQuery = z.infer<typeof pestRangeQuery>;

/** {id}/list: one row per farm day of the range (zeros included), the day's counts per pest. */
export const pestDay = z.object({
  creationDate: z.string(),
  insectQuantity: z.number(),
  counts: z.array(z.object({ name: z.string(), count: z.number() })),
});
export const pestDayList = z.array(pestDay);
export type PestDay = z.infer<typeof pestDay>;

/** {id}/aggregate-bug: each pest caught in the range, with its catalogue entry when there is one. */
export const pestAggregate = z.object({
  name: z.string(),
  typeId: z.number().nullable(),
  nameEn: z.string().nullable(),
  latinName: z.string().nullable(),
  insectQuantity: z.number(),
  percent: z.number(),
  /** Days it was caught on; the day most were caught and how many. */
  days: z.number(),
  peakDate: z.string(),
  peakQuantity: z.number(),
});
export const pestAggregateList = z.array(pestAggregate);
export type PestAggregate = z.infer<typeof pestAggregate>;

/** pest-statistics: the overview of a range over all visible traps (optionally of a base). */
export const pestStatisticsQuery = z.object({ areaId: blankAsUnset(queryId), ...range });
export type PestStatisticsQuery = z.infer<typeof pestStatisticsQuery>;
export const pestStatistics = z.object({
  startDay: z.string(),
  endDay: z.string(),
  total: z.number(),
  records: z.number(),
  insects: z.array(z.object({ name: z.string(), value: z.number(), percent: z.number() })),
  devices: z.array(
    z.object({
      concentratorId: z.number().nullable(),
      name: z.string().nullable(),
      deviceType: z.string().nullable(),
      insectQuantity: z.number(),
      records: z.number(),
      lastTakenAt: z.string().nullable(),
    }),
  ),
});
export type PestStatistics = z.infer<typeof pestStatistics>;

// ---- /wfpe/v2/{t}/insect/… ----

export const insectTypeOrgQuery = z.object({ name: blankAsUnset(z.string().max(30)) });
export const insectTypeOrgList = z.array(insectType);
/** type/{id}/details/organization: the type and what the organisation caught of it in the range. */
export const insectTypeDetails = insectType.extend({
  startDay: z.string(),
  endDay: z.string(),
  insectQuantity: z.number(),
  records: z.number(),
  lastTakenAt: z.string().nullable(),
});
export type InsectTypeDetails = z.infer<typeof insectTypeDetails>;

/** maintenance/is-identify/{id}: whether a record's photo has been identified (automatically or by hand). */
export const isIdentified = z.object({
  id: z.number(),
  identified: z.boolean(),
  identifiedFlag: z.number(),
  source: z.string(),
  hasPhoto: z.boolean(),
  total: z.number(),
});
export type IsIdentified = z.infer<typeof isIdentified>;
