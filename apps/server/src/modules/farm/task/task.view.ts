import type {
  Task,
  TaskAction,
  TaskDetail,
  TaskInputLine,
  TaskStoredStatus,
  TaskWorkerRef,
} from '@tilth/contracts/task.types';
import { CommonErrors } from '../../../platform/errors.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import { today } from '../../../platform/time/zone.js';
import { inputsById } from '../agricultural/index.js';
import { TaskErrors } from './task.errors.js';
import { findTask, participantsOf, type TaskView, usagesOf, workerOfUser } from './task.repository.js';
import {
  ACTION_LABELS,
  allowedActions,
  roleAllows,
  STATUS_LABELS,
  shownStatus,
  stateAllows,
  TASK_ACCESS,
  TASK_RULES,
  type TaskActor,
  type TaskFacts,
  timelineOf,
} from './task.rules.js';

// Shared by the task services: turning rows into answers and the checks every transition starts with.

export const actorOf = async (ctx: TenantCtx): Promise<TaskActor> => ({
  userId: ctx.user.id,
  workerId: await workerOfUser(ctx.db, ctx.tenantId, ctx.user.id),
  permissions: ctx.permissions,
});

export const factsOf = (row: TaskView, participants: readonly TaskWorkerRef[]): TaskFacts => ({
  status: row.status as TaskStoredStatus,
  createdBy: row.createdBy,
  leaderWorkerId: row.leaderWorkerId,
  participantIds: participants.map((p) => p.workerId),
});

export const toTask = (
  row: TaskView,
  participants: TaskWorkerRef[],
  actor: TaskActor,
  today: string,
): Task => {
  const stored = row.status as TaskStoredStatus;
  const status = shownStatus(stored, row.endDate, today);
  return {
    taskId: row.id,
    taskName: row.taskName,
    taskTypeId: row.taskTypeId,
    taskTypeName: row.taskTypeName,
    taskTypeColor: row.taskTypeColor,
    areaId: row.areaId,
    areaName: row.areaName,
    landId: row.landId,
    landName: row.landName,
    batchId: row.batchId,
    batchName: row.batchName,
    planId: row.planId,
    planName: row.planName,
    startDate: row.startDate,
    endDate: row.endDate,
    storedStatus: stored,
    status,
    overdue: status === 'overdue',
    leaderWorkerId: row.leaderWorkerId,
    leaderName: row.leaderName,
    participants,
    description: row.description,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    finishNote: row.finishNote,
    reason: row.reason,
    createdBy: row.createdBy,
    actions: allowedActions(actor, factsOf(row, participants)),
    objectVersionNumber: row.objectVersionNumber,
    creationDate: row.creationDate.toISOString(),
  };
};

/** A task with what the caller needs to act on it; 404 for a holder of only "my tasks" who is not on it. */
export interface Loaded {
  row: TaskView;
  participants: TaskWorkerRef[];
  actor: TaskActor;
  facts: TaskFacts;
}

export const loadTask = async (ctx: TenantCtx, id: number): Promise<Loaded> => {
  const row = await findTask(ctx.db, ctx.tenantId, id, ctx.lang);
  if (!row) throw TaskErrors.notFound();
  const participants = (await participantsOf(ctx.db, ctx.tenantId, [row.id])).get(row.id) ?? [];
  const actor = await actorOf(ctx);
  const facts = factsOf(row, participants);
  const onIt =
    actor.workerId !== undefined &&
    (row.leaderWorkerId === actor.workerId || facts.participantIds.includes(actor.workerId));
  if (!ctx.permissions.has(TASK_ACCESS.manage) && !onIt) throw TaskErrors.notFound();
  return { row, participants, actor, facts };
};

/** State first (409 naming it), then the role (403 naming who may), then the version (409 stale). */
export const checkAction = (
  ctx: TenantCtx,
  action: TaskAction,
  t: Loaded,
  version: number | undefined,
): void => {
  if (!stateAllows(action, t.facts.status)) throw badTransition(ctx, action, t.row);
  const [verb] = ACTION_LABELS[ctx.lang][action];
  if (!roleAllows(action, t.actor, t.facts)) {
    const role = TASK_RULES[action].role;
    if (role.kind === 'worker') throw TaskErrors.notWorker({ action: verb });
    if (role.kind === 'creatorOr' && role.code === TASK_ACCESS.approve) {
      throw TaskErrors.notReviewer({ action: verb });
    }
    if (role.kind === 'creatorOr') throw TaskErrors.notManager({ action: verb });
    throw CommonErrors.forbidden();
  }
  if (version !== undefined && version !== t.row.objectVersionNumber) throw CommonErrors.stale();
};

export const badTransition = (ctx: TenantCtx, action: TaskAction, row: TaskView): Error => {
  const status = shownStatus(row.status as TaskStoredStatus, row.endDate, today(ctx.timeZone));
  return TaskErrors.badTransition({
    status: STATUS_LABELS[ctx.lang][status],
    action: ACTION_LABELS[ctx.lang][action][1],
  });
};

const qty = (s: string): number => Number(s);

/** The full answer of GET /task/{id}. */
export const detailOf = async (ctx: TenantCtx, t: Loaded): Promise<TaskDetail> => {
  const used = await usagesOf(ctx.db, ctx.tenantId, t.row.id);
  const ids = [...t.row.plannedInputs.map((p) => p.inputId), ...used.map((u) => u.inputId)];
  const names = await inputsById(ctx.db, ctx.tenantId, [...new Set(ids)]);
  const line = (inputId: number, quantity: string): TaskInputLine => ({
    inputId,
    inputName: names.get(inputId)?.inputName ?? null,
    unit: names.get(inputId)?.unit ?? null,
    quantity: qty(quantity),
  });
  return {
    ...toTask(t.row, t.participants, t.actor, today(ctx.timeZone)),
    plannedInputs: t.row.plannedInputs.map((p) => line(p.inputId, p.amount)),
    usedInputs: used.map((u) => line(u.inputId, u.quantity)),
    finishPhotos: t.row.finishPhotos,
    timeline: timelineOf({
      status: t.row.status as TaskStoredStatus,
      creationDate: t.row.creationDate,
      startedAt: t.row.startedAt,
      finishedAt: t.row.finishedAt,
      lastUpdateDate: t.row.lastUpdateDate,
      reason: t.row.reason,
    }),
  };
};
