import type { DemoExtras } from '../../../platform/db/seed.js';
import { demoAdminCtx } from '../../../platform/db/seed.js';
import { DefinitionService } from './definition.service.js';

/**
 * A draft flow in the demo tenant so /system/process shows the designer's checks at work: a purchase
 * request flow whose second step still lacks its approver (the designer marks the step; it cannot be
 * enabled until fixed). The bound receipt flow and its processes are approval.demo.ts's.
 */
export const seedDraftFlows: DemoExtras = async (database, ids) => {
  const tenantId = ids.demoTenant;
  const userId = ids.users.demo;
  if (!userId) return;
  const defs = new DefinitionService();
  await database.withTenant(tenantId, async (tx) => {
    const ctx = demoAdminCtx(tx, tenantId, userId);
    await defs.create(ctx, {
      name: '采购申请审批（草稿）',
      docType: 'inv_purchase_request',
      description: '部门负责人审批后，金额较大的再由财务复核（财务审批人待定）。',
      model: {
        node: {
          id: 'manager',
          kind: 'approval',
          name: '部门负责人',
          mode: 'single',
          assignees: [{ type: 'unitHead', levels: 1 }],
          timeout: { remindAfterHours: 4, afterHours: 24, action: 'remind' },
          next: { id: 'finance', kind: 'approval', name: '财务复核', mode: 'all', assignees: [] },
        },
      },
    });
  });
};
