import type { ChosenAssignees } from '@tilth/contracts';
import { and, asc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import type { Plan } from './workflow.plan.js';
import { approvalEvents, approvalProcesses, approvalTasks } from './workflow.tables.js';

// Running processes, their tasks and timeline. Every action locks the process row first (lockProcess), so
// decisions on one process are serialised and the loser of a race sees the winner's outcome.

export type ProcessRow = typeof approvalProcesses.$inferSelect;
export type TaskRow = typeof approvalTasks.$inferSelect;
export type EventValues = Omit<typeof approvalEvents.$inferInsert, 'tenantId' | 'id'>;
export type TaskValues = Omit<typeof approvalTasks.$inferInsert, 'tenantId' | 'id'>;

export interface ProcessValues {
  definitionId: number;
  definitionVersion: number;
  docType: string;
  thirdId: number;
  formName: string;
  formCode: string;
  applicantId: number;
  applicantUnitId: number | null;
  fields: Record<string, unknown>;
  chosen: ChosenAssignees;
  plan: Plan;
}

export const insertProcess = async (db: Db, tenantId: number, v: ProcessValues): Promise<ProcessRow> => {
  const [row] = await db
    .insert(approvalProcesses)
    .values({ tenantId, ...v, createdBy: v.applicantId, lastUpdatedBy: v.applicantId })
    .returning();
  if (!row) throw new Error('approval process not inserted');
  return row;
};

/** The process a task belongs to, locked for the rest of the transaction (one statement). */
export const lockProcessOfTask = async (
  db: Db,
  tenantId: number,
  taskId: number,
): Promise<ProcessRow | undefined> => {
  const [row] = await db
    .select()
    .from(approvalProcesses)
    .where(
      and(
        eq(approvalProcesses.tenantId, tenantId),
        eq(
          approvalProcesses.id,
          db
            .select({ id: approvalTasks.processId })
            .from(approvalTasks)
            .where(and(eq(approvalTasks.tenantId, tenantId), eq(approvalTasks.id, taskId))),
        ),
      ),
    )
    .for('update');
  return row;
};

/** The process, locked for the rest of the transaction. */
export const lockProcess = async (db: Db, tenantId: number, id: number): Promise<ProcessRow | undefined> => {
  const [row] = await db
    .select()
    .from(approvalProcesses)
    .where(and(eq(approvalProcesses.tenantId, tenantId), eq(approvalProcesses.id, id)))
    .for('update');
  return row;
};

export const findProcess = async (db: Db, tenantId: number, id: number): Promise<ProcessRow | undefined> => {
  const [row] = await db
    .select()
    .from(approvalProcesses)
    .where(and(eq(approvalProcesses.tenantId, tenantId), eq(approvalProcesses.id, id)));
  return row;
};

/** The document's process in approval, if any (locked: a submit racing another sees it). */
export const openProcessOf = async (
  db: Db,
  tenantId: number,
  docType: string,
  thirdId: number,
): Promise<ProcessRow | undefined> => {
  const [row] = await db
    .select()
    .from(approvalProcesses)
    .where(
      and(
        eq(approvalProcesses.tenantId, tenantId),
        eq(approvalProcesses.docType, docType),
        eq(approvalProcesses.thirdId, thirdId),
        eq(approvalProcesses.state, 1),
      ),
    )
    .for('update');
  return row;
};

export const updateProcess = async (
  db: Db,
  tenantId: number,
  id: number,
  actorId: number | null,
  patch: Partial<
    Pick<ProcessRow, 'completed' | 'state' | 'currentNames' | 'endTime' | 'firstDecisionAt' | 'lastRemindAt'>
  >,
): Promise<ProcessRow> => {
  const [row] = await db
    .update(approvalProcesses)
    .set({
      ...patch,
      ...(actorId === null ? {} : { lastUpdatedBy: actorId }),
      lastUpdateDate: new Date(),
      objectVersionNumber: sql`${approvalProcesses.objectVersionNumber} + 1`,
    })
    .where(and(eq(approvalProcesses.tenantId, tenantId), eq(approvalProcesses.id, id)))
    .returning();
  if (!row) throw new Error('approval process vanished under its lock');
  return row;
};

export const findTask = async (db: Db, tenantId: number, id: number): Promise<TaskRow | undefined> => {
  const [row] = await db
    .select()
    .from(approvalTasks)
    .where(and(eq(approvalTasks.tenantId, tenantId), eq(approvalTasks.id, id)));
  return row;
};

/** All tasks of a process, oldest first. */
export const tasksOf = async (db: Db, tenantId: number, processId: number): Promise<TaskRow[]> =>
  db
    .select()
    .from(approvalTasks)
    .where(and(eq(approvalTasks.tenantId, tenantId), eq(approvalTasks.processId, processId)))
    .orderBy(asc(approvalTasks.id));

export const insertTasks = async (
  db: Db,
  tenantId: number,
  rows: readonly TaskValues[],
): Promise<TaskRow[]> => {
  if (rows.length === 0) return [];
  return db
    .insert(approvalTasks)
    .values(rows.map((r) => ({ tenantId, ...r })))
    .returning();
};

/** Sets state (and what comes with a decision) on tasks, bumping their versions. */
export const setTasks = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
  patch: Partial<
    Pick<TaskRow, 'state' | 'comment' | 'decidedAt' | 'current' | 'dueAt' | 'remindAt' | 'assigneeId' | 'seq'>
  >,
): Promise<void> => {
  if (ids.length === 0) return;
  await db
    .update(approvalTasks)
    .set({ ...patch, objectVersionNumber: sql`${approvalTasks.objectVersionNumber} + 1` })
    .where(and(eq(approvalTasks.tenantId, tenantId), inArray(approvalTasks.id, [...ids])));
};

export const insertEvents = async (db: Db, tenantId: number, rows: readonly EventValues[]): Promise<void> => {
  if (rows.length === 0) return;
  await db.insert(approvalEvents).values(rows.map((r) => ({ tenantId, ...r })));
};

export const eventsOf = async (db: Db, tenantId: number, processId: number) =>
  db
    .select()
    .from(approvalEvents)
    .where(and(eq(approvalEvents.tenantId, tenantId), eq(approvalEvents.processId, processId)))
    .orderBy(asc(approvalEvents.id));

/** Pending approval tasks whose reminder or time-out moment has passed (the time-out sweep), oldest first. */
export const dueTaskIds = async (db: Db, tenantId: number, now: Date, limit: number): Promise<number[]> =>
  (
    await db
      .select({ id: approvalTasks.id })
      .from(approvalTasks)
      .where(
        and(
          eq(approvalTasks.tenantId, tenantId),
          eq(approvalTasks.state, 1),
          eq(approvalTasks.taskType, 'approval'),
          // Every timed task has a dueAt (its reminder comes before or with it): the partial due index serves.
          isNotNull(approvalTasks.dueAt),
          or(lte(approvalTasks.remindAt, now), lte(approvalTasks.dueAt, now)),
        ),
      )
      .orderBy(asc(approvalTasks.id))
      .limit(limit)
  ).map((r) => r.id);
