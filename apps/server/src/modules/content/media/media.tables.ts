import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, tenantIdColumn, tenantIsolation } from '../../../platform/db/columns.js';

// Company media (issue 19 item 4): the picture library (folders, pictures, who uses which), banners by
// placement, and promo videos. Picture bytes are a row of messaging/file (its sniffing and serving); the
// thumbnail, the video and its poster live in file storage under `content-media/{tenantId}/…`.

export const contentPictureFolders = pgTable(
  'content_picture_folders',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** null: a top-level folder. */
    parentId: bigint('parent_id', { mode: 'number' }),
    folderName: text('folder_name').notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // 0 stands for the top level: a NULL parent would make every top-level name distinct.
    uniqueIndex('content_picture_folders_name_uq').using(
      'btree',
      t.tenantId,
      sql`coalesce(${t.parentId}, 0)`,
      t.folderName,
    ),
    tenantIsolation(),
  ],
);

export const contentPictures = pgTable(
  'content_pictures',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** null: the top level. */
    folderId: bigint('folder_id', { mode: 'number' }),
    pictureName: text('picture_name').notNull(),
    /** The row in `files` (messaging/file) holding the original. */
    fileId: uuid('file_id').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    thumbKey: text('thumb_key').notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('content_pictures_file_uq').on(t.tenantId, t.fileId),
    index('content_pictures_folder_idx').on(t.tenantId, t.folderId, t.id),
    tenantIsolation(),
  ],
);

/** Which owner shows which picture; replaced whole per owner by recordPictureUsage. */
export const contentPictureUsages = pgTable(
  'content_picture_usages',
  {
    tenantId: tenantIdColumn(),
    pictureId: bigint('picture_id', { mode: 'number' }).notNull(),
    /** article | banner | notice */
    ownerType: text('owner_type').notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.ownerType, t.ownerId, t.pictureId] }),
    index('content_picture_usages_picture_idx').on(t.tenantId, t.pictureId),
    tenantIsolation(),
  ],
);

export const contentBanners = pgTable(
  'content_banners',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    pictureId: bigint('picture_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    linkUrl: text('link_url'),
    /** login | home | news */
    placement: text('placement').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }),
    enabledFlag: integer('enabled_flag').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('content_banners_placement_idx').on(t.tenantId, t.placement, t.sortOrder, t.id),
    tenantIsolation(),
  ],
);

export const contentVideos = pgTable(
  'content_videos',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    videoName: text('video_name').notNull(),
    description: text('description'),
    /** processing (poster being made) | ready | failed */
    status: text('status').notNull().default('processing'),
    progress: integer('progress').notNull().default(0),
    /** An error code of MediaErrors, worded when read. */
    error: text('error'),
    /** video/mp4 or video/webm, from ffprobe's container. */
    contentType: text('content_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Names the storage folder, new per upload (URLs are immutable). */
    assetKey: uuid('asset_key').notNull().defaultRandom(),
    heartbeatAt: bigint('heartbeat_at', { mode: 'number' }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('content_videos_status_idx').on(t.status),
    tenantIsolation(),
  ],
);
