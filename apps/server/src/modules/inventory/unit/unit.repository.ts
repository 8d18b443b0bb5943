import { and, count, desc, eq, ilike, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { invUnits } from './unit.tables.js';

export type UnitRow = typeof invUnits.$inferSelect;
export interface UnitValues {
  unitName: string;
  unitCode: string;
  remark: string | null;
  enabledFlag: number;
}
export type UnitWrite = Written<UnitRow, 'code' | 'name'>;

const UNIQUE = { inv_units_code_uq: 'code', inv_units_name_uq: 'name' } as const;
const byId = (tenantId: number, id: number): SQL =>
  and(eq(invUnits.tenantId, tenantId), eq(invUnits.id, id)) as SQL;

export const listUnits = async (
  db: Db,
  tenantId: number,
  f: { unitName?: string | undefined; enabledFlag?: number | undefined },
  limit: number | undefined,
  offset: number,
) => {
  const parts: SQL[] = [eq(invUnits.tenantId, tenantId)];
  if (f.unitName) parts.push(ilike(invUnits.unitName, `%${escapeLike(f.unitName)}%`));
  if (f.enabledFlag !== undefined) parts.push(eq(invUnits.enabledFlag, f.enabledFlag));
  const where = and(...parts) as SQL;
  const q = db.select().from(invUnits).where(where).orderBy(desc(invUnits.creationDate), desc(invUnits.id));
  return pageRows(q, () => db.select({ n: count() }).from(invUnits).where(where), limit, offset);
};

export const findUnit = async (db: Db, tenantId: number, id: number): Promise<UnitRow | undefined> => {
  const [r] = await db.select().from(invUnits).where(byId(tenantId, id));
  return r;
};

export const lockUnit = async (db: Db, tenantId: number, id: number): Promise<UnitRow | undefined> => {
  const [r] = await db.select().from(invUnits).where(byId(tenantId, id)).for('update');
  return r;
};

/** Which unique field another unit already holds ('code' first), or undefined. */
export const unitTaken = async (
  db: Db,
  tenantId: number,
  v: UnitValues,
  exceptId?: number,
): Promise<'code' | 'name' | undefined> => {
  for (const [field, col, value] of [
    ['code', invUnits.unitCode, v.unitCode],
    ['name', invUnits.unitName, v.unitName],
  ] as const) {
    const parts = [eq(invUnits.tenantId, tenantId), eq(col, value)];
    if (exceptId !== undefined) parts.push(ne(invUnits.id, exceptId));
    const [r] = await db
      .select({ id: invUnits.id })
      .from(invUnits)
      .where(and(...parts))
      .limit(1);
    if (r) return field;
  }
  return undefined;
};

export const insertUnit = async (db: Db, tenantId: number, userId: number, v: UnitValues) =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(invUnits)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });

/** Optimistic update: undefined when no row has this id and version. */
export const updateUnit = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: UnitValues,
): Promise<UnitWrite | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(invUnits)
      .set({ ...v, ...bump(userId, invUnits.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(invUnits.objectVersionNumber, version)))
      .returning();
    return r;
  });

export const deleteUnit = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(invUnits).where(byId(tenantId, id));
};
