import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { areas } from '../../farm/area/index.js';
import { vrTourAreas, vrTours } from './tour.tables.js';

export type TourRow = typeof vrTours.$inferSelect;
export type TourListRow = TourRow & { sceneCount: number };
export interface TourValues {
  name: string;
  cover: string;
  description: string;
  enabledFlag: number;
}
export interface TourFilter {
  vrName?: string | undefined;
  areaId?: number | undefined;
  enabledFlag?: number | undefined;
}

const T = vrTours;
const byId = (tenantId: number, id: number): SQL => and(eq(T.tenantId, tenantId), eq(T.id, id)) as SQL;
// Correlated on the outer row by qualified names (an unqualified column would bind to the subquery's table).
const sceneCount = sql<number>`(select count(*)::int from vr_scenes s where s.tenant_id = "vr_tours"."tenant_id" and s.vr_id = "vr_tours"."id")`;

export const listTours = async (
  db: Db,
  tenantId: number,
  f: TourFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: TourListRow[]; total: number }> => {
  const parts: SQL[] = [eq(T.tenantId, tenantId)];
  if (f.vrName) parts.push(ilike(T.name, `%${escapeLike(f.vrName)}%`));
  if (f.enabledFlag !== undefined) parts.push(eq(T.enabledFlag, f.enabledFlag));
  if (f.areaId !== undefined) {
    parts.push(
      sql`exists (select 1 from vr_tour_areas a where a.tenant_id = "vr_tours"."tenant_id" and a.vr_id = "vr_tours"."id" and a.area_id = ${f.areaId})`,
    );
  }
  const where = and(...parts) as SQL;
  const q = db.select({ t: T, sceneCount }).from(T).where(where).orderBy(desc(T.creationDate), desc(T.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(T).where(where),
    limit,
    offset,
  );
  return { rows: rows.map((r) => ({ ...r.t, sceneCount: r.sceneCount })), total };
};

export const findTour = async (db: Db, tenantId: number, id: number): Promise<TourListRow | undefined> => {
  const [r] = await db.select({ t: T, sceneCount }).from(T).where(byId(tenantId, id));
  return r ? { ...r.t, sceneCount: r.sceneCount } : undefined;
};

/** Locks the tour row: scene adds, deletes and reorders of one tour run one at a time (the 10 limit). */
export const lockTour = async (db: Db, tenantId: number, id: number): Promise<TourRow | undefined> => {
  const [r] = await db.select().from(T).where(byId(tenantId, id)).for('update');
  return r;
};

/** The published tour of this tenant with this token (the public link); none once withdrawn. */
export const findTourByToken = async (
  db: Db,
  tenantId: number,
  token: string,
): Promise<TourRow | undefined> => {
  const [r] = await db
    .select()
    .from(T)
    .where(and(eq(T.tenantId, tenantId), eq(T.publicToken, token)));
  return r;
};

export const insertTour = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: TourValues,
): Promise<TourRow> => {
  const [r] = await db
    .insert(T)
    .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('vr_tours insert returned nothing');
  return r;
};

/** Writes when `version` is still current; undefined when it is stale (or the tour is gone). */
export const updateTour = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<TourValues>,
): Promise<TourRow | undefined> => {
  const [r] = await db
    .update(T)
    .set({ ...v, ...bump(userId, T.objectVersionNumber) })
    .where(and(byId(tenantId, id), eq(T.objectVersionNumber, version)))
    .returning();
  return r;
};

/** Sets or clears the public link's token; not an edit of the tour, so its version stays (no editor gets a 409). */
export const setPublicToken = async (
  db: Db,
  tenantId: number,
  id: number,
  token: string | null,
): Promise<void> => {
  await db.update(T).set({ publicToken: token }).where(byId(tenantId, id));
};

export const deleteTour = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(T).where(byId(tenantId, id));
};

export const setTourAreas = async (
  db: Db,
  tenantId: number,
  vrId: number,
  areaIds: number[],
): Promise<void> => {
  await db.delete(vrTourAreas).where(and(eq(vrTourAreas.tenantId, tenantId), eq(vrTourAreas.vrId, vrId)));
  if (areaIds.length > 0)
    await db.insert(vrTourAreas).values(areaIds.map((areaId) => ({ tenantId, vrId, areaId })));
};

/** The bases of each tour with their names, in name order; a base deleted since is left out. */
export const tourAreas = async (
  db: Db,
  tenantId: number,
  vrIds: readonly number[],
): Promise<Map<number, { areaId: number; areaName: string }[]>> => {
  const out = new Map<number, { areaId: number; areaName: string }[]>();
  if (vrIds.length === 0) return out;
  const rows = await db
    .select({ vrId: vrTourAreas.vrId, areaId: vrTourAreas.areaId, areaName: areas.areaName })
    .from(vrTourAreas)
    .innerJoin(areas, and(eq(areas.tenantId, vrTourAreas.tenantId), eq(areas.id, vrTourAreas.areaId)))
    .where(and(eq(vrTourAreas.tenantId, tenantId), inArray(vrTourAreas.vrId, [...vrIds])))
    .orderBy(areas.areaName, vrTourAreas.areaId);
  for (const r of rows) {
    const list = out.get(r.vrId) ?? [];
    list.push({ areaId: r.areaId, areaName: r.areaName });
    out.set(r.vrId, list);
  }
  return out;
};
