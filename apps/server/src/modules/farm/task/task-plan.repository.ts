import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { tasks } from './task.tables.js';

// The tasks a plan generates. Tasks are this module's rows, so the plan module writes them only through
// these functions, passing its transaction handle (the plan and its tasks still change in one transaction).

/** Rows an execute() touched, across the node-postgres and PGlite result shapes. */
const affectedRows = (res: unknown): number => {
  const r = res as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
};

/**
 * Generates a plan's tasks for batchIds: one task per package task per batch, in ONE insert … select (the
 * database computes the dates; no rows travel to the server and back). Start = plan start + dayOffset,
 * end = start + durationDays - 1; inputs copied. Reads the batches and the package tasks it joins; answers
 * the number of tasks.
 */
export const insertPlanTasks = async (
  db: Db,
  tenantId: number,
  userId: number,
  plan: { id: number; packageId: number; startDate: string; leaderWorkerId: number | null },
  batchIds: number[],
): Promise<number> => {
  const status = plan.leaderWorkerId === null ? 'unassigned' : 'not_started';
  const ids = sql.join(
    batchIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const res = await db.execute(sql`
    insert into tasks (tenant_id, task_name, task_type_id, area_id, land_id, batch_id, plan_id, start_date,
      end_date, status, leader_worker_id, planned_inputs, description, created_by, last_updated_by)
    select b.tenant_id, pt.task_name, pt.task_type_id, b.area_id, b.land_id, b.id, ${plan.id}::bigint,
      ${plan.startDate}::date + pt.day_offset,
      ${plan.startDate}::date + pt.day_offset + pt.duration_days - 1,
      ${status}, ${plan.leaderWorkerId}::bigint, pt.inputs, pt.description, ${userId}::bigint, ${userId}::bigint
    from batches b
    cross join plan_package_tasks pt
    where b.tenant_id = ${tenantId} and b.id in (${ids})
      and pt.tenant_id = ${tenantId} and pt.package_id = ${plan.packageId}
    order by b.id, pt.day_offset, pt.sort_no, pt.id`);
  return affectedRows(res);
};

/** Deletes a plan's tasks with their participants (the plan deletes itself after). */
export const deletePlanTasks = async (db: Db, tenantId: number, planId: number): Promise<void> => {
  await db.execute(sql`delete from task_participants tp using tasks t
    where tp.tenant_id = ${tenantId} and t.tenant_id = ${tenantId} and t.id = tp.task_id and t.plan_id = ${planId}`);
  await db.delete(tasks).where(and(eq(tasks.tenantId, tenantId), eq(tasks.planId, planId)));
};

/** Demo seed: marks the plan's tasks that ended before `before` as finished, as if the season had been worked. */
export const finishPlanTasksEndedBefore = async (
  db: Db,
  tenantId: number,
  planId: number,
  before: string,
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<void> => {
  // Started at 08:00 on the start day and finished at 17:00 on the end day, wall time of the tenant.
  await db
    .update(tasks)
    .set({
      status: 'finished',
      startedAt: sql`(${tasks.startDate} + time '08:00') at time zone ${timeZone}`,
      finishedAt: sql`(${tasks.endDate} + time '17:00') at time zone ${timeZone}`,
      finishNote: '按计划完成',
    })
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.planId, planId), lt(tasks.endDate, before)));
};
