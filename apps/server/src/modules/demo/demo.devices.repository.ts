import { and, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { areas } from '../farm/area/index.js';
import { lands } from '../farm/land/index.js';
import { deviceChannels, deviceSettings, devices, simCards } from '../iot/device/index.js';

// Storage of the demo device fleet (demo.devices.ts): places to put devices, the rows themselves, and
// the secrets the in-process simulator needs at each start.

export interface DemoPlace {
  areaId: number;
  areaName: string;
  landId: number | null;
  landName: string | null;
  /** 'lat,lng' */
  center: string | null;
}

/** Every base of the tenant, and every plot with its base. */
export const listDemoPlaces = async (db: Db, tenantId: number): Promise<DemoPlace[]> => {
  const bases = await db
    .select({ id: areas.id, name: areas.areaName, center: areas.areaCenter })
    .from(areas)
    .where(eq(areas.tenantId, tenantId));
  const plots = await db
    .select({ id: lands.id, areaId: lands.areaId, name: lands.landName, center: lands.landCenter })
    .from(lands)
    .where(eq(lands.tenantId, tenantId));
  return [
    ...bases.map((b) => ({ areaId: b.id, areaName: b.name, landId: null, landName: null, center: b.center })),
    ...plots.flatMap((p) => {
      const base = bases.find((b) => b.id === p.areaId);
      return base
        ? [
            {
              areaId: base.id,
              areaName: base.name,
              landId: p.id,
              landName: p.name,
              center: p.center ?? base.center,
            },
          ]
        : [];
    }),
  ];
};

export interface DemoDeviceInsert {
  typeKey: string;
  name: string;
  eui: string;
  iccid: string | null;
  areaId: number | null;
  landId: number | null;
  lat: number | null;
  lng: number | null;
  parentId: number | null;
  config: Record<string, unknown>;
  description: string | null;
  latest: Record<string, number>;
  latestAt: Date | null;
  secretHash: string;
}

/** Inserts devices in one statement; answers id by serial. */
export const insertDemoDevices = async (
  db: Db,
  tenantId: number,
  rows: readonly DemoDeviceInsert[],
): Promise<Map<string, number>> => {
  if (rows.length === 0) return new Map();
  const now = new Date();
  const out = await db
    .insert(devices)
    .values(rows.map((d) => ({ tenantId, ...d, secretIssuedAt: now })))
    .returning({ id: devices.id, eui: devices.eui });
  return new Map(out.map((r) => [r.eui, r.id]));
};

export interface DemoChannelInsert {
  deviceId: number;
  kind: 'switch' | 'pump';
  name: string;
  circuit: number;
  switchType: string | null;
  icon: string | null;
}

export const insertDemoChannels = async (db: Db, tenantId: number, rows: readonly DemoChannelInsert[]) => {
  if (rows.length === 0) return;
  await db.insert(deviceChannels).values(rows.map((r) => ({ tenantId, ...r, sort: r.circuit })));
};

export const insertDemoSettings = async (
  db: Db,
  tenantId: number,
  rows: readonly {
    deviceId: number;
    kind: string;
    name: string;
    data: Record<string, unknown>;
    sort: number;
  }[],
) => {
  if (rows.length === 0) return;
  await db.insert(deviceSettings).values(rows.map((r) => ({ tenantId, ...r })));
};

export const insertDemoSimCards = async (
  db: Db,
  tenantId: number,
  rows: readonly {
    iccid: string;
    msisdn: string;
    operator: string;
    planMb: number;
    usedMb: number;
    activatedAt: Date;
    expiresAt: Date;
  }[],
) => {
  if (rows.length === 0) return;
  await db.insert(simCards).values(rows.map((r) => ({ tenantId, ...r, status: 'active' })));
};

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

/** Telemetry_daily from the hourly rows of the given devices (days in Asia/Shanghai, as ingest does). */
export const rebuildDailyRollups = async (db: Db, tenantId: number, deviceIds: readonly number[]) => {
  if (deviceIds.length === 0) return;
  const ids = sql.join(
    deviceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    insert into telemetry_daily as d (tenant_id, device_id, metric, bucket, count, sum, min, max, last, last_ts, updated_at)
    select tenant_id, device_id, metric,
      (date_trunc('day', bucket at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai') as day,
      sum(count)::int, sum(sum), min(min), max(max),
      (array_agg(last order by last_ts desc))[1], max(last_ts), now()
    from telemetry_hourly
    where tenant_id = ${tenantId} and device_id in (${ids})
    group by tenant_id, device_id, metric, day
    on conflict (tenant_id, device_id, metric, bucket) do update set
      count = excluded.count, sum = excluded.sum, min = excluded.min, max = excluded.max,
      last = excluded.last, last_ts = excluded.last_ts, updated_at = now()`);
};

export const setDemoLatest = async (
  db: Db,
  tenantId: number,
  deviceId: number,
  latest: Record<string, number>,
  at: Date,
  lastSeq: number,
) => {
  await db
    .update(devices)
    .set({ latest, latestAt: at, lastSeq, lastSeenAt: at })
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, deviceId)));
};

export interface SimulatedDeviceRow {
  id: number;
  typeKey: string;
  eui: string;
  areaId: number | null;
  landId: number | null;
  lat: number | null;
  lng: number | null;
}

/** The tenant's enabled devices whose serial starts with the prefix (the simulated ones). */
export const listSimulatedDevices = async (
  db: Db,
  tenantId: number,
  euiPrefix: string,
): Promise<SimulatedDeviceRow[]> =>
  db
    .select({
      id: devices.id,
      typeKey: devices.typeKey,
      eui: devices.eui,
      areaId: devices.areaId,
      landId: devices.landId,
      lat: devices.lat,
      lng: devices.lng,
    })
    .from(devices)
    .where(
      and(
        eq(devices.tenantId, tenantId),
        eq(devices.enabledFlag, 1),
        like(devices.eui, `${euiPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
      ),
    )
    .orderBy(devices.id);

/** Pump ports per regulator. */
export const listPumpPorts = async (db: Db, tenantId: number): Promise<Map<number, number[]>> => {
  const rows = await db
    .select({ deviceId: deviceChannels.deviceId, circuit: deviceChannels.circuit })
    .from(deviceChannels)
    .where(and(eq(deviceChannels.tenantId, tenantId), eq(deviceChannels.kind, 'pump')));
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.deviceId, [...(out.get(r.deviceId) ?? []), r.circuit]);
  return out;
};

/** Replaces the broker secrets of the given devices in one statement. */
export const replaceSecrets = async (
  db: Db,
  tenantId: number,
  rows: readonly { id: number; hash: string }[],
) => {
  if (rows.length === 0) return;
  const data = JSON.stringify(rows.map((r) => ({ i: r.id, h: r.hash })));
  await db.execute(sql`
    update devices d set secret_hash = x.h, secret_issued_at = now()
    from jsonb_to_recordset(${data}::jsonb) as x(i bigint, h text)
    where d.tenant_id = ${tenantId} and d.id = x.i`);
};
