import type { AgriDocType } from '@tilth/contracts/agricultural.types';
import type { ChosenAssignees } from '@tilth/contracts/workflow.types';
import type { TenantCtx } from '../../../platform/http/context.js';
import { ProcessEngine, registerApprovalDocument } from '../../workflow/approval/index.js';
import { amountCents, fromUnits, num, toUnits } from './agricultural.decimal.js';
import { AgriculturalErrors } from './agricultural.errors.js';
import { linesOf, lockDoc, setDocAudit } from './document.repository.js';
import { docChanges, moveStock, type StockDoc } from './document.stock.js';

// Input warehousing and shipment wait for approval when config/audit binds a flow to them (issue 14 item
// 2): a submitted document moves no stock; the last approve moves it in the approver's transaction.

const APPROVAL_TYPE = { warehousing: 'agri_warehousing', shipment: 'agri_shipment' } as const;

/** The condition fields of a document: total amount, total quantity, its base. */
const fieldsOf = (areaId: number, lines: readonly { quantity: string; unitPrice: string | null }[]) => {
  let cents = 0n;
  let units = 0n;
  for (const l of lines) {
    units += toUnits(l.quantity, 3);
    if (l.unitPrice !== null) cents += amountCents(l.quantity, l.unitPrice);
  }
  return { amount: num(fromUnits(cents, 2)), quantity: num(fromUnits(units, 3)), areaId };
};

/**
 * Sends a new (or rejected / withdrawn) document into approval. No flow bound: approved at once and the
 * stock moves now, as before approvals existed; otherwise 'submitted' and nothing moves.
 */
export const submitDoc = async (
  ctx: TenantCtx,
  type: AgriDocType,
  doc: StockDoc,
  lines: readonly { inputId: number; quantity: string; unitPrice: string | null }[],
  fresh: boolean,
  /** The applicant's approvers for 'chosen' steps (a missing one refuses the submit: 400 chosenMissing). */
  chosen: ChosenAssignees | undefined,
): Promise<void> => {
  const started = await ProcessEngine.submit(ctx, {
    docType: APPROVAL_TYPE[type],
    thirdId: doc.id,
    formCode: doc.docCode,
    fields: fieldsOf(doc.areaId, lines),
    chosen,
  });
  if (started) {
    await setDocAudit(
      ctx.db,
      ctx.tenantId,
      doc.id,
      ctx.user.id,
      { auditState: 'submitted', processId: started.processId },
      !fresh,
    );
    return;
  }
  await moveStock(ctx, [...docChanges(type, doc, lines, false)]);
  if (!fresh) await setDocAudit(ctx.db, ctx.tenantId, doc.id, ctx.user.id, { auditState: 'approved' });
};

/** The submitted document of a hook, locked; a document gone or not submitted refuses the decision. */
const submitted = async (ctx: TenantCtx, type: AgriDocType, id: number) => {
  const doc = await lockDoc(ctx.db, ctx.tenantId, type, id);
  // Not visible (deleted, or outside the approver's bases): refuse rather than approve without stock.
  if (!doc) throw AgriculturalErrors.docNotFound();
  return doc.auditState === 'submitted' ? doc : undefined;
};

/** Registers both document types' hooks; called when the agricultural routes register. */
export const registerAgriApprovals = (): void => {
  for (const type of ['warehousing', 'shipment'] as const) {
    registerApprovalDocument({
      docType: APPROVAL_TYPE[type],
      async onApproved(ctx: TenantCtx, id: number) {
        const doc = await submitted(ctx, type, id);
        if (!doc) return;
        const lines = await linesOf(ctx.db, ctx.tenantId, [id]);
        // A shortage throws insufficientStock: the approve fails and nothing changes.
        await moveStock(ctx, [...docChanges(type, doc, lines, false)]);
        await setDocAudit(ctx.db, ctx.tenantId, id, ctx.user.id, { auditState: 'approved' });
      },
      async onRejected(ctx: TenantCtx, id: number) {
        if (await submitted(ctx, type, id)) {
          await setDocAudit(ctx.db, ctx.tenantId, id, ctx.user.id, { auditState: 'rejected' });
        }
      },
      async onWithdrawn(ctx: TenantCtx, id: number) {
        if (await submitted(ctx, type, id)) {
          await setDocAudit(ctx.db, ctx.tenantId, id, ctx.user.id, { auditState: 'draft' });
        }
      },
    });
  }
};
