import type { Page } from '@tilth/contracts/common.types';
import type {
  Task,
  TaskCreateBody,
  TaskDeleteQuery,
  TaskDetail,
  TaskListQuery,
  TaskUpdateBody,
} from '@tilth/contracts/task.types';
import { pageAnswer } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { today as todayIn } from '../../../platform/time/zone.js';
import { inputsById } from '../agricultural/index.js';
import { findBase } from '../area/index.js';
import { findBatch } from '../batch/index.js';
import { findTaskType } from '../crop/index.js';
import { findPlot } from '../land/index.js';
import type { PlannedInput } from '../plan/index.js';
import { enabledWorkers } from '../worker/index.js';
import { TaskErrors } from './task.errors.js';
import {
  deleteTask,
  insertTask,
  listTasks,
  participantsOf,
  replaceParticipants,
  type TaskFilter,
  type TaskValues,
  updateTask,
  usagesOf,
} from './task.repository.js';
import { TASK_ACCESS, TASK_RULES, type TaskActor } from './task.rules.js';
import { actorOf, checkAction, detailOf, loadTask, toTask } from './task.view.js';

/** 3-decimal text of a quantity, as the numeric columns keep it. */
export const qtyText = (n: number): string => n.toFixed(3);

/** Throws 400 naming `field` when an id is listed twice. */
export const noDuplicates = (ids: readonly number[], fail: () => Error): void => {
  if (new Set(ids).size !== ids.length) throw fail();
};

/** Tasks: the list, my tasks, one task, create, edit and delete. Transitions: task.flow.ts. */
export class TaskService {
  /** Task management: every task of the tenant. */
  async list(ctx: Ctx, q: TaskListQuery): Promise<Page<Task>> {
    requireTenant(ctx);
    requireAccess(ctx, TASK_ACCESS.manage);
    return this.page(ctx, q, await actorOf(ctx), undefined);
  }

  /** My tasks: the ones the caller's worker leads or takes part in; none without a linked worker. */
  async mine(ctx: Ctx, q: TaskListQuery): Promise<Page<Task>> {
    requireTenant(ctx);
    requireAccess(ctx, TASK_ACCESS.mine);
    const actor = await actorOf(ctx);
    if (actor.workerId === undefined) {
      return pageAnswer([], 0, q);
    }
    return this.page(ctx, q, actor, actor.workerId);
  }

  async get(ctx: Ctx, id: number): Promise<TaskDetail> {
    requireTenant(ctx);
    requireAccess(ctx, [TASK_ACCESS.manage, TASK_ACCESS.mine]);
    return detailOf(ctx, await loadTask(ctx, id));
  }

  async create(ctx: Ctx, body: TaskCreateBody): Promise<TaskDetail> {
    requireTenant(ctx);
    requireAccess(ctx, TASK_ACCESS.create);
    if (body.startDate > body.endDate) throw TaskErrors.dateOrder();
    await this.checkType(ctx, body.taskTypeId);
    await this.checkPlace(ctx, body.areaId, body.landId ?? null, body.batchId ?? null);
    const leader = body.leaderWorkerId ?? null;
    const participants = await this.checkTeam(ctx, leader, body.participantIds ?? []);
    const planned = await this.checkPlanned(ctx, body.plannedInputs ?? []);
    const row = await insertTask(ctx.db, ctx.tenantId, ctx.user.id, {
      taskName: body.taskName,
      taskTypeId: body.taskTypeId,
      areaId: body.areaId,
      landId: body.landId ?? null,
      batchId: body.batchId ?? null,
      startDate: body.startDate,
      endDate: body.endDate,
      // A leader given at creation is an assignment.
      status: leader === null ? 'unassigned' : 'not_started',
      leaderWorkerId: leader,
      plannedInputs: planned,
      description: body.description ?? null,
    });
    await replaceParticipants(ctx.db, ctx.tenantId, row.id, participants);
    return detailOf(ctx, await loadTask(ctx, row.id));
  }

  /** Edits a task that has not started (unassigned or not_started); leader and team go through assign. */
  async update(ctx: Ctx, body: TaskUpdateBody): Promise<TaskDetail> {
    requireTenant(ctx);
    requireAccess(ctx, TASK_ACCESS.edit);
    const t = await loadTask(ctx, body.taskId);
    checkAction(ctx, 'edit', t, body.objectVersionNumber);
    const cur = t.row;
    const changes: TaskValues = {};
    if (body.taskName !== undefined) changes.taskName = body.taskName;
    if (body.taskTypeId !== undefined && body.taskTypeId !== cur.taskTypeId) {
      await this.checkType(ctx, body.taskTypeId);
      changes.taskTypeId = body.taskTypeId;
    }
    const areaId = body.areaId ?? cur.areaId;
    const landId = body.landId === undefined ? cur.landId : body.landId;
    const batchId = body.batchId === undefined ? cur.batchId : body.batchId;
    if (areaId !== cur.areaId || landId !== cur.landId || batchId !== cur.batchId) {
      if (areaId === null) throw TaskErrors.areaNotFound();
      await this.checkPlace(ctx, areaId, landId, batchId);
      Object.assign(changes, { areaId, landId, batchId });
    }
    const startDate = body.startDate ?? cur.startDate;
    const endDate = body.endDate ?? cur.endDate;
    if (startDate > endDate) throw TaskErrors.dateOrder();
    Object.assign(changes, { startDate, endDate });
    if (body.plannedInputs !== undefined)
      changes.plannedInputs = await this.checkPlanned(ctx, body.plannedInputs);
    if (body.description !== undefined) changes.description = body.description;
    const res = await updateTask(
      ctx.db,
      ctx.tenantId,
      cur.id,
      body.objectVersionNumber,
      ctx.user.id,
      changes,
      TASK_RULES.edit.from,
    );
    if (!res) throw CommonErrors.stale();
    return detailOf(ctx, await loadTask(ctx, cur.id));
  }

  /** Deletes a task that never started or was canceled, unless it has inputs used on record. */
  async remove(ctx: Ctx, id: number, q: TaskDeleteQuery): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, TASK_ACCESS.delete);
    const t = await loadTask(ctx, id);
    checkAction(ctx, 'delete', t, q.objectVersionNumber);
    if ((await usagesOf(ctx.db, ctx.tenantId, id)).length > 0) throw TaskErrors.inputsUsed();
    const gone = await deleteTask(ctx.db, ctx.tenantId, id, TASK_RULES.delete.from, q.objectVersionNumber);
    if (!gone) throw CommonErrors.stale();
    return { success: true };
  }

  private async page(
    ctx: TenantCtx,
    q: TaskListQuery,
    actor: TaskActor,
    workerId: number | undefined,
  ): Promise<Page<Task>> {
    const all = q.size === 0;
    const today = todayIn(ctx.timeZone);
    const filter: TaskFilter = {
      taskName: q.taskName?.trim() || undefined,
      status: q.status,
      areaId: q.areaId,
      landId: q.landId,
      batchId: q.batchId,
      planId: q.planId,
      leaderWorkerId: q.leaderWorkerId,
      taskTypeId: q.taskTypeId,
      from: q.startDate,
      to: q.endDate,
      workerId,
    };
    const { rows, total } = await listTasks(
      ctx.db,
      ctx.tenantId,
      ctx.lang,
      filter,
      today,
      all ? undefined : q.size,
      all ? 0 : q.page * q.size,
    );
    const team = await participantsOf(
      ctx.db,
      ctx.tenantId,
      rows.map((r) => r.id),
    );
    return pageAnswer(
      rows.map((r) => toTask(r, team.get(r.id) ?? [], actor, today)),
      total,
      q,
    );
  }

  private async checkType(ctx: TenantCtx, id: number): Promise<void> {
    const type = await findTaskType(ctx.db, ctx.tenantId, id);
    if (type?.enabledFlag !== 1) throw TaskErrors.typeNotFound();
  }

  /** The base exists; the plot lies in it; the batch lies in it (and on the plot when both have one). */
  private async checkPlace(
    ctx: TenantCtx,
    areaId: number,
    landId: number | null,
    batchId: number | null,
  ): Promise<void> {
    if (!(await findBase(ctx.db, ctx.tenantId, areaId))) throw TaskErrors.areaNotFound();
    if (landId !== null) {
      const plot = await findPlot(ctx.db, ctx.tenantId, landId);
      if (!plot || plot.areaId !== areaId) throw TaskErrors.landNotFound();
    }
    if (batchId !== null) {
      const batch = await findBatch(ctx.db, ctx.tenantId, batchId);
      const plotMismatch = landId !== null && batch?.landId != null && batch.landId !== landId;
      if (!batch || batch.areaId !== areaId || plotMismatch) throw TaskErrors.batchNotFound();
    }
  }

  /** Participants need a leader; all are distinct enabled workers; the leader is not listed again. */
  async checkTeam(
    ctx: TenantCtx,
    leader: number | null,
    participantIds: readonly number[],
  ): Promise<number[]> {
    if (leader === null && participantIds.length > 0) throw TaskErrors.leaderRequired();
    noDuplicates(participantIds, () => TaskErrors.duplicateWorker());
    const team = participantIds.filter((w) => w !== leader);
    const found = await enabledWorkers(ctx.db, ctx.tenantId, leader === null ? team : [leader, ...team]);
    if (leader !== null && !found.has(leader)) throw TaskErrors.workerNotFound({ field: 'leaderWorkerId' });
    if (team.some((w) => !found.has(w))) throw TaskErrors.workerNotFound({ field: 'participantIds' });
    return team;
  }

  private async checkPlanned(
    ctx: TenantCtx,
    lines: readonly { inputId: number; amount: number }[],
  ): Promise<PlannedInput[]> {
    const ids = lines.map((l) => l.inputId);
    noDuplicates(ids, () => TaskErrors.duplicateInput({ field: 'plannedInputs' }));
    const found = await inputsById(ctx.db, ctx.tenantId, ids);
    if (ids.some((i) => !found.has(i))) throw TaskErrors.inputNotFound({ field: 'plannedInputs' });
    return lines.map((l) => ({ inputId: l.inputId, amount: qtyText(l.amount) }));
  }
}
