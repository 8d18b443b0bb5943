import type { InvDocType } from '@tilth/contracts/inventory.document.types';
import type { ApprovalDocType } from '@tilth/contracts/workflow.docs';
import type { ChosenAssignees } from '@tilth/contracts/workflow.types';
import { num } from '../../../platform/decimal.js';
import type { TenantCtx } from '../../../platform/http/context.js';
import { ProcessEngine, registerApprovalDocument } from '../../workflow/approval/index.js';
import { InvDocErrors } from './document.errors.js';
import { type DocRow, lockDoc, patchDoc } from './document.repository.js';

// Inventory documents wait for approval when config/audit binds a flow to their type (ADR 0014). Approval
// moves no stock: an approved inbound / outbound is then stored / shipped by its executions.

export const APPROVAL_TYPE: Record<InvDocType, ApprovalDocType> = {
  purchase_request: 'inv_purchase_request',
  warehousing: 'inv_warehousing',
  shipment: 'inv_shipment',
  transfer: 'inv_transfer',
  return: 'inv_return',
  stocktake: 'inv_stocktake',
};

/**
 * Sends a draft or rejected document into approval: with a flow bound it is 'submitted' (processId set),
 * otherwise approved at once. `fresh`: inserted in this request (its version stays 1).
 */
export const submitDoc = async (
  ctx: TenantCtx,
  doc: DocRow,
  fresh: boolean,
  chosen: ChosenAssignees | undefined,
): Promise<void> => {
  const started = await ProcessEngine.submit(ctx, {
    docType: APPROVAL_TYPE[doc.docType as InvDocType],
    thirdId: doc.id,
    formCode: doc.docCode,
    fields: {
      amount: num(doc.totalAmount),
      quantity: num(doc.totalQuantity),
      warehouseId: doc.warehouseId,
      ...(doc.areaId === null ? {} : { areaId: doc.areaId }),
    },
    chosen,
  });
  await patchDoc(
    ctx.db,
    ctx.tenantId,
    doc.id,
    ctx.user.id,
    started ? { auditState: 'submitted', processId: started.processId } : { auditState: 'approved' },
    !fresh,
  );
};

/** The submitted document of a hook, locked; one gone (or out of the approver's bases) refuses it. */
const submitted = async (ctx: TenantCtx, type: InvDocType, id: number) => {
  const doc = await lockDoc(ctx.db, ctx.tenantId, id);
  if (!doc || doc.docType !== type) throw InvDocErrors.notFound();
  return doc.auditState === 'submitted' ? doc : undefined;
};

/** Registers the six types' hooks; called when the document routes register. */
export const registerInvApprovals = (): void => {
  for (const type of Object.keys(APPROVAL_TYPE) as InvDocType[]) {
    const set = async (ctx: TenantCtx, id: number, auditState: string) => {
      if (await submitted(ctx, type, id)) {
        await patchDoc(ctx.db, ctx.tenantId, id, ctx.user.id, { auditState });
      }
    };
    registerApprovalDocument({
      docType: APPROVAL_TYPE[type],
      onApproved: (ctx, id) => set(ctx, id, 'approved'),
      onRejected: (ctx, id) => set(ctx, id, 'rejected'),
      onWithdrawn: (ctx, id) => set(ctx, id, 'draft'),
    });
  }
};
