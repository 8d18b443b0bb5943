import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { bump } from '../../../platform/db/writes.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { cropLabel, crops, varieties } from '../crop/index.js';
import { GROWING } from './batch.repository.js';
import { batches } from './batch.tables.js';

// Batches seen from their plots: the land module reads them and, when a plot moves, ends or is deleted,
// changes them through these functions inside its own transaction (it holds the plot lock, see land/plot.lock.ts).

export interface PlotBatch {
  landId: number;
  batchId: number;
  batchCode: string;
  batchName: string;
  batchType: string;
  cropName: string | null;
  varietyName: string | null;
  plantingStandard: string;
  startDate: string;
  endDate: string | null;
  harvestQuantity: string | null;
  unit: string | null;
  status: string;
}

const selectPlotBatches = (db: Db, lang: Lang) =>
  db
    .select({
      landId: sql<number>`${batches.landId}`.mapWith(Number),
      batchId: batches.id,
      batchCode: batches.batchCode,
      batchName: batches.batchName,
      batchType: batches.batchType,
      cropName: cropLabel(lang),
      varietyName: varieties.varietyName,
      plantingStandard: batches.plantingStandard,
      startDate: batches.startDate,
      endDate: batches.endDate,
      harvestQuantity: batches.harvestQuantity,
      unit: batches.unit,
      status: batches.status,
    })
    .from(batches)
    .leftJoin(crops, and(eq(crops.tenantId, batches.tenantId), eq(crops.id, batches.cropId)))
    .leftJoin(varieties, and(eq(varieties.tenantId, batches.tenantId), eq(varieties.id, batches.varietyId)));

/** The growing batches on these plots (at most one each), oldest first. */
export const growingBatches = async (
  db: Db,
  tenantId: number,
  landIds: number[],
  lang: Lang = 'zh-CN',
): Promise<PlotBatch[]> => {
  if (landIds.length === 0) return [];
  return selectPlotBatches(db, lang)
    .where(and(eq(batches.tenantId, tenantId), inArray(batches.landId, landIds), eq(batches.status, GROWING)))
    .orderBy(asc(batches.startDate), asc(batches.id));
};

/** Every batch grown on a plot, latest start first. */
export const plotHistory = async (
  db: Db,
  tenantId: number,
  landId: number,
  lang: Lang,
): Promise<PlotBatch[]> =>
  selectPlotBatches(db, lang)
    .where(and(eq(batches.tenantId, tenantId), eq(batches.landId, landId)))
    .orderBy(desc(batches.startDate), desc(batches.id));

const batchBump = (userId: number) => ({
  ...bump(userId, batches.objectVersionNumber),
});

/**
 * Ends the growing batches of a plot: status closed, and the end date today (never before the start)
 * where none was set. Answers how many ended.
 */
export const closeGrowingBatches = async (
  db: Db,
  tenantId: number,
  landId: number,
  userId: number,
  today: string,
): Promise<number> => {
  const ended = await db
    .update(batches)
    .set({
      status: 'closed',
      endDate: sql`coalesce(${batches.endDate}, greatest(${today}::date, ${batches.startDate}))`,
      ...batchBump(userId),
    })
    .where(and(eq(batches.tenantId, tenantId), eq(batches.landId, landId), eq(batches.status, GROWING)))
    .returning({ id: batches.id });
  return ended.length;
};

/** Keeps the batches of a plot on its base when the plot moves to another base. */
export const moveBatchesToBase = async (
  db: Db,
  tenantId: number,
  landId: number,
  areaId: number,
  userId: number,
): Promise<void> => {
  await db
    .update(batches)
    .set({ areaId, ...batchBump(userId) })
    .where(and(eq(batches.tenantId, tenantId), eq(batches.landId, landId), ne(batches.areaId, areaId)));
};

/** Unbinds the past batches of a plot about to be deleted; they stay on its base. */
export const detachBatches = async (
  db: Db,
  tenantId: number,
  landId: number,
  userId: number,
): Promise<void> => {
  await db
    .update(batches)
    .set({ landId: null, ...batchBump(userId) })
    .where(and(eq(batches.tenantId, tenantId), eq(batches.landId, landId)));
};
