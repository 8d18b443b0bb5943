import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgPolicy,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  auditColumns,
  currentTenantSql,
  idColumn,
  platformRowsReadable,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

/** Announcements; tenant 0 rows are platform announcements that every tenant reads. */
export const notices = pgTable(
  'notices',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    title: text('title').notNull(),
    noticeBody: text('notice_body').notNull(),
    receiverTypeCode: text('receiver_type_code').notNull().default('ANNOUNCE'),
    noticeCategoryCode: text('notice_category_code').notNull().default('CLOUDFARM'),
    statusCode: text('status_code').notNull().default('PUBLISHED'),
    publishedDate: timestamp('published_date', { withTimezone: true }),
    publishedBy: bigint('published_by', { mode: 'number' }),
    publishedByUser: text('published_by_user'),
    attachmentUuid: uuid('attachment_uuid'),
    /** Roles and organisation units (with their subtrees) addressed; both empty = the whole tenant. */
    audienceRoleIds: bigint('audience_role_ids', { mode: 'number' }).array().notNull().default([]),
    audienceUnitIds: bigint('audience_unit_ids', { mode: 'number' }).array().notNull().default([]),
    withdrawnDate: timestamp('withdrawn_date', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('notices_published_idx').on(t.tenantId, t.statusCode, t.publishedDate),
    tenantIsolation(),
    platformRowsReadable(),
  ],
);

/** Who read which announcement; tenant_id is the reader's tenant. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    tenantId: tenantIdColumn(),
    noticeTenantId: bigint('notice_tenant_id', { mode: 'number' }).notNull(),
    noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    readDate: timestamp('read_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.noticeTenantId, t.noticeId] }),
    index('notice_reads_notice_idx').on(t.noticeTenantId, t.noticeId),
    tenantIsolation(),
    // The platform administrator (tenant 0) sees who, in any tenant, read a platform announcement.
    pgPolicy('platform_notice_reads_readable', {
      as: 'permissive',
      for: 'select',
      using: sql`notice_tenant_id = 0 and ${currentTenantSql} = 0`,
    }),
  ],
);

/** Notifications addressed to one user. */
export const userMessages = pgTable(
  'user_messages',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    userMessageTypeCode: text('user_message_type_code').notNull().default('NOTICE'),
    readFlag: integer('read_flag').notNull().default(0),
    publishedDate: timestamp('published_date', { withTimezone: true }).notNull().defaultNow(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('user_messages_user_idx').on(t.tenantId, t.userId, t.readFlag),
    tenantIsolation(),
  ],
);
