import type { ProcessModel } from '@tilth/contracts';
import type { DemoExtras } from '../../../platform/db/seed.js';
import { demoAdminCtx } from '../../../platform/db/seed.js';
import { DefinitionService } from './definition.service.js';

/**
 * Two approval flows in the demo tenant so /system/process shows the designer at work: an enabled
 * input-warehousing flow routed by amount (saved twice: versions 1 and 2), and a farm-plan draft still
 * missing its approver (the designer marks the step). Neither is bound: config/audit chooses that.
 */
export const seedApprovalFlows: DemoExtras = async (database, ids) => {
  const tenantId = ids.demoTenant;
  const userId = ids.users.demo;
  if (!userId) return;
  const defs = new DefinitionService();
  await database.withTenant(tenantId, async (tx) => {
    const ctx = demoAdminCtx(tx, tenantId, userId);
    const manager: ProcessModel['node'] = {
      id: 'manager',
      kind: 'approval',
      name: '部门负责人',
      mode: 'single',
      assignees: [{ type: 'unitHead', levels: 1 }],
      timeout: { remindAfterHours: 4, afterHours: 24, action: 'remind' },
    };
    const v1: ProcessModel = { node: { ...manager } };
    const created = await defs.create(ctx, {
      name: '农资入库审批',
      docType: 'agri_warehousing',
      description: '大额入库需财务复核',
      model: v1,
    });
    const v2: ProcessModel = {
      node: {
        ...manager,
        next: {
          id: 'amount',
          kind: 'condition',
          name: '按金额',
          branches: [
            {
              id: 'large',
              name: '金额 ≥ 10000',
              conditions: [{ field: 'amount', op: 'gte', value: 10_000 }],
              node: {
                id: 'finance',
                kind: 'approval',
                name: '财务复核',
                mode: 'any',
                assignees: [{ type: 'user', userIds: [userId] }],
              },
            },
            { id: 'other', name: '其他情况', conditions: [], isDefault: true },
          ],
          next: {
            id: 'notify',
            kind: 'cc',
            name: '抄送仓管',
            assignees: [{ type: 'user', userIds: [userId] }],
          },
        },
      },
    };
    const saved = await defs.update(ctx, {
      id: created.id,
      name: created.name,
      description: created.description,
      model: v2,
      objectVersionNumber: created.objectVersionNumber,
    });
    await defs.setEnabled(ctx, saved.id, true, saved.objectVersionNumber);
    await defs.create(ctx, {
      name: '农事计划审批（草稿）',
      docType: 'farm_plan',
      model: { node: { id: 'review', kind: 'approval', name: '技术负责人', mode: 'all', assignees: [] } },
    });
  });
};
