import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { lands } from '../../farm/land/index.js';
import {
  cameraCaptureSchedules,
  cameraSeedlingImages,
  cameraSplitTemplates,
  cameras,
} from './camera.tables.js';

// Capture schedules, seedling-situation stills and split-screen templates.

// ---- Schedules ----

export type ScheduleRow = typeof cameraCaptureSchedules.$inferSelect & { cameraName: string };
export interface ScheduleValues {
  cameraId: number;
  intervalMin: number;
  durationMin: number;
  startTime: string;
  presetIndex: number | null;
  active: number;
}

const scheduleSelect = (db: Db) =>
  db
    .select({ s: cameraCaptureSchedules, cameraName: cameras.name })
    .from(cameraCaptureSchedules)
    .innerJoin(
      cameras,
      and(
        eq(cameras.tenantId, cameraCaptureSchedules.tenantId),
        eq(cameras.id, cameraCaptureSchedules.cameraId),
      ),
    );
const flat = (r: { s: typeof cameraCaptureSchedules.$inferSelect; cameraName: string }): ScheduleRow => ({
  ...r.s,
  cameraName: r.cameraName,
});

export const listSchedules = async (
  db: Db,
  tenantId: number,
  cameraId: number | undefined,
  limit?: number,
  offset = 0,
): Promise<{ rows: ScheduleRow[]; total: number }> => {
  const parts: SQL[] = [eq(cameraCaptureSchedules.tenantId, tenantId)];
  if (cameraId !== undefined) parts.push(eq(cameraCaptureSchedules.cameraId, cameraId));
  const where = and(...parts) as SQL;
  const q = scheduleSelect(db).where(where).orderBy(desc(cameraCaptureSchedules.id));
  // Counted over the join so a schedule of a camera outside the caller's bases is not counted either.
  const page = await pageRows(
    q,
    () =>
      db
        .select({ n: count() })
        .from(cameraCaptureSchedules)
        .innerJoin(
          cameras,
          and(
            eq(cameras.tenantId, cameraCaptureSchedules.tenantId),
            eq(cameras.id, cameraCaptureSchedules.cameraId),
          ),
        )
        .where(where),
    limit,
    offset,
  );
  return { rows: page.rows.map(flat), total: page.total };
};

export const findSchedule = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<ScheduleRow | undefined> => {
  const [r] = await scheduleSelect(db).where(
    and(eq(cameraCaptureSchedules.tenantId, tenantId), eq(cameraCaptureSchedules.id, id)),
  );
  return r ? flat(r) : undefined;
};

export const insertSchedule = async (db: Db, tenantId: number, userId: number, v: ScheduleValues) => {
  const [r] = await db
    .insert(cameraCaptureSchedules)
    .values({ ...v, tenantId, createdBy: userId, lastUpdatedBy: userId })
    .returning({ id: cameraCaptureSchedules.id });
  if (!r) throw new Error('schedule not stored');
  return r.id;
};

export const updateSchedule = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: ScheduleValues,
): Promise<boolean> => {
  const r = await db
    .update(cameraCaptureSchedules)
    .set({ ...v, ...bump(userId, cameraCaptureSchedules.objectVersionNumber) })
    .where(
      and(
        eq(cameraCaptureSchedules.tenantId, tenantId),
        eq(cameraCaptureSchedules.id, id),
        eq(cameraCaptureSchedules.objectVersionNumber, version),
      ),
    )
    .returning({ id: cameraCaptureSchedules.id });
  return r.length > 0;
};

export const deleteSchedule = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db
    .delete(cameraCaptureSchedules)
    .where(and(eq(cameraCaptureSchedules.tenantId, tenantId), eq(cameraCaptureSchedules.id, id)));
};

/** Active schedules of the tenant (the job's pass). */
export const activeSchedules = (db: Db, tenantId: number) =>
  db
    .select()
    .from(cameraCaptureSchedules)
    .where(and(eq(cameraCaptureSchedules.tenantId, tenantId), eq(cameraCaptureSchedules.active, 1)))
    .orderBy(asc(cameraCaptureSchedules.id));

/** Claims a slot: true once per (schedule, slot), whoever asks (idempotent across passes and processes). */
export const claimSlot = async (db: Db, tenantId: number, id: number, slot: Date): Promise<boolean> => {
  const r = await db
    .update(cameraCaptureSchedules)
    .set({ lastSlotAt: slot })
    .where(
      and(
        eq(cameraCaptureSchedules.tenantId, tenantId),
        eq(cameraCaptureSchedules.id, id),
        or(isNull(cameraCaptureSchedules.lastSlotAt), lt(cameraCaptureSchedules.lastSlotAt, slot)),
      ),
    )
    .returning({ id: cameraCaptureSchedules.id });
  return r.length > 0;
};

// ---- Seedling-situation stills ----

export type SeedlingRow = typeof cameraSeedlingImages.$inferSelect & {
  cameraName: string | null;
  landName: string | null;
};

export const insertSeedling = async (
  db: Db,
  tenantId: number,
  v: {
    cameraId: number;
    areaId: number | null;
    landId: number | null;
    fileId: string;
    takenAt: Date;
    source: 'schedule' | 'manual';
    scheduleId?: number | null;
    slotAt?: Date | null;
    createdBy: number | null;
  },
): Promise<void> => {
  await db
    .insert(cameraSeedlingImages)
    .values({ ...v, tenantId, lastUpdatedBy: v.createdBy })
    .onConflictDoNothing();
};

const seedlingSelect = (db: Db) =>
  db
    .select({ i: cameraSeedlingImages, cameraName: cameras.name, landName: lands.landName })
    .from(cameraSeedlingImages)
    .leftJoin(
      cameras,
      and(eq(cameras.tenantId, cameraSeedlingImages.tenantId), eq(cameras.id, cameraSeedlingImages.cameraId)),
    )
    .leftJoin(
      lands,
      and(eq(lands.tenantId, cameraSeedlingImages.tenantId), eq(lands.id, cameraSeedlingImages.landId)),
    );
const flatImage = (r: {
  i: typeof cameraSeedlingImages.$inferSelect;
  cameraName: string | null;
  landName: string | null;
}): SeedlingRow => ({ ...r.i, cameraName: r.cameraName, landName: r.landName });

export interface SeedlingFilter {
  cameraId?: number | undefined;
  landId?: number | undefined;
  areaId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export const listSeedlings = async (
  db: Db,
  tenantId: number,
  f: SeedlingFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: SeedlingRow[]; total: number }> => {
  const parts: SQL[] = [eq(cameraSeedlingImages.tenantId, tenantId)];
  if (f.cameraId !== undefined) parts.push(eq(cameraSeedlingImages.cameraId, f.cameraId));
  if (f.landId !== undefined) parts.push(eq(cameraSeedlingImages.landId, f.landId));
  if (f.areaId !== undefined) parts.push(eq(cameraSeedlingImages.areaId, f.areaId));
  if (f.from) parts.push(gte(cameraSeedlingImages.takenAt, f.from));
  if (f.to) parts.push(lt(cameraSeedlingImages.takenAt, f.to));
  const where = and(...parts) as SQL;
  const q = seedlingSelect(db)
    .where(where)
    .orderBy(desc(cameraSeedlingImages.takenAt), desc(cameraSeedlingImages.id));
  const page = await pageRows(
    q,
    () => db.select({ n: count() }).from(cameraSeedlingImages).where(where),
    limit,
    offset,
  );
  return { rows: page.rows.map(flatImage), total: page.total };
};

/** Per plot: how many stills and the newest one's id. */
export const seedlingByLand = async (
  db: Db,
  tenantId: number,
  f: { areaId?: number | undefined; landId?: number | undefined },
): Promise<{ landId: number | null; areaId: number | null; images: number; latestId: number }[]> => {
  const parts: SQL[] = [eq(cameraSeedlingImages.tenantId, tenantId)];
  if (f.areaId !== undefined) parts.push(eq(cameraSeedlingImages.areaId, f.areaId));
  if (f.landId !== undefined) parts.push(eq(cameraSeedlingImages.landId, f.landId));
  const rows = await db
    .select({
      landId: cameraSeedlingImages.landId,
      areaId: sql<number | null>`max(${cameraSeedlingImages.areaId})`.mapWith(Number),
      images: count(),
      latestId:
        sql<number>`(array_agg(${cameraSeedlingImages.id} order by ${cameraSeedlingImages.takenAt} desc))[1]`.mapWith(
          Number,
        ),
    })
    .from(cameraSeedlingImages)
    .where(and(...parts))
    .groupBy(cameraSeedlingImages.landId)
    .orderBy(asc(cameraSeedlingImages.landId));
  return rows.map((r) => ({ ...r, areaId: Number.isFinite(r.areaId) ? r.areaId : null }));
};

export const seedlingsById = async (db: Db, tenantId: number, ids: number[]): Promise<SeedlingRow[]> =>
  ids.length === 0
    ? []
    : (
        await seedlingSelect(db).where(
          and(eq(cameraSeedlingImages.tenantId, tenantId), inArray(cameraSeedlingImages.id, ids)),
        )
      ).map(flatImage);

// ---- Split-screen templates ----

export type TemplateRow = typeof cameraSplitTemplates.$inferSelect;
export interface TemplateValues {
  name: string;
  layout: number;
  cells: { index: number; cameraId: number | null }[];
}

export const listTemplates = (db: Db, tenantId: number, userId: number): Promise<TemplateRow[]> =>
  db
    .select()
    .from(cameraSplitTemplates)
    .where(and(eq(cameraSplitTemplates.tenantId, tenantId), eq(cameraSplitTemplates.userId, userId)))
    .orderBy(asc(cameraSplitTemplates.id));

/** A template of this user (another user's is not found). */
export const findTemplate = async (
  db: Db,
  tenantId: number,
  userId: number,
  id: number,
): Promise<TemplateRow | undefined> => {
  const [r] = await db
    .select()
    .from(cameraSplitTemplates)
    .where(
      and(
        eq(cameraSplitTemplates.tenantId, tenantId),
        eq(cameraSplitTemplates.userId, userId),
        eq(cameraSplitTemplates.id, id),
      ),
    );
  return r;
};

export const insertTemplate = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: TemplateValues,
): Promise<TemplateRow> => {
  const [r] = await db
    .insert(cameraSplitTemplates)
    .values({ ...v, tenantId, userId, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('template not stored');
  return r;
};

export const updateTemplate = async (
  db: Db,
  tenantId: number,
  userId: number,
  id: number,
  version: number,
  v: TemplateValues,
): Promise<TemplateRow | undefined> => {
  const [r] = await db
    .update(cameraSplitTemplates)
    .set({ ...v, ...bump(userId, cameraSplitTemplates.objectVersionNumber) })
    .where(
      and(
        eq(cameraSplitTemplates.tenantId, tenantId),
        eq(cameraSplitTemplates.userId, userId),
        eq(cameraSplitTemplates.id, id),
        eq(cameraSplitTemplates.objectVersionNumber, version),
      ),
    )
    .returning();
  return r;
};

export const deleteTemplate = async (db: Db, tenantId: number, userId: number, id: number): Promise<void> => {
  await db
    .delete(cameraSplitTemplates)
    .where(
      and(
        eq(cameraSplitTemplates.tenantId, tenantId),
        eq(cameraSplitTemplates.userId, userId),
        eq(cameraSplitTemplates.id, id),
      ),
    );
};
