import type { ApprovalDocType } from '@tilth/contracts';
import type { TenantCtx } from '../../../platform/http/context.js';

// Document binding (issue 14 item 2): a document type's module registers what happens to its document when
// its process ends. Hooks run inside the transaction of the deciding action, so a document is approved
// exactly when its process is; they are internal and skip the caller's access checks (the approver may
// hold no right on the document's own pages).

export interface ApprovalDocHooks {
  docType: ApprovalDocType;
  /** The last step approved: the document takes effect (e.g. stock moves). May throw to refuse. */
  onApproved(ctx: TenantCtx, thirdId: number): Promise<void>;
  /** Rejected back to the applicant: the document may be edited and submitted again. */
  onRejected(ctx: TenantCtx, thirdId: number): Promise<void>;
  /** Withdrawn by the applicant before any decision: back to draft. */
  onWithdrawn(ctx: TenantCtx, thirdId: number): Promise<void>;
}

const hooks = new Map<ApprovalDocType, ApprovalDocHooks>();

/** Called once at module load by the document's module (its index.ts or routes). */
export const registerApprovalDocument = (h: ApprovalDocHooks): void => {
  hooks.set(h.docType, h);
};

export const approvalDocHooks = (docType: ApprovalDocType): ApprovalDocHooks | undefined =>
  hooks.get(docType);

export const registeredDocTypes = (): ApprovalDocType[] => [...hooks.keys()];
