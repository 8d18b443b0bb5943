import {
  type ActionResult,
  type AddSignerBody,
  type ApproveBody,
  PROCESS_STATES,
  type RejectBody,
  TASK_STATES,
  type TransferBody,
} from '@tilth/contracts';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { recordAudit } from '../../identity/audit/index.js';
import { activeMembers } from './assignee.repository.js';
import { ProcessEngine } from './process.engine.js';
import {
  findTask,
  insertEvents,
  insertTasks,
  lockProcessOfTask,
  type ProcessRow,
  setTasks,
  type TaskRow,
  tasksOf,
  updateProcess,
} from './process.repository.js';
import { WorkflowErrors } from './workflow.errors.js';
import { earlierSteps, type PlanStep, planSteps } from './workflow.plan.js';

// Decisions on one task (issue 14 item 1). Each runs in the request's one transaction and starts by locking
// the process row, so decisions on a process are serialised: whoever comes second sees the task decided
// (409 taskDecided) — a double click, a race of an any-one step, a withdraw racing an approve.

/** The bell code: every role has it; who may act is decided by the process itself. */
export const APPROVAL_BELL: PermissionCode = 'wfpf.farm.user.ps.notice-message';

interface Locked {
  proc: ProcessRow;
  task: TaskRow;
  step: PlanStep;
}

const result = (p: ProcessRow): ActionResult => ({ success: true, processId: p.id, processState: p.state });

const tookMs = (task: TaskRow, now = new Date()) => Math.max(0, now.getTime() - task.createdAt.getTime());

/** Locks the task's process and checks that the caller may decide the task now. */
export const lockTask = async (
  ctx: TenantCtx,
  taskId: number,
  body: { taskId?: number | undefined; objectVersionNumber?: number | undefined },
  kind: 'approval' | 'carbon_copy' = 'approval',
): Promise<Locked> => {
  if (body.taskId !== undefined && body.taskId !== taskId)
    throw CommonErrors.validation({ detail: 'taskId: must equal the task in the path' });
  const proc = await lockProcessOfTask(ctx.db, ctx.tenantId, taskId);
  // Read under the lock: the state that counts is the one after any decision that came first.
  const task = proc ? await findTask(ctx.db, ctx.tenantId, taskId) : undefined;
  if (!proc || !task) throw WorkflowErrors.taskNotFound();
  if (task.assigneeId !== ctx.user.id) {
    if (task.taskType !== kind || kind === 'carbon_copy') throw WorkflowErrors.taskNotFound();
    throw WorkflowErrors.notAssignee();
  }
  // A copy is read, never decided.
  if (task.taskType !== kind) throw WorkflowErrors.notAssignee();
  if (kind === 'approval') {
    if (task.state !== TASK_STATES.pending || proc.state !== PROCESS_STATES.inApproval) {
      throw WorkflowErrors.taskDecided();
    }
    if (body.objectVersionNumber !== undefined && body.objectVersionNumber !== task.objectVersionNumber) {
      throw CommonErrors.stale();
    }
  }
  const step = planSteps(proc.plan).find((s) => s.nodeId === task.nodeId);
  if (!step) throw WorkflowErrors.taskNotFound();
  return { proc, task, step };
};

const firstDecision = async (ctx: TenantCtx, proc: ProcessRow): Promise<ProcessRow> =>
  proc.firstDecisionAt
    ? proc
    : updateProcess(ctx.db, ctx.tenantId, proc.id, ctx.user.id, { firstDecisionAt: new Date() });

const audit = (ctx: TenantCtx, action: string, l: Locked, after: Record<string, unknown>) =>
  recordAudit(ctx, {
    action,
    targetType: 'approval-process',
    targetId: l.proc.id,
    targetName: `${l.proc.formName} ${l.proc.formCode}`,
    before: { taskId: l.task.id, nodeId: l.task.nodeId, taskState: l.task.state },
    after,
  });

/** Where a reject goes: null = the applicant (the process ends rejected), else the earlier step. */
export const rejectTargetOf = (proc: ProcessRow, step: PlanStep, target: string): PlanStep | null => {
  if (target === 'applicant') return null;
  const earlier = earlierSteps(proc.plan, step.nodeId);
  // 'previous' from the first step is the applicant: there is nothing else before it.
  if (target === 'previous') return earlier.at(-1) ?? null;
  const found = earlier.find((s) => `node:${s.nodeId}` === target);
  if (!found) throw WorkflowErrors.badRejectTarget();
  return found;
};

async function approve(ctx: Ctx, taskId: number, body: ApproveBody): Promise<ActionResult> {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  const l = await lockTask(ctx, taskId, body);
  const now = new Date();
  const comment = body.comment ?? null;
  await setTasks(ctx.db, ctx.tenantId, [l.task.id], { state: TASK_STATES.approved, comment, decidedAt: now });
  await insertEvents(ctx.db, ctx.tenantId, [
    {
      processId: l.proc.id,
      action: 'approve',
      actorId: ctx.user.id,
      taskId: l.task.id,
      nodeId: l.task.nodeId,
      nodeName: l.task.nodeName,
      comment,
      tookMs: tookMs(l.task, now),
    },
  ]);
  await audit(ctx, 'approval.approve', l, { taskState: TASK_STATES.approved, comment });
  const stamp = l.proc.firstDecisionAt ? {} : { firstDecisionAt: now };
  return result(await ProcessEngine.advance(ctx, l.proc, stamp));
}

async function reject(ctx: Ctx, taskId: number, body: RejectBody): Promise<ActionResult> {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  const l = await lockTask(ctx, taskId, body);
  // Checked before anything changes: a bad target leaves the task as it was.
  const to = l.step.mode === 'vote' || l.task.added ? null : rejectTargetOf(l.proc, l.step, body.target);
  const now = new Date();
  const comment = body.comment ?? null;
  await setTasks(ctx.db, ctx.tenantId, [l.task.id], { state: TASK_STATES.rejected, comment, decidedAt: now });
  await insertEvents(ctx.db, ctx.tenantId, [
    {
      processId: l.proc.id,
      action: 'reject',
      actorId: ctx.user.id,
      taskId: l.task.id,
      nodeId: l.task.nodeId,
      nodeName: l.task.nodeName,
      comment,
      tookMs: tookMs(l.task, now),
    },
  ]);
  await audit(ctx, 'approval.reject', l, {
    taskState: TASK_STATES.rejected,
    comment,
    target: to ? `node:${to.nodeId}` : 'applicant',
  });
  const proc = await firstDecision(ctx, l.proc);
  // A vote's "no" and a reject to the applicant go through the step's outcome (advance ends the process
  // when the step can no longer pass); a send-back resets the steps from the target on.
  if (!to) return result(await ProcessEngine.advance(ctx, proc));
  const back = await ProcessEngine.sendBack(ctx, proc, to, {
    processId: proc.id,
    action: 'sendBack',
    actorId: ctx.user.id,
    taskId: l.task.id,
    nodeId: to.nodeId,
    nodeName: to.name,
    // The reject above carries the comment; the timeline shows it once.
    comment: null,
  });
  return result(back);
}

/** The users as active members of the tenant, none of them the caller; 400 otherwise. */
const checkUsers = async (ctx: TenantCtx, userIds: readonly number[]): Promise<void> => {
  if (userIds.includes(ctx.user.id)) throw WorkflowErrors.selfTarget();
  const ok = await activeMembers(ctx.db, ctx.tenantId, userIds);
  if (ok.length !== new Set(userIds).size) throw WorkflowErrors.badUser();
};

async function transfer(ctx: Ctx, taskId: number, body: TransferBody): Promise<ActionResult> {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  const l = await lockTask(ctx, taskId, body);
  await checkUsers(ctx, [body.userId]);
  const open = (await tasksOf(ctx.db, ctx.tenantId, l.proc.id)).some(
    (t) =>
      t.current &&
      t.nodeId === l.task.nodeId &&
      t.assigneeId === body.userId &&
      (t.state === TASK_STATES.pending || t.state === TASK_STATES.waiting),
  );
  // Someone already deciding this step would hold two votes.
  if (open) throw WorkflowErrors.badUser();
  const now = new Date();
  const comment = body.comment ?? null;
  await setTasks(ctx.db, ctx.tenantId, [l.task.id], {
    state: TASK_STATES.transferred,
    comment,
    decidedAt: now,
  });
  await insertTasks(ctx.db, ctx.tenantId, [
    {
      processId: l.proc.id,
      nodeId: l.task.nodeId,
      nodeName: l.task.nodeName,
      taskType: 'approval',
      assigneeId: body.userId,
      state: TASK_STATES.pending,
      weight: l.task.weight,
      seq: l.task.seq,
      added: l.task.added,
      delegatedFrom: ctx.user.id,
      remindAt: l.task.remindAt,
      dueAt: l.task.dueAt,
    },
  ]);
  await insertEvents(ctx.db, ctx.tenantId, [
    {
      processId: l.proc.id,
      action: 'transfer',
      actorId: ctx.user.id,
      taskId: l.task.id,
      nodeId: l.task.nodeId,
      nodeName: l.task.nodeName,
      comment,
      targetIds: [body.userId],
      tookMs: tookMs(l.task, now),
    },
  ]);
  await audit(ctx, 'approval.transfer', l, { taskState: TASK_STATES.transferred, to: body.userId, comment });
  const proc = await firstDecision(ctx, l.proc);
  await ProcessEngine.notify(ctx, proc, [{ userIds: [body.userId], kind: 'task' }]);
  return result(proc);
}

/**
 * Adds signers to my step. before: they decide first, my task waits until they all approve. after: I
 * approve now and the step passes only once they approve too.
 */
async function addSigner(ctx: Ctx, taskId: number, body: AddSignerBody): Promise<ActionResult> {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  const l = await lockTask(ctx, taskId, body);
  const userIds = [...new Set(body.userIds)];
  await checkUsers(ctx, userIds);
  const busy = new Set(
    (await tasksOf(ctx.db, ctx.tenantId, l.proc.id))
      .filter(
        (t) =>
          t.current &&
          t.nodeId === l.task.nodeId &&
          (t.state === TASK_STATES.pending || t.state === TASK_STATES.waiting),
      )
      .map((t) => t.assigneeId),
  );
  if (userIds.some((u) => busy.has(u))) throw WorkflowErrors.badUser();
  const now = new Date();
  const comment = body.comment ?? null;
  if (body.position === 'before') {
    await setTasks(ctx.db, ctx.tenantId, [l.task.id], { state: TASK_STATES.waiting });
  } else {
    await setTasks(ctx.db, ctx.tenantId, [l.task.id], {
      state: TASK_STATES.approved,
      comment,
      decidedAt: now,
    });
  }
  await insertTasks(
    ctx.db,
    ctx.tenantId,
    userIds.map((u) => ({
      processId: l.proc.id,
      nodeId: l.task.nodeId,
      nodeName: l.task.nodeName,
      taskType: 'approval',
      assigneeId: u,
      state: TASK_STATES.pending,
      seq: l.task.seq,
      added: body.position,
      delegatedFrom: ctx.user.id,
      remindAt: l.task.remindAt,
      dueAt: l.task.dueAt,
    })),
  );
  await insertEvents(ctx.db, ctx.tenantId, [
    ...(body.position === 'after'
      ? [
          {
            processId: l.proc.id,
            action: 'approve',
            actorId: ctx.user.id,
            taskId: l.task.id,
            nodeId: l.task.nodeId,
            nodeName: l.task.nodeName,
            comment,
            tookMs: tookMs(l.task, now),
          },
        ]
      : []),
    {
      processId: l.proc.id,
      action: 'addSigner',
      actorId: ctx.user.id,
      taskId: l.task.id,
      nodeId: l.task.nodeId,
      nodeName: l.task.nodeName,
      comment: body.position,
      targetIds: userIds,
    },
  ]);
  await audit(ctx, 'approval.add-signer', l, { position: body.position, userIds, comment });
  let proc = l.proc;
  if (body.position === 'after') proc = await firstDecision(ctx, proc);
  await ProcessEngine.notify(ctx, proc, [{ userIds, kind: 'task' }]);
  return result(await ProcessEngine.advance(ctx, proc));
}

/** Marks a copy read (again: nothing changes). */
async function read(ctx: Ctx, taskId: number): Promise<ActionResult> {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  const l = await lockTask(ctx, taskId, {}, 'carbon_copy');
  if (l.task.state === TASK_STATES.pending) {
    await setTasks(ctx.db, ctx.tenantId, [l.task.id], { state: TASK_STATES.approved, decidedAt: new Date() });
  }
  return result(l.proc);
}

export const TaskService = { approve, reject, transfer, addSigner, read };
