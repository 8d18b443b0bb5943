import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { areas } from '../../farm/area/index.js';
import { batches } from '../../farm/batch/index.js';
import { lands } from '../../farm/land/index.js';
import { carbonEntries } from './footprint.tables.js';

export type EntryValues = Omit<
  typeof carbonEntries.$inferInsert,
  | 'tenantId'
  | 'id'
  | 'createdBy'
  | 'creationDate'
  | 'lastUpdatedBy'
  | 'lastUpdateDate'
  | 'objectVersionNumber'
>;
export interface EntryFilter {
  kind?: string | undefined;
  stage?: string | undefined;
  areaId?: number | undefined;
  batchId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  areaScope?: readonly number[] | null | undefined;
}

const E = carbonEntries;
const byId = (tenantId: number, id: number) => and(eq(E.tenantId, tenantId), eq(E.id, id)) as SQL;

export const listEntries = async (
  db: Db,
  tenantId: number,
  f: EntryFilter,
  limit: number | undefined,
  offset: number,
) => {
  const parts: SQL[] = [eq(E.tenantId, tenantId)];
  if (f.kind) parts.push(eq(E.kind, f.kind));
  if (f.stage) parts.push(eq(E.stage, f.stage));
  if (f.areaId !== undefined) parts.push(eq(E.areaId, f.areaId));
  if (f.batchId !== undefined) parts.push(eq(E.batchId, f.batchId));
  if (f.from) parts.push(gte(E.entryDate, f.from));
  if (f.to) parts.push(lte(E.entryDate, f.to));
  const where = and(...parts) as SQL;
  const q = db
    .select({ e: E, areaName: areas.areaName, batchName: batches.batchName })
    .from(E)
    .leftJoin(areas, and(eq(areas.tenantId, E.tenantId), eq(areas.id, E.areaId)))
    .leftJoin(batches, and(eq(batches.tenantId, E.tenantId), eq(batches.id, E.batchId)))
    .where(where)
    .orderBy(desc(E.entryDate), desc(E.id));
  return pageRows(q, () => db.select({ n: count() }).from(E).where(where), limit, offset);
};

export const findEntry = async (db: Db, tenantId: number, id: number) => {
  const [r] = await db.select().from(E).where(byId(tenantId, id));
  return r;
};

export const insertEntry = async (db: Db, tenantId: number, userId: number, v: EntryValues) => {
  const [r] = await db
    .insert(E)
    .values({ ...v, tenantId, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  return r;
};

export const updateEntry = async (
  db: Db,
  tenantId: number,
  userId: number,
  id: number,
  version: number,
  v: EntryValues,
) => {
  const [r] = await db
    .update(E)
    .set({ ...v, ...bump(userId, E.objectVersionNumber) })
    .where(and(byId(tenantId, id), eq(E.objectVersionNumber, version)))
    .returning();
  return r;
};

export const deleteEntry = async (db: Db, tenantId: number, id: number, version: number): Promise<boolean> =>
  (
    await db
      .delete(E)
      .where(and(byId(tenantId, id), eq(E.objectVersionNumber, version)))
      .returning({ id: E.id })
  ).length > 0;

/** Whether the base, plot and batch exist in this tenant (and fit together). */
export const placeExists = async (
  db: Db,
  tenantId: number,
  p: { areaId: number | null; landId: number | null; batchId: number | null },
): Promise<'areaId' | 'landId' | 'batchId' | null> => {
  if (p.areaId != null) {
    const [a] = await db
      .select({ id: areas.id })
      .from(areas)
      .where(and(eq(areas.tenantId, tenantId), eq(areas.id, p.areaId)));
    if (!a) return 'areaId';
  }
  if (p.landId != null) {
    const [l] = await db
      .select({ areaId: lands.areaId })
      .from(lands)
      .where(and(eq(lands.tenantId, tenantId), eq(lands.id, p.landId)));
    if (!l || (p.areaId != null && l.areaId !== p.areaId)) return 'landId';
  }
  if (p.batchId != null) {
    const [b] = await db
      .select({ areaId: batches.areaId })
      .from(batches)
      .where(and(eq(batches.tenantId, tenantId), eq(batches.id, p.batchId)));
    if (!b || (p.areaId != null && b.areaId !== p.areaId)) return 'batchId';
  }
  return null;
};
