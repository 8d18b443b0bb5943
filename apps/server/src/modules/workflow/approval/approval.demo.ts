import { type ApprovalNode, type ProcessModel, TASK_STATES } from '@tilth/contracts';
import type { DemoExtras } from '../../../platform/db/seed.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import { saveBinding } from './binding.repository.js';
import { tasksOf } from './process.repository.js';
import { TaskService } from './task.service.js';
import { approvalDefinitions, approvalDefinitionVersions } from './workflow.tables.js';

// Approvals in the demo tenant (issue 14): two enabled flows, the receipt one bound to input warehousing.
// The documents that run through it are made by their module's demo (farm/agricultural), so their
// processes and timelines are real.

export const DEMO_RECEIPT_FLOW = '农资入库审批';
export const DEMO_PLAN_FLOW = '农事计划审批';

const step = (id: string, name: string, userId: number): ApprovalNode => ({
  id,
  kind: 'approval',
  name,
  mode: 'single',
  assignees: [{ type: 'user', userIds: [userId] }],
});

/** amount ≥ 5000: the base manager (the demo administrator), then the director; otherwise one approver. */
const receiptModel = (manager: number, director: number): ProcessModel => ({
  node: {
    id: 'amount',
    kind: 'condition',
    name: '按金额',
    branches: [
      {
        id: 'large',
        name: '≥ 5000',
        conditions: [{ field: 'amount', op: 'gte', value: 5000 }],
        node: {
          ...step('manager', '基地负责人', manager),
          next: step('director', '总监', director),
        },
      },
      {
        id: 'other',
        name: '其他',
        conditions: [],
        isDefault: true,
        node: step('one', '审批人', manager),
      },
    ],
  },
});

/** The two demo flows; answers nothing when the demo tenant lacks its users (a test seeding). */
export const seedApprovalFlows: DemoExtras = async (database, ids) => {
  const { demo = 0, viewer = 0 } = ids.users;
  if (demo <= 0) return;
  const director = viewer > 0 ? viewer : demo;
  const t = ids.demoTenant;
  await database.withTenant(t, async (tx) => {
    const flows = [
      {
        name: DEMO_RECEIPT_FLOW,
        docType: 'agri_warehousing',
        description: '大额入库需基地负责人和总监两级审批；其余一人审批。',
        model: receiptModel(demo, director),
      },
      {
        name: DEMO_PLAN_FLOW,
        docType: 'farm_plan',
        description: '农事计划由基地负责人审批后生成任务（默认未绑定，可在审批设置中启用）。',
        model: { node: step('manager', '基地负责人', demo) },
      },
    ];
    for (const f of flows) {
      const [def] = await tx
        .insert(approvalDefinitions)
        .values({ tenantId: t, ...f, enabledFlag: 1, version: 1, createdBy: demo, lastUpdatedBy: demo })
        .returning();
      if (!def) continue;
      await tx
        .insert(approvalDefinitionVersions)
        .values({ tenantId: t, definitionId: def.id, version: 1, model: f.model, createdBy: demo });
      if (f.docType === 'agri_warehousing') await saveBinding(tx, t, demo, f.docType, def.id);
    }
  });
};

/** A decision by ctx's user on their open task of a process, through the same action as the console's. Demo seeding only. */
export const demoDecide = async (
  ctx: TenantCtx,
  processId: number,
  outcome: 'approve' | 'reject',
  comment?: string,
): Promise<void> => {
  const task = (await tasksOf(ctx.db, ctx.tenantId, processId)).find(
    (x) =>
      x.assigneeId === ctx.user.id &&
      x.current &&
      x.taskType === 'approval' &&
      x.state === TASK_STATES.pending,
  );
  if (!task) return;
  if (outcome === 'approve') await TaskService.approve(ctx, task.id, { comment });
  else await TaskService.reject(ctx, task.id, { comment, target: 'applicant' });
};
