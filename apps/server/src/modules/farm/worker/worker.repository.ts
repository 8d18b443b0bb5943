import { and, asc, count, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump, guardUnique, type Written } from '../../../platform/db/writes.js';
import { memberships, users } from '../../identity/identity/index.js';
import { areas } from '../area/index.js';
import { taskParticipants, tasks } from '../task/index.js';
import { workers } from './worker.tables.js';

export type WorkerRow = typeof workers.$inferSelect;
/** A worker with the name of its base and of its linked user (null when none or gone). */
export type WorkerView = WorkerRow & { areaName: string | null; userName: string | null };

export interface WorkerValues {
  workerName: string;
  phone: string | null;
  organizationId: number | null;
  userId: number | null;
  jobTitle: string | null;
  description: string | null;
  enabledFlag: number;
}

export type WorkerWrite = Written<WorkerRow, 'user'>;

/** Task statuses that still need their people (docs/farm-tasks.md). */
export const OPEN_TASK_STATUSES = ['unassigned', 'not_started', 'in_progress'] as const;

const byTenant = (tenantId: number): SQL => eq(workers.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(workers.id, id)) as SQL;
const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const selectView = (db: Db) =>
  db
    .select({ worker: workers, areaName: areas.areaName, userName: users.realName })
    .from(workers)
    .leftJoin(areas, and(eq(areas.tenantId, workers.tenantId), eq(areas.id, workers.organizationId)))
    .leftJoin(users, eq(users.id, workers.userId));

const toView = (r: { worker: WorkerRow; areaName: string | null; userName: string | null }): WorkerView => ({
  ...r.worker,
  areaName: r.areaName,
  userName: r.userName,
});

export interface WorkerFilter {
  name?: string | undefined;
  organizationId?: number | undefined;
  enabledFlag?: number | undefined;
}

const filterSql = (tenantId: number, f: WorkerFilter): SQL => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.name) parts.push(ilike(workers.workerName, `%${escapeLike(f.name)}%`));
  if (f.organizationId !== undefined) parts.push(eq(workers.organizationId, f.organizationId));
  if (f.enabledFlag !== undefined) parts.push(eq(workers.enabledFlag, f.enabledFlag));
  return and(...parts) as SQL;
};

/** One page (limit undefined = all) and the total, by name. */
export const listWorkers = async (
  db: Db,
  tenantId: number,
  f: WorkerFilter,
  limit?: number,
  offset = 0,
): Promise<{ rows: WorkerView[]; total: number }> => {
  const where = filterSql(tenantId, f);
  const q = selectView(db).where(where).orderBy(asc(workers.workerName), asc(workers.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(workers).where(where),
    limit,
    offset,
  );
  return { rows: rows.map(toView), total };
};

export const findWorker = async (
  db: Db,
  tenantId: number,
  id: number,
  lock?: 'update',
): Promise<WorkerView | undefined> => {
  if (lock) await db.select({ id: workers.id }).from(workers).where(byId(tenantId, id)).for(lock);
  const [r] = await selectView(db).where(byId(tenantId, id));
  return r ? toView(r) : undefined;
};

export const findWorkerOfUser = async (
  db: Db,
  tenantId: number,
  userId: number,
): Promise<WorkerView | undefined> => {
  const [r] = await selectView(db).where(and(byTenant(tenantId), eq(workers.userId, userId)));
  return r ? toView(r) : undefined;
};

/** Members of the tenant with no worker, plus the user of worker `exceptWorkerId` when given. */
export const candidateUsers = async (db: Db, tenantId: number, exceptWorkerId?: number) => {
  const linked = db
    .select({ userId: workers.userId })
    .from(workers)
    .where(
      and(
        byTenant(tenantId),
        exceptWorkerId === undefined ? undefined : ne(workers.id, exceptWorkerId),
      ) as SQL,
    );
  const taken = (await linked).map((r) => r.userId).filter((u): u is number => u !== null);
  const rows = await db
    .select({ userId: users.id, loginName: users.loginName, realName: users.realName, phone: users.phone })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), eq(users.enabled, true)))
    .orderBy(asc(users.realName), asc(users.id));
  const takenSet = new Set(taken);
  return rows.filter((r) => !takenSet.has(r.userId));
};

/** Open tasks the worker leads or takes part in. */
export const countOpenTasks = async (db: Db, tenantId: number, workerId: number): Promise<number> => {
  const participating = db
    .select({ taskId: taskParticipants.taskId })
    .from(taskParticipants)
    .where(and(eq(taskParticipants.tenantId, tenantId), eq(taskParticipants.workerId, workerId)));
  const [c] = await db
    .select({ n: count() })
    .from(tasks)
    .where(
      and(
        eq(tasks.tenantId, tenantId),
        inArray(tasks.status, [...OPEN_TASK_STATUSES]),
        or(eq(tasks.leaderWorkerId, workerId), inArray(tasks.id, participating)),
      ),
    );
  return c?.n ?? 0;
};

const UNIQUE = { workers_user_uq: 'user' } as const;

export const insertWorker = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: WorkerValues,
): Promise<WorkerWrite> => {
  const res = await guardUnique(UNIQUE, async () => {
    const [r] = await db
      .insert(workers)
      .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
      .returning();
    return r;
  });
  if (!res) throw new Error('worker insert returned nothing');
  return res;
};

/** Optimistic update: undefined when no row has this id and version. */
export const updateWorker = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<WorkerValues>,
): Promise<WorkerWrite | undefined> =>
  guardUnique(UNIQUE, async () => {
    const [r] = await db
      .update(workers)
      .set({ ...v, ...bump(userId, workers.objectVersionNumber) })
      .where(and(byId(tenantId, id), eq(workers.objectVersionNumber, version)))
      .returning();
    return r;
  });

export const deleteWorker = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  const gone = await db.delete(workers).where(byId(tenantId, id)).returning({ id: workers.id });
  return gone.length > 0;
};

/**
 * Enabled workers of the tenant among ids, share-locked until the task (or plan) is written: a worker
 * deletion (which locks the row for update, then looks for open tasks) waits for it, so it cannot miss the
 * task. The one worker lookup other modules use (ADR 0009).
 */
export const enabledWorkers = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: workers.id })
    .from(workers)
    .where(and(eq(workers.tenantId, tenantId), inArray(workers.id, [...ids]), eq(workers.enabledFlag, 1)))
    .for('share');
  return new Set(rows.map((r) => r.id));
};
