import { and, asc, count, desc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { lands } from '../land/index.js';
import { areas } from './area.tables.js';

export type AreaRow = typeof areas.$inferSelect;

export interface AreaValues {
  areaName: string;
  areaNum: string | null;
  areaCenter: string | null;
  areaSize: string | null;
  organizationType: string;
  parentId: number | null;
  areaUsage: string;
  defaultFlag: number;
}

/** Which unique rule an insert or update broke, if any. */
export type AreaConflict = 'name' | 'num';
export type WriteResult = Written<AreaRow, AreaConflict>;

const byTenant = (tenantId: number): SQL => eq(areas.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(areas.id, id)) as SQL;

/**
 * Serialises the writes that touch the default flag or count the bases of a tenant (first base becomes
 * default, only one default), so concurrent requests cannot leave two defaults or none.
 */
export const lockTenantAreas = async (db: Db, tenantId: number): Promise<void> => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`areas:${tenantId}`}, 0))`);
};

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface AreaFilter {
  areaName?: string | undefined;
  organizationType?: string | undefined;
}

const filterSql = (tenantId: number, f: AreaFilter): SQL => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.areaName) parts.push(ilike(areas.areaName, `%${escapeLike(f.areaName)}%`));
  if (f.organizationType) parts.push(eq(areas.organizationType, f.organizationType));
  return and(...parts) as SQL;
};

// Default base first, then in creation order.
const listOrder = [desc(areas.defaultFlag), asc(areas.creationDate), asc(areas.id)];

/** One page (limit undefined = all) and the total count. */
export const listAreas = async (
  db: Db,
  tenantId: number,
  f: AreaFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: AreaRow[]; total: number }> => {
  const where = filterSql(tenantId, f);
  const q = db
    .select()
    .from(areas)
    .where(where)
    .orderBy(...listOrder);
  return pageRows(q, () => db.select({ n: count() }).from(areas).where(where), limit, offset);
};

export const findArea = async (db: Db, tenantId: number, id: number): Promise<AreaRow | undefined> => {
  const [r] = await db.select().from(areas).where(byId(tenantId, id));
  return r;
};

/** organizationType of a farm base (the other area rows are organisation units). */
export const FARM_BASE = 'area';

/** A base as other modules see it (ADR 0009: the one lookup they use, not a copy of their own). */
export interface BaseRef {
  id: number;
  areaName: string;
  areaCenter: string | null;
  areaUsage: string;
  /** 'area' marks a farm base; callers that accept bases only check it. */
  organizationType: string;
}

/** The base of this tenant with this id, if any (existence checks and names for other modules). */
export const findBase = async (db: Db, tenantId: number, id: number): Promise<BaseRef | undefined> => {
  const [r] = await db
    .select({
      id: areas.id,
      areaName: areas.areaName,
      areaCenter: areas.areaCenter,
      areaUsage: areas.areaUsage,
      organizationType: areas.organizationType,
    })
    .from(areas)
    .where(byId(tenantId, id));
  return r;
};

export const countAreas = async (db: Db, tenantId: number): Promise<number> => {
  const [c] = await db.select({ n: count() }).from(areas).where(byTenant(tenantId));
  return c?.n ?? 0;
};

/** Plots on the base (the land module's table, read here so a base with plots is never orphaned). */
export const countPlots = async (db: Db, tenantId: number, id: number): Promise<number> => {
  const [c] = await db
    .select({ n: count() })
    .from(lands)
    .where(and(eq(lands.tenantId, tenantId), eq(lands.areaId, id)));
  return c?.n ?? 0;
};

export const countChildren = async (db: Db, tenantId: number, id: number): Promise<number> => {
  const [c] = await db
    .select({ n: count() })
    .from(areas)
    .where(and(byTenant(tenantId), eq(areas.parentId, id)));
  return c?.n ?? 0;
};

/** The base using this name (same organisation type) or this code, other than exceptId. */
export const findClash = async (
  db: Db,
  tenantId: number,
  v: { areaName: string; organizationType: string; areaNum: string | null },
  exceptId?: number,
): Promise<AreaConflict | undefined> => {
  const others =
    exceptId === undefined ? byTenant(tenantId) : and(byTenant(tenantId), ne(areas.id, exceptId));
  const [byName] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(others, eq(areas.organizationType, v.organizationType), eq(areas.areaName, v.areaName)))
    .limit(1);
  if (byName) return 'name';
  if (v.areaNum === null) return undefined;
  const [byNum] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(others, eq(areas.areaNum, v.areaNum)))
    .limit(1);
  return byNum ? 'num' : undefined;
};

const UNIQUE = { areas_num_uq: 'num', areas_name_uq: 'name' } as const;

export const insertArea = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: AreaValues,
): Promise<WriteResult> => {
  const res = await guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(areas)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('area insert returned nothing');
  return res;
};

/** Optimistic update: undefined when no row has this id and version (the caller tells 404 from 409). */
export const updateArea = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<AreaValues>,
): Promise<WriteResult | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(areas)
      .set({
        ...v,
        ...bump(userId, areas.objectVersionNumber),
      })
      .where(and(byId(tenantId, id), eq(areas.objectVersionNumber, version)))
      .returning();
    return r;
  });

/** Makes id the only default base of the tenant; answers the updated row. */
export const makeDefault = async (
  db: Db,
  tenantId: number,
  id: number,
  userId: number,
): Promise<AreaRow | undefined> => {
  const audit = bump(userId, areas.objectVersionNumber);
  await db
    .update(areas)
    .set({ defaultFlag: 0, ...audit })
    .where(and(byTenant(tenantId), eq(areas.defaultFlag, 1), ne(areas.id, id)));
  const [current] = await db.select().from(areas).where(byId(tenantId, id));
  if (!current || current.defaultFlag === 1) return current;
  const [r] = await db
    .update(areas)
    .set({ defaultFlag: 1, ...audit })
    .where(byId(tenantId, id))
    .returning();
  return r;
};

/** Deletes one base (only at this version when one is given); answers whether a row went. */
export const deleteArea = async (
  db: Db,
  tenantId: number,
  id: number,
  version?: number,
): Promise<boolean> => {
  const where =
    version === undefined
      ? byId(tenantId, id)
      : and(byId(tenantId, id), eq(areas.objectVersionNumber, version));
  const gone = await db.delete(areas).where(where).returning({ id: areas.id });
  return gone.length > 0;
};

export const oldestArea = async (db: Db, tenantId: number): Promise<AreaRow | undefined> => {
  const [r] = await db
    .select()
    .from(areas)
    .where(byTenant(tenantId))
    .orderBy(asc(areas.creationDate), asc(areas.id))
    .limit(1);
  return r;
};
