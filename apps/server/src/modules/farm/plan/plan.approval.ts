import type { ChosenAssignees } from '@tilth/contracts/workflow.types';
import type { TenantCtx } from '../../../platform/http/context.js';
import { ProcessEngine, registerApprovalDocument } from '../../workflow/approval/index.js';
import { PlanErrors } from './plan.errors.js';
import { linkedBatchIds } from './plan.repository.js';
import {
  generatePlanTasks,
  lockPlan,
  type PlanAuditRow,
  packageTaskCount,
  setPlanAudit,
} from './plan-approval.repository.js';

// Farm plans wait for approval when config/audit binds a flow to 'farm_plan' (issue 14 item 2): a
// submitted plan has its batches linked but no tasks; the last approve generates them.

/**
 * Sends a plan (just created, withdrawn or rejected) into approval; with no flow bound it is approved at
 * once and its tasks are generated now, as before approvals existed.
 */
export const submitPlan = async (
  ctx: TenantCtx,
  plan: PlanAuditRow,
  fresh: boolean,
  /** The applicant's approvers for 'chosen' steps (a missing one refuses the submit: 400 chosenMissing). */
  chosen: ChosenAssignees | undefined,
): Promise<void> => {
  const batchCount = (await linkedBatchIds(ctx.db, ctx.tenantId, plan.id)).length;
  const perBatch = plan.packageId === null ? 0 : await packageTaskCount(ctx.db, ctx.tenantId, plan.packageId);
  const started = await ProcessEngine.submit(ctx, {
    docType: 'farm_plan',
    thirdId: plan.id,
    formCode: plan.planName,
    fields: { areaId: plan.areaId, taskCount: perBatch * batchCount, batchCount },
    chosen,
  });
  if (started) {
    const patch = { auditState: 'submitted', processId: started.processId };
    await setPlanAudit(ctx.db, ctx.tenantId, plan.id, ctx.user.id, patch, !fresh);
    return;
  }
  await generatePlanTasks(ctx.db, ctx.tenantId, ctx.user.id, plan);
  if (!fresh) await setPlanAudit(ctx.db, ctx.tenantId, plan.id, ctx.user.id, { auditState: 'approved' });
};

const submitted = async (ctx: TenantCtx, id: number): Promise<PlanAuditRow | undefined> => {
  const plan = await lockPlan(ctx.db, ctx.tenantId, id);
  // Deleted or outside the approver's bases: refuse rather than approve a plan without its tasks.
  if (!plan) throw PlanErrors.notFound();
  return plan.auditState === 'submitted' ? plan : undefined;
};

/** Registers the plan's hooks; called when the plan routes register. */
export const registerPlanApprovals = (): void => {
  registerApprovalDocument({
    docType: 'farm_plan',
    async onApproved(ctx, id) {
      const plan = await submitted(ctx, id);
      if (!plan) return;
      await generatePlanTasks(ctx.db, ctx.tenantId, ctx.user.id, plan);
      await setPlanAudit(ctx.db, ctx.tenantId, id, ctx.user.id, { auditState: 'approved' });
    },
    async onRejected(ctx, id) {
      if (await submitted(ctx, id)) {
        await setPlanAudit(ctx.db, ctx.tenantId, id, ctx.user.id, { auditState: 'rejected' });
      }
    },
    async onWithdrawn(ctx, id) {
      if (await submitted(ctx, id)) {
        await setPlanAudit(ctx.db, ctx.tenantId, id, ctx.user.id, { auditState: 'draft' });
      }
    },
  });
};
