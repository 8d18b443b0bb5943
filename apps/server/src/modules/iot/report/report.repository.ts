import { and, asc, eq, gte, inArray, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { devices } from '../device/index.js';
import { telemetryHourly } from '../telemetry/index.js';

export const WEATHER_STATION_TYPE = 'weather-station';

export interface StationRow {
  deviceId: number;
  name: string;
  eui: string;
  areaId: number | null;
  online: boolean;
}

/** Weather stations of the tenant: one, those of a base, or all. */
export const listStations = async (
  db: Db,
  tenantId: number,
  filter: { deviceId?: number; areaId?: number },
): Promise<StationRow[]> =>
  db
    .select({
      deviceId: devices.id,
      name: devices.name,
      eui: devices.eui,
      areaId: devices.areaId,
      online: devices.online,
    })
    .from(devices)
    .where(
      and(
        eq(devices.tenantId, tenantId),
        eq(devices.typeKey, WEATHER_STATION_TYPE),
        filter.deviceId === undefined ? undefined : eq(devices.id, filter.deviceId),
        filter.areaId === undefined ? undefined : eq(devices.areaId, filter.areaId),
      ),
    )
    .orderBy(asc(devices.name), asc(devices.id));

/** One station's hourly rollups of one metric folded into a farm day (in the tenant's zone). */
export interface DayAggregate {
  deviceId: number;
  /** 'YYYY-MM-DD' */
  day: string;
  /** Hour buckets with readings. */
  hours: number;
  /** Σ of all readings (for per-interval amounts such as rainfall: the day's total). */
  total: number;
  /** Largest hourly Σ (rainfall: the heaviest hour). */
  maxHourSum: number;
  /** Mean of the hourly means. */
  meanOfHourlyMeans: number;
  min: number;
  max: number;
  /** Hours whose mean reached `threshold`. */
  hoursAtOrAbove: number;
}

// The farm day of an hour bucket in the tenant's zone (a bound parameter, ADR 0010). Grouped and ordered
// by position: the same expression with its own parameter number is another expression to Postgres.
const farmDay = (tz: string) =>
  sql<string>`to_char(${telemetryHourly.bucket} at time zone ${tz}::text, 'YYYY-MM-DD')`;
const hourlyMean = sql`(${telemetryHourly.sum} / nullif(${telemetryHourly.count}, 0))`;

export const dailyAggregates = async (
  db: Db,
  tenantId: number,
  deviceIds: readonly number[],
  metric: string,
  from: Date,
  to: Date,
  tz: string,
  threshold = Number.POSITIVE_INFINITY,
): Promise<DayAggregate[]> => {
  if (deviceIds.length === 0) return [];
  const limit = Number.isFinite(threshold) ? threshold : 1e308;
  return db
    .select({
      deviceId: telemetryHourly.deviceId,
      day: farmDay(tz),
      hours: sql<number>`count(*)::int`,
      total: sql<number>`sum(${telemetryHourly.sum})::float8`,
      maxHourSum: sql<number>`max(${telemetryHourly.sum})::float8`,
      meanOfHourlyMeans: sql<number>`avg(${hourlyMean})::float8`,
      min: sql<number>`min(${telemetryHourly.min})::float8`,
      max: sql<number>`max(${telemetryHourly.max})::float8`,
      hoursAtOrAbove: sql<number>`(count(*) filter (where ${hourlyMean} >= ${limit}::float8))::int`,
    })
    .from(telemetryHourly)
    .where(
      and(
        eq(telemetryHourly.tenantId, tenantId),
        inArray(telemetryHourly.deviceId, [...deviceIds]),
        eq(telemetryHourly.metric, metric),
        gte(telemetryHourly.bucket, from),
        lt(telemetryHourly.bucket, to),
      ),
    )
    .groupBy(telemetryHourly.deviceId, sql`2`)
    .orderBy(sql`2`);
};

/** The first hour the stations reported the metric (the primary key's prefix answers it); null if never. */
export const firstReading = async (
  db: Db,
  tenantId: number,
  deviceIds: readonly number[],
  metric: string,
): Promise<Date | null> => {
  if (deviceIds.length === 0) return null;
  const [row] = await db
    .select({ first: min(telemetryHourly.bucket) })
    .from(telemetryHourly)
    .where(
      and(
        eq(telemetryHourly.tenantId, tenantId),
        inArray(telemetryHourly.deviceId, [...deviceIds]),
        eq(telemetryHourly.metric, metric),
      ),
    );
  return row?.first ?? null;
};
