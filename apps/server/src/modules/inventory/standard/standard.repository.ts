import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { invStandards, invStandardValues } from './standard.tables.js';

export type StandardRow = typeof invStandards.$inferSelect;
export type StandardValueRow = typeof invStandardValues.$inferSelect;
export interface StandardValues {
  standardName: string;
  remark: string | null;
  sortNo: number;
  enabledFlag: number;
}
export type StandardWrite = Written<StandardRow, 'name'>;

const UNIQUE = { inv_standards_name_uq: 'name' } as const;
const S = invStandards;
const V = invStandardValues;
const byId = (tenantId: number, id: number): SQL => and(eq(S.tenantId, tenantId), eq(S.id, id)) as SQL;

export const listStandards = async (
  db: Db,
  tenantId: number,
  f: { standardName?: string | undefined; enabledFlag?: number | undefined },
  limit: number | undefined,
  offset: number,
) => {
  const parts: SQL[] = [eq(S.tenantId, tenantId)];
  if (f.standardName) parts.push(ilike(S.standardName, `%${escapeLike(f.standardName)}%`));
  if (f.enabledFlag !== undefined) parts.push(eq(S.enabledFlag, f.enabledFlag));
  const where = and(...parts) as SQL;
  const q = db.select().from(S).where(where).orderBy(asc(S.sortNo), desc(S.creationDate), desc(S.id));
  return pageRows(q, () => db.select({ n: count() }).from(S).where(where), limit, offset);
};

/** The values of these attributes, in their order. */
export const valuesOfStandards = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<StandardValueRow[]> =>
  ids.length === 0
    ? []
    : db
        .select()
        .from(V)
        .where(and(eq(V.tenantId, tenantId), inArray(V.standardId, [...ids])))
        .orderBy(asc(V.sortNo), asc(V.id));

export const findStandard = async (db: Db, tenantId: number, id: number) => {
  const [r] = await db.select().from(S).where(byId(tenantId, id));
  return r;
};

export const lockStandard = async (db: Db, tenantId: number, id: number) => {
  const [r] = await db.select().from(S).where(byId(tenantId, id)).for('update');
  return r;
};

export const standardNameTaken = async (db: Db, tenantId: number, name: string, exceptId?: number) => {
  const parts = [eq(S.tenantId, tenantId), eq(S.standardName, name)];
  if (exceptId !== undefined) parts.push(ne(S.id, exceptId));
  const [r] = await db
    .select({ id: S.id })
    .from(S)
    .where(and(...parts))
    .limit(1);
  return r !== undefined;
};

export const insertStandard = async (db: Db, tenantId: number, userId: number, v: StandardValues) =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(S)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });

export const updateStandard = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: StandardValues,
): Promise<StandardWrite | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(S)
      .set({ ...v, ...bump(userId, S.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(S.objectVersionNumber, version)))
      .returning();
    return r;
  });

/**
 * Makes the attribute's values these: removes the ids not kept first (names may move between rows),
 * then renames kept ones and adds new ones.
 */
export const replaceValues = async (
  db: Db,
  tenantId: number,
  standardId: number,
  keep: readonly { id?: number | undefined; valueName: string; sortNo: number }[],
  removeIds: readonly number[],
): Promise<void> => {
  if (removeIds.length > 0)
    await db.delete(V).where(and(eq(V.tenantId, tenantId), inArray(V.id, [...removeIds])));
  const kept = keep.filter((k) => k.id !== undefined);
  // Two passes through a temporary name so swapping two values' names never trips the unique index.
  for (const k of kept)
    await db
      .update(V)
      .set({ valueName: `~swap~${k.id}` })
      .where(and(eq(V.tenantId, tenantId), eq(V.id, k.id as number)));
  for (const k of kept)
    await db
      .update(V)
      .set({ valueName: k.valueName, sortNo: k.sortNo })
      .where(and(eq(V.tenantId, tenantId), eq(V.id, k.id as number)));
  const added = keep.filter((k) => k.id === undefined);
  if (added.length > 0)
    await db
      .insert(V)
      .values(added.map((a) => ({ tenantId, standardId, valueName: a.valueName, sortNo: a.sortNo })));
};

export const deleteStandard = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(V).where(and(eq(V.tenantId, tenantId), eq(V.standardId, id)));
  await db.delete(S).where(byId(tenantId, id));
};
