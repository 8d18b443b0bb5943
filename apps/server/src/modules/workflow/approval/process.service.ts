import {
  type ActionResult,
  APPROVAL_DOC_TYPE_DEFS,
  type ApprovalCounts,
  type ApprovalDocType,
  type ApprovalProcessQuery,
  type ApprovalTaskItem,
  type ApprovalTaskQuery,
  type BusinessData,
  type BusinessType,
  type DefinitionProcessQuery,
  type EventAction,
  type Page,
  PROCESS_STATES,
  type ProcessActionBody,
  type ProcessDetail,
  TASK_STATES,
} from '@tilth/contracts';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { recordAudit } from '../../identity/audit/index.js';
import {
  countOpen,
  hasTaskIn,
  type ListRow,
  listMyProcesses,
  listMyTasks,
  listProcesses,
} from './approval.query.repository.js';
import { userNames } from './assignee.repository.js';
import { findDefinition } from './definition.repository.js';
import { ProcessEngine } from './process.engine.js';
import {
  eventsOf,
  findProcess,
  insertEvents,
  lockProcess,
  type ProcessRow,
  tasksOf,
  updateProcess,
} from './process.repository.js';
import { APPROVAL_BELL } from './task.service.js';
import { WorkflowErrors } from './workflow.errors.js';
import { formNameOf } from './workflow.notify.js';
import { activeSteps, earlierSteps, laneOf, planSteps } from './workflow.plan.js';
import { registeredDocTypes } from './workflow.registry.js';

// The approval centre's reads and the applicant's actions on a whole process (withdraw, remind).

/** Sees every process of the tenant (the flow administrators). */
const PROCESS_ADMIN: PermissionCode = 'wfpf.company.system.process';
const REMIND_GAP_MS = 10 * 60_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const item = (ctx: TenantCtx, r: ListRow, task: boolean): ApprovalTaskItem => ({
  id: r.id,
  processId: r.processId,
  currentTaskId: task ? r.id : null,
  formName: formNameOf(r.docType, ctx.lang),
  formCode: r.formCode,
  submitName: r.submitName,
  startTime: r.startTime.toISOString(),
  currentTaskName: r.currentNames,
  taskState: r.taskState,
  processState: r.processState,
  docType: r.docType as ApprovalDocType,
  thirdId: r.thirdId,
  objectVersionNumber: r.objectVersionNumber,
  dueTime: iso(r.dueAt),
});

async function taskPage(ctx: Ctx, q: ApprovalTaskQuery): Promise<Page<ApprovalTaskItem>> {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  const w = pageWindow(q);
  const { rows, total } = await listMyTasks(
    ctx.db,
    ctx.tenantId,
    ctx.user.id,
    q.taskType,
    q.taskState,
    w.limit,
    w.offset,
  );
  return pageAnswer(
    rows.map((r) => item(ctx, r, true)),
    total,
    q,
  );
}

async function processPage(ctx: Ctx, q: ApprovalProcessQuery): Promise<Page<ApprovalTaskItem>> {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  const w = pageWindow(q);
  const { rows, total } = await listMyProcesses(
    ctx.db,
    ctx.tenantId,
    ctx.user.id,
    q.processState,
    w.limit,
    w.offset,
  );
  return pageAnswer(
    rows.map((r) => item(ctx, r, false)),
    total,
    q,
  );
}

async function counts(ctx: Ctx): Promise<ApprovalCounts> {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  return countOpen(ctx.db, ctx.tenantId, ctx.user.id);
}

/** The process if the caller takes part in it (or administers flows); 404 otherwise, nothing leaked. */
const visible = async (ctx: TenantCtx, id: number, admin = true): Promise<ProcessRow> => {
  const proc = await findProcess(ctx.db, ctx.tenantId, id);
  if (!proc) throw WorkflowErrors.processNotFound();
  if (proc.applicantId === ctx.user.id) return proc;
  if (admin && ctx.permissions.has(PROCESS_ADMIN)) return proc;
  if (await hasTaskIn(ctx.db, ctx.tenantId, id, ctx.user.id)) return proc;
  throw WorkflowErrors.processNotFound();
};

function businessList(ctx: Ctx): BusinessType[] {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  const registered = new Set(registeredDocTypes());
  return Object.entries(APPROVAL_DOC_TYPE_DEFS).map(([docType, d]) => ({
    docType: docType as ApprovalDocType,
    name: d.name[ctx.lang],
    infoPath: d.infoPath,
    fields: d.fields.map((f) => ({ key: f.key, type: f.type, ref: f.ref ?? null, name: f.name[ctx.lang] })),
    registered: registered.has(docType as ApprovalDocType),
  }));
}

async function businessData(ctx: Ctx, processId: number): Promise<BusinessData> {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  const proc = await visible(ctx, processId, false);
  const docType = proc.docType as ApprovalDocType;
  return {
    thirdId: proc.thirdId,
    docType,
    infoPath: APPROVAL_DOC_TYPE_DEFS[docType].infoPath.replace('{id}', String(proc.thirdId)),
  };
}

async function detail(ctx: Ctx, id: number): Promise<ProcessDetail> {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  const proc = await visible(ctx, id);
  // One after the other: ctx.db is the request's transaction, one connection.
  const tasks = await tasksOf(ctx.db, ctx.tenantId, id);
  const events = await eventsOf(ctx.db, ctx.tenantId, id);
  const ids = new Set<number>([proc.applicantId]);
  for (const t of tasks) {
    ids.add(t.assigneeId);
    if (t.delegatedFrom) ids.add(t.delegatedFrom);
  }
  for (const e of events) {
    if (e.actorId) ids.add(e.actorId);
    for (const u of e.targetIds) ids.add(u);
  }
  const names = await userNames(ctx.db, [...ids]);
  const name = (u: number) => names.get(u) ?? String(u);
  const done = new Set(proc.completed);
  const inApproval = proc.state === PROCESS_STATES.inApproval;
  const active = new Set(inApproval ? activeSteps(proc.plan, done).map((s) => s.nodeId) : []);
  const lanes = laneOf(proc.plan);
  const mine = tasks.find(
    (t) => inApproval && t.assigneeId === ctx.user.id && t.taskType === 'approval' && t.state === 1,
  );
  // A vote's reject is a "no" and an added signer's goes to the applicant: no earlier step to pick.
  const voting = planSteps(proc.plan).find((st) => st.nodeId === mine?.nodeId)?.mode === 'vote';
  const targets = mine && !voting && !mine.added ? earlierSteps(proc.plan, mine.nodeId) : [];
  const applicant = proc.applicantId === ctx.user.id;
  const remindOk = !proc.lastRemindAt || Date.now() - proc.lastRemindAt.getTime() >= REMIND_GAP_MS;
  return {
    processId: proc.id,
    processState: proc.state,
    formName: formNameOf(proc.docType, ctx.lang),
    formCode: proc.formCode,
    docType: proc.docType as ApprovalDocType,
    thirdId: proc.thirdId,
    submitName: name(proc.applicantId),
    applicantId: proc.applicantId,
    startTime: proc.startTime.toISOString(),
    endTime: iso(proc.endTime),
    definitionId: proc.definitionId,
    definitionVersion: proc.definitionVersion,
    steps: planSteps(proc.plan).map((s) => ({
      nodeId: s.nodeId,
      name: s.name,
      kind: s.nodeKind,
      mode: s.mode,
      status: done.has(s.nodeId) ? 'done' : active.has(s.nodeId) ? 'active' : 'later',
      lane: lanes.get(s.nodeId) ?? [],
    })),
    tasks: tasks.map((t) => ({
      taskId: t.id,
      nodeId: t.nodeId,
      assigneeId: t.assigneeId,
      assigneeName: name(t.assigneeId),
      taskType: t.taskType as 'approval' | 'carbon_copy',
      taskState: t.state,
      comment: t.comment,
      createdAt: t.createdAt.toISOString(),
      decidedAt: iso(t.decidedAt),
      dueTime: iso(t.dueAt),
      delegatedFromName: t.delegatedFrom ? name(t.delegatedFrom) : null,
      objectVersionNumber: t.objectVersionNumber,
    })),
    events: events.map((e) => ({
      at: e.at.toISOString(),
      action: e.action as EventAction,
      actorName: e.actorId ? name(e.actorId) : null,
      nodeId: e.nodeId,
      nodeName: e.nodeName,
      comment: e.comment,
      targetNames: e.targetIds.map(name),
      tookMs: e.tookMs,
    })),
    myTaskId: mine?.id ?? null,
    rejectTargets: mine
      ? [
          { target: 'applicant', name: name(proc.applicantId) },
          ...targets.map((s) => ({ target: `node:${s.nodeId}`, name: s.name })),
        ]
      : [],
    canWithdraw: applicant && inApproval && proc.firstDecisionAt === null,
    canRemind: applicant && inApproval && remindOk,
    objectVersionNumber: proc.objectVersionNumber,
  };
}

/** The applicant's process, locked; 404 for anyone else who cannot see it, 403 for a participant. */
const lockOwn = async (ctx: TenantCtx, id: number, body: ProcessActionBody): Promise<ProcessRow> => {
  const seen = await visible(ctx, id, false);
  const proc = await lockProcess(ctx.db, ctx.tenantId, seen.id);
  if (!proc) throw WorkflowErrors.processNotFound();
  if (proc.applicantId !== ctx.user.id) throw WorkflowErrors.notApplicant();
  if (proc.state !== PROCESS_STATES.inApproval) throw WorkflowErrors.processEnded();
  if (body.objectVersionNumber !== undefined && body.objectVersionNumber !== proc.objectVersionNumber) {
    throw CommonErrors.stale();
  }
  return proc;
};

async function withdraw(ctx: Ctx, id: number, body: ProcessActionBody): Promise<ActionResult> {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  const proc = await lockOwn(ctx, id, body);
  if (proc.firstDecisionAt) throw WorkflowErrors.withdrawTooLate();
  await insertEvents(ctx.db, ctx.tenantId, [
    { processId: proc.id, action: 'withdraw', actorId: ctx.user.id, comment: body.comment ?? null },
  ]);
  const ended = await ProcessEngine.end(ctx, proc, PROCESS_STATES.withdrawn, proc.completed);
  await recordAudit(ctx, {
    action: 'approval.withdraw',
    targetType: 'approval-process',
    targetId: proc.id,
    targetName: `${proc.formName} ${proc.formCode}`,
    before: { processState: proc.state },
    after: { processState: ended.state, comment: body.comment ?? null },
  });
  return { success: true, processId: ended.id, processState: ended.state };
}

async function remind(ctx: Ctx, id: number, body: ProcessActionBody): Promise<ActionResult> {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  const proc = await lockOwn(ctx, id, body);
  const now = Date.now();
  if (proc.lastRemindAt && now - proc.lastRemindAt.getTime() < REMIND_GAP_MS) {
    const left = REMIND_GAP_MS - (now - proc.lastRemindAt.getTime());
    throw WorkflowErrors.remindTooSoon({ minutes: Math.max(1, Math.ceil(left / 60_000)) });
  }
  const to = [
    ...new Set(
      (await tasksOf(ctx.db, ctx.tenantId, proc.id))
        .filter((t) => t.taskType === 'approval' && t.state === TASK_STATES.pending)
        .map((t) => t.assigneeId),
    ),
  ];
  await insertEvents(ctx.db, ctx.tenantId, [
    {
      processId: proc.id,
      action: 'remind',
      actorId: ctx.user.id,
      targetIds: to,
      comment: body.comment ?? null,
    },
  ]);
  const next = await updateProcess(ctx.db, ctx.tenantId, proc.id, ctx.user.id, {
    lastRemindAt: new Date(now),
  });
  await ProcessEngine.notify(ctx, next, [{ userIds: to, kind: 'remind' }]);
  return { success: true, processId: next.id, processState: next.state };
}

/** A flow's processes (the designer's info page): one version's or all, by state, newest first. */
async function flowProcesses(
  ctx: Ctx,
  definitionId: number,
  q: DefinitionProcessQuery,
): Promise<Page<ApprovalTaskItem>> {
  requireAccess(ctx, PROCESS_ADMIN);
  requireTenant(ctx);
  if (!(await findDefinition(ctx.db, ctx.tenantId, definitionId))) throw WorkflowErrors.definitionNotFound();
  const w = pageWindow(q);
  const { rows, total } = await listProcesses(
    ctx.db,
    ctx.tenantId,
    { definitionId, version: q.version },
    q.processState,
    w.limit,
    w.offset,
  );
  return pageAnswer(
    rows.map((r) => item(ctx, r, false)),
    total,
    q,
  );
}

export const ProcessService = {
  taskPage,
  processPage,
  counts,
  businessList,
  businessData,
  detail,
  withdraw,
  remind,
  flowProcesses,
};
