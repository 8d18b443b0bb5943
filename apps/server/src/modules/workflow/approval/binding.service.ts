import {
  APPROVAL_DOC_TYPE_DEFS,
  APPROVAL_DOC_TYPES,
  type BindingBody,
  type BindingItem,
} from '@tilth/contracts';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { recordAudit } from '../../identity/audit/index.js';
import {
  definitionRef,
  deleteBinding,
  listBindings,
  lockBinding,
  saveBinding,
} from './binding.repository.js';
import { WorkflowErrors } from './workflow.errors.js';
import { registeredDocTypes } from './workflow.registry.js';

// config/audit (spec 01 §2.5, issue 14 item 2): which flow each document type goes through. One tenant is
// one company in this product, so a binding per tenant and type is the "per company" choice.

export const BINDING_ACCESS: PermissionCode = 'wfpf.inventory.config.audit';

export class BindingService {
  /** Every document type, bound or not, and whether its module handles approval yet. */
  async list(ctx: Ctx): Promise<BindingItem[]> {
    requireTenant(ctx);
    requireAccess(ctx, BINDING_ACCESS);
    return this.items(ctx);
  }

  /** Binds a type to an enabled flow of the same type, or unbinds it (null: approved at once). */
  async update(ctx: Ctx, body: BindingBody): Promise<BindingItem[]> {
    requireTenant(ctx);
    requireAccess(ctx, BINDING_ACCESS);
    const current = await lockBinding(ctx.db, ctx.tenantId, body.docType);
    const seen = body.objectVersionNumber ?? undefined;
    if (seen !== undefined && seen !== (current?.objectVersionNumber ?? null)) throw CommonErrors.stale();
    const before = current ? await definitionRef(ctx.db, ctx.tenantId, current.definitionId) : undefined;
    let after: Awaited<ReturnType<typeof definitionRef>>;
    if (body.definitionId !== null) {
      after = await definitionRef(ctx.db, ctx.tenantId, body.definitionId);
      // Another tenant's id reads as not found here (RLS and the tenant filter): the same 400, nothing leaked.
      if (after?.enabledFlag !== 1 || after.docType !== body.docType) {
        throw WorkflowErrors.bindingDisabled();
      }
      if (current?.definitionId !== after.id) {
        await saveBinding(ctx.db, ctx.tenantId, ctx.user.id, body.docType, after.id);
      }
    } else if (current) {
      await deleteBinding(ctx.db, ctx.tenantId, body.docType);
    }
    if ((before?.id ?? null) !== (after?.id ?? null)) {
      await recordAudit(ctx, {
        action: 'approval-binding.update',
        targetType: 'approval-binding',
        targetId: body.docType,
        targetName: APPROVAL_DOC_TYPE_DEFS[body.docType].name[ctx.lang],
        before: { definitionId: before?.id ?? null, definitionName: before?.name ?? null },
        after: { definitionId: after?.id ?? null, definitionName: after?.name ?? null },
      });
    }
    return this.items(ctx);
  }

  private async items(ctx: TenantCtx): Promise<BindingItem[]> {
    const bound = new Map((await listBindings(ctx.db, ctx.tenantId)).map((b) => [b.docType, b]));
    const registered = new Set<string>(registeredDocTypes());
    return APPROVAL_DOC_TYPES.map((docType) => {
      const b = bound.get(docType);
      return {
        docType,
        docTypeName: APPROVAL_DOC_TYPE_DEFS[docType].name[ctx.lang],
        registered: registered.has(docType),
        definitionId: b?.definitionId ?? null,
        definitionName: b?.definitionName ?? null,
        lastUpdateDate: b ? b.lastUpdateDate.toISOString() : null,
        objectVersionNumber: b?.objectVersionNumber ?? null,
      };
    });
  }
}
