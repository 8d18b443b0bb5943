import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import { addDays, today as todayIn } from '../../../platform/time/zone.js';
import { demoDecide } from '../../workflow/approval/index.js';
import { listAreas } from '../area/index.js';
import { registerAgriApprovals } from './document.approval.js';
import { AgriDocService } from './document.service.js';
import { listInputs } from './input.repository.js';

// Receipts that went through the demo's bound flow (workflow seedApprovalFlows runs first): the operator
// submitted three; one waits for the demo administrator (the bell shows it on first login), one was
// approved (its stock moved), one was rejected by the director with a comment.

export const seedAgriApprovals: DemoExtras = async (database, ids) => {
  const { demo = 0, operator = 0, viewer = 0 } = ids.users;
  if (demo <= 0 || operator <= 0) return;
  // Seeding may run without the routes registered; the hooks must be there for the approved receipt.
  registerAgriApprovals();
  const docs = new AgriDocService();
  const t = ids.demoTenant;
  await database.withTenant(t, async (tx) => {
    const as = (userId: number) => demoAdminCtx(tx, t, userId) as TenantCtx;
    const panyu = (await listAreas(tx, t, { areaName: '番禺示范基地' })).rows.find(
      (a) => a.areaName === '番禺示范基地',
    )?.id;
    const byCode = new Map((await listInputs(tx, t, {})).rows.map((r) => [r.inputCode, r.id]));
    const npk = byCode.get('FERT_NPK15');
    const imida = byCode.get('PEST_IMIDA');
    if (!panyu || !npk || !imida) return;
    const today = todayIn(DEFAULT_TIME_ZONE);
    const receipt = async (quantity: number, inputId: number, remark: string, daysAgo: number) =>
      docs.create(as(operator), 'warehousing', {
        areaId: panyu,
        docDate: addDays(today, -daysAgo),
        counterparty: '番禺惠农农资店',
        handler: '李农',
        remark,
        lines: [{ inputId, quantity }],
      });
    // 40 × 185 = 7400: the two-step branch.
    const rejected = await receipt(40, npk, '秋季备肥（首次提交）', 3);
    await demoDecide(as(demo), rejected.processId ?? 0, 'approve', '数量合理，同意。');
    await demoDecide(
      as(viewer > 0 ? viewer : demo),
      rejected.processId ?? 0,
      'reject',
      '单价高于合同价，请核实后重新提交。',
    );
    // 50 × 6.8 = 340: one approver.
    const approved = await receipt(50, imida, '补充植保用药', 2);
    await demoDecide(as(demo), approved.processId ?? 0, 'approve', '同意入库。');
    // 36 × 185 = 6660: waiting for the base manager, the demo administrator.
    await receipt(36, npk, '秋季备肥（按合同价重新提交）', 0);
  });
};
