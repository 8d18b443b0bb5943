import type { Hotspot, Visual } from '@tilth/contracts/vr.types';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { bump } from '../../../platform/db/writes.js';
import { vrScenes } from './tour.tables.js';

export type SceneRow = typeof vrScenes.$inferSelect;
export interface SceneValues {
  name: string;
  panoramaId: number;
  cover: string;
  visual: Visual;
  hotspots: Hotspot[];
}

const S = vrScenes;
const byId = (tenantId: number, id: number): SQL => and(eq(S.tenantId, tenantId), eq(S.id, id)) as SQL;

/** The tour's scenes in strip order (sortOrder, then id). */
export const listScenes = async (db: Db, tenantId: number, vrId: number): Promise<SceneRow[]> =>
  db
    .select()
    .from(S)
    .where(and(eq(S.tenantId, tenantId), eq(S.vrId, vrId)))
    .orderBy(asc(S.sortOrder), asc(S.id));

export const findScene = async (db: Db, tenantId: number, id: number): Promise<SceneRow | undefined> => {
  const [r] = await db.select().from(S).where(byId(tenantId, id));
  return r;
};

export const countScenes = async (db: Db, tenantId: number, vrId: number): Promise<number> => {
  const [r] = await db
    .select({ n: count() })
    .from(S)
    .where(and(eq(S.tenantId, tenantId), eq(S.vrId, vrId)));
  return r?.n ?? 0;
};

export const insertScene = async (
  db: Db,
  tenantId: number,
  vrId: number,
  userId: number,
  v: SceneValues,
): Promise<SceneRow> => {
  // A new scene goes to the end of the strip.
  const [r] = await db
    .insert(S)
    .values({
      tenantId,
      vrId,
      ...v,
      sortOrder: sql`(select coalesce(max(sort_order) + 1, 0) from ${S} where tenant_id = ${tenantId} and vr_id = ${vrId})`,
      createdBy: userId,
      lastUpdatedBy: userId,
    })
    .returning();
  if (!r) throw new Error('vr_scenes insert returned nothing');
  return r;
};

/** Writes when `version` is still current; undefined when stale or gone. */
export const updateScene = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<SceneValues>,
): Promise<SceneRow | undefined> => {
  const [r] = await db
    .update(S)
    .set({ ...v, ...bump(userId, S.objectVersionNumber) })
    .where(and(byId(tenantId, id), eq(S.objectVersionNumber, version)))
    .returning();
  return r;
};

/** Replaces a scene's hotspots whatever its version (a sibling's delete dropping links to it). */
export const replaceHotspots = async (
  db: Db,
  tenantId: number,
  id: number,
  userId: number,
  hotspots: Hotspot[],
): Promise<void> => {
  await db
    .update(S)
    .set({ hotspots, ...bump(userId, S.objectVersionNumber) })
    .where(byId(tenantId, id));
};

export const setSortOrder = async (
  db: Db,
  tenantId: number,
  id: number,
  sortOrder: number,
): Promise<void> => {
  await db.update(S).set({ sortOrder }).where(byId(tenantId, id));
};

export const deleteScene = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(S).where(byId(tenantId, id));
};
