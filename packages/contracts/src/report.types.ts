import { z } from 'zod';
import { batchDate } from './batch.types.js';
import { blankAsUnset, queryId } from './common.types.js';

// Weather reports (spec 01 §2.4: report/rainfall-report, ari-report, light-report) computed from the
// hourly rollups of weather-station telemetry. Paths: /wfpe/v1/{t}/report/…. Days are farm days
// of the tenant's time zone (ADR 0010).
//
// No invented zeros: a period without readings answers null for its values (a gap, not 0); the range
// answered is the asked one cut to [first reading of the stations in scope, today], so neither periods
// before any station existed nor future ones are returned; startDate / endDate give the range answered.

export const REPORT_GRANULARITIES = ['day', 'month', 'year'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];

/** Most periods one request may ask for, per granularity (a day report covers at most a leap year). */
export const REPORT_MAX_SPAN = { day: 366, month: 120, year: 50 } as const;

/** A day counts as a rain day from 0.1 mm (the CMA convention for daily precipitation). */
export const RAIN_DAY_MM = 0.1;
/** Base temperature of growing degree days when none is given, and the allowed range. */
export const ARI_BASE_DEFAULT = 10;
export const ARI_BASE_MIN = 0;
export const ARI_BASE_MAX = 30;
/**
 * Sunshine threshold on illuminance (lux, the registry's unit for weather stations). WMO counts an hour
 * as sunny from 120 W/m² of direct irradiance; at ~110 lm/W daylight efficacy that is ≈ 13,200 lux.
 */
export const SUNSHINE_LUX_DEFAULT = 13_200;

/** Which stations: one (deviceId), those of a base (areaId), or all weather stations of the tenant. */
const stationFilter = {
  deviceId: blankAsUnset(queryId),
  areaId: blankAsUnset(queryId),
};

export const reportStationsQuery = z.object({ areaId: blankAsUnset(queryId) });
export const reportStation = z.object({
  deviceId: z.number(),
  name: z.string(),
  eui: z.string(),
  areaId: z.number().nullable(),
  online: z.boolean(),
});
export type ReportStation = z.infer<typeof reportStation>;
export const reportStations = z.array(reportStation);

export const rainfallQuery = z.object({
  ...stationFilter,
  granularity: z.enum(REPORT_GRANULARITIES).default('day'),
  startDate: batchDate,
  endDate: batchDate,
});
export type RainfallQuery = z.infer<typeof rainfallQuery>;

export const rainfallPeriod = z.object({
  /** 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY'. */
  period: z.string(),
  /** Total precipitation in mm (mean over the stations that reported); null when no day has data. */
  rainfall: z.number().nullable(),
  /** Days with at least RAIN_DAY_MM; null when no day has data. */
  rainDays: z.number().nullable(),
  /** Largest amount fallen in one clock hour at any station, mm/h; null when no day has data. */
  maxHourly: z.number().nullable(),
  /** Days of the period with any rainfall reading. */
  daysWithData: z.number(),
});
export type RainfallPeriod = z.infer<typeof rainfallPeriod>;

export const rainfallReport = z.object({
  granularity: z.enum(REPORT_GRANULARITIES),
  unit: z.literal('mm'),
  startDate: z.string(),
  endDate: z.string(),
  stations: z.array(reportStation),
  periods: z.array(rainfallPeriod),
  /** Over the periods with data; null when none has any. */
  totals: z.object({
    rainfall: z.number().nullable(),
    rainDays: z.number().nullable(),
    maxHourly: z.number().nullable(),
  }),
});
export type RainfallReport = z.infer<typeof rainfallReport>;

export const ariQuery = z.object({
  ...stationFilter,
  startDate: batchDate,
  endDate: batchDate,
  base: z.coerce.number().min(ARI_BASE_MIN).max(ARI_BASE_MAX).default(ARI_BASE_DEFAULT),
});
export type AriQuery = z.infer<typeof ariQuery>;

export const ariDay = z.object({
  date: z.string(),
  /** Mean of the day's hourly means (°C); null when no station reported that day. */
  meanTemp: z.number().nullable(),
  minTemp: z.number().nullable(),
  maxTemp: z.number().nullable(),
  /** Hours with readings (coverage of the mean, 0–24). */
  hours: z.number(),
  /** Effective accumulated temperature of the day (有效积温): max(0, mean − base); null without data. */
  effective: z.number().nullable(),
  /** Active accumulated temperature of the day (活动积温): mean when mean ≥ base, else 0; null without data. */
  active: z.number().nullable(),
  /** Running totals from startDate over the days with data only; null on a day without data. */
  effectiveTotal: z.number().nullable(),
  activeTotal: z.number().nullable(),
});
export type AriDay = z.infer<typeof ariDay>;

export const ariReport = z.object({
  base: z.number(),
  unit: z.literal('°C·d'),
  startDate: z.string(),
  endDate: z.string(),
  stations: z.array(reportStation),
  days: z.array(ariDay),
  /** Accumulated over the days with data only (daysWithData of days.length); null when none has data. */
  totals: z.object({
    effective: z.number().nullable(),
    active: z.number().nullable(),
    /** Days whose mean reached the base. */
    daysAtOrAboveBase: z.number(),
    daysWithData: z.number(),
  }),
});
export type AriReport = z.infer<typeof ariReport>;

export const lightQuery = z.object({
  ...stationFilter,
  granularity: z.enum(['day', 'month']).default('day'),
  startDate: batchDate,
  endDate: batchDate,
  /** An hour is sunny when its mean illuminance reaches this many lux. */
  sunshineLux: z.coerce.number().min(1).max(200_000).default(SUNSHINE_LUX_DEFAULT),
});
export type LightQuery = z.infer<typeof lightQuery>;

export const lightPeriod = z.object({
  period: z.string(),
  /** Mean illuminance over the hours reported (lux); null without data. */
  avgIlluminance: z.number().nullable(),
  /** Highest reading (lux). */
  maxIlluminance: z.number().nullable(),
  /** Hours whose mean illuminance reached sunshineLux (mean over the stations that reported); null without data. */
  sunshineHours: z.number().nullable(),
  daysWithData: z.number(),
});
export type LightPeriod = z.infer<typeof lightPeriod>;

export const lightReport = z.object({
  granularity: z.enum(['day', 'month']),
  unit: z.literal('lux'),
  sunshineLux: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  stations: z.array(reportStation),
  periods: z.array(lightPeriod),
  totals: z.object({
    avgIlluminance: z.number().nullable(),
    maxIlluminance: z.number().nullable(),
    sunshineHours: z.number().nullable(),
  }),
});
export type LightReport = z.infer<typeof lightReport>;
