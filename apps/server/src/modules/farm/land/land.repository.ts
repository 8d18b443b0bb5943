import { and, asc, count, desc, eq, exists, ilike, inArray, ne, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { areas } from '../area/index.js';
import { batches } from '../batch/index.js';
import { crops, varieties } from '../crop/index.js';
import { lands, type Ring } from './land.tables.js';
import { plotLockKey } from './plot.lock.js';

export type LandRow = typeof lands.$inferSelect;
/** A plot with the name of its base (null when the base was deleted). */
export type LandView = LandRow & { areaName: string | null };

export interface LandValues {
  areaId: number;
  landName: string;
  landNum: string | null;
  boundary: Ring[] | null;
  landCenter: string | null;
  areaM2: string | null;
  areaMu: string | null;
  landUsage: string;
  soilType: string | null;
  description: string | null;
  enabledFlag: number;
}

export type LandConflict = 'name' | 'num';
export type WriteResult = Written<LandRow, LandConflict>;

const GROWING = 'growing';

const byTenant = (tenantId: number): SQL => eq(lands.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(lands.id, id)) as SQL;

/** See plot.lock.ts: serialises the tenant's plot and batch writes until the transaction ends. */
export const lockPlots = async (db: Db, tenantId: number): Promise<void> => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${plotLockKey(tenantId)}, 0))`);
};

/** The base of a plot (existence check; bases belong to the area module). */
export const findBase = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<{ id: number; areaName: string; areaUsage: string } | undefined> => {
  const [r] = await db
    .select({ id: areas.id, areaName: areas.areaName, areaUsage: areas.areaUsage })
    .from(areas)
    .where(and(eq(areas.tenantId, tenantId), eq(areas.id, id)));
  return r;
};

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whether a growing batch is on the plot of the outer query. */
const hasGrowingBatch = (db: Db): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(batches)
      .where(
        and(eq(batches.tenantId, lands.tenantId), eq(batches.landId, lands.id), eq(batches.status, GROWING)),
      ),
  );

export interface LandFilter {
  areaId?: number | undefined;
  landName?: string | undefined;
  landUsage?: string | undefined;
  bound?: number | undefined;
  enabledFlag?: number | undefined;
}

const filterSql = (db: Db, tenantId: number, f: LandFilter): SQL => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.areaId !== undefined) parts.push(eq(lands.areaId, f.areaId));
  if (f.landName) parts.push(ilike(lands.landName, `%${escapeLike(f.landName)}%`));
  if (f.landUsage) parts.push(eq(lands.landUsage, f.landUsage));
  if (f.enabledFlag !== undefined) parts.push(eq(lands.enabledFlag, f.enabledFlag));
  if (f.bound === 1) parts.push(hasGrowingBatch(db));
  if (f.bound === 0) parts.push(not(hasGrowingBatch(db)));
  return and(...parts) as SQL;
};

const selectView = (db: Db) =>
  db
    .select({ land: lands, areaName: areas.areaName })
    .from(lands)
    .leftJoin(areas, and(eq(areas.tenantId, lands.tenantId), eq(areas.id, lands.areaId)));

const toView = (r: { land: LandRow; areaName: string | null }): LandView => ({
  ...r.land,
  areaName: r.areaName,
});

/** One page (limit undefined = all) and the total count, in creation order. */
export const listLands = async (
  db: Db,
  tenantId: number,
  f: LandFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: LandView[]; total: number }> => {
  const where = filterSql(db, tenantId, f);
  const q = selectView(db).where(where).orderBy(asc(lands.creationDate), asc(lands.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(lands).where(where),
    limit,
    offset,
  );
  return { rows: rows.map(toView), total };
};

export const findLand = async (db: Db, tenantId: number, id: number): Promise<LandView | undefined> => {
  const [r] = await selectView(db).where(byId(tenantId, id));
  return r ? toView(r) : undefined;
};

/** The plot using this name in this base, or this code in the tenant, other than exceptId. */
export const findClash = async (
  db: Db,
  tenantId: number,
  v: { areaId: number; landName: string; landNum: string | null },
  exceptId?: number,
): Promise<LandConflict | undefined> => {
  const others =
    exceptId === undefined ? byTenant(tenantId) : and(byTenant(tenantId), ne(lands.id, exceptId));
  const [byName] = await db
    .select({ id: lands.id })
    .from(lands)
    .where(and(others, eq(lands.areaId, v.areaId), eq(lands.landName, v.landName)))
    .limit(1);
  if (byName) return 'name';
  if (v.landNum === null) return undefined;
  const [byNum] = await db
    .select({ id: lands.id })
    .from(lands)
    .where(and(others, eq(lands.landNum, v.landNum)))
    .limit(1);
  return byNum ? 'num' : undefined;
};

const UNIQUE = { lands_num_uq: 'num', lands_name_uq: 'name' } as const;

export const insertLand = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: LandValues,
): Promise<WriteResult> => {
  const res = await guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(lands)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('land insert returned nothing');
  return res;
};

/** Optimistic update: undefined when no row has this id and version (the caller tells 404 from 409). */
export const updateLand = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<LandValues>,
): Promise<WriteResult | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(lands)
      .set({
        ...v,
        ...bump(userId, lands.objectVersionNumber),
      })
      .where(and(byId(tenantId, id), eq(lands.objectVersionNumber, version)))
      .returning();
    return r;
  });

/** Deletes one plot (only at this version when one is given); answers whether a row went. */
export const deleteLand = async (
  db: Db,
  tenantId: number,
  id: number,
  version?: number,
): Promise<boolean> => {
  const where =
    version === undefined
      ? byId(tenantId, id)
      : and(byId(tenantId, id), eq(lands.objectVersionNumber, version));
  const gone = await db.delete(lands).where(where).returning({ id: lands.id });
  return gone.length > 0;
};

/** Plots of a base with no growing batch, enabled ones only, by name. */
export const unboundLands = async (db: Db, tenantId: number, areaId: number): Promise<LandView[]> =>
  (
    await selectView(db)
      .where(
        and(byTenant(tenantId), eq(lands.areaId, areaId), eq(lands.enabledFlag, 1), not(hasGrowingBatch(db))),
      )
      .orderBy(asc(lands.landName), asc(lands.id))
  ).map(toView);

// ---- Batches seen from their plots (batches belong to the batch module; these read or end them). ----

export interface PlotBatch {
  landId: number;
  batchId: number;
  batchCode: string;
  batchName: string;
  batchType: string;
  cropName: string | null;
  varietyName: string | null;
  plantingStandard: string;
  startDate: string;
  endDate: string | null;
  harvestQuantity: string | null;
  unit: string | null;
  status: string;
}

const selectPlotBatches = (db: Db) =>
  db
    .select({
      landId: sql<number>`${batches.landId}`.mapWith(Number),
      batchId: batches.id,
      batchCode: batches.batchCode,
      batchName: batches.batchName,
      batchType: batches.batchType,
      cropName: crops.cropName,
      varietyName: varieties.varietyName,
      plantingStandard: batches.plantingStandard,
      startDate: batches.startDate,
      endDate: batches.endDate,
      harvestQuantity: batches.harvestQuantity,
      unit: batches.unit,
      status: batches.status,
    })
    .from(batches)
    .leftJoin(crops, and(eq(crops.tenantId, batches.tenantId), eq(crops.id, batches.cropId)))
    .leftJoin(varieties, and(eq(varieties.tenantId, batches.tenantId), eq(varieties.id, batches.varietyId)));

/** The growing batches on these plots (at most one each), oldest first. */
export const growingBatches = async (db: Db, tenantId: number, landIds: number[]): Promise<PlotBatch[]> => {
  if (landIds.length === 0) return [];
  return selectPlotBatches(db)
    .where(and(eq(batches.tenantId, tenantId), inArray(batches.landId, landIds), eq(batches.status, GROWING)))
    .orderBy(asc(batches.startDate), asc(batches.id));
};

/** Every batch grown on a plot, latest start first. */
export const plotHistory = async (db: Db, tenantId: number, landId: number): Promise<PlotBatch[]> =>
  selectPlotBatches(db)
    .where(and(eq(batches.tenantId, tenantId), eq(batches.landId, landId)))
    .orderBy(desc(batches.startDate), desc(batches.id));

const batchBump = (userId: number) => ({
  ...bump(userId, batches.objectVersionNumber),
});

/**
 * Ends the growing batches of a plot: status closed, and the end date today (never before the start)
 * where none was set. Answers how many ended.
 */
export const closeGrowingBatches = async (
  db: Db,
  tenantId: number,
  landId: number,
  userId: number,
  today: string,
): Promise<number> => {
  const ended = await db
    .update(batches)
    .set({
      status: 'closed',
      endDate: sql`coalesce(${batches.endDate}, greatest(${today}::date, ${batches.startDate}))`,
      ...batchBump(userId),
    })
    .where(and(eq(batches.tenantId, tenantId), eq(batches.landId, landId), eq(batches.status, GROWING)))
    .returning({ id: batches.id });
  return ended.length;
};

/** Keeps the batches of a plot on its base when the plot moves to another base. */
export const moveBatchesToBase = async (
  db: Db,
  tenantId: number,
  landId: number,
  areaId: number,
  userId: number,
): Promise<void> => {
  await db
    .update(batches)
    .set({ areaId, ...batchBump(userId) })
    .where(and(eq(batches.tenantId, tenantId), eq(batches.landId, landId), ne(batches.areaId, areaId)));
};

/** Unbinds the past batches of a plot about to be deleted; they stay on its base. */
export const detachBatches = async (
  db: Db,
  tenantId: number,
  landId: number,
  userId: number,
): Promise<void> => {
  await db
    .update(batches)
    .set({ landId: null, ...batchBump(userId) })
    .where(and(eq(batches.tenantId, tenantId), eq(batches.landId, landId)));
};
