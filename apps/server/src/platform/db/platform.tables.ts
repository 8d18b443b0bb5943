import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key material shared by every server process (RSA login key, JWT secret), created on first start. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per-address request counts shared by every server process (TILTH_RATE_LIMIT_STORE=database): one row per
 * route and address, its window's hits and end. Unlogged (drizzle-hand/rate_limits.sql): a crash or a
 * failover only resets the counts. Expired rows are swept by the store.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_windows_expires_idx').on(t.expiresAt)],
);
