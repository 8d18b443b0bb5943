import { and, asc, count, desc, eq, ilike, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { areas, type UnitConflict, type UnitRow, type UnitWrite } from '../../identity/organization/index.js';
import { lands } from '../land/index.js';

// Reads of the bases; writes go through identity/organization, which owns the table (ADR 0011).
export type AreaRow = UnitRow;
export type AreaConflict = UnitConflict;
export type WriteResult = UnitWrite;

/** organizationType of a farm base (the other area rows are organisation units). */
export const FARM_BASE = 'area';

const byTenant = (tenantId: number): SQL => eq(areas.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(areas.id, id)) as SQL;

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface AreaFilter {
  areaName?: string | undefined;
  organizationType?: string | undefined;
}

const filterSql = (tenantId: number, f: AreaFilter): SQL => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.areaName) parts.push(ilike(areas.areaName, `%${escapeLike(f.areaName)}%`));
  // The base API lists bases unless another unit type is asked for.
  parts.push(eq(areas.organizationType, f.organizationType || FARM_BASE));
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

/** A base of the tenant (other units of the tree are not bases: undefined). */
export const findArea = async (db: Db, tenantId: number, id: number): Promise<AreaRow | undefined> => {
  const [r] = await db
    .select()
    .from(areas)
    .where(and(byId(tenantId, id), eq(areas.organizationType, FARM_BASE)));
  return r;
};

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
  const [c] = await db
    .select({ n: count() })
    .from(areas)
    .where(and(byTenant(tenantId), eq(areas.organizationType, FARM_BASE)));
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

export const oldestArea = async (db: Db, tenantId: number): Promise<AreaRow | undefined> => {
  const [r] = await db
    .select()
    .from(areas)
    .where(and(byTenant(tenantId), eq(areas.organizationType, FARM_BASE)))
    .orderBy(asc(areas.creationDate), asc(areas.id))
    .limit(1);
  return r;
};
