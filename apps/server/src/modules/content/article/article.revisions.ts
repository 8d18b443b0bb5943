import type { Article, Revision, RevisionDiff, RevisionListItem } from '@tilth/contracts/article.types';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { ARTICLE_ACCESS, ARTICLE_READ } from './article.access.js';
import { ArticleErrors } from './article.errors.js';
import { findArticle, findRevision, listRevisions, type RevisionViewRow } from './article.repository.js';
import { ArticleService, changedFields, lockedAt, requireAction, writeRevision } from './article.service.js';
import { toRevision, toRevisionItem } from './article.view.js';
import { findCategory } from './category.repository.js';

// Revision history (WordPress revisions, Strapi #8269): every save kept, any two compared, any one restored
// as a new revision on top — history is never rewritten.

const requireArticle = async (ctx: TenantCtx, id: number): Promise<void> => {
  if (!(await findArticle(ctx.db, ctx.tenantId, id))) throw ArticleErrors.notFound();
};

const revisionOf = async (ctx: TenantCtx, id: number, revision: number): Promise<RevisionViewRow> => {
  const r = await findRevision(ctx.db, ctx.tenantId, id, revision);
  if (!r) throw ArticleErrors.revisionNotFound({ revision });
  return r;
};

export class ArticleRevisionService {
  private readonly articles = new ArticleService();

  /** Newest first, each with its author's name and time. */
  async list(ctx: Ctx, id: number): Promise<RevisionListItem[]> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_READ);
    await requireArticle(ctx, id);
    const rows = await listRevisions(ctx.db, ctx.tenantId, id);
    return rows.map(toRevisionItem);
  }

  async get(ctx: Ctx, id: number, revision: number): Promise<Revision> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_READ);
    await requireArticle(ctx, id);
    return toRevision(await revisionOf(ctx, id, revision));
  }

  /** Two revisions whole and which fields differ; the console shows the text diff. */
  async diff(ctx: Ctx, id: number, from: number, to: number): Promise<RevisionDiff> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_READ);
    await requireArticle(ctx, id);
    const a = await revisionOf(ctx, id, from);
    const b = await revisionOf(ctx, id, to);
    return { from: toRevision(a), to: toRevision(b), changed: changedFields(a, b) };
  }

  /**
   * Puts an old revision's fields back as a new revision ('restored:<n>'). A category deleted since is
   * left empty; one disabled since stays (the article already had it).
   */
  async restore(ctx: Ctx, id: number, revision: number, version: number): Promise<Article> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_ACCESS.edit);
    const row = await lockedAt(ctx, id, version);
    requireAction(row, 'restore');
    const old = await revisionOf(ctx, id, revision);
    const category =
      old.categoryId === null ? null : await findCategory(ctx.db, ctx.tenantId, old.categoryId);
    await writeRevision(
      ctx,
      row,
      {
        title: old.title,
        categoryId: category?.id ?? null,
        summary: old.summary,
        content: old.content,
        coverPicture: old.coverPicture,
        label: old.label,
        articleSource: old.articleSource,
      },
      `restored:${revision}`,
    );
    return this.articles.view(ctx, id);
  }
}
