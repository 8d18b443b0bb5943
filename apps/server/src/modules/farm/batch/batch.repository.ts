import { and, asc, count, desc, eq, gte, ilike, isNull, like, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { areas } from '../area/index.js';
import { cropLabel, crops, varieties } from '../crop/index.js';
import { lands } from '../land/index.js';
import { batches } from './batch.tables.js';

export type BatchRow = typeof batches.$inferSelect;
/** A batch with the names of its base, plot, crop and variety (null when gone) and the growth days. */
export type BatchView = BatchRow & {
  areaName: string | null;
  landName: string | null;
  cropName: string | null;
  varietyName: string | null;
  growthDays: number | null;
};

export interface BatchValues {
  batchCode: string;
  batchName: string;
  batchType: string;
  areaId: number;
  landId: number | null;
  cropId: number;
  varietyId: number | null;
  plantingStandard: string;
  startDate: string;
  endDate: string | null;
  plannedQuantity: string | null;
  stockCount: number | null;
  unit: string | null;
  harvestQuantity: string | null;
  harvestDate: string | null;
  status: string;
  description: string | null;
}

export type WriteResult = Written<BatchRow, 'code'>;

export const GROWING = 'growing';

const byTenant = (tenantId: number): SQL => eq(batches.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(batches.id, id)) as SQL;

// ---- Batches. ----

/** The growing batch on a plot other than exceptId, if any. */
export const growingOnPlot = async (
  db: Db,
  tenantId: number,
  landId: number,
  exceptId?: number,
): Promise<{ id: number; batchCode: string; batchName: string } | undefined> => {
  const parts = [byTenant(tenantId), eq(batches.landId, landId), eq(batches.status, GROWING)];
  if (exceptId !== undefined) parts.push(ne(batches.id, exceptId));
  const [r] = await db
    .select({ id: batches.id, batchCode: batches.batchCode, batchName: batches.batchName })
    .from(batches)
    .where(and(...parts))
    .limit(1);
  return r;
};

export const codeTaken = async (
  db: Db,
  tenantId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> => {
  const parts = [byTenant(tenantId), eq(batches.batchCode, code)];
  if (exceptId !== undefined) parts.push(ne(batches.id, exceptId));
  const [r] = await db
    .select({ id: batches.id })
    .from(batches)
    .where(and(...parts))
    .limit(1);
  return r !== undefined;
};

/** Codes of the tenant starting with prefix (e.g. 'B20250301-'); the caller finds the highest serial. */
export const codesWithPrefix = async (db: Db, tenantId: number, prefix: string): Promise<string[]> =>
  (
    await db
      .select({ code: batches.batchCode })
      .from(batches)
      .where(and(byTenant(tenantId), like(batches.batchCode, `${prefix}%`)))
  ).map((r) => r.code);

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const selectView = (db: Db, lang: Lang) =>
  db
    .select({
      batch: batches,
      areaName: areas.areaName,
      landName: lands.landName,
      cropName: cropLabel(lang),
      varietyName: varieties.varietyName,
      growthDays: varieties.growthDays,
    })
    .from(batches)
    .leftJoin(areas, and(eq(areas.tenantId, batches.tenantId), eq(areas.id, batches.areaId)))
    .leftJoin(lands, and(eq(lands.tenantId, batches.tenantId), eq(lands.id, batches.landId)))
    .leftJoin(crops, and(eq(crops.tenantId, batches.tenantId), eq(crops.id, batches.cropId)))
    .leftJoin(varieties, and(eq(varieties.tenantId, batches.tenantId), eq(varieties.id, batches.varietyId)));

interface ViewRecord {
  batch: BatchRow;
  areaName: string | null;
  landName: string | null;
  cropName: string | null;
  varietyName: string | null;
  growthDays: number | null;
}

const toView = (r: ViewRecord): BatchView => ({
  ...r.batch,
  areaName: r.areaName,
  landName: r.landName,
  cropName: r.cropName,
  varietyName: r.varietyName,
  growthDays: r.growthDays,
});

export interface BatchFilter {
  areaId?: number | undefined;
  landId?: number | undefined;
  cropId?: number | undefined;
  status?: string | undefined;
  batchType?: string | undefined;
  batchName?: string | undefined;
}

const filterSql = (tenantId: number, f: BatchFilter): SQL => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.areaId !== undefined) parts.push(eq(batches.areaId, f.areaId));
  if (f.landId !== undefined) parts.push(eq(batches.landId, f.landId));
  if (f.cropId !== undefined) parts.push(eq(batches.cropId, f.cropId));
  if (f.status) parts.push(eq(batches.status, f.status));
  if (f.batchType) parts.push(eq(batches.batchType, f.batchType));
  if (f.batchName) parts.push(ilike(batches.batchName, `%${escapeLike(f.batchName)}%`));
  return and(...parts) as SQL;
};

/** One page (limit undefined = all) and the total count, latest start first. */
export const listBatches = async (
  db: Db,
  tenantId: number,
  lang: Lang,
  f: BatchFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: BatchView[]; total: number }> => {
  const where = filterSql(tenantId, f);
  const q = selectView(db, lang).where(where).orderBy(desc(batches.startDate), desc(batches.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(batches).where(where),
    limit,
    offset,
  );
  return { rows: rows.map(toView), total };
};

export const findBatch = async (
  db: Db,
  tenantId: number,
  id: number,
  lang: Lang = 'zh-CN',
): Promise<BatchView | undefined> => {
  const [r] = await selectView(db, lang).where(byId(tenantId, id));
  return r ? toView(r) : undefined;
};

/**
 * Batches whose period overlaps from..to (an open end date runs on), of one base or plot when given,
 * ordered by plot name (unbound last), then start.
 */
export const planBatches = async (
  db: Db,
  tenantId: number,
  lang: Lang,
  f: { areaId?: number | undefined; landId?: number | undefined; from: string; to: string },
): Promise<BatchView[]> => {
  const parts: SQL[] = [
    byTenant(tenantId),
    lte(batches.startDate, f.to),
    or(isNull(batches.endDate), gte(batches.endDate, f.from)) as SQL,
  ];
  if (f.areaId !== undefined) parts.push(eq(batches.areaId, f.areaId));
  if (f.landId !== undefined) parts.push(eq(batches.landId, f.landId));
  return (
    await selectView(db, lang)
      .where(and(...parts))
      .orderBy(sql`${lands.landName} asc nulls last`, asc(batches.startDate), asc(batches.id))
  ).map(toView);
};

const UNIQUE = { batches_code_uq: 'code' } as const;

export const insertBatch = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: BatchValues,
): Promise<WriteResult> => {
  const res = await guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(batches)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('batch insert returned nothing');
  return res;
};

/** Optimistic update: undefined when no row has this id and version (the caller tells 404 from 409). */
export const updateBatch = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<BatchValues>,
): Promise<WriteResult | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(batches)
      .set({
        ...v,
        ...bump(userId, batches.objectVersionNumber),
      })
      .where(and(byId(tenantId, id), eq(batches.objectVersionNumber, version)))
      .returning();
    return r;
  });

/** Deletes one batch with no harvest (only at this version when one is given); answers whether it went. */
export const deleteBatch = async (
  db: Db,
  tenantId: number,
  id: number,
  version?: number,
): Promise<boolean> => {
  const parts = [byId(tenantId, id), isNull(batches.harvestQuantity)];
  if (version !== undefined) parts.push(eq(batches.objectVersionNumber, version));
  const gone = await db
    .delete(batches)
    .where(and(...parts))
    .returning({ id: batches.id });
  return gone.length > 0;
};
