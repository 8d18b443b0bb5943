import { bigint, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import {
  auditColumns,
  platformRowsReadable,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

export const files = pgTable(
  'files',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    attachmentUuid: uuid('attachment_uuid'),
    bucketName: text('bucket_name').notNull().default('public'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('files_attachment_idx').on(t.tenantId, t.attachmentUuid),
    tenantIsolation(),
    platformRowsReadable(),
  ],
);
