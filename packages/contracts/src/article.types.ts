import { z } from 'zod';
import {
  bodyId,
  flag01,
  objectVersionNumber,
  optionalText,
  pageOf,
  pageQuery,
  queryId,
  requiredText,
  tenantParam,
} from './common.types.js';

// Articles and their category tree (issue 19 item 2; spec 03 §2–§3 "News item"): drafts whose every save is
// a revision, scheduled publishing, review before publishing when an approval flow is bound to 'article'.

export const ARTICLE_TITLE_MAX = 120;
export const ARTICLE_SUMMARY_MAX = 500;
export const ARTICLE_LABEL_MAX = 30;
export const ARTICLE_SOURCE_MAX = 100;
export const ARTICLE_URL_MAX = 1000;
/** The body's HTML, in characters, before and after cleaning (a long article with links is ~50 000). */
export const ARTICLE_CONTENT_MAX = 200_000;
export const CATEGORY_NAME_MAX = 30;
/** A category tree is at most this deep (top level is 1). */
export const CATEGORY_DEPTH_MAX = 3;
/** How far ahead an article may be scheduled. */
export const ARTICLE_SCHEDULE_MAX_DAYS = 366;

export const ARTICLE_STATUSES = [
  'draft',
  'review',
  'scheduled',
  'published',
  'withdrawn',
  'rejected',
] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** What may be done to an article in each status (the list's actions and the server's rule). */
export const ARTICLE_ACTIONS = ['edit', 'publish', 'schedule', 'withdraw', 'delete', 'restore'] as const;
export type ArticleAction = (typeof ARTICLE_ACTIONS)[number];
const ALLOWED: Record<ArticleStatus, readonly ArticleAction[]> = {
  draft: ['edit', 'publish', 'schedule', 'delete', 'restore'],
  rejected: ['edit', 'publish', 'schedule', 'delete', 'restore'],
  withdrawn: ['edit', 'publish', 'schedule', 'delete', 'restore'],
  scheduled: ['edit', 'publish', 'schedule', 'withdraw', 'delete', 'restore'],
  // A published article's edits go live at once (WordPress's 'Update'); withdraw takes it off the news.
  published: ['edit', 'withdraw', 'delete', 'restore'],
  // Under review the article is frozen: the applicant withdraws the approval in the approval centre.
  review: [],
};
export const articleActionAllowed = (status: ArticleStatus, action: ArticleAction): boolean =>
  ALLOWED[status].includes(action);

/** A cover or picture address: a stored file of this site ('/…') or an http(s) URL. */
export const articleUrl = z
  .string()
  .max(ARTICLE_URL_MAX)
  .transform((s) => s.trim())
  .refine((s) => s === '' || (s.startsWith('/') && !s.startsWith('//')) || /^https?:\/\/[^\s]+$/i.test(s), {
    error: 'must be a stored file (/…) or an http(s) address',
  })
  .transform((s) => (s === '' ? null : s))
  .nullable();

// ---- categories ----

export const category = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  categoryName: z.string(),
  categoryEnName: z.string().nullable(),
  sortOrder: z.number().int(),
  enabledFlag: flag01,
  /** Articles in this category (any status): a used category cannot be deleted. */
  articleCount: z.number().int(),
  objectVersionNumber: z.number().int(),
});
export type Category = z.infer<typeof category>;
export const categoryList = z.array(category);

export const categoryListQuery = z.object({ enabledFlag: z.coerce.number().pipe(flag01).optional() });

export const categoryCreateBody = z.strictObject({
  parentId: bodyId.nullable().optional(),
  categoryName: requiredText(CATEGORY_NAME_MAX),
  categoryEnName: optionalText(CATEGORY_NAME_MAX).optional(),
  enabledFlag: flag01.optional(),
});
export type CategoryCreateBody = z.infer<typeof categoryCreateBody>;

export const categoryUpdateBody = z.strictObject({
  id: bodyId,
  categoryName: requiredText(CATEGORY_NAME_MAX),
  categoryEnName: optionalText(CATEGORY_NAME_MAX).optional(),
  enabledFlag: flag01,
  objectVersionNumber,
});
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBody>;

/** The new order of one parent's children: every child id once. */
export const categoryOrderBody = z.strictObject({
  parentId: bodyId.nullable(),
  ids: z.array(bodyId).min(1).max(500),
});
export type CategoryOrderBody = z.infer<typeof categoryOrderBody>;

export const categoryIdParam = tenantParam.extend({ id: queryId });
export const versionQuery = z.object({ objectVersionNumber: z.coerce.number().int().min(1).optional() });

// ---- articles ----

/** The fields an editor writes; every save of them is a revision. */
const articleFields = {
  title: requiredText(ARTICLE_TITLE_MAX),
  categoryId: bodyId.nullable().optional(),
  summary: optionalText(ARTICLE_SUMMARY_MAX).optional(),
  content: z.string().max(ARTICLE_CONTENT_MAX),
  coverPicture: articleUrl.optional(),
  label: optionalText(ARTICLE_LABEL_MAX).optional(),
  articleSource: optionalText(ARTICLE_SOURCE_MAX).optional(),
  carouselFlag: flag01.optional(),
};

export const articleCreateBody = z.strictObject(articleFields);
export type ArticleCreateBody = z.infer<typeof articleCreateBody>;

export const articleSaveBody = z.strictObject({ ...articleFields, id: bodyId, objectVersionNumber });
export type ArticleSaveBody = z.infer<typeof articleSaveBody>;

export const articleListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  categoryEnName: z.string().nullable(),
  status: z.enum(ARTICLE_STATUSES),
  label: z.string().nullable(),
  coverPicture: z.string().nullable(),
  carouselFlag: flag01,
  /** Release time (ISO instant): when it went live; null before. */
  uploadDate: z.string().nullable(),
  /** When a scheduled article goes live (ISO instant). */
  publishAt: z.string().nullable(),
  readCount: z.number().int(),
  revision: z.number().int(),
  objectVersionNumber: z.number().int(),
  lastUpdateDate: z.string(),
});
export type ArticleListItem = z.infer<typeof articleListItem>;
export const articlePage = pageOf(articleListItem);

export const article = articleListItem.extend({
  summary: z.string().nullable(),
  content: z.string(),
  articleSource: z.string().nullable(),
  sourceInquiryId: z.number().int().nullable(),
  /** The reviewer's comment when the review rejected it. */
  reviewComment: z.string().nullable(),
  approvalProcessId: z.number().int().nullable(),
  creationDate: z.string(),
});
export type Article = z.infer<typeof article>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a day YYYY-MM-DD' });

export const articleListQuery = pageQuery.extend({
  title: z.string().max(ARTICLE_TITLE_MAX).optional(),
  categoryId: queryId.optional(),
  status: z.enum(ARTICLE_STATUSES).optional(),
  /** Release day range (tenant's days, inclusive); drafts never match a range. */
  dateFrom: day.optional(),
  dateTo: day.optional(),
});
export type ArticleListQuery = z.infer<typeof articleListQuery>;

export const articleIdParam = tenantParam.extend({ id: queryId });
export const articleVersionBody = z.strictObject({ objectVersionNumber });
export const articleScheduleBody = z.strictObject({
  objectVersionNumber,
  publishAt: z.iso.datetime({ offset: true, error: 'must be an ISO-8601 date-time with offset' }),
});
export type ArticleScheduleBody = z.infer<typeof articleScheduleBody>;

// ---- revisions ----

export const revisionListItem = z.object({
  revision: z.number().int(),
  title: z.string(),
  /** Why it exists: null for a save, 'restored:<n>' for a restore, 'created' for the first. */
  note: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  creationDate: z.string(),
});
export type RevisionListItem = z.infer<typeof revisionListItem>;
export const revisionList = z.array(revisionListItem);

export const revision = revisionListItem.extend({
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  summary: z.string().nullable(),
  content: z.string(),
  coverPicture: z.string().nullable(),
  label: z.string().nullable(),
  articleSource: z.string().nullable(),
});
export type Revision = z.infer<typeof revision>;

export const revisionParam = articleIdParam.extend({
  revision: z.coerce.number().int().min(1).max(1_000_000),
});
export const revisionDiffQuery = z.object({
  from: z.coerce.number().int().min(1).max(1_000_000),
  to: z.coerce.number().int().min(1).max(1_000_000),
});
/** Both revisions whole; the console diffs their text and fields (jsdiff). */
export const revisionDiff = z.object({
  from: revision,
  to: revision,
  /** Fields whose values differ (title, categoryId, summary, content, coverPicture, label, articleSource). */
  changed: z.array(z.string()),
});
export type RevisionDiff = z.infer<typeof revisionDiff>;
