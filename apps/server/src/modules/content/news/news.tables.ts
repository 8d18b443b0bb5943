import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

// The news page's read tally (issue 19 item 3): content_article_reads keeps one row per reader per article
// per day (who read); this keeps one row per article per day (how many), so the hot list sums at most
// seven small rows per article instead of counting every reader of the week.

/** Counted reads of an article on one day (tenant's calendar), kept in step with content_article_reads. */
export const contentArticleDayReads = pgTable(
  'content_article_day_reads',
  {
    tenantId: tenantIdColumn(),
    articleId: bigint('article_id', { mode: 'number' }).notNull(),
    readDay: date('read_day', { mode: 'string' }).notNull(),
    reads: integer('reads').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.articleId, t.readDay] }),
    index('content_article_day_reads_day_idx').on(t.tenantId, t.readDay, t.articleId, t.reads),
    tenantIsolation(),
  ],
);

/** One row per reader per article per day: the read count and the hot list's window. */
export const contentArticleReads = pgTable(
  'content_article_reads',
  {
    tenantId: tenantIdColumn(),
    articleId: bigint('article_id', { mode: 'number' }).notNull(),
    readDay: date('read_day', { mode: 'string' }).notNull(),
    /** 'u:<userId>' for a signed-in reader; 'a:<hash>' for a signed-out one. */
    readerKey: text('reader_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.articleId, t.readDay, t.readerKey] }),
    index('content_article_reads_day_idx').on(t.tenantId, t.readDay, t.articleId),
    tenantIsolation(),
  ],
);
