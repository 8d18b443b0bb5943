import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { escapeLike } from '../../../platform/db/like.js';
import { pageRows } from '../../../platform/db/paging.js';
import { bump } from '../../../platform/db/writes.js';
import { users } from '../../identity/identity/index.js';
import { approvalEvents } from '../../workflow/approval/index.js';
import { contentArticleRevisions, contentArticles, contentCategories } from './article.tables.js';

export type ArticleRow = typeof contentArticles.$inferSelect;
export type ArticleViewRow = ArticleRow & { categoryName: string | null; categoryEnName: string | null };
export type RevisionRow = typeof contentArticleRevisions.$inferSelect;
export type RevisionViewRow = RevisionRow & { createdByName: string | null; categoryName: string | null };

/** What a save writes: the revisioned fields. */
export interface ArticleFields {
  title: string;
  categoryId: number | null;
  summary: string | null;
  content: string;
  coverPicture: string | null;
  label: string | null;
  articleSource: string | null;
}

export interface ArticleFilter {
  title?: string | undefined;
  categoryId?: number | undefined;
  status?: string | undefined;
  /** Release time range [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
}

const A = contentArticles;
const R = contentArticleRevisions;
const C = contentCategories;
const byId = (tenantId: number, id: number): SQL => and(eq(A.tenantId, tenantId), eq(A.id, id)) as SQL;
const withCategory = { a: A, categoryName: C.categoryName, categoryEnName: C.categoryEnName };
const joinCategory = and(eq(C.tenantId, A.tenantId), eq(C.id, A.categoryId));

export const listArticles = async (
  db: Db,
  tenantId: number,
  f: ArticleFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ rows: ArticleViewRow[]; total: number }> => {
  const parts: SQL[] = [eq(A.tenantId, tenantId)];
  if (f.title) parts.push(ilike(A.title, `%${escapeLike(f.title)}%`));
  if (f.categoryId !== undefined) parts.push(eq(A.categoryId, f.categoryId));
  if (f.status) parts.push(eq(A.status, f.status));
  if (f.from) parts.push(gte(A.uploadDate, f.from));
  if (f.to) parts.push(lt(A.uploadDate, f.to));
  const where = and(...parts) as SQL;
  const q = db
    .select(withCategory)
    .from(A)
    .leftJoin(C, joinCategory)
    .where(where)
    // Newest first by what a reader would call its date: released, scheduled, or (drafts) last edited.
    .orderBy(desc(sql`coalesce(${A.uploadDate}, ${A.publishAt}, ${A.lastUpdateDate})`), desc(A.id));
  const { rows, total } = await pageRows(
    q,
    () => db.select({ n: count() }).from(A).where(where),
    limit,
    offset,
  );
  return {
    rows: rows.map((r) => ({ ...r.a, categoryName: r.categoryName, categoryEnName: r.categoryEnName })),
    total,
  };
};

export const findArticle = async (
  db: Db,
  tenantId: number,
  id: number,
): Promise<ArticleViewRow | undefined> => {
  const [r] = await db.select(withCategory).from(A).leftJoin(C, joinCategory).where(byId(tenantId, id));
  return r ? { ...r.a, categoryName: r.categoryName, categoryEnName: r.categoryEnName } : undefined;
};

/** Locks the article: saves, state changes and the publishing job of one article run one at a time. */
export const lockArticle = async (db: Db, tenantId: number, id: number): Promise<ArticleRow | undefined> => {
  const [r] = await db.select().from(A).where(byId(tenantId, id)).for('update');
  return r;
};

export const insertArticle = async (
  db: Db,
  tenantId: number,
  userId: number,
  v: ArticleFields & { carouselFlag: number; sourceInquiryId: number | null },
): Promise<ArticleRow> => {
  const [r] = await db
    .insert(A)
    .values({ tenantId, ...v, status: 'draft', revision: 1, createdBy: userId, lastUpdatedBy: userId })
    .returning();
  if (!r) throw new Error('content_articles insert returned nothing');
  return r;
};

/** Writes when `version` is still current; undefined when it is stale (or the article is gone). */
export const updateArticle = async (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  userId: number,
  v: Partial<ArticleRow>,
): Promise<ArticleRow | undefined> => {
  const [r] = await db
    .update(A)
    .set({ ...v, ...bump(userId, A.objectVersionNumber) })
    .where(and(byId(tenantId, id), eq(A.objectVersionNumber, version)))
    .returning();
  return r;
};

export const deleteArticle = async (db: Db, tenantId: number, id: number): Promise<void> => {
  await db.delete(R).where(and(eq(R.tenantId, tenantId), eq(R.articleId, id)));
  await db.delete(A).where(byId(tenantId, id));
};

export const insertRevision = async (
  db: Db,
  tenantId: number,
  articleId: number,
  revision: number,
  userId: number,
  v: ArticleFields,
  note: string | null,
): Promise<void> => {
  await db.insert(R).values({ tenantId, articleId, revision, ...v, note, createdBy: userId });
};

const revisionView = {
  r: R,
  createdByName: users.realName,
  categoryName: C.categoryName,
};

export const listRevisions = async (
  db: Db,
  tenantId: number,
  articleId: number,
): Promise<RevisionViewRow[]> => {
  const rows = await db
    .select(revisionView)
    .from(R)
    .leftJoin(users, eq(users.id, R.createdBy))
    .leftJoin(C, and(eq(C.tenantId, R.tenantId), eq(C.id, R.categoryId)))
    .where(and(eq(R.tenantId, tenantId), eq(R.articleId, articleId)))
    .orderBy(desc(R.revision));
  return rows.map((x) => ({ ...x.r, createdByName: x.createdByName, categoryName: x.categoryName }));
};

export const findRevision = async (
  db: Db,
  tenantId: number,
  articleId: number,
  revision: number,
): Promise<RevisionViewRow | undefined> => {
  const [x] = await db
    .select(revisionView)
    .from(R)
    .leftJoin(users, eq(users.id, R.createdBy))
    .leftJoin(C, and(eq(C.tenantId, R.tenantId), eq(C.id, R.categoryId)))
    .where(and(eq(R.tenantId, tenantId), eq(R.articleId, articleId), eq(R.revision, revision)));
  return x ? { ...x.r, createdByName: x.createdByName, categoryName: x.categoryName } : undefined;
};

/**
 * Publishes every scheduled article of the tenant whose time has come, in one conditional update: a
 * withdrawn or already published one is not touched, so a second runner (or process) publishes nothing
 * twice. The release time is the scheduled time (WordPress's post date).
 */
export const publishDue = async (db: Db, tenantId: number, now: Date): Promise<number[]> => {
  const rows = await db
    .update(A)
    .set({
      status: 'published',
      uploadDate: sql`${A.publishAt}`,
      lastUpdateDate: now,
      objectVersionNumber: sql`${A.objectVersionNumber} + 1`,
    })
    .where(
      and(eq(A.tenantId, tenantId), eq(A.status, 'scheduled'), lt(A.publishAt, new Date(now.getTime() + 1))),
    )
    .returning({ id: A.id });
  return rows.map((r) => r.id);
};

/** The earliest scheduled time of the tenant still to come (the runner's next wake-up). */
export const nextDue = async (db: Db, tenantId: number): Promise<Date | undefined> => {
  const [r] = await db
    .select({ at: sql<Date | null>`min(${A.publishAt})`.mapWith(A.publishAt) })
    .from(A)
    .where(and(eq(A.tenantId, tenantId), eq(A.status, 'scheduled')));
  return r?.at ?? undefined;
};

/** How many articles (any status) a category holds. */
export const articlesInCategory = async (db: Db, tenantId: number, categoryId: number): Promise<number> => {
  const [r] = await db
    .select({ n: count() })
    .from(A)
    .where(and(eq(A.tenantId, tenantId), eq(A.categoryId, categoryId)));
  return r?.n ?? 0;
};

/** The reviewer's comment of the last rejection in an approval process. */
export const lastRejectComment = async (
  db: Db,
  tenantId: number,
  processId: number | null,
): Promise<string | null> => {
  if (processId === null) return null;
  const [e] = await db
    .select({ comment: approvalEvents.comment })
    .from(approvalEvents)
    .where(
      and(
        eq(approvalEvents.tenantId, tenantId),
        eq(approvalEvents.processId, processId),
        eq(approvalEvents.action, 'reject'),
      ),
    )
    .orderBy(desc(approvalEvents.id))
    .limit(1);
  return e?.comment ?? null;
};

/** A counted read (content/news records who read on which day): the article list's reads column. */
export const countArticleRead = async (db: Db, tenantId: number, articleId: number): Promise<void> => {
  await db
    .update(contentArticles)
    .set({ readCount: sql`${contentArticles.readCount} + 1` })
    .where(and(eq(contentArticles.tenantId, tenantId), eq(contentArticles.id, articleId)));
};
