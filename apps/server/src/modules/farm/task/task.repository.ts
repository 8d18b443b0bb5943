import { and, count, desc, eq, exists, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { agriculturalInputs } from '../agricultural/index.js';
import { areas } from '../area/index.js';
import { batches } from '../batch/index.js';
import { taskTypeLabel, taskTypes } from '../crop/index.js';
import { lands } from '../land/index.js';
import { plans } from '../plan/index.js';
import { workers } from '../worker/index.js';
import { taskInputUsages, taskParticipants, tasks } from './task.tables.js';

export type TaskRow = typeof tasks.$inferSelect;
export type TaskValues = Partial<Omit<TaskRow, 'tenantId' | 'id' | 'createdBy' | 'creationDate'>>;

/** A task with the names of what it points at (null when gone). */
export type TaskView = TaskRow & {
  taskTypeName: string | null;
  taskTypeColor: string | null;
  areaName: string | null;
  landName: string | null;
  batchName: string | null;
  planName: string | null;
  leaderName: string | null;
};

const OPEN = ['unassigned', 'not_started', 'in_progress'];

const byTenant = (tenantId: number): SQL => eq(tasks.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(tasks.id, id)) as SQL;
const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Open (not done) and past its end date on `today`: the derived 'overdue'. */
const overdueSql = (today: string): SQL => and(inArray(tasks.status, OPEN), lt(tasks.endDate, today)) as SQL;

const leader = workers;

const selectView = (db: Db, lang: Lang) =>
  db
    .select({
      task: tasks,
      taskTypeName: taskTypeLabel(lang),
      taskTypeColor: taskTypes.color,
      areaName: areas.areaName,
      landName: lands.landName,
      batchName: batches.batchName,
      planName: plans.planName,
      leaderName: leader.workerName,
    })
    .from(tasks)
    .leftJoin(taskTypes, and(eq(taskTypes.tenantId, tasks.tenantId), eq(taskTypes.id, tasks.taskTypeId)))
    .leftJoin(areas, and(eq(areas.tenantId, tasks.tenantId), eq(areas.id, tasks.areaId)))
    .leftJoin(lands, and(eq(lands.tenantId, tasks.tenantId), eq(lands.id, tasks.landId)))
    .leftJoin(batches, and(eq(batches.tenantId, tasks.tenantId), eq(batches.id, tasks.batchId)))
    .leftJoin(plans, and(eq(plans.tenantId, tasks.tenantId), eq(plans.id, tasks.planId)))
    .leftJoin(leader, and(eq(leader.tenantId, tasks.tenantId), eq(leader.id, tasks.leaderWorkerId)));

type ViewRecord = Omit<TaskView, keyof TaskRow> & { task: TaskRow };
const toView = ({ task, ...names }: ViewRecord): TaskView => ({ ...task, ...names });

export interface TaskFilter {
  taskName?: string | undefined;
  /** A shown status: stored, or 'overdue'. */
  status?: string | undefined;
  areaId?: number | undefined;
  landId?: number | undefined;
  batchId?: number | undefined;
  planId?: number | undefined;
  leaderWorkerId?: number | undefined;
  taskTypeId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Only tasks this worker leads or takes part in (my tasks). */
  workerId?: number | undefined;
}

const filterSql = (tenantId: number, f: TaskFilter, today: string): SQL => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.taskName) parts.push(ilike(tasks.taskName, `%${escapeLike(f.taskName)}%`));
  if (f.status === 'overdue') parts.push(overdueSql(today));
  else if (f.status) {
    parts.push(eq(tasks.status, f.status));
    // An open status shown as overdue is not that status on screen, so the filter leaves it out.
    if (OPEN.includes(f.status)) parts.push(gte(tasks.endDate, today));
  }
  if (f.areaId !== undefined) parts.push(eq(tasks.areaId, f.areaId));
  if (f.landId !== undefined) parts.push(eq(tasks.landId, f.landId));
  if (f.batchId !== undefined) parts.push(eq(tasks.batchId, f.batchId));
  if (f.planId !== undefined) parts.push(eq(tasks.planId, f.planId));
  if (f.leaderWorkerId !== undefined) parts.push(eq(tasks.leaderWorkerId, f.leaderWorkerId));
  if (f.taskTypeId !== undefined) parts.push(eq(tasks.taskTypeId, f.taskTypeId));
  if (f.from) parts.push(gte(tasks.endDate, f.from));
  if (f.to) parts.push(lte(tasks.startDate, f.to));
  if (f.workerId !== undefined) {
    const w = f.workerId;
    parts.push(
      or(
        eq(tasks.leaderWorkerId, w),
        exists(
          sql`(select 1 from ${taskParticipants} where ${taskParticipants.tenantId} = ${tasks.tenantId}
            and ${taskParticipants.taskId} = ${tasks.id} and ${taskParticipants.workerId} = ${w})`,
        ),
      ) as SQL,
    );
  }
  return and(...parts) as SQL;
};

/** One page (limit undefined = all) and the total, latest start first. */
export const listTasks = async (
  db: Db,
  tenantId: number,
  lang: Lang,
  f: TaskFilter,
  today: string,
  limit?: number,
  offset = 0,
): Promise<{ rows: TaskView[]; total: number }> => {
  const where = filterSql(tenantId, f, today);
  const q = selectView(db, lang).where(where).orderBy(desc(tasks.startDate), desc(tasks.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(tasks).where(where),
    limit,
    offset,
  );
  return { rows: rows.map(toView), total };
};

export const findTask = async (
  db: Db,
  tenantId: number,
  id: number,
  lang: Lang = 'zh-CN',
): Promise<TaskView | undefined> => {
  const [r] = await selectView(db, lang).where(byId(tenantId, id));
  return r ? toView(r) : undefined;
};

/** Participants of the given tasks with their names, by task. */
export const participantsOf = async (
  db: Db,
  tenantId: number,
  taskIds: readonly number[],
): Promise<Map<number, { workerId: number; workerName: string | null }[]>> => {
  const out = new Map<number, { workerId: number; workerName: string | null }[]>();
  if (taskIds.length === 0) return out;
  const rows = await db
    .select({
      taskId: taskParticipants.taskId,
      workerId: taskParticipants.workerId,
      workerName: workers.workerName,
    })
    .from(taskParticipants)
    .leftJoin(
      workers,
      and(eq(workers.tenantId, taskParticipants.tenantId), eq(workers.id, taskParticipants.workerId)),
    )
    .where(and(eq(taskParticipants.tenantId, tenantId), inArray(taskParticipants.taskId, [...taskIds])))
    .orderBy(taskParticipants.taskId, taskParticipants.workerId);
  for (const r of rows) {
    const list = out.get(r.taskId) ?? [];
    list.push({ workerId: r.workerId, workerName: r.workerName });
    out.set(r.taskId, list);
  }
  return out;
};

/** The worker a console user signs in as in this tenant, if any. */
export const workerOfUser = async (db: Db, tenantId: number, userId: number): Promise<number | undefined> => {
  const [r] = await db
    .select({ id: workers.id })
    .from(workers)
    .where(and(eq(workers.tenantId, tenantId), eq(workers.userId, userId)));
  return r?.id;
};

export const insertTask = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: TaskValues & Pick<TaskRow, 'taskName' | 'startDate' | 'endDate'>,
): Promise<TaskRow> => {
  const [r] = await db
    .insert(tasks)
    .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('task insert returned nothing');
  return r;
};

/**
 * Optimistic update, optionally only from one of `from` stored states: undefined when no row has this id,
 * version (and state), so nothing changed.
 */
export const updateTask = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: TaskValues,
  from?: readonly string[],
): Promise<TaskRow | undefined> => {
  const parts = [byId(tenantId, id), eq(tasks.objectVersionNumber, version)];
  if (from) parts.push(inArray(tasks.status, [...from]));
  const [r] = await db
    .update(tasks)
    .set({ ...v, ...bump(userId, tasks.objectVersionNumber) })
    .where(and(...parts))
    .returning();
  return r;
};

export const replaceParticipants = async (
  db: Db,
  tenantId: number,
  taskId: number,
  workerIds: readonly number[],
): Promise<void> => {
  await db
    .delete(taskParticipants)
    .where(and(eq(taskParticipants.tenantId, tenantId), eq(taskParticipants.taskId, taskId)));
  if (workerIds.length === 0) return;
  await db.insert(taskParticipants).values(workerIds.map((workerId) => ({ tenantId, taskId, workerId })));
};

/** Deletes a task in one of `from` states at this version (when given) with its participants. */
export const deleteTask = async (
  db: Db,
  tenantId: number,
  id: number,
  from: readonly string[],
  version?: number,
): Promise<boolean> => {
  const parts = [byId(tenantId, id), inArray(tasks.status, [...from])];
  if (version !== undefined) parts.push(eq(tasks.objectVersionNumber, version));
  const gone = await db
    .delete(tasks)
    .where(and(...parts))
    .returning({ id: tasks.id });
  if (gone.length === 0) return false;
  await db
    .delete(taskParticipants)
    .where(and(eq(taskParticipants.tenantId, tenantId), eq(taskParticipants.taskId, id)));
  return true;
};

export const usagesOf = async (db: Db, tenantId: number, taskId: number) =>
  db
    .select({ inputId: taskInputUsages.inputId, quantity: taskInputUsages.quantity })
    .from(taskInputUsages)
    .where(and(eq(taskInputUsages.tenantId, tenantId), eq(taskInputUsages.taskId, taskId)))
    .orderBy(taskInputUsages.inputId);

/** Records inputs used; a task finished again after a reject adds to what it used before. */
export const addUsages = async (
  db: Db,
  tenantId: number,
  taskId: number,
  areaId: number,
  lines: readonly { inputId: number; quantity: string }[],
): Promise<void> => {
  if (lines.length === 0) return;
  await db
    .insert(taskInputUsages)
    .values(lines.map((l) => ({ tenantId, taskId, areaId, inputId: l.inputId, quantity: l.quantity })))
    .onConflictDoUpdate({
      target: [taskInputUsages.tenantId, taskInputUsages.taskId, taskInputUsages.inputId],
      set: { quantity: sql`${taskInputUsages.quantity} + excluded.quantity` },
    });
};

// ---- Lookups by name, for the demo seed. ----

export const idsByName = async (db: Db, tenantId: number) => {
  const pick = <T extends { name: string; id: number }>(rows: T[]) =>
    new Map(rows.map((r) => [r.name, r.id]));
  return {
    bases: pick(
      await db.select({ name: areas.areaName, id: areas.id }).from(areas).where(eq(areas.tenantId, tenantId)),
    ),
    plots: pick(
      await db.select({ name: lands.landName, id: lands.id }).from(lands).where(eq(lands.tenantId, tenantId)),
    ),
    types: pick(
      await db
        .select({ name: taskTypes.typeName, id: taskTypes.id })
        .from(taskTypes)
        .where(eq(taskTypes.tenantId, tenantId)),
    ),
    workers: pick(
      await db
        .select({ name: workers.workerName, id: workers.id })
        .from(workers)
        .where(eq(workers.tenantId, tenantId)),
    ),
    /** Agricultural inputs by code (the demo's used inputs). */
    inputs: pick(
      await db
        .select({ name: agriculturalInputs.inputCode, id: agriculturalInputs.id })
        .from(agriculturalInputs)
        .where(eq(agriculturalInputs.tenantId, tenantId)),
    ),
  };
};
