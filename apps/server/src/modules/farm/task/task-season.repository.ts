import { and, asc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { taskInputUsages, tasks } from './task.tables.js';

/** A finished task as a season's timeline shows it, with the inputs it actually used. */
export interface FinishedTask {
  id: number;
  taskName: string;
  landId: number | null;
  batchId: number | null;
  finishedAt: Date;
  finishNote: string | null;
  usages: Array<{ inputId: number; quantity: string }>;
}

/**
 * Tasks finished within [from, to) on one of these batches, or on one of these plots with no batch named —
 * what a farm batch's season really had done (trace records read it, ADR 0009). Oldest first, at most `limit`.
 */
export const finishedTasksWithInputs = async (
  db: Db,
  tenantId: number,
  f: { batchIds: readonly number[]; landIds: readonly number[]; from: Date; to: Date; limit: number },
): Promise<FinishedTask[]> => {
  const whose: SQL[] = [];
  if (f.batchIds.length > 0) whose.push(inArray(tasks.batchId, [...f.batchIds]));
  if (f.landIds.length > 0) whose.push(inArray(tasks.landId, [...f.landIds]));
  if (whose.length === 0) return [];
  const rows = await db
    .select({
      id: tasks.id,
      taskName: tasks.taskName,
      landId: tasks.landId,
      batchId: tasks.batchId,
      finishedAt: tasks.finishedAt,
      finishNote: tasks.finishNote,
    })
    .from(tasks)
    .where(
      and(
        eq(tasks.tenantId, tenantId),
        eq(tasks.status, 'finished'),
        or(...whose),
        gte(tasks.finishedAt, f.from),
        lt(tasks.finishedAt, f.to),
      ),
    )
    .orderBy(asc(tasks.finishedAt), asc(tasks.id))
    .limit(f.limit);
  if (rows.length === 0) return [];
  const usages = await db
    .select({
      taskId: taskInputUsages.taskId,
      inputId: taskInputUsages.inputId,
      quantity: taskInputUsages.quantity,
    })
    .from(taskInputUsages)
    .where(
      and(
        eq(taskInputUsages.tenantId, tenantId),
        inArray(
          taskInputUsages.taskId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(taskInputUsages.inputId));
  return rows.map((r) => ({
    ...r,
    finishedAt: r.finishedAt ?? f.from,
    usages: usages.filter((u) => u.taskId === r.id).map(({ inputId, quantity }) => ({ inputId, quantity })),
  }));
};
