import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  auditColumns,
  idColumn,
  optionalAreaScope,
  tenantIdColumn,
  tenantIsolation,
} from '../../../platform/db/columns.js';

// Cameras (issue 16). A camera may be shared view-only to another tenant or one user: the receiver's
// request runs under its own tenant, so two extra read policies let it see the share rows addressed to it
// and the cameras they name — until the share expires (now() is checked on every read).

const SCOPE_UNSET = `coalesce(current_setting('app.area_ids', true), '') = ''`;
const SCOPE_LIST = `string_to_array(current_setting('app.area_ids', true), ',')::bigint[]`;
const CURRENT_USER = `nullif(current_setting('app.user_id', true), '')::bigint`;
const SHARE_TO_ME = (alias: string) =>
  `${alias}.to_tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint
   and (${alias}.to_user_id is null or ${alias}.to_user_id = ${CURRENT_USER})
   and ${alias}.expires_at > now()`;

/** A camera (spec 02 §3). cameraEnter keeps the spec's 1–4 and adds 5 for cameras this server serves. */
export const cameras = pgTable(
  'cameras',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    deviceSerial: text('device_serial').notNull(),
    /** 0 bolt, 1 ball. */
    cameraType: integer('camera_type').notNull().default(0),
    /** 1 cloud standard, 2 cloud national standard, 3 national-standard server, 4 China Mobile, 5 local. */
    cameraEnter: integer('camera_enter').notNull().default(4),
    /** demo | rtsp | ezviz | gb28181 | cmcc: the adapter (camera-media) that reaches it. */
    provider: text('provider').notNull(),
    channelNo: integer('channel_no').notNull().default(1),
    clarity: integer('clarity').notNull().default(1),
    areaId: bigint('area_id', { mode: 'number' }),
    landId: bigint('land_id', { mode: 'number' }),
    latlng: text('latlng'),
    online: integer('online').notNull().default(0),
    /** 1 usable, 0 disabled by its owner. */
    status: integer('status').notNull().default(1),
    isShare: integer('is_share').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    coverImage: text('cover_image'),
    verificationCode: text('verification_code'),
    /** The gateway device it is bound to (spec contentratorId). */
    concentratorId: bigint('concentrator_id', { mode: 'number' }),
    /** Provider settings; keys matching CAMERA_SECRET_KEY are never answered. */
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('cameras_serial_uq').on(t.tenantId, t.deviceSerial, t.channelNo),
    index('cameras_area_idx').on(t.tenantId, t.areaId, t.landId),
    tenantIsolation(),
    pgPolicy('shared_to_me', {
      as: 'permissive',
      for: 'select',
      using: sql.raw(
        `exists (select 1 from camera_shares s where s.tenant_id = cameras.tenant_id and s.camera_id = cameras.id and ${SHARE_TO_ME('s')})`,
      ),
    }),
    // A role's base scope limits the tenant's own cameras; a camera shared from elsewhere is not in a base of ours.
    pgPolicy('area_scope', {
      as: 'restrictive',
      for: 'all',
      using: sql.raw(
        `${SCOPE_UNSET} or area_id is null or area_id = any(${SCOPE_LIST}) or tenant_id is distinct from nullif(current_setting('app.tenant_id', true), '')::bigint`,
      ),
    }),
  ],
);

/** View-only shares of a camera, to a tenant (every member) or to one user in that tenant. */
export const cameraShares = pgTable(
  'camera_shares',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    cameraId: bigint('camera_id', { mode: 'number' }).notNull(),
    toTenantId: bigint('to_tenant_id', { mode: 'number' }).notNull(),
    toUserId: bigint('to_user_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    viewOnly: integer('view_only').notNull().default(1),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('camera_shares_camera_idx').on(t.tenantId, t.cameraId),
    index('camera_shares_to_idx').on(t.toTenantId, t.expiresAt),
    tenantIsolation(),
    pgPolicy('shared_to_me', {
      as: 'permissive',
      for: 'select',
      using: sql.raw(SHARE_TO_ME('camera_shares')),
    }),
  ],
);

/** Preset points of a camera (the provider's index and our name). */
export const cameraPresets = pgTable(
  'camera_presets',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    cameraId: bigint('camera_id', { mode: 'number' }).notNull(),
    presetIndex: integer('preset_index').notNull(),
    name: text('name').notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('camera_presets_index_uq').on(t.tenantId, t.cameraId, t.presetIndex),
    tenantIsolation(),
  ],
);

/** A user's split-screen templates (1 / 4 / 9 / 16 cells, a camera per cell). */
export const cameraSplitTemplates = pgTable(
  'camera_split_templates',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    layout: integer('layout').notNull(),
    cells: jsonb('cells').$type<{ index: number; cameraId: number | null }[]>().notNull().default([]),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('camera_split_templates_user_idx').on(t.tenantId, t.userId),
    tenantIsolation(),
  ],
);

/** Timed captures: every intervalMin from startTime for durationMin a day (tenant's time zone). */
export const cameraCaptureSchedules = pgTable(
  'camera_capture_schedules',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    cameraId: bigint('camera_id', { mode: 'number' }).notNull(),
    intervalMin: integer('interval_min').notNull(),
    durationMin: integer('duration_min').notNull(),
    /** HH:mm */
    startTime: text('start_time').notNull().default('06:00'),
    presetIndex: integer('preset_index'),
    active: integer('active').notNull().default(1),
    /** The last slot claimed by the job (one capture per slot). */
    lastSlotAt: timestamp('last_slot_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('camera_capture_schedules_camera_idx').on(t.tenantId, t.cameraId),
    index('camera_capture_schedules_active_idx').on(t.active),
    tenantIsolation(),
  ],
);

/** Stills kept per plot (seedling situation): from schedules, or captured by hand. */
export const cameraSeedlingImages = pgTable(
  'camera_seedling_images',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    cameraId: bigint('camera_id', { mode: 'number' }).notNull(),
    areaId: bigint('area_id', { mode: 'number' }),
    landId: bigint('land_id', { mode: 'number' }),
    fileId: uuid('file_id').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** schedule | manual */
    source: text('source').notNull().default('manual'),
    scheduleId: bigint('schedule_id', { mode: 'number' }),
    /** The schedule slot it fills (unique: a slot is captured once). */
    slotAt: timestamp('slot_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('camera_seedling_slot_uq').on(t.tenantId, t.cameraId, t.slotAt),
    index('camera_seedling_land_idx').on(t.tenantId, t.landId, t.takenAt),
    index('camera_seedling_camera_idx').on(t.tenantId, t.cameraId, t.takenAt),
    tenantIsolation(),
    optionalAreaScope(),
  ],
);

/** Growth time-lapses made from a plot's stills (issue 16 item 4); the MP4 lives under the data dir. */
export const cameraTimelapses = pgTable(
  'camera_timelapses',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    areaId: bigint('area_id', { mode: 'number' }),
    landId: bigint('land_id', { mode: 'number' }).notNull(),
    batchId: bigint('batch_id', { mode: 'number' }),
    cameraId: bigint('camera_id', { mode: 'number' }),
    /** The range as asked (tenant days, inclusive) and the instants it covers. */
    fromDay: text('from_day').notNull(),
    toDay: text('to_day').notNull(),
    fromAt: timestamp('from_at', { withTimezone: true, mode: 'date' }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true, mode: 'date' }).notNull(),
    timeZone: text('time_zone').notNull(),
    fps: integer('fps').notNull(),
    quality: text('quality').notNull().default('sd'),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    frames: integer('frames').notNull().default(0),
    error: text('error'),
    /** Relative to the data dir, once made. */
    videoPath: text('video_path'),
    videoSize: bigint('video_size', { mode: 'number' }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('camera_timelapses_land_idx').on(t.tenantId, t.landId, t.id),
    index('camera_timelapses_status_idx').on(t.status),
    // One job at a time per tenant: a second one queued or running loses the race here (409 busy).
    uniqueIndex('camera_timelapses_one_pending_uq')
      .on(t.tenantId)
      .where(sql`status in ('queued', 'running')`),
    tenantIsolation(),
    optionalAreaScope(),
  ],
);

/** A tenant's access to a camera platform (ezviz, gb28181, cmcc): base URL, keys; secrets never answered. */
export const cameraPlatform = pgTable(
  'camera_platform',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    provider: text('provider').notNull(),
    config: jsonb('config').$type<Record<string, string>>().notNull().default({}),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('camera_platform_provider_uq').on(t.tenantId, t.provider),
    tenantIsolation(),
    // A camera shared from another tenant plays through its owner's platform settings (read server-side only).
    pgPolicy('shared_to_me', {
      as: 'permissive',
      for: 'select',
      using: sql.raw(
        `exists (select 1 from camera_shares s where s.tenant_id = camera_platform.tenant_id and ${SHARE_TO_ME('s')})`,
      ),
    }),
  ],
);
