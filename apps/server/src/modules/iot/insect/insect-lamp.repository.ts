import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { devices } from '../device/index.js';
import { telemetry } from '../telemetry/index.js';
import {
  deviceJoin,
  filterSql,
  listRecords,
  type RecordFilter,
  type RecordView,
  type Visibility,
} from './insect.repository.js';
import { insectRecords } from './insect.tables.js';

// Queries of the spec 02 §7 insect-lamp and per-device pest statistics paths (insect-lamp.*.ts), on top of
// the record filter of insect.repository.ts.

/** Trap photos, newest first. */
export const listPhotoRecords = (
  db: Db,
  tenantId: number,
  f: RecordFilter,
  v: Visibility,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: RecordView[]; total: number }> =>
  listRecords(db, tenantId, { ...f, withPhoto: true }, v, limit, offset);

/** How many records the filter holds and the newest one's time. */
export const recordSummary = async (
  db: Db,
  tenantId: number,
  f: RecordFilter,
  v: Visibility,
): Promise<{ records: number; last: Date | null }> => {
  const [row] = await db
    .select({ records: count(), last: sql<Date | null>`max(${insectRecords.takenAt})` })
    .from(insectRecords)
    .leftJoin(devices, deviceJoin(tenantId))
    .where(filterSql(tenantId, f, v));
  const last = row?.last ?? null;
  return { records: row?.records ?? 0, last: last === null ? null : new Date(last) };
};

export interface DeviceTotal {
  deviceId: number | null;
  name: string | null;
  typeKey: string | null;
  n: number;
  records: number;
  last: Date | null;
}

/** Σ insects, records and the newest photo per trap (manual entries without a trap as one null row). */
export const totalsByDevice = async (
  db: Db,
  tenantId: number,
  f: RecordFilter,
  v: Visibility,
): Promise<DeviceTotal[]> => {
  const rows = await db.execute(sql`
    select ${insectRecords.deviceId} as device_id, ${devices.name} as name, ${devices.typeKey} as type_key,
      coalesce(sum(c.n), 0)::int as n, count(*)::int as records, max(${insectRecords.takenAt}) as last
    from ${insectRecords}
      left join ${devices} on ${deviceJoin(tenantId)}
      cross join lateral (
        select coalesce(sum((e->>'count')::int), 0) as n from jsonb_array_elements(${insectRecords.counts}) e
      ) c
    where ${filterSql(tenantId, f, v)}
    group by 1, 2, 3
    order by 4 desc, 1`);
  type Raw = {
    device_id: number | string | null;
    name: string | null;
    type_key: string | null;
    n: number | string;
    records: number | string;
    last: string | Date | null;
  };
  return (rows as unknown as { rows: Raw[] }).rows.map((r) => ({
    deviceId: r.device_id === null ? null : Number(r.device_id),
    name: r.name,
    typeKey: r.type_key,
    n: Number(r.n),
    records: Number(r.records),
    last: r.last === null ? null : new Date(r.last),
  }));
};

export interface Reading {
  ts: Date;
  seq: number;
  values: Record<string, number>;
}

/** Stored readings of a device in a range, newest first. */
export const readingsPage = async (
  db: Db,
  tenantId: number,
  deviceId: number,
  from: Date,
  to: Date,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: Reading[]; total: number }> => {
  const where = and(
    eq(telemetry.tenantId, tenantId),
    eq(telemetry.deviceId, deviceId),
    gte(telemetry.ts, from),
    lte(telemetry.ts, to),
  );
  return pageRows(
    db
      .select({ ts: telemetry.ts, seq: telemetry.seq, values: telemetry.values })
      .from(telemetry)
      .where(where)
      .orderBy(desc(telemetry.ts), desc(telemetry.seq))
      .$dynamic(),
    () => db.select({ n: count() }).from(telemetry).where(where),
    limit,
    offset,
  );
};
