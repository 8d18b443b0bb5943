import {
  CATEGORY_DEPTH_MAX,
  type Category,
  type CategoryCreateBody,
  type CategoryOrderBody,
  type CategoryUpdateBody,
} from '@tilth/contracts/article.types';
import { flagOf } from '../../../platform/db/columns.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { ARTICLE_ACCESS, CATEGORY_READ } from './article.access.js';
import { ArticleErrors } from './article.errors.js';
import { articlesInCategory } from './article.repository.js';
import {
  type CategoryListRow,
  type CategoryRow,
  childrenOf,
  deleteCategory,
  findCategory,
  insertCategory,
  listCategories,
  lockCategory,
  setSortOrder,
  siblingNamed,
  updateCategory,
} from './category.repository.js';

// The category tree of /system/classify (WordPress categories): zh and en names, order among siblings,
// enabled or not (news tabs show enabled ones), deleted only when no article and no subcategory uses it.

const toCategory = (r: CategoryRow, articleCount: number): Category => ({
  id: r.id,
  parentId: r.parentId,
  categoryName: r.categoryName,
  categoryEnName: r.categoryEnName,
  sortOrder: r.sortOrder,
  enabledFlag: flagOf(r.enabledFlag),
  articleCount,
  objectVersionNumber: r.objectVersionNumber,
});

const depthOf = async (ctx: TenantCtx, parentId: number | null): Promise<number> => {
  let depth = 1;
  let at = parentId;
  // Bounded: a tree is at most CATEGORY_DEPTH_MAX deep, so the walk stops long before any cycle could matter.
  while (at !== null && depth <= CATEGORY_DEPTH_MAX + 1) {
    const parent = await findCategory(ctx.db, ctx.tenantId, at);
    if (!parent) break;
    depth += 1;
    at = parent.parentId;
  }
  return depth;
};

export class CategoryService {
  /** Every category, each parent's children in order (the client builds the tree from parentId). */
  async list(ctx: Ctx, enabledFlag: number | undefined): Promise<Category[]> {
    requireTenant(ctx);
    requireAccess(ctx, CATEGORY_READ);
    const rows = await listCategories(ctx.db, ctx.tenantId, enabledFlag);
    return rows.map((r: CategoryListRow) => toCategory(r, r.articleCount));
  }

  async create(ctx: Ctx, body: CategoryCreateBody): Promise<Category> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_ACCESS.classifyEdit);
    const parentId = body.parentId ?? null;
    if (parentId !== null) {
      if (!(await lockCategory(ctx.db, ctx.tenantId, parentId))) throw ArticleErrors.categoryParentNotFound();
      if ((await depthOf(ctx, parentId)) >= CATEGORY_DEPTH_MAX) {
        throw ArticleErrors.categoryTooDeep({ max: CATEGORY_DEPTH_MAX });
      }
    }
    if (await siblingNamed(ctx.db, ctx.tenantId, parentId, body.categoryName)) {
      throw ArticleErrors.categoryNameTaken({ name: body.categoryName });
    }
    const siblings = await childrenOf(ctx.db, ctx.tenantId, parentId);
    const sortOrder = siblings.reduce((m, s) => Math.max(m, s.sortOrder + 1), 0);
    const w = await insertCategory(ctx.db, ctx.tenantId, ctx.user.id, {
      parentId,
      categoryName: body.categoryName,
      categoryEnName: body.categoryEnName ?? null,
      enabledFlag: body.enabledFlag ?? 1,
      sortOrder,
    });
    if (!w || 'conflict' in w) throw ArticleErrors.categoryNameTaken({ name: body.categoryName });
    return toCategory(w.row, 0);
  }

  /** Renames (zh / en) and enables or disables (stale objectVersionNumber → 409). */
  async update(ctx: Ctx, body: CategoryUpdateBody): Promise<Category> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_ACCESS.classifyEdit);
    const row = await lockCategory(ctx.db, ctx.tenantId, body.id);
    if (!row) throw CommonErrors.notFound();
    if (row.objectVersionNumber !== body.objectVersionNumber) throw CommonErrors.stale();
    const same = await siblingNamed(ctx.db, ctx.tenantId, row.parentId, body.categoryName);
    if (same && same.id !== row.id) throw ArticleErrors.categoryNameTaken({ name: body.categoryName });
    const w = await updateCategory(ctx.db, ctx.tenantId, body.id, body.objectVersionNumber, ctx.user.id, {
      categoryName: body.categoryName,
      categoryEnName: body.categoryEnName ?? null,
      enabledFlag: body.enabledFlag,
    });
    if (!w) throw CommonErrors.stale();
    if ('conflict' in w) throw ArticleErrors.categoryNameTaken({ name: body.categoryName });
    return toCategory(w.row, await articlesInCategory(ctx.db, ctx.tenantId, body.id));
  }

  /** Orders one parent's children as listed (every child exactly once). */
  async reorder(ctx: Ctx, body: CategoryOrderBody): Promise<Category[]> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_ACCESS.classifyEdit);
    const children = await childrenOf(ctx.db, ctx.tenantId, body.parentId);
    const ids = new Set(children.map((c) => c.id));
    if (
      body.ids.length !== ids.size ||
      new Set(body.ids).size !== ids.size ||
      body.ids.some((id) => !ids.has(id))
    ) {
      throw ArticleErrors.categoryOrder();
    }
    for (const [i, id] of body.ids.entries()) await setSortOrder(ctx.db, ctx.tenantId, id, i);
    return this.list(ctx, undefined);
  }

  /** Refused while any article or subcategory uses it: the message says how many and what to do. */
  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_ACCESS.classifyEdit);
    const row = await lockCategory(ctx.db, ctx.tenantId, id);
    if (!row) throw CommonErrors.notFound();
    if (version !== undefined && version !== row.objectVersionNumber) throw CommonErrors.stale();
    if ((await childrenOf(ctx.db, ctx.tenantId, id)).length > 0) {
      throw ArticleErrors.categoryHasChildren({ name: row.categoryName });
    }
    const used = await articlesInCategory(ctx.db, ctx.tenantId, id);
    if (used > 0) throw ArticleErrors.categoryInUse({ name: row.categoryName, count: used });
    await deleteCategory(ctx.db, ctx.tenantId, id);
    return { success: true };
  }
}
