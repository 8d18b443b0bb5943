import { and, asc, count, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written as PlatformWritten } from '../../../platform/db/writes.js';
import { batches } from '../batch/index.js';
import { crops, varieties } from './crop.tables.js';

export type CropRow = typeof crops.$inferSelect;

export interface CropValues {
  cropName: string;
  cropEnName: string | null;
  cropType: string;
  imageUrl: string | null;
  description: string | null;
  enabledFlag: number;
}

/** An insert or update either wrote its row or broke a unique rule (a race the service's check lost). */
/** Catalogue writes break one rule only: a duplicate name. */
export type Written<R> = PlatformWritten<R, 'name'>;

// ---- helpers shared by the catalogue repositories (crops, varieties, task types) ----

export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const containsText = (s: string): string => `%${escapeLike(s)}%`;

/**
 * Serialises the writes of one catalogue table of a tenant, so the duplicate checks (names, codes) that
 * precede them cannot race. Catalogue writes are rare; the lock is held to the end of the transaction.
 */
export const lockCatalogue = async (db: Db, tenantId: number, table: string): Promise<void> => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${table}:${tenantId}`}, 0))`);
};

// ---- crops ----

const byTenant = (tenantId: number): SQL => eq(crops.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(crops.id, id)) as SQL;

export interface CropFilter {
  cropName?: string | undefined;
  cropType?: string | undefined;
  enabledFlag?: number | undefined;
}

const filterSql = (tenantId: number, f: CropFilter): SQL => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.cropName) parts.push(ilike(crops.cropName, containsText(f.cropName)));
  if (f.cropType) parts.push(eq(crops.cropType, f.cropType));
  if (f.enabledFlag !== undefined) parts.push(eq(crops.enabledFlag, f.enabledFlag));
  return and(...parts) as SQL;
};

/** One page in creation order (limit undefined = all) and the total count. */
export const listCrops = async (
  db: Db,
  tenantId: number,
  f: CropFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: CropRow[]; total: number }> => {
  const where = filterSql(tenantId, f);
  const q = db.select().from(crops).where(where).orderBy(asc(crops.id));
  return pageRows(q, () => db.select({ n: count() }).from(crops).where(where), limit, offset);
};

/**
 * One crop. `lock` 'share' keeps it from being deleted until the transaction ends (a variety or batch
 * being attached to it); 'update' is the delete's own lock, which waits for those.
 */
export const findCrop = async (
  db: Db,
  tenantId: number,
  id: number,
  lock?: 'share' | 'update',
): Promise<CropRow | undefined> => {
  const q = db.select().from(crops).where(byId(tenantId, id));
  const [r] = lock ? await q.for(lock) : await q;
  return r;
};

/** Whether another crop of the tenant has this name. */
export const cropNameTaken = async (
  db: Db,
  tenantId: number,
  cropName: string,
  exceptId?: number,
): Promise<boolean> => {
  const others =
    exceptId === undefined ? byTenant(tenantId) : and(byTenant(tenantId), ne(crops.id, exceptId));
  const [r] = await db
    .select({ id: crops.id })
    .from(crops)
    .where(and(others, eq(crops.cropName, cropName)))
    .limit(1);
  return r !== undefined;
};

export const insertCrop = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: CropValues,
): Promise<Written<CropRow>> => {
  const res = await guardUnique({ crops_name_uq: 'name' }, async () => {
    const [r] = await db
      .insert(crops)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('crop insert returned nothing');
  return res;
};

/** Optimistic update: undefined when no row has this id and version. */
export const updateCrop = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<CropValues>,
): Promise<Written<CropRow> | undefined> =>
  guardUnique({ crops_name_uq: 'name' }, async () => {
    const [r] = await db
      .update(crops)
      .set({ ...v, ...bump(userId, crops.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(crops.objectVersionNumber, version)))
      .returning();
    return r;
  });

export const deleteCrop = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const gone = await db.delete(crops).where(byId(tenantId, id)).returning({ id: crops.id });
  return gone.length > 0;
};

export const countVarietiesOfCrop = async (db: Db, tenantId: number, cropId: number): Promise<number> => {
  const [c] = await db
    .select({ n: count() })
    .from(varieties)
    .where(and(eq(varieties.tenantId, tenantId), eq(varieties.cropId, cropId)));
  return c?.n ?? 0;
};

/** Batches (apps/server/src/modules/farm/batch) growing this crop, or this variety when varietyId is given. */
export const countBatchesUsing = async (
  db: Db,
  tenantId: number,
  use: { cropId: number } | { varietyId: number },
): Promise<number> => {
  const which = 'cropId' in use ? eq(batches.cropId, use.cropId) : eq(batches.varietyId, use.varietyId);
  const [c] = await db
    .select({ n: count() })
    .from(batches)
    .where(and(eq(batches.tenantId, tenantId), which));
  return c?.n ?? 0;
};
