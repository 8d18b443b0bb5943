import { and, asc, count, eq, exists, ilike, ne, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { areas } from '../area/index.js';
import { batches } from '../batch/index.js';
import { lands, type Ring } from './land.tables.js';

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

/** A plot as other modules see it (ADR 0009: the one lookup they use, not a copy of their own). */
export interface PlotRef {
  id: number;
  areaId: number;
  landName: string;
  landUsage: string;
  enabledFlag: number;
}

/** The plot of this tenant with this id, if any (existence checks and its base for other modules). */
export const findPlot = async (db: Db, tenantId: number, id: number): Promise<PlotRef | undefined> => {
  const [r] = await db
    .select({
      id: lands.id,
      areaId: lands.areaId,
      landName: lands.landName,
      landUsage: lands.landUsage,
      enabledFlag: lands.enabledFlag,
    })
    .from(lands)
    .where(byId(tenantId, id));
  return r;
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
