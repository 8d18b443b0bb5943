import { and, asc, count, eq, getTableColumns, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { type FarmingPractice, type ProductAttribute, seedProducts } from './seed.tables.js';

export type SeedRow = typeof seedProducts.$inferSelect;
/** A row of the list: the product without its cards, with their counts. */
export type SeedSummaryRow = Omit<SeedRow, 'farmingPractices' | 'productAttributes'> & {
  practiceCount: number;
  attributeCount: number;
};

export interface SeedValues {
  cropName: string;
  corpEnName: string | null;
  publicity: string | null;
  seedName: string;
  seedEnName: string | null;
  imageUrl: string | null;
  farmingPractices: FarmingPractice[];
  productAttributes: ProductAttribute[];
  /** A ready content video of the tenant (checked by the service), or null. */
  promoVideoId?: number | null;
  enabledFlag: number;
}

const byTenant = (tenantId: number): SQL => eq(seedProducts.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(seedProducts.id, id)) as SQL;

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface SeedFilter {
  seedName?: string | undefined;
  cropName?: string | undefined;
  enabledFlag?: number | undefined;
}

const filterSql = (tenantId: number, f: SeedFilter): SQL => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.seedName) parts.push(ilike(seedProducts.seedName, `%${escapeLike(f.seedName)}%`));
  if (f.cropName) parts.push(ilike(seedProducts.cropName, `%${escapeLike(f.cropName)}%`));
  if (f.enabledFlag !== undefined) parts.push(eq(seedProducts.enabledFlag, f.enabledFlag));
  return and(...parts) as SQL;
};

const { farmingPractices, productAttributes, ...summaryColumns } = getTableColumns(seedProducts);
const summary = {
  ...summaryColumns,
  practiceCount: sql<number>`jsonb_array_length(${farmingPractices})`.mapWith(Number),
  attributeCount: sql<number>`jsonb_array_length(${productAttributes})`.mapWith(Number),
};

/** One page in creation order (limit undefined = all) and the total count. */
export const listSeeds = async (
  db: Db,
  tenantId: number,
  f: SeedFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: SeedSummaryRow[]; total: number }> => {
  const where = filterSql(tenantId, f);
  const q = db.select(summary).from(seedProducts).where(where).orderBy(asc(seedProducts.id));
  return pageRows(q, () => db.select({ n: count() }).from(seedProducts).where(where), limit, offset);
};

export const findSeed = async (db: Db, tenantId: number, id: number): Promise<SeedRow | undefined> => {
  const [r] = await db.select().from(seedProducts).where(byId(tenantId, id));
  return r;
};

export const insertSeed = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: SeedValues,
): Promise<SeedRow> => {
  const [r] = await db
    .insert(seedProducts)
    .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('seed insert returned nothing');
  return r;
};

/** Optimistic update: undefined when no row has this id and version. */
export const updateSeed = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<SeedValues>,
): Promise<SeedRow | undefined> => {
  const [r] = await db
    .update(seedProducts)
    .set({
      ...v,
      ...bump(userId, seedProducts.objectVersionNumber),
    })
    .where(and(byId(tenantId, id), eq(seedProducts.objectVersionNumber, version)))
    .returning();
  return r;
};

export const deleteSeed = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const gone = await db.delete(seedProducts).where(byId(tenantId, id)).returning({ id: seedProducts.id });
  return gone.length > 0;
};
