import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { traceOutlets, traceProducts } from './catalog.tables.js';

export type OutletRow = typeof traceOutlets.$inferSelect;
export type OutletValues = Omit<
  typeof traceOutlets.$inferInsert,
  | 'tenantId'
  | 'id'
  | 'createdBy'
  | 'lastUpdatedBy'
  | 'creationDate'
  | 'lastUpdateDate'
  | 'objectVersionNumber'
>;

const O = traceOutlets;
const byId = (tenantId: number, id: number): SQL => and(eq(O.tenantId, tenantId), eq(O.id, id)) as SQL;
const UNIQUE = { trace_outlets_name_uq: 'name' } as const;

export const listOutlets = async (
  db: Db,
  tenantId: number,
  f: { kind: string; outletName?: string | undefined; enabledFlag?: number | undefined },
  limit: number | undefined,
  offset: number,
): Promise<{ rows: OutletRow[]; total: number }> => {
  const parts: SQL[] = [eq(O.tenantId, tenantId), eq(O.kind, f.kind)];
  if (f.outletName) parts.push(ilike(O.outletName, `%${escapeLike(f.outletName)}%`));
  if (f.enabledFlag !== undefined) parts.push(eq(O.enabledFlag, f.enabledFlag));
  const where = and(...parts) as SQL;
  return pageRows(
    db.select().from(O).where(where).orderBy(desc(O.creationDate), desc(O.id)),
    () => db.select({ n: count() }).from(O).where(where),
    limit,
    offset,
  );
};

export const findOutlet = async (db: Db, tenantId: number, id: number): Promise<OutletRow | undefined> => {
  const [r] = await db.select().from(O).where(byId(tenantId, id));
  return r;
};

export const outletsByIds = async (db: Db, tenantId: number, ids: readonly number[]): Promise<OutletRow[]> =>
  ids.length === 0
    ? []
    : db
        .select()
        .from(O)
        .where(and(eq(O.tenantId, tenantId), inArray(O.id, [...ids])));

export const insertOutlet = (
  db: Db,
  tenantId: number,
  userId: number,
  v: OutletValues,
): Promise<Written<OutletRow, 'name'> | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(O)
      .values({ ...v, tenantId, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });

export const updateOutlet = (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<OutletValues>,
): Promise<Written<OutletRow, 'name'> | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(O)
      .set({ ...v, ...bump(userId, O.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(O.objectVersionNumber, version)))
      .returning();
    return r;
  });

/** Deletes the outlet and takes it off every product that listed it. */
export const deleteOutlet = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(O).where(byId(tenantId, id));
  await db
    .update(traceProducts)
    .set({ outletIds: sql`array_remove(${traceProducts.outletIds}, ${id}::bigint)` })
    .where(and(eq(traceProducts.tenantId, tenantId), sql`${id}::bigint = any(${traceProducts.outletIds})`));
};
