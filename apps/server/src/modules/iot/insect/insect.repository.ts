import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { files } from '../../messaging/file/index.js';
import { type DeviceRow, devices } from '../device/index.js';
import { type InsectBox, insectRecords } from './insect.tables.js';

/** What photo uploads need of a device (iot/device's findDevice / findDeviceByEui answer more). */
export type PhotoDevice = Pick<
  DeviceRow,
  'id' | 'typeKey' | 'name' | 'areaId' | 'secretHash' | 'enabledFlag'
>;

export interface RecordValues {
  deviceId: number | null;
  areaId: number | null;
  takenAt: Date;
  counts: { name: string; count: number }[];
  boxes: InsectBox[];
  source: string;
  identifiedFlag: number;
  description: string | null;
  /** The trap photo (files.id); set when the record is created, never by an update. */
  fileId?: string | null;
}

export interface RecordView extends RecordValues {
  id: number;
  fileId: string | null;
  deviceName: string | null;
  deviceType: string | null;
  objectVersionNumber: number;
  creationDate: Date;
}

export const recordColumns = {
  id: insectRecords.id,
  deviceId: insectRecords.deviceId,
  areaId: insectRecords.areaId,
  fileId: insectRecords.fileId,
  takenAt: insectRecords.takenAt,
  counts: insectRecords.counts,
  boxes: insectRecords.boxes,
  source: insectRecords.source,
  identifiedFlag: insectRecords.identifiedFlag,
  description: insectRecords.description,
  objectVersionNumber: insectRecords.objectVersionNumber,
  creationDate: insectRecords.creationDate,
  deviceName: devices.name,
  deviceType: devices.typeKey,
};

export const insertRecord = async (
  db: Db,
  tenantId: number,
  userId: number | null,
  v: RecordValues,
): Promise<number> => {
  const [row] = await db
    .insert(insectRecords)
    .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning({ id: insectRecords.id });
  if (!row) throw new Error('insect record not inserted');
  return row.id;
};

/** Who may see which records: device records of the allowed types, and device-less ones when allowed. */
export interface Visibility {
  deviceTypes: readonly string[];
  manual: boolean;
}

const visible = (v: Visibility): SQL | undefined => {
  const parts: SQL[] = [];
  if (v.deviceTypes.length > 0) parts.push(inArray(devices.typeKey, [...v.deviceTypes]));
  if (v.manual) parts.push(isNull(devices.id));
  return parts.length > 0 ? or(...parts) : sql`false`;
};

export interface RecordFilter {
  deviceId?: number;
  areaId?: number;
  source?: string;
  name?: string;
  from?: Date;
  to?: Date;
  /** Only records with a photo (from a device, maybe redrawn or re-identified; never manual entries). */
  withPhoto?: boolean;
}

export const filterSql = (tenantId: number, f: RecordFilter, v: Visibility) =>
  and(
    eq(insectRecords.tenantId, tenantId),
    visible(v),
    f.deviceId === undefined ? undefined : eq(insectRecords.deviceId, f.deviceId),
    f.areaId === undefined ? undefined : eq(insectRecords.areaId, f.areaId),
    f.source === undefined ? undefined : eq(insectRecords.source, f.source),
    f.name === undefined
      ? undefined
      : sql`exists (select 1 from jsonb_array_elements(${insectRecords.counts}) e where e->>'name' = ${f.name})`,
    f.from === undefined ? undefined : gte(insectRecords.takenAt, f.from),
    f.to === undefined ? undefined : lte(insectRecords.takenAt, f.to),
    f.withPhoto ? isNotNull(insectRecords.fileId) : undefined,
  );

// Devices are joined on the tenant too, so a record never picks up another tenant's device.
export const deviceJoin = (tenantId: number) =>
  and(eq(devices.tenantId, tenantId), eq(devices.id, insectRecords.deviceId));

export const findRecord = async (
  db: Db,
  tenantId: number,
  id: number,
  v: Visibility,
  lock?: 'update',
): Promise<RecordView | undefined> => {
  const q = db
    .select(recordColumns)
    .from(insectRecords)
    .leftJoin(devices, deviceJoin(tenantId))
    .where(and(filterSql(tenantId, {}, v), eq(insectRecords.id, id)));
  const [row] = lock ? await q.for('update', { of: insectRecords }) : await q;
  return row;
};

export const listRecords = async (
  db: Db,
  tenantId: number,
  f: RecordFilter,
  v: Visibility,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: RecordView[]; total: number }> =>
  pageRows(
    db
      .select(recordColumns)
      .from(insectRecords)
      .leftJoin(devices, deviceJoin(tenantId))
      .where(filterSql(tenantId, f, v))
      .orderBy(desc(insectRecords.takenAt), desc(insectRecords.id))
      .$dynamic(),
    () =>
      db
        .select({ n: count() })
        .from(insectRecords)
        .leftJoin(devices, deviceJoin(tenantId))
        .where(filterSql(tenantId, f, v)),
    limit,
    offset,
  );

export const updateRecord = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  changes: Partial<RecordValues>,
): Promise<boolean> => {
  const rows = await db
    .update(insectRecords)
    .set({
      ...changes,
      lastUpdatedBy: userId,
      lastUpdateDate: new Date(),
      objectVersionNumber: sql`${insectRecords.objectVersionNumber} + 1`,
    })
    .where(
      and(
        eq(insectRecords.tenantId, tenantId),
        eq(insectRecords.id, id),
        eq(insectRecords.objectVersionNumber, version),
      ),
    )
    .returning({ id: insectRecords.id });
  return rows.length > 0;
};

export const deleteRecord = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const rows = await db
    .delete(insectRecords)
    .where(and(eq(insectRecords.tenantId, tenantId), eq(insectRecords.id, id)))
    .returning({ id: insectRecords.id });
  return rows.length > 0;
};

// Farm days are days of the tenant's zone (a bound parameter, ADR 0010); grouped by position below.
const farmDay = (tz: string) =>
  sql<string>`to_char(${insectRecords.takenAt} at time zone ${tz}::text, 'YYYY-MM-DD')`;
const entryName = sql<string>`(e->>'name')`;
const entryCount = sql<number>`sum((e->>'count')::int)::int`;

/** Σ count per farm day and insect name. */
export const dailyCounts = async (
  db: Db,
  tenantId: number,
  f: RecordFilter,
  v: Visibility,
  tz: string,
): Promise<{ day: string; name: string; n: number }[]> => {
  const rows = await db.execute(sql`
    select ${farmDay(tz)} as day, ${entryName} as name, ${entryCount} as n
    from ${insectRecords}
      left join ${devices} on ${deviceJoin(tenantId)}
      cross join lateral jsonb_array_elements(${insectRecords.counts}) e
    where ${filterSql(tenantId, f, v)}
    group by 1, 2
    order by 1, 2`);
  return (rows as unknown as { rows: { day: string; name: string; n: number }[] }).rows.map((r) => ({
    day: r.day,
    name: r.name,
    n: Number(r.n),
  }));
};

/** Σ count per insect name over the filter. */
export const totalsByName = async (
  db: Db,
  tenantId: number,
  f: RecordFilter,
  v: Visibility,
): Promise<{ name: string; n: number }[]> => {
  const rows = await db.execute(sql`
    select ${entryName} as name, ${entryCount} as n
    from ${insectRecords}
      left join ${devices} on ${deviceJoin(tenantId)}
      cross join lateral jsonb_array_elements(${insectRecords.counts}) e
    where ${filterSql(tenantId, f, v)}
    group by 1
    order by 2 desc, 1`);
  return (rows as unknown as { rows: { name: string; n: number }[] }).rows.map((r) => ({
    name: r.name,
    n: Number(r.n),
  }));
};

export interface PhotoFile {
  id: string;
  storageKey: string;
  fileName: string;
  fileSize: number;
}

/** Photo files of records, by insect_records.file_id (a read; the file domain writes its rows). */
export const photoFiles = async (db: Db, tenantId: number, ids: readonly string[]): Promise<PhotoFile[]> =>
  ids.length === 0
    ? []
    : db
        .select({
          id: files.id,
          storageKey: files.storageKey,
          fileName: files.fileName,
          fileSize: files.fileSize,
        })
        .from(files)
        .where(and(eq(files.tenantId, tenantId), inArray(files.id, [...ids])));
