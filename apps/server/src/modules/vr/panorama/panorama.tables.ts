import type { PanoramaTiles } from '@tilth/contracts/panorama.types';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

// The panorama library (issue 17 item 1). The original is kept in file storage under `storageKey`; the
// tiles, preview and thumbnail under `panorama/{tenantId}/{assetKey}/…`, made by panorama.jobs.ts.

export const panoramas = pgTable(
  'panoramas',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    /** processing | ready | failed */
    status: text('status').notNull().default('processing'),
    progress: integer('progress').notNull().default(0),
    /** An error code of PanoramaErrors (worded in the reader's language), once failed. */
    error: text('error'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** image/jpeg or image/png, sniffed from the bytes. */
    contentType: text('content_type').notNull(),
    /** The uploaded original in file storage. */
    storageKey: text('storage_key').notNull(),
    /** Names the directory of the made images, new for every upload (caches never see an old tile). */
    assetKey: uuid('asset_key').notNull().defaultRandom(),
    tiles: jsonb('tiles').$type<PanoramaTiles>(),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    /** Last progress write of the job; a 'processing' row silent for long lost its process (restart). */
    heartbeatAt: bigint('heartbeat_at', { mode: 'number' }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('panoramas_status_idx').on(t.status),
    index('panoramas_list_idx').on(t.tenantId, t.enabledFlag, t.id),
    tenantIsolation(),
  ],
);
