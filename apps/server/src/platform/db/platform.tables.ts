import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key material shared by every server process (RSA login key, JWT secret), created on first start. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
});
