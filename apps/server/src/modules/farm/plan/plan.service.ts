import type { Page } from '@tilth/contracts/common.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import {
  PLAN_BATCHES_MAX,
  type Plan,
  type PlanAddBatchesBody,
  type PlanCreateBody,
  type PlanDetail,
  type PlanListQuery,
  type PlanStatusCounts,
  type PlanTask,
  type PlanTaskViewStatus,
  type PlanUpdateBody,
} from '@tilth/contracts/plan.types';
import type { DocAuditState } from '@tilth/contracts/workflow.docs';
import type { ChosenAssignees } from '@tilth/contracts/workflow.types';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { today as todayIn } from '../../../platform/time/zone.js';
import { WorkflowErrors } from '../../workflow/approval/index.js';
import { inputsById } from '../agricultural/index.js';
import { enabledWorkers } from '../worker/index.js';
import { submitPlan } from './plan.approval.js';
import { PlanErrors } from './plan.errors.js';
import {
  applyPlan,
  type BatchRef,
  batchesById,
  countStartedTasks,
  deletePlan,
  findPackageRef,
  findPlan,
  insertPlan,
  linkedBatchIds,
  listPlans,
  type PlanView,
  planBatchViews,
  planTaskViews,
  taskCounts,
  updatePlan,
} from './plan.repository.js';
import { lockPlan } from './plan-approval.repository.js';
import { inputLines } from './plan-package.service.js';

export const PLAN_ACCESS = {
  read: 'wfpf.farm.farm.plan',
  create: 'wfpf.farm.farm.plan.ps.create',
  edit: 'wfpf.farm.farm.plan.ps.edit',
  delete: 'wfpf.farm.farm.plan.ps.delete',
} as const satisfies Record<string, PermissionCode>;

const GROWING = 'growing';
const emptyCounts = (): PlanStatusCounts => ({
  unassigned: 0,
  not_started: 0,
  in_progress: 0,
  finished: 0,
  closed: 0,
  canceled: 0,
  overdue: 0,
});

const isCounted = (s: string): s is keyof PlanStatusCounts => s in emptyCounts();

/** Finished + closed over all tasks not canceled, in whole percent (floored so 100 means all done). */
export const progressOf = (c: PlanStatusCounts): number => {
  const live = c.unassigned + c.not_started + c.in_progress + c.finished + c.closed + c.overdue;
  return live === 0 ? 0 : Math.floor(((c.finished + c.closed) * 100) / live);
};

const total = (c: PlanStatusCounts): number => Object.values(c).reduce((a, b) => a + b, 0);

const toPlan = (r: PlanView, counts: PlanStatusCounts): Plan => ({
  planId: r.id,
  planName: r.planName,
  packageId: r.packageId,
  packageName: r.packageName,
  areaId: r.areaId,
  areaName: r.areaName,
  startDate: r.startDate,
  leaderWorkerId: r.leaderWorkerId,
  leaderWorkerName: r.leaderWorkerName,
  description: r.description,
  batchCount: r.batchCount,
  taskCount: total(counts),
  statusCounts: counts,
  progress: progressOf(counts),
  objectVersionNumber: r.objectVersionNumber,
  creationDate: r.creationDate.toISOString(),
  auditState: r.auditState as DocAuditState,
  processId: r.processId,
});

/** Plans (farm/plan): a package applied to growing batches of one base; applying generates the tasks. */
export class PlanService {
  async list(ctx: Ctx, q: PlanListQuery): Promise<Page<Plan>> {
    requireTenant(ctx);
    requireAccess(ctx, PLAN_ACCESS.read);
    const { limit, offset } = pageWindow(q);
    const filter = {
      planName: containsFilter(q.planName),
      areaId: q.areaId,
      packageId: q.packageId,
      auditState: q.auditState,
    };
    const { rows, total: n } = await listPlans(ctx.db, ctx.tenantId, filter, limit, offset);
    const counts = await this.countsOf(
      ctx,
      rows.map((r) => r.id),
    );
    return pageAnswer(
      rows.map((r) => toPlan(r, counts.get(r.id) ?? emptyCounts())),
      n,
      q,
    );
  }

  /** The plan, its batches and their tasks (shown status: overdue derived in the tenant's time zone). */
  async info(ctx: Ctx, id: number): Promise<PlanDetail> {
    requireTenant(ctx);
    requireAccess(ctx, PLAN_ACCESS.read);
    const row = await findPlan(ctx.db, ctx.tenantId, id);
    if (!row) throw PlanErrors.notFound();
    const today = todayIn(ctx.timeZone);
    const [links, taskRows] = [
      await planBatchViews(ctx.db, ctx.tenantId, id),
      await planTaskViews(ctx.db, ctx.tenantId, id, today, ctx.lang),
    ];
    const refs = await inputsById(ctx.db, ctx.tenantId, [
      ...new Set(taskRows.flatMap((t) => t.plannedInputs.map((i) => i.inputId))),
    ]);
    const planCounts = emptyCounts();
    const byBatch = new Map<number, { tasks: PlanTask[]; counts: PlanStatusCounts }>();
    for (const t of taskRows) {
      const status = t.status as PlanTaskViewStatus;
      if (isCounted(status)) planCounts[status] += 1;
      const key = t.batchId ?? 0;
      let group = byBatch.get(key);
      if (!group) {
        group = { tasks: [], counts: emptyCounts() };
        byBatch.set(key, group);
      }
      if (isCounted(status)) group.counts[status] += 1;
      group.tasks.push({
        taskId: t.id,
        taskName: t.taskName,
        taskTypeId: t.taskTypeId,
        taskTypeName: t.taskTypeName,
        startDate: t.startDate,
        endDate: t.endDate,
        status,
        leaderWorkerId: t.leaderWorkerId,
        leaderWorkerName: t.leaderWorkerName,
        plannedInputs: inputLines(t.plannedInputs, refs),
      });
    }
    return {
      ...toPlan(row, planCounts),
      batches: links.map((b) => {
        const group = byBatch.get(b.batchId) ?? { tasks: [], counts: emptyCounts() };
        return {
          ...b,
          taskCount: group.tasks.length,
          progress: progressOf(group.counts),
          tasks: group.tasks,
        };
      }),
    };
  }

  async create(ctx: Ctx, body: PlanCreateBody): Promise<Plan> {
    requireTenant(ctx);
    requireAccess(ctx, PLAN_ACCESS.create);
    const pkg = await findPackageRef(ctx.db, ctx.tenantId, body.packageId);
    if (!pkg) throw PlanErrors.packageNotFound();
    if (pkg.enabledFlag !== 1) throw PlanErrors.packageDisabled();
    const batches = await this.growingBatches(ctx, body.batchIds);
    const areaId = batches[0]?.areaId ?? 0;
    const leaderWorkerId = body.leaderWorkerId ?? null;
    if (
      leaderWorkerId !== null &&
      !(await enabledWorkers(ctx.db, ctx.tenantId, [leaderWorkerId])).has(leaderWorkerId)
    ) {
      throw PlanErrors.leaderNotFound();
    }
    // Everything below runs in the request's transaction: a failure leaves no plan, link or task.
    const row = await insertPlan(ctx.db, ctx.tenantId, ctx.user.id, {
      planName: body.planName,
      packageId: pkg.id,
      areaId,
      startDate: body.startDate,
      leaderWorkerId,
      description: body.description ?? null,
    });
    await applyPlan(ctx.db, ctx.tenantId, ctx.user.id, { ...row, packageId: pkg.id }, body.batchIds, false);
    // Tasks now when no flow is bound; otherwise the plan waits as 'submitted' and gets them when approved.
    await submitPlan(ctx, row, true, body.chosen);
    return this.load(ctx, row.id);
  }

  /** Applies the plan to more growing batches of its base (their tasks are generated the same way). */
  async addBatches(ctx: Ctx, id: number, body: PlanAddBatchesBody): Promise<Plan> {
    requireTenant(ctx);
    requireAccess(ctx, PLAN_ACCESS.edit);
    const row = await findPlan(ctx.db, ctx.tenantId, id);
    if (!row) throw PlanErrors.notFound();
    if (row.auditState === 'submitted') throw WorkflowErrors.docNotEditable();
    if (row.packageId === null) throw PlanErrors.packageNotFound();
    const pkg = await findPackageRef(ctx.db, ctx.tenantId, row.packageId);
    if (!pkg) throw PlanErrors.packageNotFound();
    const linked = new Set(await linkedBatchIds(ctx.db, ctx.tenantId, id));
    if (linked.size + body.batchIds.length > PLAN_BATCHES_MAX) {
      throw PlanErrors.tooManyBatches({ max: PLAN_BATCHES_MAX });
    }
    const batches = await this.growingBatches(ctx, body.batchIds);
    const already = batches.find((b) => linked.has(b.id));
    if (already) throw PlanErrors.batchInPlan({ batch: already.batchName });
    if (row.areaId !== null && batches.some((b) => b.areaId !== row.areaId)) {
      throw PlanErrors.batchesAcrossBases();
    }
    const plan = { ...row, packageId: pkg.id };
    // A plan not approved yet only links them: its tasks come with its approval.
    await applyPlan(ctx.db, ctx.tenantId, ctx.user.id, plan, body.batchIds, row.auditState === 'approved');
    return this.load(ctx, id);
  }

  async update(ctx: Ctx, body: PlanUpdateBody): Promise<Plan> {
    requireTenant(ctx);
    requireAccess(ctx, PLAN_ACCESS.edit);
    const current = await findPlan(ctx.db, ctx.tenantId, body.planId);
    if (!current) throw PlanErrors.notFound();
    if (current.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    if (current.auditState === 'submitted') throw WorkflowErrors.docNotEditable();
    const changes: { planName: string; description?: string | null } = { planName: body.planName };
    if (body.description !== undefined) changes.description = body.description;
    if (
      !(await updatePlan(ctx.db, ctx.tenantId, current.id, body.objectVersionNumber, ctx.user.id, changes))
    ) {
      throw CommonErrors.stale();
    }
    return this.load(ctx, current.id);
  }

  /** Deletes a plan none of whose tasks has started, with its (not started) tasks and batch links. */
  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, PLAN_ACCESS.delete);
    const current = await findPlan(ctx.db, ctx.tenantId, id);
    if (!current) throw PlanErrors.notFound();
    if (current.auditState === 'submitted') throw WorkflowErrors.docNotEditable();
    if ((await countStartedTasks(ctx.db, ctx.tenantId, id)) > 0) throw PlanErrors.started();
    if (!(await deletePlan(ctx.db, ctx.tenantId, id))) throw PlanErrors.notFound();
    return { success: true };
  }

  /** Sends a withdrawn (draft) or rejected plan into approval again (approved at once when unbound). */
  async submit(ctx: Ctx, id: number, version: number | undefined, chosen?: ChosenAssignees): Promise<Plan> {
    requireTenant(ctx);
    requireAccess(ctx, PLAN_ACCESS.edit);
    const current = await lockPlan(ctx.db, ctx.tenantId, id);
    if (!current) throw PlanErrors.notFound();
    if (version !== undefined && current.objectVersionNumber !== version) throw CommonErrors.stale();
    if (current.auditState !== 'draft' && current.auditState !== 'rejected') {
      throw WorkflowErrors.docNotEditable();
    }
    await submitPlan(ctx, current, false, chosen);
    return this.load(ctx, id);
  }

  private async load(ctx: TenantCtx, id: number): Promise<Plan> {
    const row = await findPlan(ctx.db, ctx.tenantId, id);
    if (!row) throw PlanErrors.notFound();
    const counts = await this.countsOf(ctx, [id]);
    return toPlan(row, counts.get(id) ?? emptyCounts());
  }

  private async countsOf(ctx: TenantCtx, planIds: number[]): Promise<Map<number, PlanStatusCounts>> {
    const out = new Map<number, PlanStatusCounts>();
    for (const r of await taskCounts(ctx.db, ctx.tenantId, planIds, todayIn(ctx.timeZone))) {
      let c = out.get(r.planId);
      if (!c) {
        c = emptyCounts();
        out.set(r.planId, c);
      }
      if (isCounted(r.status)) c[r.status] += r.n;
    }
    return out;
  }

  /** The batches, each named once, existing in this tenant, growing, and all of one base. */
  private async growingBatches(ctx: TenantCtx, ids: number[]): Promise<BatchRef[]> {
    const seen = new Set<number>();
    for (const id of ids) {
      if (seen.has(id)) throw PlanErrors.batchTwice({ batchId: id });
      seen.add(id);
    }
    const found = new Map((await batchesById(ctx.db, ctx.tenantId, ids)).map((b) => [b.id, b]));
    const batches = ids.map((id) => {
      const b = found.get(id);
      if (!b) throw PlanErrors.batchNotFound({ batchId: id });
      if (b.status !== GROWING) throw PlanErrors.batchNotGrowing({ batch: b.batchName });
      return b;
    });
    if (new Set(batches.map((b) => b.areaId)).size > 1) throw PlanErrors.batchesAcrossBases();
    return batches;
  }
}
