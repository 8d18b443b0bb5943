import type { ApprovalUser, Page, PageQuery } from '@tilth/contracts';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { findPeople } from './people.repository.js';

/** The bell's code: every role holds it, and every approver needs to pick a colleague. */
export const PEOPLE_ACCESS = 'wfpf.farm.user.ps.notice-message' as const;

/**
 * Colleagues an approver may hand a task to, add as a signer or delegate to: names and logins of active
 * members only — no phone, mail or roles, which stay behind the user administration right.
 */
export class PeopleService {
  async list(ctx: Ctx, q: PageQuery & { name?: string | undefined }): Promise<Page<ApprovalUser>> {
    requireAccess(ctx, PEOPLE_ACCESS);
    requireTenant(ctx);
    const w = pageWindow(q);
    const { rows, total } = await findPeople(
      ctx.db,
      ctx.tenantId,
      q.name?.trim() || undefined,
      w.limit,
      w.offset,
    );
    return pageAnswer(rows, total, q);
  }
}
