import { and, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { traceBatches, traceGtins, traceProducts } from './catalog.tables.js';

export type ProductRow = typeof traceProducts.$inferSelect;
export type ProductListRow = ProductRow & { batchCount: number };
export type ProductValues = Omit<
  typeof traceProducts.$inferInsert,
  | 'tenantId'
  | 'id'
  | 'createdBy'
  | 'lastUpdatedBy'
  | 'creationDate'
  | 'lastUpdateDate'
  | 'objectVersionNumber'
>;
export interface ProductFilter {
  productName?: string | undefined;
  plantingStandard?: string | undefined;
  enabledFlag?: number | undefined;
}

const P = traceProducts;
const byId = (tenantId: number, id: number): SQL => and(eq(P.tenantId, tenantId), eq(P.id, id)) as SQL;
const batchCount = sql<number>`(select count(*)::int from trace_batches b where b.tenant_id = "trace_products"."tenant_id" and b.trace_product_id = "trace_products"."id")`;
const UNIQUE = { trace_products_name_uq: 'name', trace_products_gtin_uq: 'gtin' } as const;

export const listProducts = async (
  db: Db,
  tenantId: number,
  f: ProductFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: ProductListRow[]; total: number }> => {
  const parts: SQL[] = [eq(P.tenantId, tenantId)];
  if (f.productName) parts.push(ilike(P.productName, `%${escapeLike(f.productName)}%`));
  if (f.plantingStandard) parts.push(eq(P.plantingStandard, f.plantingStandard));
  if (f.enabledFlag !== undefined) parts.push(eq(P.enabledFlag, f.enabledFlag));
  const where = and(...parts) as SQL;
  const { rows, total } = await pageRows(
    db.select({ p: P, batchCount }).from(P).where(where).orderBy(desc(P.creationDate), desc(P.id)),
    () => db.select({ n: count() }).from(P).where(where),
    limit,
    offset,
  );
  return { rows: rows.map((r) => ({ ...r.p, batchCount: r.batchCount })), total };
};

export const findProduct = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<ProductListRow | undefined> => {
  const [r] = await db.select({ p: P, batchCount }).from(P).where(byId(tenantId, id));
  return r ? { ...r.p, batchCount: r.batchCount } : undefined;
};

export const productsByIds = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<ProductRow[]> =>
  ids.length === 0
    ? []
    : db
        .select()
        .from(P)
        .where(and(eq(P.tenantId, tenantId), inArray(P.id, [...ids])));

/** Locks the product: a delete and a batch create on it run one at a time (no batch left pointing at nothing). */
export const lockProduct = async (db: Db, tenantId: number, id: number): Promise<ProductRow | undefined> => {
  const [r] = await db.select().from(P).where(byId(tenantId, id)).for('update');
  return r;
};

/** The tenant's other product with this name or GTIN, for the friendly error before the write. */
export const productWith = async (
  db: Db,
  tenantId: number,
  col: 'productName' | 'gtin',
  value: string,
  exceptId?: number,
): Promise<ProductRow | undefined> => {
  const parts: SQL[] = [eq(P.tenantId, tenantId), eq(P[col], value)];
  if (exceptId !== undefined) parts.push(ne(P.id, exceptId));
  const [r] = await db
    .select()
    .from(P)
    .where(and(...parts))
    .limit(1);
  return r;
};

export const insertProduct = (
  db: Db,
  tenantId: number,
  userId: number,
  v: ProductValues,
): Promise<Written<ProductRow, 'name' | 'gtin'> | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(P)
      .values({ ...v, tenantId, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });

/** Writes when `version` is current; undefined when stale (or gone). */
export const updateProduct = (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<ProductValues>,
): Promise<Written<ProductRow, 'name' | 'gtin'> | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(P)
      .set({ ...v, ...bump(userId, P.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(P.objectVersionNumber, version)))
      .returning();
    return r;
  });

export const deleteProduct = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(P).where(byId(tenantId, id));
};

/** A lot code of a trace batch of the product, and how many there are. */
export const productBatchUse = async (
  db: Db,
  tenantId: number,
  productId: number,
): Promise<{ count: number; batchCode: string | null }> => {
  const where = and(eq(traceBatches.tenantId, tenantId), eq(traceBatches.traceProductId, productId));
  const [c] = await db.select({ n: count() }).from(traceBatches).where(where);
  const [first] = await db.select({ code: traceBatches.batchCode }).from(traceBatches).where(where).limit(1);
  return { count: c?.n ?? 0, batchCode: first?.code ?? null };
};

// ---- GTIN claims (global table: a GTIN belongs to one brand owner worldwide) ----

/** The tenant that claimed the GTIN, if any. */
export const gtinOwner = async (db: Db, gtin: string): Promise<number | undefined> => {
  const [r] = await db
    .select({ tenantId: traceGtins.tenantId })
    .from(traceGtins)
    .where(eq(traceGtins.gtin, gtin));
  return r?.tenantId;
};

/** Claims the GTIN for the tenant (kept if it already holds it); false when another tenant won the race. */
export const claimGtin = async (db: Db, tenantId: number, gtin: string): Promise<boolean> => {
  await db.insert(traceGtins).values({ gtin, tenantId }).onConflictDoNothing();
  return (await gtinOwner(db, gtin)) === tenantId;
};

/** Releases the tenant's claim on a GTIN no product of it uses any more. */
export const releaseGtin = async (db: Db, tenantId: number, gtin: string): Promise<void> => {
  const [used] = await db
    .select({ id: P.id })
    .from(P)
    .where(and(eq(P.tenantId, tenantId), eq(P.gtin, gtin)))
    .limit(1);
  if (!used)
    await db.delete(traceGtins).where(and(eq(traceGtins.gtin, gtin), eq(traceGtins.tenantId, tenantId)));
};
