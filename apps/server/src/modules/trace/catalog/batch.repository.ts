import { and, count, desc, eq, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { traceBatches, traceBatchSources, traceProducts, traceRecords } from './catalog.tables.js';

export type BatchRow = typeof traceBatches.$inferSelect;
export type BatchListRow = BatchRow & {
  productName: string;
  gtin: string | null;
  productOrigin: string;
  weightUnit: string;
};
export type BatchValues = Omit<
  typeof traceBatches.$inferInsert,
  | 'tenantId'
  | 'id'
  | 'createdBy'
  | 'lastUpdatedBy'
  | 'creationDate'
  | 'lastUpdateDate'
  | 'objectVersionNumber'
  | 'status'
  | 'version'
  | 'publishedAt'
>;
export interface BatchFilter {
  traceProductId?: number | undefined;
  status?: string | undefined;
  batchCode?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}
export interface SourceValues {
  farmBatchId: number;
  quantity: string | null;
}

const B = traceBatches;
const byId = (tenantId: number, id: number): SQL => and(eq(B.tenantId, tenantId), eq(B.id, id)) as SQL;
const UNIQUE = { trace_batches_code_uq: 'code' } as const;

const selectList = (db: Db) =>
  db
    .select({
      b: B,
      productName: traceProducts.productName,
      gtin: traceProducts.gtin,
      productOrigin: traceProducts.placeOfOrigin,
      weightUnit: traceProducts.weightUnit,
    })
    .from(B)
    .innerJoin(
      traceProducts,
      and(eq(traceProducts.tenantId, B.tenantId), eq(traceProducts.id, B.traceProductId)),
    );

type Joined = {
  b: BatchRow;
  productName: string;
  gtin: string | null;
  productOrigin: string;
  weightUnit: string;
};
const flat = (r: Joined): BatchListRow => ({
  ...r.b,
  productName: r.productName,
  gtin: r.gtin,
  productOrigin: r.productOrigin,
  weightUnit: r.weightUnit,
});

export const listBatches = async (
  db: Db,
  tenantId: number,
  f: BatchFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: BatchListRow[]; total: number }> => {
  const parts: SQL[] = [eq(B.tenantId, tenantId)];
  if (f.traceProductId !== undefined) parts.push(eq(B.traceProductId, f.traceProductId));
  if (f.status) parts.push(eq(B.status, f.status));
  if (f.batchCode) parts.push(ilike(B.batchCode, `%${escapeLike(f.batchCode)}%`));
  if (f.from) parts.push(gte(B.productionDate, f.from));
  if (f.to) parts.push(lte(B.productionDate, f.to));
  const where = and(...parts) as SQL;
  const { rows, total } = await pageRows(
    selectList(db).where(where).orderBy(desc(B.productionDate), desc(B.id)),
    () => db.select({ n: count() }).from(B).where(where),
    limit,
    offset,
  );
  return { rows: rows.map(flat), total };
};

export const findBatch = async (db: Db, tenantId: number, id: number): Promise<BatchListRow | undefined> => {
  const [r] = await selectList(db).where(byId(tenantId, id));
  return r ? flat(r) : undefined;
};

/** Locks the batch row: edits, withdraw and publish of one batch run one at a time. */
export const lockBatch = async (db: Db, tenantId: number, id: number): Promise<BatchRow | undefined> => {
  const [r] = await db.select().from(B).where(byId(tenantId, id)).for('update');
  return r;
};

export const batchCodeTaken = async (
  db: Db,
  tenantId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> => {
  const [r] = await db
    .select({ id: B.id })
    .from(B)
    .where(and(eq(B.tenantId, tenantId), eq(B.batchCode, code)));
  return r !== undefined && r.id !== exceptId;
};

export const insertBatch = (
  db: Db,
  tenantId: number,
  userId: number,
  v: BatchValues,
): Promise<Written<BatchRow, 'code'> | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(B)
      .values({ ...v, tenantId, status: 'draft', version: 0, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });

export const updateBatch = (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<BatchValues> & { status?: string },
): Promise<Written<BatchRow, 'code'> | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(B)
      .set({ ...v, ...bump(userId, B.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(B.objectVersionNumber, version)))
      .returning();
    return r;
  });

export const deleteBatch = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db
    .delete(traceBatchSources)
    .where(and(eq(traceBatchSources.tenantId, tenantId), eq(traceBatchSources.traceBatchId, id)));
  await db.delete(B).where(byId(tenantId, id));
};

// ---- Sources (the farm batches a lot is made of) ----

export const setSources = async (
  db: Db,
  tenantId: number,
  batchId: number,
  sources: SourceValues[],
): Promise<void> => {
  await db
    .delete(traceBatchSources)
    .where(and(eq(traceBatchSources.tenantId, tenantId), eq(traceBatchSources.traceBatchId, batchId)));
  if (sources.length > 0)
    await db.insert(traceBatchSources).values(
      sources.map((s) => ({
        tenantId,
        traceBatchId: batchId,
        farmBatchId: s.farmBatchId,
        quantity: s.quantity,
      })),
    );
};

export const sourcesOf = async (
  db: Db,
  tenantId: number,
  batchIds: readonly number[],
): Promise<Map<number, SourceValues[]>> => {
  const out = new Map<number, SourceValues[]>();
  if (batchIds.length === 0) return out;
  const rows = await db
    .select()
    .from(traceBatchSources)
    .where(
      and(eq(traceBatchSources.tenantId, tenantId), inArray(traceBatchSources.traceBatchId, [...batchIds])),
    )
    .orderBy(traceBatchSources.farmBatchId);
  for (const r of rows) {
    const list = out.get(r.traceBatchId) ?? [];
    list.push({ farmBatchId: r.farmBatchId, quantity: r.quantity });
    out.set(r.traceBatchId, list);
  }
  return out;
};

/** The published versions of a batch (trace_records), newest first, without the frozen JSON. */
export const batchVersions = async (db: Db, tenantId: number, batchId: number) =>
  db
    .select({
      version: traceRecords.version,
      publishedAt: traceRecords.publishedAt,
      publishedBy: traceRecords.publishedBy,
      recordHash: traceRecords.recordHash,
      txHash: traceRecords.txHash,
    })
    .from(traceRecords)
    .where(and(eq(traceRecords.tenantId, tenantId), eq(traceRecords.traceBatchId, batchId)))
    .orderBy(desc(traceRecords.version));

/** Counts for the overview header. */
export const catalogCounts = async (
  db: Db,
  tenantId: number,
): Promise<{ products: number; byStatus: Map<string, number> }> => {
  const [p] = await db.select({ n: count() }).from(traceProducts).where(eq(traceProducts.tenantId, tenantId));
  const rows = await db
    .select({ status: B.status, n: count() })
    .from(B)
    .where(eq(B.tenantId, tenantId))
    .groupBy(B.status);
  return { products: p?.n ?? 0, byStatus: new Map(rows.map((r) => [r.status, r.n])) };
};
