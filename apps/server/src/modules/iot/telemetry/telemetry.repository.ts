import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import type { StatsDelta } from '../../../platform/iot/ports.js';

// Ingest storage (ARCHITECTURE §6). Every statement takes a whole batch as one JSON parameter
// (jsonb_to_recordset), which works the same on node-postgres and PGlite and keeps one round trip per
// statement however many messages the batch holds.

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

/**
 * How a batch holds its devices' rows (ADR 0022, "Ingest batches"). `key share` while it writes its readings: a
 * delete waits for it (no orphan rows), while other batches' device updates do not, so server processes
 * write readings side by side. `no key update`, in id order, before it moves device state: a disable in
 * flight is waited for, and batches touching the same devices take turns without deadlock.
 */
export type IngestLock = 'key share' | 'no key update';

/**
 * Locks the devices a batch came from (in id order, so concurrent batches cannot deadlock) and answers
 * which still exist and whether each is enabled.
 */
export const lockDevicesForIngest = async (
  db: Db,
  tenantId: number,
  deviceIds: readonly number[],
  lock: IngestLock,
): Promise<Map<number, boolean>> => {
  if (deviceIds.length === 0) return new Map();
  const res = await db.execute(sql`
    select id::text as d, enabled_flag = 1 as e from devices
    where tenant_id = ${tenantId}::bigint
      and id in (select x::bigint from jsonb_array_elements_text(${JSON.stringify(deviceIds)}::jsonb) x)
    order by id for ${sql.raw(lock === 'key share' ? 'key share' : 'no key update')}`);
  return new Map(rowsOf<{ d: string; e: boolean }>(res).map((r) => [Number(r.d), r.e]));
};

/** Takes back readings this transaction wrote for devices found disabled before it moved their state. */
export const deleteTelemetry = async (
  db: Db,
  tenantId: number,
  keys: readonly { deviceId: number; seq: number }[],
): Promise<void> => {
  if (keys.length === 0) return;
  const data = JSON.stringify(keys.map((k) => ({ d: k.deviceId, s: k.seq })));
  await db.execute(sql`
    delete from telemetry t using jsonb_to_recordset(${data}::jsonb) as x(d bigint, s bigint)
    where t.tenant_id = ${tenantId}::bigint and t.device_id = x.d and t.seq = x.s`);
};

export interface TelemetryRow {
  deviceId: number;
  seq: number;
  /** epoch ms */
  ts: number;
  values: Record<string, number>;
}

/**
 * Inserts readings; answers the (device, seq) pairs that were new (duplicates are skipped). Only rows of
 * devices the transaction locked with lockDevicesForIngest and found enabled: a delete waits for the
 * lock, so no orphan row can be written (the per-row check that was here cost an index probe per row).
 */
export const insertTelemetry = async (
  db: Db,
  tenantId: number,
  rows: readonly TelemetryRow[],
): Promise<{ deviceId: number; seq: number }[]> => {
  if (rows.length === 0) return [];
  const data = JSON.stringify(
    rows.map((r) => ({ d: r.deviceId, s: r.seq, t: new Date(r.ts).toISOString(), v: r.values })),
  );
  const res = await db.execute(sql`
    insert into telemetry (tenant_id, device_id, seq, ts, values)
    select ${tenantId}::bigint, x.d, x.s, x.t, x.v
    from jsonb_to_recordset(${data}::jsonb) as x(d bigint, s bigint, t timestamptz, v jsonb)
    on conflict do nothing
    returning device_id::text as d, seq::text as s`);
  return rowsOf<{ d: string; s: string }>(res).map((r) => ({ deviceId: Number(r.d), seq: Number(r.s) }));
};

export interface HourlyDelta {
  deviceId: number;
  metric: string;
  /** epoch ms of the UTC hour */
  bucket: number;
  count: number;
  sum: number;
  min: number;
  max: number;
  last: number;
  /** epoch ms of the reading that gave last */
  lastTs: number;
}

/** Adds new readings to their hourly buckets (count and sum add up, min / max widen, last by newest ts). */
export const upsertHourly = async (
  db: Db,
  tenantId: number,
  deltas: readonly HourlyDelta[],
): Promise<void> => {
  if (deltas.length === 0) return;
  const data = JSON.stringify(
    deltas.map((h) => ({
      d: h.deviceId,
      m: h.metric,
      b: new Date(h.bucket).toISOString(),
      c: h.count,
      s: h.sum,
      lo: h.min,
      hi: h.max,
      l: h.last,
      lt: new Date(h.lastTs).toISOString(),
    })),
  );
  await db.execute(sql`
    insert into telemetry_hourly as h (tenant_id, device_id, metric, bucket, count, sum, min, max, last, last_ts, updated_at)
    select ${tenantId}::bigint, x.d, x.m, x.b, x.c, x.s, x.lo, x.hi, x.l, x.lt, now()
    from jsonb_to_recordset(${data}::jsonb)
      as x(d bigint, m text, b timestamptz, c integer, s float8, lo float8, hi float8, l float8, lt timestamptz)
    on conflict (tenant_id, device_id, metric, bucket) do update set
      count = h.count + excluded.count,
      sum = h.sum + excluded.sum,
      min = least(h.min, excluded.min),
      max = greatest(h.max, excluded.max),
      last = case when excluded.last_ts >= h.last_ts then excluded.last else h.last end,
      last_ts = greatest(h.last_ts, excluded.last_ts),
      updated_at = now()`);
};

export interface DeviceTouch {
  deviceId: number;
  /** Newest candidate per metric: [epoch ms, value]; merged only when not older than latest_at. */
  metrics: Record<string, [number, number]>;
  /** Newest reading ts (epoch ms) among metrics, if any. */
  maxTs: number | null;
  maxSeq: number | null;
  /** Final online state the batch says, or null when it says nothing. */
  online: boolean | null;
  /** The batch had a message from the device itself (not only its last will). */
  seen: boolean;
}

export interface TouchedDevice {
  deviceId: number;
  typeKey: string;
  wasOnline: boolean;
  online: boolean;
}

/** Moves latest values forward, last seen / seq, and the online flag; answers old and new online. */
export const touchDevices = async (
  db: Db,
  tenantId: number,
  touches: readonly DeviceTouch[],
): Promise<TouchedDevice[]> => {
  if (touches.length === 0) return [];
  const data = JSON.stringify(
    touches.map((t) => ({ d: t.deviceId, m: t.metrics, t: t.maxTs, s: t.maxSeq, o: t.online, n: t.seen })),
  );
  // prev is read in the statement's snapshot, i.e. before the update: it gives the old online flag.
  const res = await db.execute(sql`
    with x as (
      select * from jsonb_to_recordset(${data}::jsonb) as x(d bigint, m jsonb, t bigint, s bigint, o boolean, n boolean)
    ), prev as (
      select dv.tenant_id, dv.id, dv.online from devices dv join x on x.d = dv.id where dv.tenant_id = ${tenantId}::bigint for no key update
    )
    update devices d set
      latest = d.latest || coalesce((
        select jsonb_object_agg(e.key, e.value -> 1)
        from jsonb_each(x.m) e
        where d.latest_at is null or (e.value ->> 0)::bigint >= (extract(epoch from d.latest_at) * 1000)::bigint
      ), '{}'::jsonb),
      latest_at = case when x.t is null then d.latest_at
        else greatest(d.latest_at, to_timestamp(x.t / 1000.0)) end,
      last_seq = case when x.s is null then d.last_seq else greatest(d.last_seq, x.s) end,
      last_seen_at = case when x.n then now() else d.last_seen_at end,
      online = coalesce(x.o, d.online)
    from x, prev
    where d.tenant_id = ${tenantId}::bigint and d.id = x.d and prev.tenant_id = d.tenant_id and prev.id = x.d
    returning d.id::text as d, d.type_key as k, prev.online as w, d.online as o`);
  return rowsOf<{ d: string; k: string; w: boolean; o: boolean }>(res).map((r) => ({
    deviceId: Number(r.d),
    typeKey: r.k,
    wasOnline: r.w,
    online: r.o,
  }));
};

export interface StatusLogRow {
  deviceId: number;
  online: boolean;
  source: string;
  reason: string | null;
  at: Date;
}

export const insertStatusLog = async (
  db: Db,
  tenantId: number,
  rows: readonly StatusLogRow[],
): Promise<void> => {
  if (rows.length === 0) return;
  const data = JSON.stringify(
    rows.map((r) => ({ d: r.deviceId, o: r.online, s: r.source, r: r.reason, a: r.at.toISOString() })),
  );
  await db.execute(sql`
    insert into device_status_log (tenant_id, device_id, online, source, reason, at)
    select ${tenantId}::bigint, x.d, x.o, x.s, x.r, x.a
    from jsonb_to_recordset(${data}::jsonb) as x(d bigint, o boolean, s text, r text, a timestamptz)`);
};

/**
 * Marks online devices offline that sent nothing for max(their type's silence timeout, 3 × their own
 * upload period `config.uploadPeriodMin`): a weather station set to report hourly is not "offline"
 * after the type's 90 minutes.
 */
export const markSilentOffline = async (
  db: Db,
  tenantId: number,
  timeouts: readonly { typeKey: string; seconds: number }[],
  now: Date,
): Promise<{ deviceId: number; typeKey: string }[]> => {
  if (timeouts.length === 0) return [];
  const data = JSON.stringify(timeouts.map((t) => ({ k: t.typeKey, s: t.seconds })));
  const res = await db.execute(sql`
    update devices d set online = false
    from jsonb_to_recordset(${data}::jsonb) as x(k text, s integer)
    where d.tenant_id = ${tenantId}::bigint and d.type_key = x.k and d.online
      and (d.last_seen_at is null or d.last_seen_at < ${now.toISOString()}::timestamptz
        - greatest(x.s, 3 * 60 * case when jsonb_typeof(d.config -> 'uploadPeriodMin') = 'number'
            then (d.config ->> 'uploadPeriodMin')::numeric else 0 end) * interval '1 second')
    returning d.id::text as d, d.type_key as k`);
  return rowsOf<{ d: string; k: string }>(res).map((r) => ({ deviceId: Number(r.d), typeKey: r.k }));
};

/** Adds counted ingest outcomes of one tenant to its per-day counters. */
export const addIngestStats = async (
  db: Db,
  tenantId: number,
  deltas: readonly StatsDelta[],
): Promise<void> => {
  if (deltas.length === 0) return;
  const data = JSON.stringify(deltas.map((d) => ({ y: d.day, k: d.kind, c: d.count, x: d.detail })));
  await db.execute(sql`
    insert into ingest_stats as s (tenant_id, day, kind, count, detail)
    select ${tenantId}::bigint, x.y, x.k, x.c, x.x
    from jsonb_to_recordset(${data}::jsonb) as x(y text, k text, c bigint, x jsonb)
    on conflict (tenant_id, day, kind) do update set
      count = s.count + excluded.count,
      detail = coalesce(excluded.detail, s.detail)`);
};

/** Device types of some devices of a tenant (the live stream filters events by the caller's view codes). */
export const deviceTypesOf = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, string>> => {
  if (ids.length === 0) return new Map();
  const res = await db.execute(sql`
    select id::text as d, type_key as k from devices
    where tenant_id = ${tenantId}::bigint and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`);
  return new Map(rowsOf<{ d: string; k: string }>(res).map((r) => [Number(r.d), r.k]));
};

export interface IngestStatRow {
  day: string;
  kind: string;
  count: number;
  lastReason: string | null;
}

/** Stored ingest counters of the last `days` server days (platform/iot/ingest-counters.ts), newest first. */
export const listIngestStats = async (
  db: Db,
  tenantId: number,
  fromDay: string,
): Promise<IngestStatRow[]> => {
  const res = await db.execute(sql`
    select day, kind, count::text as c, detail ->> 'lastReason' as r from ingest_stats
    where tenant_id = ${tenantId}::bigint and day >= ${fromDay}
    order by day desc, kind`);
  return rowsOf<{ day: string; kind: string; c: string; r: string | null }>(res).map((r) => ({
    day: r.day,
    kind: r.kind,
    count: Number(r.c),
    lastReason: r.r,
  }));
};

// The tenant's zone, read in the statement itself (ADR 0010): a daily row starts at the tenant's midnight.
const tenantZone = (tenantId: number) => sql`(select time_zone from tenants where id = ${tenantId}::bigint)`;

/**
 * Recomputes the daily rows (days in the tenant's time zone) of every (device, metric, day) with an
 * hourly row updated after `since`; answers how many daily rows were written. Hourly buckets are UTC
 * hours, so a zone with a half-hour offset files each hour under the day it starts in.
 */
export const rollupDaily = async (db: Db, tenantId: number, since: Date | null): Promise<number> => {
  const tz = tenantZone(tenantId);
  const res = await db.execute(sql`
    with days as (
      select distinct tenant_id, device_id, metric, date_trunc('day', bucket at time zone ${tz}) as local_day
      from telemetry_hourly
      where tenant_id = ${tenantId}::bigint
        and updated_at > coalesce(${since?.toISOString() ?? null}::timestamptz, '-infinity'::timestamptz)
    ), cut as (
      -- local midnight to local midnight: 23 or 25 hours on a daylight-saving day
      select tenant_id, device_id, metric, local_day at time zone ${tz} as day,
        (local_day + interval '1 day') at time zone ${tz} as next_day
      from days
    )
    insert into telemetry_daily as t (tenant_id, device_id, metric, bucket, count, sum, min, max, last, last_ts, updated_at)
    select d.tenant_id, h.device_id, h.metric, d.day, sum(h.count)::int, sum(h.sum), min(h.min), max(h.max),
      (array_agg(h.last order by h.last_ts desc))[1], max(h.last_ts), now()
    from cut d
    join telemetry_hourly h on h.tenant_id = d.tenant_id and h.device_id = d.device_id
      and h.metric = d.metric and h.bucket >= d.day and h.bucket < d.next_day
    group by d.tenant_id, h.device_id, h.metric, d.day
    on conflict (tenant_id, device_id, metric, bucket) do update set
      count = excluded.count, sum = excluded.sum, min = excluded.min, max = excluded.max,
      last = excluded.last, last_ts = excluded.last_ts, updated_at = excluded.updated_at
    returning 1`);
  return rowsOf<unknown>(res).length;
};

/**
 * Whether some daily row of the tenant was cut in another zone than its current one (its bucket is not a
 * midnight of the tenant's zone): the tenant changed its zone since.
 */
export const dailyCutElsewhere = async (db: Db, tenantId: number): Promise<boolean> => {
  const tz = tenantZone(tenantId);
  const res = await db.execute(sql`
    select exists (
      select 1 from telemetry_daily
      where tenant_id = ${tenantId}::bigint
        and bucket <> date_trunc('day', bucket at time zone ${tz}) at time zone ${tz}
    ) as x`);
  return rowsOf<{ x: boolean }>(res)[0]?.x === true;
};

/** Drops a tenant's daily rows and cuts them again from every hourly row, in the tenant's zone. */
export const recutDaily = async (db: Db, tenantId: number): Promise<number> => {
  await db.execute(sql`delete from telemetry_daily where tenant_id = ${tenantId}::bigint`);
  return rollupDaily(db, tenantId, null);
};

/** Where the daily rollup of a tenant left off: the newest daily row's computation time. */
export const dailyWatermark = async (db: Db, tenantId: number): Promise<Date | null> => {
  const res = await db.execute(sql`
    select (extract(epoch from max(updated_at)) * 1000)::text as m from telemetry_daily where tenant_id = ${tenantId}::bigint`);
  const m = rowsOf<{ m: string | null }>(res)[0]?.m;
  return m ? new Date(Number(m)) : null;
};

/** The database clock (the rollup watermark must not depend on the app server's clock). */
export const databaseNow = async (db: Db): Promise<Date> => {
  const res = await db.execute(sql`select (extract(epoch from now()) * 1000)::text as n`);
  return new Date(Number(rowsOf<{ n: string }>(res)[0]?.n ?? Date.now()));
};
