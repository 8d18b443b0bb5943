import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { areas } from '../area/index.js';
import { batches } from '../batch/index.js';
import { taskTypeLabel, taskTypes } from '../crop/index.js';
import { lands } from '../land/index.js';
import { deletePlanTasks, insertPlanTasks, tasks } from '../task/index.js';
import { workers } from '../worker/index.js';
import { type PlannedInput, planBatches, planPackages, plans } from './plan.tables.js';

export type PlanRow = typeof plans.$inferSelect;
export type PlanView = PlanRow & {
  packageName: string | null;
  areaName: string | null;
  leaderWorkerName: string | null;
  batchCount: number;
};

export interface PlanValues {
  planName: string;
  packageId: number;
  areaId: number;
  startDate: string;
  leaderWorkerId: number | null;
  description: string | null;
}

/** Task statuses of work that has begun: a plan with such a task is no longer deleted. */
export const STARTED_STATUSES = ['in_progress', 'finished', 'closed'] as const;
/** Statuses a task can still become overdue in. */
export const OPEN_STATUSES = ['unassigned', 'not_started', 'in_progress'] as const;

const byTenant = (tenantId: number): SQL => eq(plans.tenantId, tenantId);
const byId = (tenantId: number, id: number): SQL => and(byTenant(tenantId), eq(plans.id, id)) as SQL;
const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// ---- other modules' rows a plan is built from ----

export interface BatchRef {
  id: number;
  batchCode: string;
  batchName: string;
  areaId: number;
  landId: number | null;
  status: string;
}

export const batchesById = async (db: Db, tenantId: number, ids: number[]): Promise<BatchRef[]> =>
  db
    .select({
      id: batches.id,
      batchCode: batches.batchCode,
      batchName: batches.batchName,
      areaId: batches.areaId,
      landId: batches.landId,
      status: batches.status,
    })
    .from(batches)
    .where(and(eq(batches.tenantId, tenantId), inArray(batches.id, ids)));

export const findPackageRef = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<{ id: number; enabledFlag: number } | undefined> => {
  const [r] = await db
    .select({ id: planPackages.id, enabledFlag: planPackages.enabledFlag })
    .from(planPackages)
    .where(and(eq(planPackages.tenantId, tenantId), eq(planPackages.id, id)));
  return r;
};

// ---- plans ----

const batchCount = sql<number>`(select count(*) from plan_batches pb
  where pb.tenant_id = ${plans.tenantId} and pb.plan_id = ${plans.id})`.mapWith(Number);

const selectView = (db: Db) =>
  db
    .select({
      plan: plans,
      packageName: planPackages.packageName,
      areaName: areas.areaName,
      leaderWorkerName: workers.workerName,
      batchCount,
    })
    .from(plans)
    .leftJoin(
      planPackages,
      and(eq(planPackages.tenantId, plans.tenantId), eq(planPackages.id, plans.packageId)),
    )
    .leftJoin(areas, and(eq(areas.tenantId, plans.tenantId), eq(areas.id, plans.areaId)))
    .leftJoin(workers, and(eq(workers.tenantId, plans.tenantId), eq(workers.id, plans.leaderWorkerId)));

type ViewRecord = {
  plan: PlanRow;
  packageName: string | null;
  areaName: string | null;
  leaderWorkerName: string | null;
  batchCount: number;
};
const toView = (r: ViewRecord): PlanView => ({
  ...r.plan,
  packageName: r.packageName,
  areaName: r.areaName,
  leaderWorkerName: r.leaderWorkerName,
  batchCount: r.batchCount,
});

export interface PlanFilter {
  planName?: string | undefined;
  areaId?: number | undefined;
  packageId?: number | undefined;
  auditState?: string | undefined;
}

const filterSql = (tenantId: number, f: PlanFilter): SQL => {
  const parts: SQL[] = [byTenant(tenantId)];
  if (f.planName) parts.push(ilike(plans.planName, `%${escapeLike(f.planName)}%`));
  if (f.areaId !== undefined) parts.push(eq(plans.areaId, f.areaId));
  if (f.packageId !== undefined) parts.push(eq(plans.packageId, f.packageId));
  if (f.auditState) parts.push(eq(plans.auditState, f.auditState));
  return and(...parts) as SQL;
};

/** One page, latest start first (limit undefined = all), and the total count. */
export const listPlans = async (
  db: Db,
  tenantId: number,
  f: PlanFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: PlanView[]; total: number }> => {
  const where = filterSql(tenantId, f);
  const q = selectView(db).where(where).orderBy(desc(plans.startDate), desc(plans.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(plans).where(where),
    limit,
    offset,
  );
  return { rows: rows.map(toView), total };
};

export const findPlan = async (db: Db, tenantId: number, id: number): Promise<PlanView | undefined> => {
  const [r] = await selectView(db).where(byId(tenantId, id));
  return r ? toView(r) : undefined;
};

/** The task status as shown: 'overdue' when still open and its end date is before today. */
const viewStatus = (today: string) =>
  sql<string>`case when ${tasks.status} in ('unassigned', 'not_started', 'in_progress')
    and ${tasks.endDate} < ${today}::date then 'overdue' else ${tasks.status} end`;

/** Task counts per shown status of each plan among planIds. */
export const taskCounts = async (
  db: Db,
  tenantId: number,
  planIds: number[],
  today: string,
): Promise<{ planId: number; status: string; n: number }[]> => {
  if (planIds.length === 0) return [];
  const status = viewStatus(today);
  const rows = await db
    .select({ planId: tasks.planId, status, n: count() })
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), inArray(tasks.planId, planIds)))
    // By position: the CASE carries a bound parameter, so repeating it would not match the select list.
    .groupBy(sql`1`, sql`2`);
  return rows.map((r) => ({ planId: r.planId ?? 0, status: r.status, n: r.n }));
};

export interface PlanBatchView {
  batchId: number;
  batchCode: string | null;
  batchName: string | null;
  landId: number | null;
  landName: string | null;
  batchStatus: string | null;
}

export const planBatchViews = async (db: Db, tenantId: number, planId: number): Promise<PlanBatchView[]> =>
  db
    .select({
      batchId: planBatches.batchId,
      batchCode: batches.batchCode,
      batchName: batches.batchName,
      landId: batches.landId,
      landName: lands.landName,
      batchStatus: batches.status,
    })
    .from(planBatches)
    .leftJoin(batches, and(eq(batches.tenantId, planBatches.tenantId), eq(batches.id, planBatches.batchId)))
    .leftJoin(lands, and(eq(lands.tenantId, batches.tenantId), eq(lands.id, batches.landId)))
    .where(and(eq(planBatches.tenantId, tenantId), eq(planBatches.planId, planId)))
    .orderBy(asc(batches.batchCode), asc(planBatches.batchId));

export interface PlanTaskView {
  id: number;
  batchId: number | null;
  taskName: string;
  taskTypeId: number | null;
  taskTypeName: string | null;
  startDate: string;
  endDate: string;
  status: string;
  leaderWorkerId: number | null;
  leaderWorkerName: string | null;
  plannedInputs: PlannedInput[];
}

/** The plan's tasks with their shown status, by batch then start date. */
export const planTaskViews = async (
  db: Db,
  tenantId: number,
  planId: number,
  today: string,
  lang: Lang,
): Promise<PlanTaskView[]> =>
  db
    .select({
      id: tasks.id,
      batchId: tasks.batchId,
      taskName: tasks.taskName,
      taskTypeId: tasks.taskTypeId,
      taskTypeName: taskTypeLabel(lang),
      startDate: tasks.startDate,
      endDate: tasks.endDate,
      status: viewStatus(today),
      leaderWorkerId: tasks.leaderWorkerId,
      leaderWorkerName: workers.workerName,
      plannedInputs: tasks.plannedInputs,
    })
    .from(tasks)
    .leftJoin(taskTypes, and(eq(taskTypes.tenantId, tasks.tenantId), eq(taskTypes.id, tasks.taskTypeId)))
    .leftJoin(workers, and(eq(workers.tenantId, tasks.tenantId), eq(workers.id, tasks.leaderWorkerId)))
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.planId, planId)))
    .orderBy(asc(tasks.batchId), asc(tasks.startDate), asc(tasks.id));

export const insertPlan = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: PlanValues,
): Promise<PlanRow> => {
  const [r] = await db
    .insert(plans)
    .values({ tenantId, ...v, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('plan insert returned nothing');
  return r;
};

/** Optimistic update: false when no row has this id and version. */
export const updatePlan = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: { planName: string; description?: string | null },
): Promise<boolean> => {
  const r = await db
    .update(plans)
    .set({ ...v, ...bump(userId, plans.objectVersionNumber) })
    .where(and(byId(tenantId, id), eq(plans.objectVersionNumber, version)))
    .returning({ id: plans.id });
  return r.length > 0;
};

export const linkedBatchIds = async (db: Db, tenantId: number, planId: number): Promise<number[]> =>
  (
    await db
      .select({ id: planBatches.batchId })
      .from(planBatches)
      .where(and(eq(planBatches.tenantId, tenantId), eq(planBatches.planId, planId)))
  ).map((r) => r.id);

/** Links batchIds to the plan and has the task module generate its tasks for them; answers their number. */
export const applyPlan = async (
  db: Db,
  tenantId: number,
  userId: number,
  plan: { id: number; packageId: number; startDate: string; leaderWorkerId: number | null },
  batchIds: number[],
  withTasks = true,
): Promise<number> => {
  await db.insert(planBatches).values(batchIds.map((batchId) => ({ tenantId, planId: plan.id, batchId })));
  // A plan waiting for approval links its batches now and gets their tasks when approved.
  return withTasks ? insertPlanTasks(db, tenantId, userId, plan, batchIds) : 0;
};

export const countStartedTasks = async (db: Db, tenantId: number, planId: number): Promise<number> => {
  const [r] = await db
    .select({ n: count() })
    .from(tasks)
    .where(
      and(
        eq(tasks.tenantId, tenantId),
        eq(tasks.planId, planId),
        inArray(tasks.status, [...STARTED_STATUSES]),
      ),
    );
  return r?.n ?? 0;
};

/** Deletes the plan, its tasks (with their participants) and its batch links. */
export const deletePlan = async (db: Db, tenantId: number, id: number): Promise<boolean> => {
  await deletePlanTasks(db, tenantId, id);
  await db.delete(planBatches).where(and(eq(planBatches.tenantId, tenantId), eq(planBatches.planId, id)));
  const gone = await db.delete(plans).where(byId(tenantId, id)).returning({ id: plans.id });
  return gone.length > 0;
};
