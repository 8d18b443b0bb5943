import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { rowsOf } from '../../../platform/db/rows.js';
import { contentArticles, contentCategories, countArticleRead } from '../article/index.js';
import { contentArticleDayReads, contentArticleReads } from './news.tables.js';

// The news page's reads (spec 03 §7): live articles only. An article is live when it is enabled, published
// (or scheduled and due: the article job may not have run yet) and its release time has come — publish_at
// while scheduled (a re-scheduled article keeps its old upload_date, which must not count), else
// upload_date. The predicate is written literally, exactly as the partial indexes of drizzle-hand/news.sql,
// so the planner can use them.

const A = contentArticles;
const C = contentCategories;
const D = contentArticleDayReads;

/** The release time of an article: when a scheduled one is due, else when it went live. */
const released = sql`(case when ${A.status} = 'scheduled' then ${A.publishAt} else ${A.uploadDate} end)`;
const liveRows = sql`${A.enabledFlag} = 1 and ${A.status} in ('published','scheduled')`;

export interface NewsFilter {
  tenantId: number;
  defaultType: number;
  now: Date;
  /** A category and its sub-categories. */
  categoryIds?: readonly number[] | undefined;
  carouselOnly?: boolean;
  /** Articles left out (the hot list's padding skips what it already listed). */
  excludeIds?: readonly number[];
}

const where = (f: NewsFilter): SQL => {
  const parts: SQL[] = [
    eq(A.tenantId, f.tenantId),
    liveRows,
    eq(A.defaultType, f.defaultType),
    sql`${released} <= ${f.now.toISOString()}::timestamptz`,
  ];
  if (f.categoryIds) parts.push(inArray(A.categoryId, [...f.categoryIds]));
  if (f.carouselOnly) parts.push(eq(A.carouselFlag, 1));
  if (f.excludeIds?.length) parts.push(notInArray(A.id, [...f.excludeIds]));
  return and(...parts) as SQL;
};

const ITEM = {
  id: A.id,
  title: A.title,
  summary: A.summary,
  // The start of the body, for a card's excerpt when the article has no summary.
  excerpt: sql<string>`left(${A.content}, 800)`,
  coverPicture: A.coverPicture,
  label: A.label,
  articleSource: A.articleSource,
  categoryId: A.categoryId,
  carouselFlag: A.carouselFlag,
  releasedAt: sql<string>`${released}`.mapWith((v: unknown) => new Date(String(v))),
};
export interface NewsRow {
  id: number;
  title: string;
  summary: string | null;
  excerpt: string;
  coverPicture: string | null;
  label: string | null;
  articleSource: string | null;
  categoryId: number | null;
  carouselFlag: number;
  releasedAt: Date;
}

/** One page of live articles, newest release first. */
export const listLive = (db: Db, f: NewsFilter, limit: number, offset: number): Promise<NewsRow[]> =>
  db
    .select(ITEM)
    .from(A)
    .where(where(f))
    .orderBy(sql`${released} desc`, sql`${A.id} desc`)
    .limit(limit)
    .offset(offset);

export const countLive = async (db: Db, f: NewsFilter): Promise<number> => {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(A).where(where(f));
  return r?.n ?? 0;
};

/** How many more read-ranked articles than asked for are looked at (some may not be live any more). */
const HOT_SLACK = 200;
/** At most this many ranked ids go to the second query, ties at the cut included. */
const HOT_MAX_IDS = 5_000;

/**
 * The most read live articles over [fromDay, toDay], most reads first, ties by release time (newest
 * first): at most `limit`, from the per-day tally. Two steps, so no plan can scan the articles once per
 * read-ranked row: the window's sums (the top `limit + HOT_SLACK`, with their ties), then those articles
 * by primary key, live ones only, ordered here.
 */
export const hotLive = async (
  db: Db,
  f: NewsFilter,
  fromDay: string,
  toDay: string,
  limit: number,
): Promise<NewsRow[]> => {
  const ranked = rowsOf<{ article_id: number | string; n: number | string }>(
    await db.execute(sql`with r as materialized (
        select ${D.articleId} as article_id, sum(${D.reads})::int as n from ${D}
        where ${D.tenantId} = ${f.tenantId} and ${D.readDay} >= ${fromDay} and ${D.readDay} <= ${toDay}
        group by ${D.articleId}
      )
      select article_id, n from r
      where n >= coalesce((select n from r order by n desc offset ${limit + HOT_SLACK - 1} limit 1), 0)
      order by n desc limit ${HOT_MAX_IDS}`),
  );
  if (ranked.length === 0) return [];
  const reads = new Map(ranked.map((r) => [Number(r.article_id), Number(r.n)]));
  const rows = await db
    .select(ITEM)
    .from(A)
    .where(and(where(f), inArray(A.id, [...reads.keys()])));
  return rows
    .sort(
      (a, b) =>
        (reads.get(b.id) ?? 0) - (reads.get(a.id) ?? 0) ||
        b.releasedAt.getTime() - a.releasedAt.getTime() ||
        b.id - a.id,
    )
    .slice(0, limit);
};

/** One live article with its body, or undefined (drafts, scheduled-not-due, withdrawn, disabled, absent). */
export const findLive = async (
  db: Db,
  tenantId: number,
  id: number,
  now: Date,
  defaultType?: number,
): Promise<(NewsRow & { content: string }) | undefined> => {
  const parts: SQL[] = [
    eq(A.tenantId, tenantId),
    eq(A.id, id),
    liveRows,
    sql`${released} <= ${now.toISOString()}::timestamptz`,
  ];
  if (defaultType !== undefined) parts.push(eq(A.defaultType, defaultType));
  const [r] = await db
    .select({ ...ITEM, content: A.content })
    .from(A)
    .where(and(...parts));
  return r;
};

export interface CategoryRow {
  id: number;
  parentId: number | null;
  categoryName: string;
  categoryEnName: string | null;
  sortOrder: number;
}

/** The enabled categories of a tenant, in their sort order (then as made: names sort differently per collation). */
export const enabledCategories = (db: Db, tenantId: number): Promise<CategoryRow[]> =>
  db
    .select({
      id: C.id,
      parentId: C.parentId,
      categoryName: C.categoryName,
      categoryEnName: C.categoryEnName,
      sortOrder: C.sortOrder,
    })
    .from(C)
    .where(and(eq(C.tenantId, tenantId), eq(C.enabledFlag, 1)))
    .orderBy(asc(C.sortOrder), asc(C.id));

/** All-time counted reads of some articles (the per-day tally summed). */
export const readCounts = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, number>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: D.articleId, n: sql<number>`sum(${D.reads})::int` })
    .from(D)
    .where(and(eq(D.tenantId, tenantId), inArray(D.articleId, [...ids])))
    .groupBy(D.articleId);
  return new Map(rows.map((r) => [r.id, r.n]));
};

/**
 * Records a read of an article by a reader on a day; answers whether it counted (the reader's first read
 * of it that day). The tally row and the article's read_count are bumped in the same transaction, so they
 * never disagree.
 */
export const recordRead = async (
  db: Db,
  tenantId: number,
  articleId: number,
  readDay: string,
  readerKey: string,
  at: Date,
): Promise<boolean> => {
  const inserted = await db
    .insert(contentArticleReads)
    .values({ tenantId, articleId, readDay, readerKey, readAt: at })
    .onConflictDoNothing()
    .returning({ id: contentArticleReads.articleId });
  if (inserted.length === 0) return false;
  // The article's own count, for the article list of /system/article (the article domain writes it).
  await countArticleRead(db, tenantId, articleId);
  await db
    .insert(D)
    .values({ tenantId, articleId, readDay, reads: 1 })
    .onConflictDoUpdate({
      target: [D.tenantId, D.articleId, D.readDay],
      set: { reads: sql`${D.reads} + 1` },
    });
  return true;
};

/** Names of some categories (a disabled category still names its articles). */
export const categoryNames = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, { categoryName: string; categoryEnName: string | null }>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: C.id, categoryName: C.categoryName, categoryEnName: C.categoryEnName })
    .from(C)
    .where(and(eq(C.tenantId, tenantId), inArray(C.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r]));
};
