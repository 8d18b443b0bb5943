import { and, asc, count, eq, getTableColumns, ilike, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique } from '../../../platform/db/writes.js';
import { containsText, type Written } from './crop.repository.js';
import { crops, varieties } from './crop.tables.js';

export type VarietyRow = typeof varieties.$inferSelect;
/** A variety with the names of its crop. */
export type VarietyViewRow = VarietyRow & { cropName: string; cropEnName: string | null };

export interface VarietyValues {
  cropId: number;
  varietyName: string;
  varietyCode: string | null;
  growthDays: number | null;
  imageUrl: string | null;
  description: string | null;
  enabledFlag: number;
}

export type VarietyClash = 'name' | 'code';

const byTenant = (tenantId: number): SQL => eq(varieties.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(varieties.id, id)) as SQL;

const viewColumns = { ...getTableColumns(varieties), cropName: crops.cropName, cropEnName: crops.cropEnName };
const ofCrop = and(eq(crops.tenantId, varieties.tenantId), eq(crops.id, varieties.cropId));

export interface VarietyFilter {
  cropId?: number | undefined;
  varietyName?: string | undefined;
  enabledFlag?: number | undefined;
}

const filterSql = (tenantId: number, f: VarietyFilter): SQL => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.cropId !== undefined) parts.push(eq(varieties.cropId, f.cropId));
  if (f.varietyName) parts.push(ilike(varieties.varietyName, containsText(f.varietyName)));
  if (f.enabledFlag !== undefined) parts.push(eq(varieties.enabledFlag, f.enabledFlag));
  return and(...parts) as SQL;
};

/** One page with crop names, by crop then creation (limit undefined = all), and the total count. */
export const listVarieties = async (
  db: Db,
  tenantId: number,
  f: VarietyFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: VarietyViewRow[]; total: number }> => {
  const where = filterSql(tenantId, f);
  const q = db
    .select(viewColumns)
    .from(varieties)
    .innerJoin(crops, ofCrop)
    .where(where)
    .orderBy(asc(varieties.cropId), asc(varieties.id));
  return pageRows(q, () => db.select({ n: count() }).from(varieties).where(where), limit, offset);
};

export const findVarietyView = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<VarietyViewRow | undefined> => {
  const [r] = await db.select(viewColumns).from(varieties).innerJoin(crops, ofCrop).where(byId(tenantId, id));
  return r;
};

/** One variety; `lock` as for crops ('share' while a batch is attached, 'update' to delete it). */
export const findVariety = async (
  db: Db,
  tenantId: number,
  id: number,
  lock?: 'share' | 'update',
): Promise<VarietyRow | undefined> => {
  const q = db.select().from(varieties).where(byId(tenantId, id));
  const [r] = lock ? await q.for(lock) : await q;
  return r;
};

/** Which rule another variety already holds: its name within the crop, or its code within the tenant. */
export const findVarietyClash = async (
  db: Db,
  tenantId: number,
  v: { cropId: number; varietyName: string; varietyCode: string | null },
  exceptId?: number,
): Promise<VarietyClash | undefined> => {
  const others =
    exceptId === undefined ? byTenant(tenantId) : and(byTenant(tenantId), ne(varieties.id, exceptId));
  const [byName] = await db
    .select({ id: varieties.id })
    .from(varieties)
    .where(and(others, eq(varieties.cropId, v.cropId), eq(varieties.varietyName, v.varietyName)))
    .limit(1);
  if (byName) return 'name';
  if (v.varietyCode === null) return undefined;
  const [byCode] = await db
    .select({ id: varieties.id })
    .from(varieties)
    .where(and(others, eq(varieties.varietyCode, v.varietyCode)))
    .limit(1);
  return byCode ? 'code' : undefined;
};

export const insertVariety = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: VarietyValues,
): Promise<Written<VarietyRow>> => {
  const res = await guardUnique({ varieties_name_uq: 'name' }, async () => {
    const [r] = await db
      .insert(varieties)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('variety insert returned nothing');
  return res;
};

/** Optimistic update: undefined when no row has this id and version. */
export const updateVariety = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<VarietyValues>,
): Promise<Written<VarietyRow> | undefined> =>
  guardUnique({ varieties_name_uq: 'name' }, async () => {
    const [r] = await db
      .update(varieties)
      .set({ ...v, ...bump(userId, varieties.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(varieties.objectVersionNumber, version)))
      .returning();
    return r;
  });

export const deleteVariety = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const gone = await db.delete(varieties).where(byId(tenantId, id)).returning({ id: varieties.id });
  return gone.length > 0;
};
