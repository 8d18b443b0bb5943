import { bigint, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
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
