import type { TracePublicRecord } from '@tilth/contracts/trace.types';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { bump } from '../../../platform/db/writes.js';
import {
  traceBatches,
  traceBatchSources,
  traceBusinessProfiles,
  traceGtins,
  traceOutlets,
  traceProducts,
  traceRecords,
} from './catalog.tables.js';

// Reads of the catalogue a published record is assembled from, and the records themselves. Only this file
// (and part A's catalogue repository) touch the catalogue's tables.

export type TraceBatchRow = typeof traceBatches.$inferSelect;
export type TraceProductRow = typeof traceProducts.$inferSelect;
export type TraceOutletRow = typeof traceOutlets.$inferSelect;
export type TraceBusinessRow = typeof traceBusinessProfiles.$inferSelect;
export type TraceRecordRow = typeof traceRecords.$inferSelect;

export const findTraceBatchRow = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<TraceBatchRow | undefined> => {
  const [r] = await db
    .select()
    .from(traceBatches)
    .where(and(eq(traceBatches.tenantId, tenantId), eq(traceBatches.id, id)));
  return r;
};

export const findTraceBatchByCode = async (
  db: Db,
  tenantId: number,
  batchCode: string,
): Promise<TraceBatchRow | undefined> => {
  const [r] = await db
    .select()
    .from(traceBatches)
    .where(and(eq(traceBatches.tenantId, tenantId), eq(traceBatches.batchCode, batchCode)));
  return r;
};

export const findTraceProductRow = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<TraceProductRow | undefined> => {
  const [r] = await db
    .select()
    .from(traceProducts)
    .where(and(eq(traceProducts.tenantId, tenantId), eq(traceProducts.id, id)));
  return r;
};

export const sourcesOfTraceBatch = async (db: Db, tenantId: number, traceBatchId: number) =>
  db
    .select({ farmBatchId: traceBatchSources.farmBatchId, quantity: traceBatchSources.quantity })
    .from(traceBatchSources)
    .where(and(eq(traceBatchSources.tenantId, tenantId), eq(traceBatchSources.traceBatchId, traceBatchId)))
    .orderBy(asc(traceBatchSources.farmBatchId));

/** Enabled outlets among ids, stores first, by name. */
export const outletsByIds = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<TraceOutletRow[]> => {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(traceOutlets)
    .where(
      and(
        eq(traceOutlets.tenantId, tenantId),
        inArray(traceOutlets.id, [...ids]),
        eq(traceOutlets.enabledFlag, 1),
      ),
    )
    .orderBy(desc(traceOutlets.kind), asc(traceOutlets.outletName));
};

export const businessProfileOf = async (db: Db, tenantId: number): Promise<TraceBusinessRow | undefined> => {
  const [r] = await db
    .select()
    .from(traceBusinessProfiles)
    .where(eq(traceBusinessProfiles.tenantId, tenantId));
  return r;
};

export const insertTraceRecord = async (
  db: Db,
  v: {
    tenantId: number;
    traceBatchId: number;
    version: number;
    record: TracePublicRecord;
    recordHash: string;
    publishedAt: Date;
    publishedBy: number;
  },
): Promise<TraceRecordRow> => {
  const [r] = await db.insert(traceRecords).values(v).returning();
  if (!r) throw new Error('trace record not stored');
  return r;
};

export const setRecordTx = async (db: Db, tenantId: number, id: number, txHash: string): Promise<void> => {
  await db
    .update(traceRecords)
    .set({ txHash })
    .where(and(eq(traceRecords.tenantId, tenantId), eq(traceRecords.id, id)));
};

/** Marks the batch published at `version`, if its objectVersionNumber is still `expected`. */
export const markPublished = async (
  db: Db,
  tenantId: number,
  id: number,
  v: { expected: number; version: number; publishedAt: Date; userId: number },
): Promise<TraceBatchRow | undefined> => {
  const [r] = await db
    .update(traceBatches)
    .set({
      status: 'published',
      version: v.version,
      publishedAt: v.publishedAt,
      ...bump(v.userId, traceBatches.objectVersionNumber),
    })
    .where(
      and(
        eq(traceBatches.tenantId, tenantId),
        eq(traceBatches.id, id),
        eq(traceBatches.objectVersionNumber, v.expected),
      ),
    )
    .returning();
  return r;
};

/** Every published version of a batch, newest first. */
export const recordsOfBatch = async (db: Db, tenantId: number, traceBatchId: number) =>
  db
    .select({
      id: traceRecords.id,
      version: traceRecords.version,
      recordHash: traceRecords.recordHash,
      txHash: traceRecords.txHash,
      publishedAt: traceRecords.publishedAt,
      publishedBy: traceRecords.publishedBy,
    })
    .from(traceRecords)
    .where(and(eq(traceRecords.tenantId, tenantId), eq(traceRecords.traceBatchId, traceBatchId)))
    .orderBy(desc(traceRecords.version));

/** The record of the batch's current version (what its public page shows). */
export const currentRecord = async (
  db: Db,
  tenantId: number,
  traceBatchId: number,
  version: number,
): Promise<TraceRecordRow | undefined> => {
  const [r] = await db
    .select()
    .from(traceRecords)
    .where(
      and(
        eq(traceRecords.tenantId, tenantId),
        eq(traceRecords.traceBatchId, traceBatchId),
        eq(traceRecords.version, version),
      ),
    );
  return r;
};

/** The highest version stored for a batch (0 when none): a republish writes the next one. */
export const lastRecordVersion = async (db: Db, tenantId: number, traceBatchId: number): Promise<number> => {
  const [r] = await db
    .select({ v: sql<number>`coalesce(max(${traceRecords.version}), 0)::int` })
    .from(traceRecords)
    .where(and(eq(traceRecords.tenantId, tenantId), eq(traceRecords.traceBatchId, traceBatchId)));
  return Number(r?.v ?? 0);
};

/** A batch's current published record, as its public page shows it. */
export interface PublishedTrace {
  traceBatchId: number;
  batchCode: string;
  withdrawn: boolean;
  recordId: number;
  recordHash: string;
  record: TracePublicRecord;
}

/**
 * The current record of a published (or withdrawn) batch, by id or lot number; undefined for a draft or
 * unknown batch — the public page answers 404 for both.
 */
export const publishedTraceBatch = async (
  db: Db,
  tenantId: number,
  by: { id: number } | { batchCode: string },
): Promise<PublishedTrace | undefined> => {
  const batch =
    'id' in by
      ? await findTraceBatchRow(db, tenantId, by.id)
      : await findTraceBatchByCode(db, tenantId, by.batchCode);
  if (!batch || batch.version < 1 || (batch.status !== 'published' && batch.status !== 'withdrawn'))
    return undefined;
  const rec = await currentRecord(db, tenantId, batch.id, batch.version);
  if (!rec) return undefined;
  return {
    traceBatchId: batch.id,
    batchCode: batch.batchCode,
    withdrawn: batch.status === 'withdrawn',
    recordId: rec.id,
    recordHash: rec.recordHash,
    record: rec.record,
  };
};

/** The tenant that claimed a GTIN (global table: a Digital Link names no tenant), if any. */
export const tenantOfGtin = async (db: Db, gtin: string): Promise<number | undefined> => {
  const [r] = await db
    .select({ tenantId: traceGtins.tenantId })
    .from(traceGtins)
    .where(eq(traceGtins.gtin, gtin));
  return r?.tenantId;
};
