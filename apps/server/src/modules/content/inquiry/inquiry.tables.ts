import type { InquiryPhoto } from '@tilth/contracts/inquiry.types';
import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

// Expert inquiries (issue 19 item 5): the asker's tenant owns the inquiry and its thread, also when a
// platform pool expert answers it (ADR 0018): the expert's id and name are copied onto the rows written.

export const contentInquiries = pgTable(
  'content_inquiries',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    title: text('title').notNull(),
    question: text('question').notNull(),
    cropId: bigint('crop_id', { mode: 'number' }).notNull(),
    landId: bigint('land_id', { mode: 'number' }).notNull(),
    batchId: bigint('batch_id', { mode: 'number' }),
    urgency: text('urgency').notNull().default('normal'),
    /** 'tenant' (this tenant's experts) or 'pool' (the platform's expert pool as well). */
    audience: text('audience').notNull().default('tenant'),
    status: text('status').notNull().default('open'),
    photos: jsonb('photos').$type<InquiryPhoto[]>().notNull().default([]),
    identificationNote: text('identification_note').notNull().default(''),
    askerId: bigint('asker_id', { mode: 'number' }).notNull(),
    askerName: text('asker_name').notNull(),
    /** The expert who first answered (the one the farmer's replies and rating go to). */
    expertId: bigint('expert_id', { mode: 'number' }),
    expertName: text('expert_name'),
    /** The tenant the expert acted from (0 for a pool expert): where their notifications go. */
    expertTenantId: bigint('expert_tenant_id', { mode: 'number' }),
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    closedBy: text('closed_by'),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('content_inquiries_asker_idx').on(t.tenantId, t.askerId, t.creationDate),
    index('content_inquiries_queue_idx').on(t.tenantId, t.audience, t.status, t.creationDate),
    index('content_inquiries_expert_idx').on(t.tenantId, t.expertId),
    tenantIsolation(),
  ],
);

export const contentInquiryMessages = pgTable(
  'content_inquiry_messages',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    inquiryId: bigint('inquiry_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    authorRole: text('author_role').notNull(),
    authorId: bigint('author_id', { mode: 'number' }).notNull(),
    authorName: text('author_name').notNull(),
    /** The tenant the author acted from (0 for a pool expert). */
    authorTenantId: bigint('author_tenant_id', { mode: 'number' }).notNull(),
    body: text('body').notNull(),
    photos: jsonb('photos').$type<InquiryPhoto[]>().notNull().default([]),
    creationDate: timestamp('creation_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.inquiryId],
      foreignColumns: [contentInquiries.tenantId, contentInquiries.id],
    }).onDelete('cascade'),
    index('content_inquiry_messages_inquiry_idx').on(t.tenantId, t.inquiryId, t.id),
    tenantIsolation(),
  ],
);
