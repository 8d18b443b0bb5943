import type { Delegation, DelegationCreateBody, Page, PageQuery } from '@tilth/contracts';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { activeMembers, userNames } from './assignee.repository.js';
import {
  type DelegationRow,
  deleteOwnDelegation,
  insertDelegation,
  listOwnDelegations,
} from './delegation.repository.js';
import { APPROVAL_BELL } from './task.service.js';
import { WorkflowErrors } from './workflow.errors.js';

// Delegation while away (issue 14): each user manages their own; new tasks for them between start and end
// go to the delegate (delegatesNow in the engine). Tasks made before stay where they are.

type Row = DelegationRow;

const view = (r: Row, names: Map<number, string>): Delegation => ({
  id: r.id,
  userId: r.userId,
  userName: names.get(r.userId) ?? String(r.userId),
  delegateId: r.delegateId,
  delegateName: names.get(r.delegateId) ?? String(r.delegateId),
  startTime: r.startTime.toISOString(),
  endTime: r.endTime.toISOString(),
  remark: r.remark,
  objectVersionNumber: r.objectVersionNumber,
});

async function list(ctx: Ctx, q: PageQuery): Promise<Page<Delegation>> {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  const w = pageWindow(q);
  const { rows, total } = await listOwnDelegations(ctx.db, ctx.tenantId, ctx.user.id, w.limit, w.offset);
  const names = await userNames(ctx.db, [...new Set(rows.flatMap((r) => [r.userId, r.delegateId]))]);
  return pageAnswer(
    rows.map((r) => view(r, names)),
    total,
    q,
  );
}

async function create(ctx: Ctx, body: DelegationCreateBody): Promise<Delegation> {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  if (body.delegateId === ctx.user.id) throw WorkflowErrors.selfTarget();
  if ((await activeMembers(ctx.db, ctx.tenantId, [body.delegateId])).length === 0) {
    throw WorkflowErrors.badUser();
  }
  const row = await insertDelegation(ctx.db, {
    tenantId: ctx.tenantId,
    userId: ctx.user.id,
    delegateId: body.delegateId,
    startTime: new Date(body.startTime),
    endTime: new Date(body.endTime),
    remark: body.remark ?? null,
    createdBy: ctx.user.id,
    lastUpdatedBy: ctx.user.id,
  });
  return view(row, await userNames(ctx.db, [row.userId, row.delegateId]));
}

async function remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
  requireAccess(ctx, APPROVAL_BELL);
  requireTenant(ctx);
  const gone = !(await deleteOwnDelegation(ctx.db, ctx.tenantId, ctx.user.id, id));
  // Another user's delegation is as absent as a missing one.
  if (gone) throw WorkflowErrors.delegationNotFound();
  return { success: true };
}

export const DelegationService = { list, create, remove };
