import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { areas } from '../../farm/area/index.js';
import { lands } from '../../farm/land/index.js';
import { removeDevicesFromGroups } from '../automation/index.js';
import { deleteChannelsOfDevices } from '../control/index.js';
import { deleteSettingsOfDevices } from '../device-family/index.js';
import { devices } from './device.tables.js';

export type DeviceRow = typeof devices.$inferSelect;
/** A device with the names of its base, land and parent device (null when none or gone). */
export type DeviceView = DeviceRow & {
  areaName: string | null;
  landName: string | null;
  parentName: string | null;
};

export interface DeviceValues {
  name: string;
  iccid: string | null;
  areaId: number | null;
  landId: number | null;
  lat: number | null;
  lng: number | null;
  parentId: number | null;
  config: Record<string, unknown>;
  description: string | null;
  enabledFlag: number;
}

export type DeviceWrite = Written<DeviceRow, 'eui'>;

const UNIQUE = { devices_eui_uq: 'eui' } as const;

const byTenant = (tenantId: number): SQL => eq(devices.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(devices.id, id)) as SQL;
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const parent = alias(devices, 'parent');

const selectView = (db: Db) =>
  db
    .select({ device: devices, areaName: areas.areaName, landName: lands.landName, parentName: parent.name })
    .from(devices)
    .leftJoin(areas, and(eq(areas.tenantId, devices.tenantId), eq(areas.id, devices.areaId)))
    .leftJoin(lands, and(eq(lands.tenantId, devices.tenantId), eq(lands.id, devices.landId)))
    .leftJoin(parent, and(eq(parent.tenantId, devices.tenantId), eq(parent.id, devices.parentId)));

type ViewRecord = {
  device: DeviceRow;
  areaName: string | null;
  landName: string | null;
  parentName: string | null;
};
const toView = (r: ViewRecord): DeviceView => ({
  ...r.device,
  areaName: r.areaName,
  landName: r.landName,
  parentName: r.parentName,
});

export interface DeviceFilter {
  /** Only these types (the ones the caller may view); undefined: every type. */
  typeKeys?: readonly string[] | undefined;
  name?: string | undefined;
  eui?: string | undefined;
  areaId?: number | undefined;
  landId?: number | undefined;
  parentId?: number | undefined;
  online?: boolean | undefined;
}

const filterSql = (tenantId: number, f: DeviceFilter): SQL => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.typeKeys) parts.push(inArray(devices.typeKey, [...f.typeKeys]));
  if (f.name) parts.push(ilike(devices.name, `%${escapeLike(f.name)}%`));
  if (f.eui) parts.push(ilike(devices.eui, `%${escapeLike(f.eui)}%`));
  if (f.areaId !== undefined) parts.push(eq(devices.areaId, f.areaId));
  if (f.landId !== undefined) parts.push(eq(devices.landId, f.landId));
  if (f.parentId !== undefined) parts.push(eq(devices.parentId, f.parentId));
  if (f.online !== undefined) parts.push(eq(devices.online, f.online));
  return and(...parts) as SQL;
};

/** One page (limit undefined = all) and the total, by type then name. */
export const listDevices = async (
  db: Db,
  tenantId: number,
  f: DeviceFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: DeviceView[]; total: number }> => {
  if (f.typeKeys?.length === 0) return { rows: [], total: 0 };
  const where = filterSql(tenantId, f);
  const q = selectView(db).where(where).orderBy(asc(devices.typeKey), asc(devices.name), asc(devices.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(devices).where(where),
    limit,
    offset,
  );
  return { rows: rows.map(toView), total };
};

/** Light rows for selects (spec 02 §7 tenant device list). */
export const listDeviceOptions = async (db: Db, tenantId: number, f: DeviceFilter) => {
  if (f.typeKeys?.length === 0) return [];
  return db
    .select({
      id: devices.id,
      deviceType: devices.typeKey,
      name: devices.name,
      eui: devices.eui,
      areaId: devices.areaId,
      online: devices.online,
    })
    .from(devices)
    .where(filterSql(tenantId, f))
    .orderBy(asc(devices.name), asc(devices.id));
};

export const findDevice = async (
  db: Db,
  tenantId: number,
  id: number,
  lock?: 'update',
): Promise<DeviceView | undefined> => {
  if (lock) await db.select({ id: devices.id }).from(devices).where(byId(tenantId, id)).for(lock);
  const [r] = await selectView(db).where(byId(tenantId, id));
  return r ? toView(r) : undefined;
};

export const findDevicesByIds = async (db: Db, tenantId: number, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : (await selectView(db).where(and(byTenant(tenantId), inArray(devices.id, [...ids])))).map(toView);

/** Devices of some types, oldest first (demo seeding picks the first of each). */
export const devicesOfTypes = (db: Db, tenantId: number, typeKeys: readonly string[]): Promise<DeviceRow[]> =>
  db
    .select()
    .from(devices)
    .where(and(byTenant(tenantId), inArray(devices.typeKey, [...typeKeys])))
    .orderBy(asc(devices.id));

export const findDeviceByEui = async (
  db: Db,
  tenantId: number,
  typeKey: string,
  eui: string,
): Promise<DeviceRow | undefined> => {
  const [r] = await db
    .select()
    .from(devices)
    .where(and(byTenant(tenantId), eq(devices.typeKey, typeKey), eq(devices.eui, eui)));
  return r;
};

/** Children of `ids` that are not themselves among `ids` (deleting a gateway with its nodes is fine). */
export const countOutsideChildren = async (db: Db, tenantId: number, ids: readonly number[]) => {
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(byTenant(tenantId), inArray(devices.parentId, [...ids])));
  const set = new Set(ids);
  return rows.filter((r) => !set.has(r.id)).length;
};

export const insertDevice = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: DeviceValues & { typeKey: string; eui: string; secretHash: string },
): Promise<DeviceWrite> => {
  const res = await guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(devices)
      .values({ tenantId, ...v, secretIssuedAt: new Date(), createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('device insert returned nothing');
  return res;
};

/** Optimistic update: undefined when no row has this id and version. */
export const updateDevice = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<DeviceValues>,
): Promise<DeviceRow | undefined> => {
  const [r] = await db
    .update(devices)
    .set({ ...v, ...bump(userId, devices.objectVersionNumber) })
    .where(and(byId(tenantId, id), eq(devices.objectVersionNumber, version)))
    .returning();
  return r;
};

/** Stores a new config; bumps the version so an open edit form gets a 409 instead of overwriting it. */
export const updateDeviceConfig = async (
  db: Db,
  tenantId: number,
  id: number,
  userId: number,
  config: Record<string, unknown>,
): Promise<DeviceRow | undefined> => {
  const [r] = await db
    .update(devices)
    .set({ config, ...bump(userId, devices.objectVersionNumber) })
    .where(byId(tenantId, id))
    .returning();
  return r;
};

/** Removes metric keys from a device's latest values (deleted collection items). */
export const dropLatest = async (db: Db, tenantId: number, id: number, keys: readonly string[]) => {
  await db
    .update(devices)
    .set({
      latest: sql`${devices.latest} - ARRAY[${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}]::text[]`,
    })
    .where(byId(tenantId, id));
};

/** A new broker secret (its hash); the old one stops working at once. */
export const setDeviceSecret = async (
  db: Db,
  tenantId: number,
  id: number,
  userId: number,
  secretHash: string,
): Promise<boolean> => {
  const r = await db
    .update(devices)
    .set({ secretHash, secretIssuedAt: new Date(), lastUpdatedBy: userId, lastUpdateDate: new Date() })
    .where(byId(tenantId, id))
    .returning({ id: devices.id });
  return r.length > 0;
};

/** Moves devices to a base and land (system deviceManager transfer). */
export const transferDevices = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
  userId: number,
  areaId: number,
  landId: number,
): Promise<number> => {
  const r = await db
    .update(devices)
    .set({ areaId, landId, ...bump(userId, devices.objectVersionNumber) })
    .where(and(byTenant(tenantId), inArray(devices.id, [...ids])))
    .returning({ id: devices.id });
  return r.length;
};

/**
 * Deletes devices with what only makes sense with them: their channels, settings and group memberships.
 * History stays (telemetry, rollups, commands, alarms, status log, insect records): reports of past
 * seasons keep their numbers. Alarm rules of a deleted device are the alarm module's to show as orphaned.
 */
export const deleteDevices = async (db: Db, tenantId: number, ids: readonly number[]): Promise<number> => {
  if (ids.length === 0) return 0;
  // What hangs off a device is deleted by its owner, in the caller's transaction.
  await deleteChannelsOfDevices(db, tenantId, ids);
  await deleteSettingsOfDevices(db, tenantId, ids);
  await removeDevicesFromGroups(db, tenantId, ids);
  const gone = await db
    .delete(devices)
    .where(and(byTenant(tenantId), inArray(devices.id, [...ids])))
    .returning({ id: devices.id });
  return gone.length;
};

/** Devices that carry a SIM card (sim-manage info). */
export const devicesWithIccid = async (db: Db, tenantId: number, iccid: string) =>
  (
    await selectView(db)
      .where(and(byTenant(tenantId), eq(devices.iccid, iccid)))
      .orderBy(asc(devices.name))
  ).map(toView);

/** How many devices carry each of `iccids`. */
export const countByIccid = async (
  db: Db,
  tenantId: number,
  iccids: readonly string[],
): Promise<Map<string, number>> => {
  if (iccids.length === 0) return new Map();
  const rows = await db
    .select({ iccid: devices.iccid, n: count() })
    .from(devices)
    .where(and(byTenant(tenantId), inArray(devices.iccid, [...iccids])))
    .groupBy(devices.iccid);
  return new Map(rows.map((r) => [r.iccid ?? '', r.n]));
};
