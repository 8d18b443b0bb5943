import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { startOfDayAt } from '../../../platform/time/zone.js';
import { telemetry, telemetryDaily, telemetryHourly } from '../telemetry/index.js';

// Chart-ready series of one metric of one device (GET device/:id/curve, reports, bench:series). A range
// is cut into at most maxPoints equal time buckets; each bucket gives avg / min / max. The source is the
// cheapest table that can answer: raw telemetry for short ranges (unbucketed when it fits), the hourly
// rollup for long ones and the daily rollup beyond ~maxPoints days. Every query is a range scan of an index
// (telemetry_dev_ts_idx, or the rollup primary keys (tenant, device, metric, bucket)).

export type SeriesResolution = 'raw' | 'raw-buckets' | 'hourly' | 'daily';

export interface SeriesRequest {
  tenantId: number;
  deviceId: number;
  metric: string;
  /** Inclusive bounds. */
  from: Date;
  to: Date;
  maxPoints: number;
  /** The tenant's zone: daily rollups start at its midnight. */
  timeZone: string;
}

export interface SeriesPoint {
  /** Reading time (raw) or bucket start. */
  at: Date;
  avg: number;
  min: number;
  max: number;
  /** Readings in the bucket (1 for raw points). */
  count: number;
}

export interface Series {
  resolution: SeriesResolution;
  /** Bucket width; 0 for raw points. */
  bucketSec: number;
  points: SeriesPoint[];
}

const HOUR = 3600;
const DAY = 86_400;
/** Raw rows are read for ranges up to this long, rollups beyond (a week of 1-minute data is 10,080 rows). */
export const RAW_SPAN_MAX_SEC = 7 * DAY;

const metricValue = (metric: string) => sql<number>`(${telemetry.values} ->> ${metric})::float8`;

/** Bucket index of an instant column, clamped so a reading at `to` stays in the last bucket. */
const bucketIndex = (col: unknown, fromSec: number, bucketSec: number, maxPoints: number) =>
  sql<number>`least(floor((extract(epoch from ${col})::float8 - ${fromSec}::float8) / ${bucketSec}::float8), ${maxPoints - 1}::float8)::int`.mapWith(
    Number,
  );

/** Up to `limit` raw readings of a metric, oldest first. */
const rawPoints = async (db: Db, r: SeriesRequest, limit: number): Promise<SeriesPoint[]> => {
  const v = metricValue(r.metric);
  const rows = await db
    .select({ at: telemetry.ts, v: v.mapWith(Number) })
    .from(telemetry)
    .where(
      and(
        eq(telemetry.tenantId, r.tenantId),
        eq(telemetry.deviceId, r.deviceId),
        gte(telemetry.ts, r.from),
        lte(telemetry.ts, r.to),
        sql`${telemetry.values} ->> ${r.metric} is not null`,
      ),
    )
    .orderBy(asc(telemetry.ts))
    .limit(limit);
  return rows.map((x) => ({ at: x.at, avg: x.v, min: x.v, max: x.v, count: 1 }));
};

/** Readings of the metric in the hours the range touches (an upper bound of the raw rows in it). */
const countReadings = async (db: Db, r: SeriesRequest): Promise<number> => {
  const hourStart = new Date(Math.floor(r.from.getTime() / (HOUR * 1000)) * HOUR * 1000);
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${telemetryHourly.count}), 0)::int`.mapWith(Number) })
    .from(telemetryHourly)
    .where(
      and(
        eq(telemetryHourly.tenantId, r.tenantId),
        eq(telemetryHourly.deviceId, r.deviceId),
        eq(telemetryHourly.metric, r.metric),
        gte(telemetryHourly.bucket, hourStart),
        lte(telemetryHourly.bucket, r.to),
      ),
    );
  return row?.n ?? 0;
};

const rawBuckets = async (db: Db, r: SeriesRequest, fromSec: number, bucketSec: number) => {
  const v = metricValue(r.metric);
  const b = bucketIndex(telemetry.ts, fromSec, bucketSec, r.maxPoints);
  return db
    .select({
      b,
      avg: sql<number>`avg(${v})`.mapWith(Number),
      min: sql<number>`min(${v})`.mapWith(Number),
      max: sql<number>`max(${v})`.mapWith(Number),
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(telemetry)
    .where(
      and(
        eq(telemetry.tenantId, r.tenantId),
        eq(telemetry.deviceId, r.deviceId),
        gte(telemetry.ts, r.from),
        lte(telemetry.ts, r.to),
        sql`${telemetry.values} ->> ${r.metric} is not null`,
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
};

const rollupBuckets = async (
  db: Db,
  table: typeof telemetryHourly | typeof telemetryDaily,
  r: SeriesRequest,
  from: Date,
  fromSec: number,
  bucketSec: number,
  slackSec = 0,
) => {
  const b = bucketIndex(table.bucket, fromSec - slackSec, bucketSec, r.maxPoints);
  return db
    .select({
      b,
      first: sql<number>`extract(epoch from min(${table.bucket}))::float8`.mapWith(Number),
      avg: sql<number>`sum(${table.sum}) / nullif(sum(${table.count}), 0)`.mapWith(Number),
      min: sql<number>`min(${table.min})`.mapWith(Number),
      max: sql<number>`max(${table.max})`.mapWith(Number),
      count: sql<number>`sum(${table.count})::int`.mapWith(Number),
    })
    .from(table)
    .where(
      and(
        eq(table.tenantId, r.tenantId),
        eq(table.deviceId, r.deviceId),
        eq(table.metric, r.metric),
        gte(table.bucket, from),
        lte(table.bucket, r.to),
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
};

const ceilTo = (n: number, unit: number): number => Math.max(unit, Math.ceil(n / unit) * unit);

/** The series of r.metric over [r.from, r.to] in at most r.maxPoints points, oldest first. */
export const readSeries = async (db: Db, r: SeriesRequest): Promise<Series> => {
  const spanSec = Math.max(1, (r.to.getTime() - r.from.getTime()) / 1000 + 1);
  if (spanSec <= RAW_SPAN_MAX_SEC && spanSec / r.maxPoints < HOUR) {
    // The hourly rollup counts the readings cheaply; only when they fit are the raw rows fetched.
    if ((await countReadings(db, r)) <= r.maxPoints) {
      const raw = await rawPoints(db, r, r.maxPoints + 1);
      if (raw.length <= r.maxPoints) return { resolution: 'raw', bucketSec: 0, points: raw };
    }
    const fromSec = r.from.getTime() / 1000;
    const bucketSec = Math.ceil(spanSec / r.maxPoints);
    const rows = await rawBuckets(db, r, fromSec, bucketSec);
    return { resolution: 'raw-buckets', bucketSec, points: toPoints(rows, fromSec, bucketSec) };
  }
  // Rollup buckets start on the hour / at the tenant's midnight: widen the start to the one holding r.from.
  const hourStart = new Date(Math.floor(r.from.getTime() / (HOUR * 1000)) * HOUR * 1000);
  const hourlySpan = (r.to.getTime() - hourStart.getTime()) / 1000 + 1;
  const hourlyBucket = ceilTo(hourlySpan / r.maxPoints, HOUR);
  if (hourlyBucket < DAY) {
    const fromSec = hourStart.getTime() / 1000;
    const rows = await rollupBuckets(db, telemetryHourly, r, hourStart, fromSec, hourlyBucket);
    return { resolution: 'hourly', bucketSec: hourlyBucket, points: toPoints(rows, fromSec, hourlyBucket) };
  }
  const dayStart = startOfDayAt(r.from, r.timeZone);
  const dailyBucket = ceilTo(((r.to.getTime() - dayStart.getTime()) / 1000 + 1) / r.maxPoints, DAY);
  const fromSec = dayStart.getTime() / 1000;
  // A day of a zone with daylight saving lasts 23 or 25 hours, so later midnights drift from whole days
  // after fromSec: a few hours of slack keep each day in its bucket, and a point starts at its first day.
  const rows = await rollupBuckets(db, telemetryDaily, r, dayStart, fromSec, dailyBucket, 3 * HOUR);
  const points = toPoints(rows, fromSec, dailyBucket, true);
  return { resolution: 'daily', bucketSec: dailyBucket, points };
};

const toPoints = (
  rows: { b: number; first?: number; avg: number; min: number; max: number; count: number }[],
  fromSec: number,
  bucketSec: number,
  atFirst = false,
): SeriesPoint[] =>
  rows
    .filter((x) => Number.isFinite(x.avg))
    .map((x) => ({
      at: new Date((atFirst && x.first !== undefined ? x.first : fromSec + x.b * bucketSec) * 1000),
      avg: x.avg,
      min: x.min,
      max: x.max,
      count: x.count,
    }));

/** Raw readings of a device in a range (export), oldest first, at most `limit`. */
export const readRawRows = async (
  db: Db,
  tenantId: number,
  deviceId: number,
  from: Date,
  to: Date,
  limit: number,
): Promise<{ ts: Date; values: Record<string, number> }[]> =>
  db
    .select({ ts: telemetry.ts, values: telemetry.values })
    .from(telemetry)
    .where(
      and(
        eq(telemetry.tenantId, tenantId),
        eq(telemetry.deviceId, deviceId),
        gte(telemetry.ts, from),
        lte(telemetry.ts, to),
      ),
    )
    .orderBy(asc(telemetry.ts))
    .limit(limit);
