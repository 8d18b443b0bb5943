import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { bump } from '../../../platform/db/writes.js';
import { insertPlanTasks } from '../task/index.js';
import { linkedBatchIds } from './plan.repository.js';
import { planPackageTasks, plans } from './plan.tables.js';

// What the approval of a plan reads and writes (issue 14): its state, locked, and its package's size.

export type PlanAuditRow = Pick<
  typeof plans.$inferSelect,
  | 'id'
  | 'planName'
  | 'packageId'
  | 'areaId'
  | 'startDate'
  | 'leaderWorkerId'
  | 'auditState'
  | 'objectVersionNumber'
>;

/** The plan, locked for a state change (an edit or a decision on it waits). */
export const lockPlan = async (db: Db, tenantId: number, id: number): Promise<PlanAuditRow | undefined> => {
  const [r] = await db
    .select({
      id: plans.id,
      planName: plans.planName,
      packageId: plans.packageId,
      areaId: plans.areaId,
      startDate: plans.startDate,
      leaderWorkerId: plans.leaderWorkerId,
      auditState: plans.auditState,
      objectVersionNumber: plans.objectVersionNumber,
    })
    .from(plans)
    .where(and(eq(plans.tenantId, tenantId), eq(plans.id, id)))
    .for('update');
  return r;
};

/** Sets the approval state; `bumpVersion` false only right after the plan's insert. */
export const setPlanAudit = async (
  db: Db,
  tenantId: number,
  id: number,
  userId: number,
  patch: { auditState: string; processId?: number | null },
  bumpVersion = true,
): Promise<void> => {
  await db
    .update(plans)
    .set({ ...patch, ...(bumpVersion ? bump(userId, plans.objectVersionNumber) : {}) })
    .where(and(eq(plans.tenantId, tenantId), eq(plans.id, id)));
};

export const packageTaskCount = async (db: Db, tenantId: number, packageId: number): Promise<number> => {
  const [r] = await db
    .select({ n: count() })
    .from(planPackageTasks)
    .where(and(eq(planPackageTasks.tenantId, tenantId), eq(planPackageTasks.packageId, packageId)));
  return r?.n ?? 0;
};

/** Generates the tasks of every batch linked to the plan (its package's tasks from its start date). */
export const generatePlanTasks = async (
  db: Db,
  tenantId: number,
  userId: number,
  plan: Pick<PlanAuditRow, 'id' | 'packageId' | 'startDate' | 'leaderWorkerId'>,
): Promise<number> => {
  const batchIds = await linkedBatchIds(db, tenantId, plan.id);
  if (plan.packageId === null || batchIds.length === 0) return 0;
  return insertPlanTasks(db, tenantId, userId, { ...plan, packageId: plan.packageId }, batchIds);
};
