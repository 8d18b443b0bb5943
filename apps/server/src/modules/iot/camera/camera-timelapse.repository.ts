import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { guardUnique } from '../../../platform/db/writes.js';
import { lands } from '../../farm/land/index.js';
import { files } from '../../messaging/file/index.js';
import { cameraSeedlingImages, cameras, cameraTimelapses } from './camera.tables.js';

// Growth time-lapse jobs and the stills they are made of.

export type TimelapseJob = typeof cameraTimelapses.$inferSelect;
export type TimelapseRow = TimelapseJob & { landName: string | null };
export type TimelapseValues = Omit<
  typeof cameraTimelapses.$inferInsert,
  | 'tenantId'
  | 'id'
  | 'createdBy'
  | 'lastUpdatedBy'
  | 'creationDate'
  | 'lastUpdateDate'
  | 'objectVersionNumber'
>;

const select = (db: Db) =>
  db
    .select({ t: cameraTimelapses, landName: lands.landName })
    .from(cameraTimelapses)
    .leftJoin(
      lands,
      and(eq(lands.tenantId, cameraTimelapses.tenantId), eq(lands.id, cameraTimelapses.landId)),
    );
const flat = (r: { t: typeof cameraTimelapses.$inferSelect; landName: string | null }): TimelapseRow => ({
  ...r.t,
  landName: r.landName,
});

export const findTimelapse = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<TimelapseRow | undefined> => {
  const [r] = await select(db).where(
    and(eq(cameraTimelapses.tenantId, tenantId), eq(cameraTimelapses.id, id)),
  );
  return r ? flat(r) : undefined;
};

export const listTimelapses = async (
  db: Db,
  tenantId: number,
  f: { landId?: number | undefined; batchId?: number | undefined },
  limit: number | undefined,
  offset: number,
): Promise<{ rows: TimelapseRow[]; total: number }> => {
  const parts: SQL[] = [eq(cameraTimelapses.tenantId, tenantId)];
  if (f.landId !== undefined) parts.push(eq(cameraTimelapses.landId, f.landId));
  if (f.batchId !== undefined) parts.push(eq(cameraTimelapses.batchId, f.batchId));
  const where = and(...parts) as SQL;
  const page = await pageRows(
    select(db).where(where).orderBy(desc(cameraTimelapses.id)),
    () => db.select({ n: count() }).from(cameraTimelapses).where(where),
    limit,
    offset,
  );
  return { rows: page.rows.map(flat), total: page.total };
};

/** The new job's id, or undefined when the tenant already has one queued or running (the partial unique index). */
export const insertTimelapse = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: TimelapseValues,
): Promise<number | undefined> => {
  const r = await guardUnique({ camera_timelapses_one_pending_uq: 'busy' }, async () => {
    const [row] = await db
      .insert(cameraTimelapses)
      .values({ ...v, tenantId, createdBy: userId, lastUpdatedBy: userId })
      .returning({ id: cameraTimelapses.id });
    return row;
  });
  if (!r) throw new Error('time-lapse not stored');
  return 'row' in r ? r.row.id : undefined;
};

/** Jobs of the tenant not finished yet (queued or running), oldest first. */
export const pendingTimelapses = (db: Db, tenantId: number) =>
  db
    .select()
    .from(cameraTimelapses)
    .where(
      and(eq(cameraTimelapses.tenantId, tenantId), inArray(cameraTimelapses.status, ['queued', 'running'])),
    )
    .orderBy(asc(cameraTimelapses.id));

/** A job a runner may take: queued, or running without a word since `staleBefore` (its process is gone). */
const claimable = (tenantId: number, staleBefore: Date) =>
  and(
    eq(cameraTimelapses.tenantId, tenantId),
    or(
      eq(cameraTimelapses.status, 'queued'),
      and(eq(cameraTimelapses.status, 'running'), lt(cameraTimelapses.lastUpdateDate, staleBefore)),
    ),
  ) as SQL;

export const nextClaimable = async (
  db: Db,
  tenantId: number,
  staleBefore: Date,
): Promise<number | undefined> => {
  const [r] = await db
    .select({ id: cameraTimelapses.id })
    .from(cameraTimelapses)
    .where(claimable(tenantId, staleBefore))
    .orderBy(asc(cameraTimelapses.id))
    .limit(1);
  return r?.id;
};

/** Takes the job for this runner (running, progress 1); undefined when another took it first. */
export const claimTimelapse = async (
  db: Db,
  tenantId: number,
  id: number,
  staleBefore: Date,
): Promise<TimelapseJob | undefined> => {
  const [r] = await db
    .update(cameraTimelapses)
    .set({
      status: 'running',
      progress: 1,
      error: null,
      lastUpdateDate: new Date(),
      objectVersionNumber: sql`${cameraTimelapses.objectVersionNumber} + 1`,
    })
    .where(and(eq(cameraTimelapses.id, id), claimable(tenantId, staleBefore)))
    .returning();
  return r;
};

/** Moves a job on (status, progress, frames, error, video); a job deleted meanwhile answers false. */
export const setTimelapseState = async (
  db: Db,
  tenantId: number,
  id: number,
  v: Partial<Pick<TimelapseValues, 'status' | 'progress' | 'frames' | 'error' | 'videoPath' | 'videoSize'>>,
): Promise<boolean> => {
  const r = await db
    .update(cameraTimelapses)
    .set({
      ...v,
      lastUpdateDate: new Date(),
      objectVersionNumber: sql`${cameraTimelapses.objectVersionNumber} + 1`,
    })
    .where(and(eq(cameraTimelapses.tenantId, tenantId), eq(cameraTimelapses.id, id)))
    .returning({ id: cameraTimelapses.id });
  return r.length > 0;
};

export const deleteTimelapse = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db
    .delete(cameraTimelapses)
    .where(and(eq(cameraTimelapses.tenantId, tenantId), eq(cameraTimelapses.id, id)));
};

export interface StillRef {
  id: number;
  takenAt: Date;
  storageKey: string;
}

const stillWhere = (
  tenantId: number,
  f: { landId: number; cameraId?: number | null; from: Date; to: Date },
) => {
  const parts: SQL[] = [
    eq(cameraSeedlingImages.tenantId, tenantId),
    eq(cameraSeedlingImages.landId, f.landId),
    gte(cameraSeedlingImages.takenAt, f.from),
    lt(cameraSeedlingImages.takenAt, f.to),
  ];
  if (f.cameraId) parts.push(eq(cameraSeedlingImages.cameraId, f.cameraId));
  return and(...parts) as SQL;
};

export const countStills = async (
  db: Db,
  tenantId: number,
  f: { landId: number; cameraId?: number | null; from: Date; to: Date },
): Promise<number> => {
  const [r] = await db.select({ n: count() }).from(cameraSeedlingImages).where(stillWhere(tenantId, f));
  return r?.n ?? 0;
};

/** The plot's stills in the range, in time order, with where their bytes are. */
export const stillsOf = (
  db: Db,
  tenantId: number,
  f: { landId: number; cameraId?: number | null; from: Date; to: Date },
): Promise<StillRef[]> =>
  db
    .select({
      id: cameraSeedlingImages.id,
      takenAt: cameraSeedlingImages.takenAt,
      storageKey: files.storageKey,
    })
    .from(cameraSeedlingImages)
    .innerJoin(
      files,
      and(eq(files.tenantId, cameraSeedlingImages.tenantId), eq(files.id, cameraSeedlingImages.fileId)),
    )
    .where(stillWhere(tenantId, f))
    .orderBy(asc(cameraSeedlingImages.takenAt), asc(cameraSeedlingImages.id));

/** Cameras looking at the plot (the caller's bases only). */
export const plotCameraIds = async (db: Db, tenantId: number, landId: number): Promise<number[]> =>
  (
    await db
      .select({ id: cameras.id })
      .from(cameras)
      .where(and(eq(cameras.tenantId, tenantId), eq(cameras.landId, landId)))
      .orderBy(asc(cameras.id))
  ).map((r) => r.id);
