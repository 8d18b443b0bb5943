import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { telemetry } from './telemetry.tables.js';

// Rollups rebuilt from raw readings stored outside ingest (the demo backfill): telemetry owns its
// tables, so the demo seeds them through here.

/**
 * Hourly rollups of the given devices' raw readings, computed in the database (one row per metric and
 * reading: the backfill has at most one reading an hour). Existing buckets are left alone.
 */
export const rollupHourlyFromRaw = async (db: Db, tenantId: number, deviceIds: readonly number[]) => {
  if (deviceIds.length === 0) return;
  const ids = sql.join(
    deviceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    insert into telemetry_hourly (tenant_id, device_id, metric, bucket, count, sum, min, max, last, last_ts)
    select t.tenant_id, t.device_id, v.key, date_trunc('hour', t.ts), 1, v.value::float8, v.value::float8,
      v.value::float8, v.value::float8, t.ts
    from telemetry t, jsonb_each_text(t.values) v
    where t.tenant_id = ${tenantId} and t.device_id in (${ids})
    on conflict do nothing`);
};

// The tenant's zone, read in the statement (ADR 0010): daily rows start at the tenant's midnight.
const tenantZone = (tenantId: number) => sql`(select time_zone from tenants where id = ${tenantId}::bigint)`;

/** Telemetry_daily from the hourly rows of the given devices (days in the tenant's zone, as ingest does). */
export const rebuildDailyRollups = async (db: Db, tenantId: number, deviceIds: readonly number[]) => {
  if (deviceIds.length === 0) return;
  const ids = sql.join(
    deviceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const tz = tenantZone(tenantId);
  await db.execute(sql`
    insert into telemetry_daily as d (tenant_id, device_id, metric, bucket, count, sum, min, max, last, last_ts, updated_at)
    select tenant_id, device_id, metric,
      (date_trunc('day', bucket at time zone ${tz}) at time zone ${tz}) as day,
      sum(count)::int, sum(sum), min(min), max(max),
      (array_agg(last order by last_ts desc))[1], max(last_ts), now()
    from telemetry_hourly
    where tenant_id = ${tenantId} and device_id in (${ids})
    group by tenant_id, device_id, metric, day
    on conflict (tenant_id, device_id, metric, bucket) do update set
      count = excluded.count, sum = excluded.sum, min = excluded.min, max = excluded.max,
      last = excluded.last, last_ts = excluded.last_ts, updated_at = now()`);
};

/** Test / benchmark helper: stores readings and their hourly and daily rollups directly (no broker). */
export const insertReadingsForTest = async (
  db: Db,
  tenantId: number,
  deviceId: number,
  readings: readonly { seq: number; ts: Date; values: Record<string, number> }[],
): Promise<void> => {
  for (let i = 0; i < readings.length; i += 1000) {
    const chunk = readings.slice(i, i + 1000);
    await db
      .insert(telemetry)
      .values(chunk.map((x) => ({ tenantId, deviceId, seq: x.seq, ts: x.ts, values: x.values })))
      .onConflictDoNothing();
  }
  // Rollups recomputed from the raw rows of this device: what ingest and the daily job keep up to date.
  for (const [table, trunc] of [
    ['telemetry_hourly', sql`date_trunc('hour', t.ts)`],
    [
      'telemetry_daily',
      sql`(date_trunc('day', t.ts at time zone ${tenantZone(tenantId)}) at time zone ${tenantZone(tenantId)})`,
    ],
  ] as const) {
    await db.execute(sql`
      insert into ${sql.identifier(table)} (tenant_id, device_id, metric, bucket, count, sum, min, max, last, last_ts)
      select t.tenant_id, t.device_id, kv.key, ${trunc}, count(*)::int, sum(kv.value::float8),
        min(kv.value::float8), max(kv.value::float8),
        (array_agg(kv.value::float8 order by t.ts desc))[1], max(t.ts)
      from telemetry t cross join lateral jsonb_each_text(t.values) kv
      where t.tenant_id = ${tenantId} and t.device_id = ${deviceId}
      group by 1, 2, 3, 4
      on conflict (tenant_id, device_id, metric, bucket) do update set
        count = excluded.count, sum = excluded.sum, min = excluded.min, max = excluded.max,
        last = excluded.last, last_ts = excluded.last_ts, updated_at = now()`);
  }
};
