import { and, asc, count, desc, eq, gt, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { areas } from '../../farm/area/index.js';
import { lands } from '../../farm/land/index.js';
import { cameraCaptureSchedules, cameraPresets, cameraShares, cameras } from './camera.tables.js';

// Cameras are read by id without a tenant filter on purpose: row-level security answers the caller's own
// cameras and those shared to it (camera.tables.ts); `relation` tells them apart.

export type CameraRow = typeof cameras.$inferSelect;
export type CameraValues = Omit<
  typeof cameras.$inferInsert,
  | 'tenantId'
  | 'id'
  | 'createdBy'
  | 'creationDate'
  | 'lastUpdatedBy'
  | 'lastUpdateDate'
  | 'objectVersionNumber'
>;
export interface CameraView extends CameraRow {
  areaName: string | null;
  landName: string | null;
}

const UNIQUE = { cameras_serial_uq: 'serial' } as const;
export type CameraWrite = Written<CameraRow, 'serial'>;

/** Lets the share policies see shares addressed to this user (app.user_id, this transaction only). */
export const setViewer = async (db: Db, userId: number): Promise<void> => {
  await db.execute(sql`select set_config('app.user_id', ${String(userId)}, true)`);
};

const viewColumns = {
  camera: cameras,
  areaName: areas.areaName,
  landName: lands.landName,
};
const withPlace = (db: Db) =>
  db
    .select(viewColumns)
    .from(cameras)
    .leftJoin(areas, and(eq(areas.tenantId, cameras.tenantId), eq(areas.id, cameras.areaId)))
    .leftJoin(lands, and(eq(lands.tenantId, cameras.tenantId), eq(lands.id, cameras.landId)));
const toView = (r: { camera: CameraRow; areaName: string | null; landName: string | null }): CameraView => ({
  ...r.camera,
  areaName: r.areaName,
  landName: r.landName,
});

export interface CameraFilter {
  /** owner: tenantId's own; share: shared to it; undefined: both. */
  relation?: 'owner' | 'share' | undefined;
  name?: string | undefined;
  deviceSerial?: string | undefined;
  cameraType?: number | undefined;
  cameraEnter?: number | undefined;
  areaId?: number | undefined;
  landId?: number | undefined;
}

const filterOf = (tenantId: number, f: CameraFilter): SQL => {
  const parts: SQL[] = [];
  if (f.relation === 'owner') parts.push(eq(cameras.tenantId, tenantId));
  if (f.relation === 'share') parts.push(ne(cameras.tenantId, tenantId));
  if (f.name) parts.push(ilike(cameras.name, `%${escapeLike(f.name)}%`));
  if (f.deviceSerial) parts.push(ilike(cameras.deviceSerial, `%${escapeLike(f.deviceSerial)}%`));
  if (f.cameraType !== undefined) parts.push(eq(cameras.cameraType, f.cameraType));
  if (f.cameraEnter !== undefined) parts.push(eq(cameras.cameraEnter, f.cameraEnter));
  if (f.areaId !== undefined) parts.push(eq(cameras.areaId, f.areaId));
  if (f.landId !== undefined) parts.push(eq(cameras.landId, f.landId));
  return parts.length ? (and(...parts) as SQL) : sql`true`;
};

export const listCameras = async (
  db: Db,
  tenantId: number,
  f: CameraFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: CameraView[]; total: number }> => {
  const where = filterOf(tenantId, f);
  const q = withPlace(db).where(where).orderBy(asc(cameras.sort), desc(cameras.id));
  const page = await pageRows(q, () => db.select({ n: count() }).from(cameras).where(where), limit, offset);
  return { rows: page.rows.map(toView), total: page.total };
};

export const findCamera = async (db: Db, id: number): Promise<CameraView | undefined> => {
  const [r] = await withPlace(db).where(eq(cameras.id, id));
  return r ? toView(r) : undefined;
};

/** The tenant's own cameras among ids (shared ones are not the caller's to change). */
export const ownCameras = async (db: Db, tenantId: number, ids: readonly number[]): Promise<CameraRow[]> =>
  ids.length === 0
    ? []
    : db
        .select()
        .from(cameras)
        .where(and(eq(cameras.tenantId, tenantId), inArray(cameras.id, [...ids])));

export const insertCamera = (
  db: Db,
  tenantId: number,
  userId: number,
  v: CameraValues,
): Promise<CameraWrite | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(cameras)
      .values({ ...v, tenantId, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });

/** Updates when the version matches; undefined when stale or gone. */
export const updateCamera = (
  db: Db,
  tenantId: number,
  id: number,
  version: number | undefined,
  userId: number,
  v: Partial<CameraValues>,
): Promise<CameraWrite | undefined> =>
  guardUnique(UNIQUE, async () => {
    const where = [eq(cameras.tenantId, tenantId), eq(cameras.id, id)];
    if (version !== undefined) where.push(eq(cameras.objectVersionNumber, version));
    const [r] = await db
      .update(cameras)
      .set({ ...v, ...bump(userId, cameras.objectVersionNumber) })
      .where(and(...where))
      .returning();
    return r;
  });

export const serialTaken = async (
  db: Db,
  tenantId: number,
  serial: string,
  channelNo: number,
  exceptId?: number,
): Promise<boolean> => {
  const parts = [
    eq(cameras.tenantId, tenantId),
    eq(cameras.deviceSerial, serial),
    eq(cameras.channelNo, channelNo),
  ];
  if (exceptId !== undefined) parts.push(ne(cameras.id, exceptId));
  const [r] = await db
    .select({ id: cameras.id })
    .from(cameras)
    .where(and(...parts))
    .limit(1);
  return r !== undefined;
};

/** Deletes cameras with their presets, shares and schedules (stills stay with their plot). */
export const deleteCameras = async (db: Db, tenantId: number, ids: readonly number[]): Promise<number> => {
  if (ids.length === 0) return 0;
  const list = [...ids];
  await db
    .delete(cameraPresets)
    .where(and(eq(cameraPresets.tenantId, tenantId), inArray(cameraPresets.cameraId, list)));
  await db
    .delete(cameraShares)
    .where(and(eq(cameraShares.tenantId, tenantId), inArray(cameraShares.cameraId, list)));
  await db
    .delete(cameraCaptureSchedules)
    .where(
      and(eq(cameraCaptureSchedules.tenantId, tenantId), inArray(cameraCaptureSchedules.cameraId, list)),
    );
  const gone = await db
    .delete(cameras)
    .where(and(eq(cameras.tenantId, tenantId), inArray(cameras.id, list)))
    .returning({ id: cameras.id });
  return gone.length;
};

export const moveCameras = async (
  db: Db,
  tenantId: number,
  userId: number,
  ids: readonly number[],
  areaId: number,
  landId: number,
): Promise<number> => {
  const moved = await db
    .update(cameras)
    .set({ areaId, landId, ...bump(userId, cameras.objectVersionNumber) })
    .where(and(eq(cameras.tenantId, tenantId), inArray(cameras.id, [...ids])))
    .returning({ id: cameras.id });
  return moved.length;
};

// ---- Shares ----

export type ShareRow = typeof cameraShares.$inferSelect;

export const insertShare = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: { cameraId: number; toTenantId: number; toUserId: number | null; expiresAt: Date },
): Promise<ShareRow> => {
  const [r] = await db
    .insert(cameraShares)
    .values({ ...v, tenantId, viewOnly: 1, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('share not stored');
  return r;
};

export const listShares = (db: Db, tenantId: number, cameraId: number): Promise<ShareRow[]> =>
  db
    .select()
    .from(cameraShares)
    .where(and(eq(cameraShares.tenantId, tenantId), eq(cameraShares.cameraId, cameraId)))
    .orderBy(desc(cameraShares.id));

export const countActiveShares = async (db: Db, tenantId: number, cameraId: number): Promise<number> => {
  const [r] = await db
    .select({ n: count() })
    .from(cameraShares)
    .where(
      and(
        eq(cameraShares.tenantId, tenantId),
        eq(cameraShares.cameraId, cameraId),
        gt(cameraShares.expiresAt, sql`now()`),
      ),
    );
  return r?.n ?? 0;
};

export const deleteShare = async (db: Db, tenantId: number, id: number): Promise<ShareRow | undefined> => {
  const [r] = await db
    .delete(cameraShares)
    .where(and(eq(cameraShares.tenantId, tenantId), eq(cameraShares.id, id)))
    .returning();
  return r;
};

// ---- Presets ----

export type PresetRow = typeof cameraPresets.$inferSelect;

export const listPresets = (db: Db, tenantId: number, cameraId: number): Promise<PresetRow[]> =>
  db
    .select()
    .from(cameraPresets)
    .where(and(eq(cameraPresets.tenantId, tenantId), eq(cameraPresets.cameraId, cameraId)))
    .orderBy(asc(cameraPresets.presetIndex));

export const findPreset = async (db: Db, tenantId: number, id: number): Promise<PresetRow | undefined> => {
  const [r] = await db
    .select()
    .from(cameraPresets)
    .where(and(eq(cameraPresets.tenantId, tenantId), eq(cameraPresets.id, id)));
  return r;
};

/** Sets (or renames) the preset at index. */
export const upsertPreset = async (
  db: Db,
  tenantId: number,
  userId: number,
  cameraId: number,
  presetIndex: number,
  name: string,
): Promise<PresetRow> => {
  const [r] = await db
    .insert(cameraPresets)
    .values({ tenantId, cameraId, presetIndex, name, createdBy: userId, lastUpdatedBy: userId })
    .onConflictDoUpdate({
      target: [cameraPresets.tenantId, cameraPresets.cameraId, cameraPresets.presetIndex],
      set: { name, ...bump(userId, cameraPresets.objectVersionNumber) },
    })
    .returning();
  if (!r) throw new Error('preset not stored');
  return r;
};

export const deletePreset = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(cameraPresets).where(and(eq(cameraPresets.tenantId, tenantId), eq(cameraPresets.id, id)));
};

/** Cameras of a base (or all of the tenant) whose area is null-or-matching, for the tree. */
export const camerasOfBase = (
  db: Db,
  tenantId: number,
  areaId: number,
): Promise<{ id: number; name: string; deviceSerial: string; landId: number | null }[]> =>
  db
    .select({
      id: cameras.id,
      name: cameras.name,
      deviceSerial: cameras.deviceSerial,
      landId: cameras.landId,
    })
    .from(cameras)
    .where(and(eq(cameras.tenantId, tenantId), eq(cameras.areaId, areaId)))
    .orderBy(asc(cameras.sort), asc(cameras.id));

export const landsOfBase = (db: Db, tenantId: number, areaId: number) =>
  db
    .select({ landId: lands.id, landName: lands.landName })
    .from(lands)
    .where(and(eq(lands.tenantId, tenantId), eq(lands.areaId, areaId)))
    .orderBy(asc(lands.id));

/** Plots of the tenant with their bases, first ones first (the demo seed spreads cameras over them). */
export const tenantPlots = (db: Db, tenantId: number, limit: number) =>
  db
    .select({ landId: lands.id, areaId: lands.areaId })
    .from(lands)
    .where(eq(lands.tenantId, tenantId))
    .orderBy(asc(lands.id))
    .limit(limit);

/** The provider's online state; not an edit, so the version stays (a console's open form is not made stale). */
export const setOnline = async (db: Db, tenantId: number, id: number, online: 0 | 1): Promise<void> => {
  await db
    .update(cameras)
    .set({ online })
    .where(and(eq(cameras.tenantId, tenantId), eq(cameras.id, id), ne(cameras.online, online)));
};
