import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

// Articles (issue 19 item 2, spec 03 §3 "News item"): a category tree and articles with every saved version
// kept as a revision. Who read what is the news domain's (content/news/news.tables.ts).

/** The category tree of articles (/system/classify); news tabs are its enabled categories. */
export const contentCategories = pgTable(
  'content_categories',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** null: a top-level category. */
    parentId: bigint('parent_id', { mode: 'number' }),
    categoryName: text('category_name').notNull(),
    categoryEnName: text('category_en_name'),
    sortOrder: integer('sort_order').notNull().default(0),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('content_categories_name_uq').on(t.tenantId, t.parentId, t.categoryName),
    tenantIsolation(),
  ],
);

/**
 * An article. `content` is sanitised HTML (messaging/notice's sanitiser, on write). The row holds the
 * current revision; every save adds a row to content_article_revisions.
 */
export const contentArticles = pgTable(
  'content_articles',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    categoryId: bigint('category_id', { mode: 'number' }),
    title: text('title').notNull(),
    summary: text('summary'),
    content: text('content').notNull().default(''),
    coverPicture: text('cover_picture'),
    label: text('label'),
    articleSource: text('article_source'),
    /** draft | review (waiting for its approval) | scheduled | published | withdrawn | rejected */
    status: text('status').notNull().default('draft'),
    /** Shown in the news page's carousel (valueType 3). */
    carouselFlag: integer('carousel_flag').notNull().default(0),
    /** Spec 03 §7 list call's defaultType: 1 for news articles. */
    defaultType: integer('default_type').notNull().default(1),
    /** When a scheduled article goes live. */
    publishAt: timestamp('publish_at', { withTimezone: true, mode: 'date' }),
    /** Release time (the news item's uploadDate): set when it goes live. */
    uploadDate: timestamp('upload_date', { withTimezone: true, mode: 'date' }),
    /** Reads, one per reader per day (spec 03 readTime). */
    readCount: integer('read_count').notNull().default(0),
    /** The revision the row holds. */
    revision: integer('revision').notNull().default(1),
    /** The approval process while status is review (workflow). */
    approvalProcessId: bigint('approval_process_id', { mode: 'number' }),
    /** The reviewer's comment when the review rejected it (cleared on the next submit). */
    reviewComment: text('review_comment'),
    /** The expert inquiry whose answer this article publishes, if any. */
    sourceInquiryId: bigint('source_inquiry_id', { mode: 'number' }),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('content_articles_live_idx').on(t.tenantId, t.status, t.uploadDate, t.id),
    index('content_articles_category_idx').on(t.tenantId, t.categoryId, t.status, t.uploadDate),
    index('content_articles_due_idx').on(t.status, t.publishAt),
    tenantIsolation(),
  ],
);

/** Every saved version of an article, for the diff and restore. */
export const contentArticleRevisions = pgTable(
  'content_article_revisions',
  {
    tenantId: tenantIdColumn(),
    articleId: bigint('article_id', { mode: 'number' }).notNull(),
    revision: integer('revision').notNull(),
    categoryId: bigint('category_id', { mode: 'number' }),
    title: text('title').notNull(),
    summary: text('summary'),
    content: text('content').notNull(),
    coverPicture: text('cover_picture'),
    label: text('label'),
    articleSource: text('article_source'),
    /** Why this revision exists, e.g. 'restored:3'. */
    note: text('note'),
    createdBy: bigint('created_by', { mode: 'number' }),
    creationDate: timestamp('creation_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.articleId, t.revision] }), tenantIsolation()],
);
