import type { ApprovalPreview, ApprovalPreviewBody } from '@tilth/contracts';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { applicantUnits } from './assignee.resolve.js';
import { boundDefinition } from './binding.repository.js';
import { PEOPLE_ACCESS } from './people.service.js';
import { planSteps, resolvePlan } from './workflow.plan.js';

/**
 * Where a document would go if its applicant submitted it now: the bound flow's steps with the conditions
 * decided on the form's fields, as submit decides them (applicantUnitId from the caller). The console shows
 * the route and asks for the approvers of 'chosen' steps before it sends the document. Any member may ask
 * (the bell's code): it names steps, not people.
 */
export class PreviewService {
  async preview(ctx: Ctx, body: ApprovalPreviewBody): Promise<ApprovalPreview> {
    requireAccess(ctx, PEOPLE_ACCESS);
    requireTenant(ctx);
    const bound = await boundDefinition(ctx.db, ctx.tenantId, body.docType);
    if (!bound) return { bound: false, definitionName: null, steps: [] };
    const { unitIds } = await applicantUnits(ctx);
    const plan = resolvePlan(bound.model, {
      ...body.fields,
      applicantUnitId: unitIds,
      docType: body.docType,
    });
    return {
      bound: true,
      definitionName: bound.name,
      steps: planSteps(plan).map((s) => ({
        nodeId: s.nodeId,
        name: s.name,
        kind: s.nodeKind,
        mode: s.mode,
        choose: s.assignees.some((r) => r.type === 'chosen'),
      })),
    };
  }
}
