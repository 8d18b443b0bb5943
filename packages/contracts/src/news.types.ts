import { z } from 'zod';
import { queryId, tenantParam } from './common.types.js';

// The news page (spec 03 §2 "News page", §3 "News item", §7 "News", issue 19 item 3): the list, the
// categories and the detail, the same signed in (/wfpf/v1/{t}/agriculture/news…) and signed out
// (/wfpf/v1/public/{t}/news…). Paging here is the spec's: page from 1, `{ list, total }`.

/** Spec 03 §7 valueType: 3 carousel, 2 latest, 1 hot (most read over the last 7 days), 0 a category list. */
export const NEWS_VALUE_TYPES = { category: 0, hot: 1, latest: 2, carousel: 3 } as const;
/** Spec 03 §9: 20 a page from page 1; the carousel, latest and hot lists show 10. */
export const NEWS_PAGE_SIZE = 20;
export const NEWS_SHORT_LIST_SIZE = 10;
/** How far a list may be paged (page × size): a deeper page is refused, so no request scans without end. */
export const NEWS_MAX_OFFSET = 10_000;
/** The hot list counts reads over this many days, today included. */
export const NEWS_HOT_DAYS = 7;

const flag = z.coerce.number().int().min(0).max(1);

export const newsListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(NEWS_PAGE_SIZE),
  /** Only enabled items are news: 1 (or absent); 0 is refused by the service. */
  enabledFlag: flag.optional(),
  defaultType: z.coerce.number().int().min(0).max(99).default(1),
  /** A category and its sub-categories. */
  categoryId: queryId.optional(),
  valueType: z.coerce.number().int().min(0).max(3).default(0),
});
export type NewsListQuery = z.infer<typeof newsListQuery>;

/** A news item in a list: the spec's fields without the body, plus a plain-text summary for the cards. */
export const newsItem = z.object({
  consultId: z.number().int(),
  title: z.string(),
  summary: z.string().nullable(),
  coverPicture: z.string().nullable(),
  label: z.string().nullable(),
  articleSource: z.string().nullable(),
  /** Reads, one per reader per day. */
  readTime: z.number().int(),
  /** Release time (ISO instant). */
  uploadDate: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  carouselFlag: z.number().int(),
});
export type NewsItem = z.infer<typeof newsItem>;

export const newsList = z.object({ list: z.array(newsItem), total: z.number().int() });
export type NewsList = z.infer<typeof newsList>;

/** An enabled category; the page shows the top-level ones as tabs (a tab lists its sub-categories too). */
export const newsCategory = z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  categoryEnName: z.string().nullable(),
  parentId: z.number().int().nullable(),
  sortOrder: z.number().int(),
});
export type NewsCategory = z.infer<typeof newsCategory>;
export const newsCategories = z.array(newsCategory);

/** The detail: the item with its sanitised HTML body; reading it counts once per reader per day. */
export const newsDetail = newsItem.extend({ content: z.string() });
export type NewsDetail = z.infer<typeof newsDetail>;

export const newsDetailParam = tenantParam.extend({ consultId: queryId });

/** A published article as a generic page (`page/{id}` in each module): title, time, source, body. */
export const newsPage = z.object({
  id: z.number().int(),
  title: z.string(),
  uploadDate: z.string(),
  articleSource: z.string().nullable(),
  content: z.string(),
});
export type NewsPage = z.infer<typeof newsPage>;
export const newsPageParam = tenantParam.extend({ id: queryId });

/** GET /wfpf/v1/public/{t}/news/{consultId}/image/{fileId}: a picture the live item shows. */
export const newsImageParam = newsDetailParam.extend({ fileId: z.string().uuid() });
