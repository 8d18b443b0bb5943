import {
  ARTICLE_SCHEDULE_MAX_DAYS,
  type Article,
  type ArticleScheduleBody,
} from '@tilth/contracts/article.types';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import { ProcessEngine, registerApprovalDocument } from '../../workflow/approval/index.js';
import { ARTICLE_ACCESS } from './article.access.js';
import { ArticleErrors } from './article.errors.js';
import { hasBody } from './article.html.js';
import { wakePublisherAt } from './article.jobs.js';
import { type ArticleRow, lastRejectComment, lockArticle, updateArticle } from './article.repository.js';
import { ArticleService, lockedAt, requireAction } from './article.service.js';

// Publishing (WordPress's Publish / Schedule, Strapi's review workflow): with an approval flow bound to
// 'article' a publish or schedule goes to review first; the approval's end sets it live, scheduled or
// rejected (with the reviewer's comment). Without one it acts at once. The publishing job (article.jobs.ts)
// makes due scheduled articles live.

const DAY_MS = 86_400_000;

/** Moves the locked article to its next state (the version moves on: an editor's stale copy gets 409). */
const setState = async (ctx: TenantCtx, row: ArticleRow, patch: Partial<ArticleRow>): Promise<void> => {
  await updateArticle(ctx.db, ctx.tenantId, row.id, row.objectVersionNumber, ctx.user.id, patch);
};

/** Starts review when a flow is bound; answers whether it did. */
const submitForReview = async (ctx: TenantCtx, row: ArticleRow, publishAt: Date | null): Promise<boolean> => {
  const started = await ProcessEngine.submit(ctx, {
    docType: 'article',
    thirdId: row.id,
    formCode: row.title,
    fields: {},
  });
  if (!started) return false;
  await setState(ctx, row, {
    status: 'review',
    publishAt,
    approvalProcessId: started.processId,
    reviewComment: null,
  });
  return true;
};

const goLive = (row: ArticleRow, now: Date): Partial<ArticleRow> => ({
  status: 'published',
  publishAt: null,
  // A re-publish after a withdraw keeps the first release time (its place in the news).
  uploadDate: row.uploadDate ?? now,
  reviewComment: null,
});

export class ArticlePublishService {
  private readonly articles = new ArticleService();

  /** Publish now (or submit for review). A scheduled article published now drops its schedule. */
  async publish(ctx: Ctx, id: number, version: number): Promise<Article> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_ACCESS.publish);
    const row = await lockedAt(ctx, id, version);
    requireAction(row, 'publish');
    if (!hasBody(row.content)) throw ArticleErrors.contentRequired();
    if (!(await submitForReview(ctx, row, null))) await setState(ctx, row, goLive(row, new Date()));
    return this.articles.view(ctx, id);
  }

  /** Publishes at `publishAt` (future, within a year), after review when a flow is bound. */
  async schedule(ctx: Ctx, id: number, body: ArticleScheduleBody): Promise<Article> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_ACCESS.publish);
    const at = new Date(body.publishAt);
    const now = Date.now();
    if (at.getTime() <= now) throw ArticleErrors.publishAtPast();
    if (at.getTime() > now + ARTICLE_SCHEDULE_MAX_DAYS * DAY_MS) {
      throw ArticleErrors.publishAtFar({ days: ARTICLE_SCHEDULE_MAX_DAYS });
    }
    const row = await lockedAt(ctx, id, body.objectVersionNumber);
    requireAction(row, 'schedule');
    if (!hasBody(row.content)) throw ArticleErrors.contentRequired();
    if (!(await submitForReview(ctx, row, at))) {
      await setState(ctx, row, { status: 'scheduled', publishAt: at, reviewComment: null });
      wakePublisherAt(ctx.tenantId, at);
    }
    return this.articles.view(ctx, id);
  }

  /** Takes a published article off the news, or cancels a schedule; it can be published again. */
  async withdraw(ctx: Ctx, id: number, version: number): Promise<Article> {
    requireTenant(ctx);
    requireAccess(ctx, ARTICLE_ACCESS.publish);
    const row = await lockedAt(ctx, id, version);
    requireAction(row, 'withdraw');
    await setState(ctx, row, { status: 'withdrawn', publishAt: null });
    return this.articles.view(ctx, id);
  }
}

/** The article under review, locked; undefined when it is no longer in review (nothing to do). */
const inReview = async (ctx: TenantCtx, id: number): Promise<ArticleRow | undefined> => {
  const row = await lockArticle(ctx.db, ctx.tenantId, id);
  return row?.status === 'review' ? row : undefined;
};

/** Registers the article's approval hooks (docType 'article'); called when the routes register. */
export const registerArticleApprovals = (): void => {
  registerApprovalDocument({
    docType: 'article',
    async onApproved(ctx, id) {
      const row = await inReview(ctx, id);
      if (!row) return;
      const now = new Date();
      // Approved after its time: it goes live now rather than being scheduled in the past.
      if (row.publishAt && row.publishAt.getTime() > now.getTime()) {
        await setState(ctx, row, { status: 'scheduled' });
        wakePublisherAt(ctx.tenantId, row.publishAt);
      } else {
        await setState(ctx, row, goLive(row, now));
      }
    },
    async onRejected(ctx, id) {
      const row = await inReview(ctx, id);
      if (!row) return;
      const comment = await lastRejectComment(ctx.db, ctx.tenantId, row.approvalProcessId);
      await setState(ctx, row, { status: 'rejected', publishAt: null, reviewComment: comment });
    },
    async onWithdrawn(ctx, id) {
      const row = await inReview(ctx, id);
      if (row) await setState(ctx, row, { status: 'draft', publishAt: null });
    },
  });
};
