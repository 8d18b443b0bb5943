import type { Page } from '@tilth/contracts/common.types';
import type { InvDocListQuery } from '@tilth/contracts/inventory.document.types';
import { requireTenant } from '../../../platform/http/access.js';
import type { Ctx } from '../../../platform/http/context.js';
import { creatorNames } from './document.export.repository.js';
import type { InvDocService } from './document.service.js';
import type { InvDocExportRow } from './document.xlsx.js';

/**
 * A page of the documents list for the export: the list itself (its filters, type permissions and
 * order) with each creator's name added.
 */
export const docExportPage = async (
  ctx: Ctx,
  docs: InvDocService,
  q: InvDocListQuery,
): Promise<Page<InvDocExportRow>> => {
  const page = await docs.list(ctx, q);
  requireTenant(ctx);
  const ids = [...new Set(page.content.flatMap((d) => (d.createdBy === null ? [] : [d.createdBy])))];
  const names = await creatorNames(ctx.db, ids);
  return {
    ...page,
    content: page.content.map((d) => ({
      ...d,
      createdByName: d.createdBy === null ? null : (names.get(d.createdBy) ?? null),
    })),
  };
};
