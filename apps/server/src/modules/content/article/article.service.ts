import {
  type Article,
  type ArticleAction,
  type ArticleCreateBody,
  type ArticleListItem,
  type ArticleListQuery,
  type ArticleSaveBody,
  type ArticleStatus,
  articleActionAllowed,
  articleCreateBody,
} from '@tilth/contracts/article.types';
import type { Page } from '@tilth/contracts/common.types';
import { containsFilter } from '../../../platform/db/like.js';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { addDays, dayStart } from '../../../platform/time/zone.js';
import { ARTICLE_ACCESS, ARTICLE_READ } from './article.access.js';
import { ArticleErrors } from './article.errors.js';
import { cleanArticleHtml } from './article.html.js';
import {
  type ArticleFields,
  type ArticleRow,
  deleteArticle,
  findArticle,
  insertArticle,
  insertRevision,
  listArticles,
  lockArticle,
  updateArticle,
} from './article.repository.js';
import { picturesOf, recordArticlePictures } from './article.usage.js';
import { toArticle, toListItem } from './article.view.js';
import { findCategory } from './category.repository.js';

/** The input of createArticleDraft (other domains: an expert's answer published as an article). */
export interface ArticleDraftInput {
  title: string;
  content: string;
  categoryId?: number | null | undefined;
  label?: string | null | undefined;
  articleSource?: string | null | undefined;
  coverPicture?: string | null | undefined;
  summary?: string | null | undefined;
  sourceInquiryId?: number | null | undefined;
}

/** Refuses an action the article's status does not allow (review: frozen; published: already). */
export const requireAction = (row: ArticleRow, action: ArticleAction): void => {
  const status = row.status as ArticleStatus;
  if (articleActionAllowed(status, action)) return;
  if (status === 'review') throw ArticleErrors.inReview();
  if (action === 'publish' && status === 'published') throw ArticleErrors.alreadyPublished();
  if (action === 'schedule' && status === 'published') throw ArticleErrors.alreadyPublished();
  throw ArticleErrors.notLive();
};

/** Locks the article and checks the caller's version (stale → 409). */
export const lockedAt = async (
  ctx: TenantCtx,
  id: number,
  version: number | undefined,
): Promise<ArticleRow> => {
  const row = await lockArticle(ctx.db, ctx.tenantId, id);
  if (!row) throw ArticleErrors.notFound();
  if (version !== undefined && version !== row.objectVersionNumber) throw CommonErrors.stale();
  return row;
};

/** A category an article may be filed under: this tenant's and enabled (a disabled one already set stays). */
export const checkCategory = async (
  ctx: TenantCtx,
  categoryId: number | null | undefined,
  current: number | null = null,
): Promise<number | null> => {
  if (categoryId === null || categoryId === undefined) return null;
  const c = await findCategory(ctx.db, ctx.tenantId, categoryId);
  if (!c) throw ArticleErrors.categoryNotFound();
  if (c.enabledFlag !== 1 && c.id !== current) throw ArticleErrors.categoryDisabled({ name: c.categoryName });
  return c.id;
};

const fieldsOf = async (
  ctx: TenantCtx,
  b: ArticleCreateBody,
  currentCategory: number | null = null,
): Promise<ArticleFields> => ({
  title: b.title,
  categoryId: await checkCategory(ctx, b.categoryId, currentCategory),
  summary: b.summary ?? null,
  content: cleanArticleHtml(b.content),
  coverPicture: b.coverPicture ?? null,
  label: b.label ?? null,
  articleSource: b.articleSource ?? null,
});

const FIELD_KEYS = [
  'title',
  'categoryId',
  'summary',
  'content',
  'coverPicture',
  'label',
  'articleSource',
] as const;
/** The revisioned fields that differ between two versions. */
export const changedFields = (a: ArticleFields, b: ArticleFields): string[] =>
  FIELD_KEYS.filter((k) => (a[k] ?? null) !== (b[k] ?? null));

/** Inserts a draft and its revision 1 (the checked, cleaned fields). */
const insertDraft = async (
  ctx: TenantCtx,
  fields: ArticleFields,
  extra: { carouselFlag: number; sourceInquiryId: number | null },
): Promise<ArticleRow> => {
  const row = await insertArticle(ctx.db, ctx.tenantId, ctx.user.id, { ...fields, ...extra });
  await insertRevision(ctx.db, ctx.tenantId, row.id, 1, ctx.user.id, fields, 'created');
  await recordArticlePictures(ctx, row.id, picturesOf(fields.coverPicture, fields.content));
  return row;
};

/**
 * Writes a new revision of the fields onto the locked article: the row's revision moves on and the old one
 * stays in history. Nothing changed: no revision (the version still moves, for carouselFlag).
 */
export const writeRevision = async (
  ctx: TenantCtx,
  row: ArticleRow,
  fields: ArticleFields,
  note: string | null,
  extra: Partial<ArticleRow> = {},
): Promise<void> => {
  const changed = changedFields(row, fields).length > 0 || note !== null;
  const revision = changed ? row.revision + 1 : row.revision;
  const written = await updateArticle(ctx.db, ctx.tenantId, row.id, row.objectVersionNumber, ctx.user.id, {
    ...fields,
    ...extra,
    revision,
  });
  if (!written) throw CommonErrors.stale();
  if (changed) await insertRevision(ctx.db, ctx.tenantId, row.id, revision, ctx.user.id, fields, note);
  await recordArticlePictures(ctx, row.id, picturesOf(fields.coverPicture, fields.content));
};

/**
 * A new draft article (sanitised, revision 1). Other domains call it (content/article index.ts): the expert
 * inquiry publishes a good answer through it. Needs the article create code.
 */
export const createArticleDraft = async (ctx: Ctx, input: ArticleDraftInput): Promise<{ id: number }> => {
  requireTenant(ctx);
  requireAccess(ctx, ARTICLE_ACCESS.create);
  const parsed = articleCreateBody.safeParse({
    title: input.title,
    content: input.content,
    categoryId: input.categoryId ?? null,
    label: input.label ?? null,
    articleSource: input.articleSource ?? null,
    coverPicture: input.coverPicture ?? null,
    summary: input.summary ?? null,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw CommonErrors.validation({ detail: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}` });
  }
  const fields = await fieldsOf(ctx, parsed.data);
  const row = await insertDraft(ctx, fields, {
    carouselFlag: 0,
    sourceInquiryId: input.sourceInquiryId ?? null,
  });
  return { id: row.id };
};

/** Articles of /system/article and the graphic editor: list, read, write, delete. */
export class ArticleService {
  async list(ctx: Ctx, q: ArticleListQuery): Promise<Page<ArticleListItem>> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_READ);
    const w = pageWindow(q);
    const { rows, total } = await listArticles(
      ctx.db,
      ctx.tenantId,
      {
        title: containsFilter(q.title),
        categoryId: q.categoryId,
        status: q.status,
        from: q.dateFrom ? dayStart(q.dateFrom, ctx.timeZone) : undefined,
        to: q.dateTo ? dayStart(addDays(q.dateTo, 1), ctx.timeZone) : undefined,
      },
      w.limit,
      w.offset,
    );
    return pageAnswer(rows.map(toListItem), total, q);
  }

  async get(ctx: Ctx, id: number): Promise<Article> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_READ);
    return this.view(ctx, id);
  }

  async create(ctx: Ctx, body: ArticleCreateBody): Promise<Article> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_ACCESS.create);
    const fields = await fieldsOf(ctx, body);
    const row = await insertDraft(ctx, fields, {
      carouselFlag: body.carouselFlag ?? 0,
      sourceInquiryId: null,
    });
    return this.view(ctx, row.id);
  }

  /** Saves the editor's fields as a new revision (stale objectVersionNumber → 409; frozen under review). */
  async save(ctx: Ctx, body: ArticleSaveBody): Promise<Article> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_ACCESS.edit);
    const row = await lockedAt(ctx, body.id, body.objectVersionNumber);
    requireAction(row, 'edit');
    const fields = await fieldsOf(ctx, body, row.categoryId);
    await writeRevision(ctx, row, fields, null, { carouselFlag: body.carouselFlag ?? row.carouselFlag });
    return this.view(ctx, body.id);
  }

  /** Deletes the article with its history; its pictures are no longer counted as used. */
  async remove(ctx: Ctx, id: number, version: number | undefined): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_ACCESS.delete);
    const row = await lockedAt(ctx, id, version);
    requireAction(row, 'delete');
    await deleteArticle(ctx.db, ctx.tenantId, id);
    await recordArticlePictures(ctx, id, []);
    return { success: true };
  }

  async view(ctx: TenantCtx, id: number): Promise<Article> {
    const row = await findArticle(ctx.db, ctx.tenantId, id);
    if (!row) throw ArticleErrors.notFound();
    return toArticle(row);
  }
}
