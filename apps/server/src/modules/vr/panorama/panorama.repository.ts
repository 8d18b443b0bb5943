import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { rowsOf } from '../../../platform/db/rows.js';
import { bump } from '../../../platform/db/writes.js';
import { panoramas } from './panorama.tables.js';

// The panorama rows. vr_scenes / vr_tours are read here only (how many scenes show a panorama, and where),
// never written: the tour domain owns them.

export type PanoramaRow = typeof panoramas.$inferSelect;
export type PanoramaListRow = PanoramaRow & { sceneCount: number };
export type PanoramaValues = Pick<
  typeof panoramas.$inferInsert,
  'name' | 'width' | 'height' | 'fileSize' | 'contentType' | 'storageKey' | 'assetKey'
>;

const byId = (tenantId: number, id: number) =>
  and(eq(panoramas.tenantId, tenantId), eq(panoramas.id, id)) as SQL;

// Spelled out: inside a subquery Drizzle would leave the outer columns unqualified (they would bind to vr_scenes).
const sceneCount = sql<number>`(select count(*)::int from vr_scenes s where s.tenant_id = "panoramas"."tenant_id" and s.panorama_id = "panoramas"."id")`;

export interface PanoramaFilter {
  enabledFlag?: number | undefined;
  name?: string | undefined;
  status?: string | undefined;
}

export const listPanoramas = async (
  db: Db,
  tenantId: number,
  f: PanoramaFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: PanoramaListRow[]; total: number }> => {
  const parts: SQL[] = [eq(panoramas.tenantId, tenantId)];
  if (f.enabledFlag !== undefined) parts.push(eq(panoramas.enabledFlag, f.enabledFlag));
  if (f.status !== undefined) parts.push(eq(panoramas.status, f.status));
  if (f.name) parts.push(ilike(panoramas.name, `%${escapeLike(f.name)}%`));
  const where = and(...parts) as SQL;
  const page = await pageRows(
    db
      .select({ p: panoramas, sceneCount })
      .from(panoramas)
      .where(where)
      .orderBy(desc(panoramas.creationDate), desc(panoramas.id)),
    () => db.select({ n: count() }).from(panoramas).where(where),
    limit,
    offset,
  );
  return { rows: page.rows.map((r) => ({ ...r.p, sceneCount: r.sceneCount })), total: page.total };
};

export const findPanorama = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<PanoramaListRow | undefined> => {
  const [r] = await db.select({ p: panoramas, sceneCount }).from(panoramas).where(byId(tenantId, id));
  return r ? { ...r.p, sceneCount: r.sceneCount } : undefined;
};

export const findPanoramas = (db: Db, tenantId: number, ids: number[]): Promise<PanoramaRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(panoramas)
        .where(and(eq(panoramas.tenantId, tenantId), inArray(panoramas.id, ids)))
        .orderBy(asc(panoramas.id));

/** The row locked for a delete (a scene added meanwhile waits, or fails on the foreign key). */
export const lockPanorama = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<PanoramaRow | undefined> => {
  const [r] = await db.select().from(panoramas).where(byId(tenantId, id)).for('update');
  return r;
};

export const findPanoramaByName = async (db: Db, tenantId: number, name: string) => {
  const [r] = await db
    .select()
    .from(panoramas)
    .where(and(eq(panoramas.tenantId, tenantId), eq(panoramas.name, name)))
    .orderBy(asc(panoramas.id))
    .limit(1);
  return r;
};

export const insertPanorama = async (
  db: Db,
  tenantId: number,
  userId: number | null,
  v: PanoramaValues,
  made?: Pick<typeof panoramas.$inferInsert, 'tiles'>,
): Promise<PanoramaRow> => {
  // `made`: already tiled (the demo panoramas), so the row is ready at once.
  const state = made
    ? { status: 'ready', progress: 100, tiles: made.tiles }
    : { status: 'processing', progress: 0 };
  const [r] = await db
    .insert(panoramas)
    .values({ ...v, ...state, tenantId, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('panorama not stored');
  return r;
};

/** Rename / enable / disable at `version`; undefined when the row moved on (stale) or is gone. */
export const updatePanorama = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: { name?: string | undefined; enabledFlag?: number | undefined },
): Promise<PanoramaRow | undefined> => {
  const set: Partial<typeof panoramas.$inferInsert> = {};
  if (v.name !== undefined) set.name = v.name;
  if (v.enabledFlag !== undefined) set.enabledFlag = v.enabledFlag;
  const [r] = await db
    .update(panoramas)
    .set({ ...set, ...bump(userId, panoramas.objectVersionNumber) })
    .where(and(byId(tenantId, id), eq(panoramas.objectVersionNumber, version)))
    .returning();
  return r;
};

/**
 * The scenes showing the panorama, with their tours (the 409 on delete names them). Plain SQL: the tour
 * domain owns these tables and exports no reader of them for this (ADR 0009 allows no deep import).
 */
export const panoramaUses = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<{ vrId: number; vrName: string; scenesName: string }[]> => {
  const r = await db.execute(sql`
    select t.id as vr_id, t.name as vr_name, s.name as scenes_name
      from vr_scenes s join vr_tours t on t.tenant_id = s.tenant_id and t.id = s.vr_id
     where s.tenant_id = ${tenantId} and s.panorama_id = ${id}
     order by t.id, s.sort_order, s.id`);
  return rowsOf<{ vr_id: string | number; vr_name: string; scenes_name: string }>(r).map((x) => ({
    vrId: Number(x.vr_id),
    vrName: x.vr_name,
    scenesName: x.scenes_name,
  }));
};

export const deletePanorama = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(panoramas).where(byId(tenantId, id));
};

// The tiling runner's claims. A 'processing' row is claimable when no runner holds it (heartbeat null) or
// its runner has been silent since `staleBefore` (its process died: the work is redone).

const claimable = (tenantId: number, staleBefore: number) =>
  and(
    eq(panoramas.tenantId, tenantId),
    eq(panoramas.status, 'processing'),
    or(isNull(panoramas.heartbeatAt), lt(panoramas.heartbeatAt, staleBefore)),
  ) as SQL;

export const nextClaimable = async (
  db: Db,
  tenantId: number,
  staleBefore: number,
): Promise<number | undefined> => {
  const [r] = await db
    .select({ id: panoramas.id })
    .from(panoramas)
    .where(claimable(tenantId, staleBefore))
    .orderBy(asc(panoramas.id))
    .limit(1);
  return r?.id;
};

/** Takes the row for this runner; undefined when another runner took it first. */
export const claimPanorama = async (
  db: Db,
  tenantId: number,
  id: number,
  staleBefore: number,
): Promise<PanoramaRow | undefined> => {
  const [r] = await db
    .update(panoramas)
    .set({ heartbeatAt: Date.now(), progress: 0, error: null })
    .where(and(eq(panoramas.id, id), claimable(tenantId, staleBefore)))
    .returning();
  return r;
};

/** Progress, or the outcome, of a claimed row (its version is left alone: a rename is never stale for it). */
export const setPanoramaState = async (
  db: Db,
  tenantId: number,
  id: number,
  assetKey: string,
  v: Partial<Pick<typeof panoramas.$inferInsert, 'status' | 'progress' | 'error' | 'tiles'>>,
): Promise<boolean> => {
  const r = await db
    .update(panoramas)
    .set({ ...v, heartbeatAt: v.status && v.status !== 'processing' ? null : Date.now() })
    // Only the upload this runner is making (a row deleted meanwhile answers false).
    .where(and(byId(tenantId, id), eq(panoramas.assetKey, assetKey), eq(panoramas.status, 'processing')))
    .returning({ id: panoramas.id });
  return r.length > 0;
};
