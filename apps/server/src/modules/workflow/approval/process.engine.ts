import {
  APPROVAL_DOC_TYPE_DEFS,
  type ApprovalDocType,
  type AssigneeRule,
  type ChosenAssignees,
  PROCESS_STATES,
  TASK_STATES,
} from '@tilth/contracts';
import type { TenantCtx } from '../../../platform/http/context.js';
import { NotificationService } from '../../messaging/notice/index.js';
import { enqueuePush } from '../../messaging/push/index.js';
import { delegatesNow, tenantAdmins, userNames } from './assignee.repository.js';
import { applicantUnits, resolveRules } from './assignee.resolve.js';
import { boundDefinition } from './binding.repository.js';
import {
  type EventValues,
  insertEvents,
  insertProcess,
  insertTasks,
  openProcessOf,
  type ProcessRow,
  setTasks,
  type TaskRow,
  type TaskValues,
  tasksOf,
  updateProcess,
} from './process.repository.js';
import { WorkflowErrors } from './workflow.errors.js';
import { approvalText } from './workflow.notify.js';
import {
  activeSteps,
  type DocFields,
  type PlanStep,
  planSteps,
  resolvePlan,
  sendBackClosure,
  stepOutcome,
} from './workflow.plan.js';
import { approvalDocHooks } from './workflow.registry.js';

// The engine's moving part: after any change to a process's tasks, `advance` brings the process to a rest
// state — passed steps completed, CC sent, the next steps' tasks made (assignees resolved, delegations
// applied, nobody → the tenant administrator), the process finished or rejected with the document's hooks
// run in the same transaction. Callers hold the process row lock (lockProcess / a fresh insert).

export interface SubmitInput {
  docType: ApprovalDocType;
  thirdId: number;
  /** The document's number as users know it. */
  formCode: string;
  /** Condition values (APPROVAL_DOC_TYPE_DEFS fields); applicantUnitId is added here. */
  fields: DocFields;
  /** For steps whose assignee the applicant chooses. */
  chosen?: ChosenAssignees | undefined;
}

const H = 3600_000;

type NoticeKind = 'task' | 'cc' | 'remind' | 'timeout';

/**
 * Starts the approval of a document when its type is bound to an enabled flow; answers null when none is
 * (the caller then approves the document itself). Call inside the document's own transaction.
 */
async function submit(ctx: TenantCtx, input: SubmitInput): Promise<{ processId: number } | null> {
  const bound = await boundDefinition(ctx.db, ctx.tenantId, input.docType);
  if (!bound) return null;
  if (await openProcessOf(ctx.db, ctx.tenantId, input.docType, input.thirdId)) {
    throw WorkflowErrors.alreadyRunning();
  }
  const { unitId, unitIds } = await applicantUnits(ctx);
  const fields: DocFields = { ...input.fields, applicantUnitId: unitIds, docType: input.docType };
  const plan = resolvePlan(bound.model, fields);
  const chosen = input.chosen ?? {};
  for (const step of planSteps(plan)) {
    if (step.assignees.some((r) => r.type === 'chosen') && !(chosen[step.nodeId]?.length ?? 0)) {
      throw WorkflowErrors.chosenMissing({ step: step.name });
    }
  }
  const proc = await insertProcess(ctx.db, ctx.tenantId, {
    definitionId: bound.definitionId,
    definitionVersion: bound.version,
    docType: input.docType,
    thirdId: input.thirdId,
    formName: APPROVAL_DOC_TYPE_DEFS[input.docType].name['zh-CN'],
    formCode: input.formCode,
    applicantId: ctx.user.id,
    applicantUnitId: unitId,
    fields: fields as Record<string, unknown>,
    chosen,
    plan,
  });
  await insertEvents(ctx.db, ctx.tenantId, [{ processId: proc.id, action: 'submit', actorId: ctx.user.id }]);
  await advance(ctx, proc);
  return { processId: proc.id };
}

/** What an action stamps on the process with the update advance makes anyway (one write, not two). */
export type ProcessStamp = Partial<Pick<ProcessRow, 'firstDecisionAt'>>;

/**
 * Brings a locked process to rest after its tasks changed. Answers the process as stored. The tasks are
 * read once and kept in step with what this function writes; they are read again only after new ones
 * were inserted (an approve that ends a process costs a handful of statements, not one per round).
 */
async function advance(ctx: TenantCtx, start: ProcessRow, stamp: ProcessStamp = {}): Promise<ProcessRow> {
  let proc = start;
  if (proc.state !== PROCESS_STATES.inApproval) return proc;
  const completed = new Set(proc.completed);
  const events: EventValues[] = [];
  const notices: { userIds: number[]; kind: NoticeKind }[] = [];
  let tasks: TaskRow[] = [];
  let stale = true;
  for (let round = 0; round < 1000; round++) {
    if (stale) tasks = await tasksOf(ctx.db, ctx.tenantId, proc.id);
    stale = false;
    const active = activeSteps(proc.plan, completed);
    let changed = false;
    let rejected: PlanStep | undefined;
    for (const step of active) {
      const mine = tasks.filter((t) => t.current && t.nodeId === step.nodeId && t.taskType === 'approval');
      if (step.nodeKind === 'cc') {
        const already = new Set(tasks.filter((t) => t.taskType === 'carbon_copy').map((t) => t.assigneeId));
        const to = (await resolveRules(ctx, proc, step.assignees, step.nodeId)).filter(
          (u) => !already.has(u) && u !== proc.applicantId,
        );
        if (to.length > 0) stale = true;
        await insertTasks(
          ctx.db,
          ctx.tenantId,
          to.map((u) => ({
            processId: proc.id,
            nodeId: step.nodeId,
            nodeName: step.name,
            taskType: 'carbon_copy',
            assigneeId: u,
            state: TASK_STATES.pending,
          })),
        );
        // A step passed again after a send-back copies nobody twice (and records nothing then).
        if (to.length > 0) {
          events.push({
            processId: proc.id,
            action: 'cc',
            nodeId: step.nodeId,
            nodeName: step.name,
            targetIds: to,
          });
          notices.push({ userIds: to, kind: 'cc' });
        }
        completed.add(step.nodeId);
        changed = true;
        continue;
      }
      if (mine.length === 0) {
        const made = await createTasks(ctx, proc, step, events);
        notices.push({ userIds: made.map((t) => t.assigneeId), kind: 'task' });
        stale = true;
        continue;
      }
      const outcome = stepOutcome(step, mine);
      if (outcome === 'passed') {
        const open = mine.filter((t) => t.state === TASK_STATES.pending || t.state === TASK_STATES.waiting);
        const now = new Date();
        await setTasks(
          ctx.db,
          ctx.tenantId,
          open.map((t) => t.id),
          { state: TASK_STATES.closed, decidedAt: now },
        );
        for (const t of open) Object.assign(t, { state: TASK_STATES.closed, decidedAt: now });
        completed.add(step.nodeId);
        changed = true;
      } else if (outcome === 'rejected') {
        rejected = step;
        break;
      } else if (!mine.some((t) => t.state === TASK_STATES.pending)) {
        // Sequential steps and added-before signers: the next waiting task in order takes its turn.
        const next = mine.filter((t) => t.state === TASK_STATES.waiting).sort((a, b) => a.seq - b.seq)[0];
        if (next) {
          const due = dueOf(step);
          await setTasks(ctx.db, ctx.tenantId, [next.id], { state: TASK_STATES.pending, ...due });
          Object.assign(next, { state: TASK_STATES.pending, ...due });
          notices.push({ userIds: [next.assigneeId], kind: 'task' });
        }
      }
    }
    if (rejected) {
      await insertEvents(ctx.db, ctx.tenantId, events.splice(0));
      proc = await end(ctx, proc, PROCESS_STATES.rejected, [...completed], stale ? undefined : tasks, stamp);
      await notify(ctx, proc, notices);
      return proc;
    }
    if (!changed) break;
  }
  await insertEvents(ctx.db, ctx.tenantId, events);
  const waiting = activeSteps(proc.plan, completed);
  if (waiting.length === 0) {
    proc = await end(ctx, proc, PROCESS_STATES.finished, [...completed], stale ? undefined : tasks, stamp);
  } else {
    proc = await updateProcess(ctx.db, ctx.tenantId, proc.id, null, {
      ...stamp,
      completed: [...completed],
      currentNames: waiting.map((s) => s.name).join('、'),
    });
  }
  await notify(ctx, proc, notices);
  return proc;
}

/** Ends a process: open tasks closed, the document's hook run, the applicant told. */
async function end(
  ctx: TenantCtx,
  proc: ProcessRow,
  state: (typeof PROCESS_STATES)[keyof typeof PROCESS_STATES],
  completed: string[],
  /** The process's tasks as they stand, when the caller has them. */
  known?: readonly TaskRow[],
  stamp: ProcessStamp = {},
): Promise<ProcessRow> {
  const open = (known ?? (await tasksOf(ctx.db, ctx.tenantId, proc.id))).filter(
    (t) => t.taskType === 'approval' && (t.state === TASK_STATES.pending || t.state === TASK_STATES.waiting),
  );
  await setTasks(
    ctx.db,
    ctx.tenantId,
    open.map((t) => t.id),
    { state: TASK_STATES.closed, decidedAt: new Date() },
  );
  const ended = await updateProcess(ctx.db, ctx.tenantId, proc.id, null, {
    ...stamp,
    state,
    completed,
    currentNames: '',
    endTime: new Date(),
  });
  const hooks = approvalDocHooks(proc.docType as ApprovalDocType);
  if (state === PROCESS_STATES.finished) {
    await insertEvents(ctx.db, ctx.tenantId, [{ processId: proc.id, action: 'finish' }]);
    await hooks?.onApproved(ctx, proc.thirdId);
    await enqueuePush(ctx.db, ctx.tenantId, 'document.approved', [
      {
        docType: proc.docType,
        docId: proc.thirdId,
        docCode: proc.formCode,
        processId: proc.id,
        approvedAt: new Date().toISOString(),
      },
    ]);
  } else if (state === PROCESS_STATES.rejected) await hooks?.onRejected(ctx, proc.thirdId);
  else if (state === PROCESS_STATES.withdrawn) await hooks?.onWithdrawn(ctx, proc.thirdId);
  if (state !== PROCESS_STATES.withdrawn) {
    const text = approvalText(ctx.lang, state === PROCESS_STATES.finished ? 'finished' : 'rejected', ended);
    await NotificationService.notify(ctx, { userIds: [proc.applicantId], ...text });
  }
  return ended;
}

/** The tasks of an approval step reached now; nobody found → the tenant administrators (recorded). */
async function createTasks(
  ctx: TenantCtx,
  proc: ProcessRow,
  step: PlanStep,
  events: EventValues[],
  rules: readonly AssigneeRule[] = step.assignees,
  /** Escalated tasks get no new time-out (it would escalate again and again). */
  withTimeout = true,
): Promise<TaskRow[]> {
  let users = await resolveRules(ctx, proc, rules, step.nodeId);
  if (users.length === 0) {
    users = await tenantAdmins(ctx.db, ctx.tenantId);
    events.push({
      processId: proc.id,
      action: 'fallback',
      nodeId: step.nodeId,
      nodeName: step.name,
      targetIds: users,
    });
  }
  if (step.mode === 'single') users = users.slice(0, 1);
  const weightOf = new Map((step.weights ?? []).map((w) => [w.userId, w.weight]));
  const delegates = await delegatesNow(ctx.db, ctx.tenantId, users, new Date());
  const seen = new Set<number>();
  const rows: TaskValues[] = [];
  for (const u of users) {
    const to = delegates.get(u) ?? u;
    if (seen.has(to)) continue;
    seen.add(to);
    if (to !== u) {
      events.push({
        processId: proc.id,
        action: 'delegate',
        actorId: u,
        nodeId: step.nodeId,
        nodeName: step.name,
        targetIds: [to],
      });
    }
    const first = rows.length === 0;
    const waits = step.mode === 'sequential' && !first;
    rows.push({
      processId: proc.id,
      nodeId: step.nodeId,
      nodeName: step.name,
      taskType: 'approval',
      assigneeId: to,
      state: waits ? TASK_STATES.waiting : TASK_STATES.pending,
      weight: weightOf.get(u) ?? 1,
      seq: rows.length,
      delegatedFrom: to === u ? null : u,
      ...(waits || !withTimeout ? {} : dueOf(step)),
    });
  }
  return (await insertTasks(ctx.db, ctx.tenantId, rows)).filter((t) => t.state === TASK_STATES.pending);
}

/** System notifications to new assignees and CC (one per kind, each user once). */
async function notify(
  ctx: TenantCtx,
  proc: ProcessRow,
  notices: readonly { userIds: number[]; kind: NoticeKind }[],
): Promise<void> {
  for (const kind of ['task', 'cc', 'remind', 'timeout'] as const) {
    const userIds = [...new Set(notices.filter((n) => n.kind === kind).flatMap((n) => n.userIds))];
    if (userIds.length === 0) continue;
    const names = await userNames(ctx.db, [proc.applicantId]);
    const text = approvalText(ctx.lang, kind, proc, names.get(proc.applicantId) ?? '');
    await NotificationService.notify(ctx, { userIds, ...text });
  }
}

/**
 * Sends a locked process back to an earlier step `target`: the target and what follows it (sendBackClosure)
 * leave the completed set, their tasks stop counting (kept as history) and open ones close; then advance
 * makes the target's tasks afresh.
 */
async function sendBack(
  ctx: TenantCtx,
  proc: ProcessRow,
  target: PlanStep,
  event: EventValues,
): Promise<ProcessRow> {
  const reset = sendBackClosure(proc.plan, target.nodeId);
  const tasks = await tasksOf(ctx.db, ctx.tenantId, proc.id);
  const undo = tasks.filter((t) => t.current && t.taskType === 'approval' && reset.has(t.nodeId));
  const open = undo.filter((t) => t.state === TASK_STATES.pending || t.state === TASK_STATES.waiting);
  await setTasks(
    ctx.db,
    ctx.tenantId,
    open.map((t) => t.id),
    { state: TASK_STATES.closed, decidedAt: new Date() },
  );
  await setTasks(
    ctx.db,
    ctx.tenantId,
    undo.map((t) => t.id),
    { current: false },
  );
  await insertEvents(ctx.db, ctx.tenantId, [event]);
  const moved = await updateProcess(ctx.db, ctx.tenantId, proc.id, ctx.user.id, {
    completed: proc.completed.filter((id) => !reset.has(id)),
  });
  return advance(ctx, moved);
}

/** The engine as other modules and the task service use it. */
export const ProcessEngine = { submit, advance, end, createTasks, notify, sendBack };

/** A new pending task's reminder and time-out moments from its step's time-out. */
export const dueOf = (
  step: Pick<PlanStep, 'timeout'>,
  now = Date.now(),
): Pick<TaskRow, 'remindAt' | 'dueAt'> => {
  const t = step.timeout;
  if (!t) return { remindAt: null, dueAt: null };
  return {
    remindAt: t.remindAfterHours === undefined ? null : new Date(now + t.remindAfterHours * H),
    dueAt: new Date(now + t.afterHours * H),
  };
};
