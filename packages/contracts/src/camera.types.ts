import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
  queryId as id,
  objectVersionNumber,
  optionalText,
  pageOf,
  pageQuery,
  requiredText,
  tenantParam,
  updateBodyOf,
} from './common.types.js';

// Cameras (issue 16; spec 02 §2 camera manager and screens, §3 Camera / live info, §4, §5, §7 "Camera").

export const CAMERA_NAME_MAX = 60;
export const CAMERA_SERIAL_MAX = 64;
/** Spec 02 §3: 0 bolt, 1 ball (2 'all' is a filter value only). */
export const CAMERA_TYPES = [0, 1] as const;
/**
 * Access method (spec 02 §4): 1 cloud provider standard, 2 cloud provider national standard,
 * 3 national-standard server, 4 China Mobile (embedded frame) — and 5, ours: a camera served by this
 * server (the built-in demo video or an RTSP / ONVIF camera on the farm network). 0 means all in a filter.
 */
export const CAMERA_ENTERS = [1, 2, 3, 4, 5] as const;
export const CAMERA_ENTER_LOCAL = 5;
export const CAMERA_PROVIDERS = ['demo', 'rtsp', 'ezviz', 'gb28181', 'cmcc'] as const;
export type CameraProviderName = (typeof CAMERA_PROVIDERS)[number];
/** Which providers each access method may use; the first is the default. */
export const PROVIDERS_OF_ENTER: Record<number, readonly CameraProviderName[]> = {
  1: ['ezviz'],
  2: ['ezviz'],
  3: ['gb28181'],
  4: ['cmcc'],
  5: ['demo', 'rtsp'],
};
/** Spec 02 §4 directions: 0 up … 7 right-bottom, 8 zoom in, 9 zoom out, −1 stop. */
export const PTZ_DIRECTIONS = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const SPLIT_LAYOUTS = [1, 4, 9, 16] as const;
/** Spec 02 §5: photo interval at least 30 minutes and not above the duration. */
export const CAPTURE_INTERVAL_MIN = 30;
export const CAPTURE_DURATION_MAX = 1440;
export const PRESET_INDEX_MAX = 255;
export const PLAYBACK_RANGE_MAX_HOURS = 24;
/** Keys of a provider config that hold secrets: stored, never answered. */
export const CAMERA_SECRET_KEY = /pass|secret|token|key|code/i;

const cameraName = requiredText(CAMERA_NAME_MAX);
const serial = requiredText(CAMERA_SERIAL_MAX);
const flag = z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' });
const dateTime = z.iso.datetime({ offset: true, error: 'must be an ISO-8601 date-time with offset' });
/** Provider settings (RTSP URL, ONVIF host and user, cloud app key…), flat string / number / boolean values. */
const providerConfig = z
  .record(z.string().max(40), z.union([z.string().max(500), z.number(), z.boolean()]))
  .refine((o) => Object.keys(o).length <= 20, { error: 'at most 20 settings' });

// ---- Camera ----

const cameraFields = {
  name: cameraName,
  deviceSerial: serial,
  cameraType: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: 'cameraType: 0 or 1' })),
  cameraEnter: z.coerce
    .number()
    .int()
    .pipe(z.number().min(1, { error: 'cameraEnter: 1 to 5' }).max(5, { error: 'cameraEnter: 1 to 5' })),
  /** demo / rtsp with cameraEnter 5; otherwise the access method's own (PROVIDERS_OF_ENTER). */
  provider: z.enum(CAMERA_PROVIDERS).optional(),
  channelNo: z.number().int().min(1).max(1024).default(1),
  /** 2 HD, 1 SD. */
  clarity: z.number().int().min(1).max(2).default(1),
  areaId: bodyId.nullable().optional(),
  landId: bodyId.nullable().optional(),
  /** "lat,lng" (WGS84). */
  latlng: z
    .string()
    .regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, { error: 'must be "lat,lng"' })
    .nullable()
    .optional(),
  isShare: flag.default(0),
  sort: z.number().int().min(0).max(100_000).default(0),
  coverImage: optionalText(500).optional(),
  /** The cloud camera's video encryption code: stored, never answered. */
  verificationCode: optionalText(64).optional(),
  config: providerConfig.optional(),
};

export const cameraCreateBody = z.strictObject({
  ...cameraFields,
  // The spec's defaults of a new camera name these too; accepted and ignored (derived server-side).
  cameraAreaId: z.unknown().optional(),
  deviceType: z.unknown().optional(),
  tenantId: z.unknown().optional(),
  online: z.unknown().optional(),
  status: z.unknown().optional(),
});
export type CameraCreateBody = z.infer<typeof cameraCreateBody>;

export const camera = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceSerial: z.string(),
  cameraType: z.number().int(),
  cameraEnter: z.number().int(),
  provider: z.string(),
  channelNo: z.number().int(),
  clarity: z.number().int(),
  areaId: z.number().int().nullable(),
  areaName: z.string().nullable(),
  cameraAreaId: z.number().int().nullable(),
  landId: z.number().int().nullable(),
  landName: z.string().nullable(),
  latlng: z.string().nullable(),
  online: z.number().int(),
  /** 1 usable, 0 disabled by its owner. */
  status: z.number().int(),
  isShare: z.number().int(),
  sort: z.number().int(),
  coverImage: z.string().nullable(),
  /** Whether a verification code is stored (the code itself is never answered). */
  hasVerificationCode: z.boolean(),
  /** The gateway (concentrator) the camera is bound to. */
  concentratorId: z.number().int().nullable(),
  /** Provider settings without their secrets. */
  config: z.record(z.string(), z.unknown()),
  /** Secret settings stored (names only). */
  secretKeys: z.array(z.string()),
  deviceType: z.literal('camera'),
  tenantId: z.number().int(),
  /** owner: the caller's tenant's camera; share: shared to the caller, view-only. */
  relation: z.enum(['owner', 'share']),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type Camera = z.infer<typeof camera>;
export const cameraPage = pageOf(camera);
export const cameraList = z.array(camera);

/** PUT /wfpe/v1/{t}/camera: the create fields plus id and version; secrets left out are kept. */
export const cameraUpdateBody = updateBodyOf(
  z.strictObject({
    ...cameraFields,
    channelNo: z.number().int().min(1).max(1024).optional(),
    clarity: z.number().int().min(1).max(2).optional(),
    isShare: flag.optional(),
    sort: z.number().int().min(0).max(100_000).optional(),
    id: bodyId,
    objectVersionNumber,
  }),
  camera,
);
export type CameraUpdateBody = z.infer<typeof cameraUpdateBody>;

export const cameraIdParam = tenantParam.extend({ id });

/** GET /wfpe/v1/{t}/camera/tenant: relation owner | share (absent: both). */
export const cameraTenantQuery = pageQuery.extend({
  relation: blankAsUnset(z.enum(['owner', 'share'])),
  name: z.string().max(120).optional(),
  areaId: blankAsUnset(id),
  landId: blankAsUnset(id),
});
export type CameraTenantQuery = z.infer<typeof cameraTenantQuery>;

/** GET /wfpe/v2/{t}/camera/page: the camera manager's filters (spec 02 §2). */
export const cameraManagerQuery = pageQuery.extend({
  name: z.string().max(120).optional(),
  deviceSerial: z.string().max(120).optional(),
  /** 0 bolt, 1 ball; 2 (all) or blank: no filter. */
  cameraType: blankAsUnset(z.coerce.number().int().min(0).max(2)),
  /** 1–5; 0 (all) or blank: no filter. */
  cameraEnter: blankAsUnset(z.coerce.number().int().min(0).max(5)),
  areaId: blankAsUnset(id),
  /** Always owner on this screen. */
  relation: blankAsUnset(z.literal('owner')),
});
export type CameraManagerQuery = z.infer<typeof cameraManagerQuery>;

/** GET /wfpe/v1/{t}/camera/{areaId}/area: the base's cameras, paged, name contains. */
export const cameraAreaQuery = pageQuery.extend({ name: z.string().max(120).optional() });
export type CameraAreaQuery = z.infer<typeof cameraAreaQuery>;
export const cameraBrief = z.object({ id: z.number().int(), name: z.string(), deviceSerial: z.string() });
export const cameraBriefPage = pageOf(cameraBrief);

/** 1 means success (spec: DELETE, batch delete, control). */
export const oneOrZero = z.union([z.literal(1), z.literal(0)]);

/** POST /wfpe/v1/{t}/camera/{id} (form-encoded): direction −1…9. */
export const cameraControlBody = z.object({
  direction: z.coerce
    .number()
    .int()
    .refine((d) => (PTZ_DIRECTIONS as readonly number[]).includes(d), {
      error: 'direction: -1 (stop) or 0 to 9',
    }),
  speed: z.coerce.number().int().min(1).max(10).optional(),
});
export type CameraControlBody = z.infer<typeof cameraControlBody>;

/** POST /wfpe/v1/{t}/camera/live. */
export const cameraLiveBody = z.object({
  cameraId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** 1 as the console sends it (the stream kind is answered in `kind`). */
  protocol: z.coerce.number().int().min(1).max(4).default(1),
});
export type CameraLiveBody = z.infer<typeof cameraLiveBody>;

export const cameraLive = z.object({
  url: z.string(),
  hdUrl: z.string(),
  /** 2 means HD. */
  clarity: z.number().int(),
  accessToken: z.string().nullable(),
  deviceSerial: z.string(),
  cameraName: z.string(),
  /** The player to use: mpegts (also flv), hls or iframe (cameraEnter 4). */
  kind: z.enum(['mpegts', 'flv', 'hls', 'iframe']),
  /** Seconds the URLs stay valid. */
  expiresIn: z.number().int(),
});
export type CameraLive = z.infer<typeof cameraLive>;

// ---- Playback (not listed by the spec; docs/api.md) ----

export const recordingsQuery = z.object({ from: dateTime, to: dateTime });
export const recordings = z.object({
  cameraId: z.number().int(),
  spans: z.array(z.object({ from: z.string(), to: z.string() })),
});
export type Recordings = z.infer<typeof recordings>;
export const playbackBody = z.strictObject({
  from: dateTime,
  to: dateTime,
  speed: z.union([z.literal(1), z.literal(2), z.literal(4)], { error: 'speed: 1, 2 or 4' }).default(1),
});
export type PlaybackBody = z.infer<typeof playbackBody>;
export const playback = z.object({
  url: z.string(),
  kind: z.enum(['mpegts', 'flv', 'hls', 'iframe']),
  expiresIn: z.number().int(),
  speed: z.number().int(),
});

// ---- Sharing, disabling, binding ----

export const cameraShareStatus = z.object({
  cameraId: z.number().int(),
  isShare: z.number().int(),
  /** Shares not yet expired. */
  activeShares: z.number().int(),
});

/** POST /wfpe/v1/{t}/camera/save-share: to another tenant, or to one user (in their tenant), view-only. */
export const cameraSaveShareBody = z
  .strictObject({
    cameraId: bodyId,
    toTenantId: bodyId.optional(),
    toUserId: bodyId.optional(),
    /** Required; the share stops at once when it passes. */
    expiresAt: dateTime,
  })
  .refine((b) => b.toTenantId !== undefined || b.toUserId !== undefined, {
    error: 'toTenantId or toUserId is required',
    path: ['toTenantId'],
  });
export type CameraSaveShareBody = z.infer<typeof cameraSaveShareBody>;

export const cameraShare = z.object({
  id: z.number().int(),
  cameraId: z.number().int(),
  toTenantId: z.number().int(),
  toUserId: z.number().int().nullable(),
  expiresAt: z.string(),
  expired: z.boolean(),
  viewOnly: z.literal(1),
  creationDate: z.string(),
});
export const cameraShareList = z.array(cameraShare);
export const cameraShareIdParam = tenantParam.extend({ shareId: id });

export const cameraDisableBody = z.strictObject({
  /** 0 disables (the default), 1 enables again. */
  status: flag.default(0),
  objectVersionNumber: objectVersionNumber.optional(),
});
export type CameraDisableBody = z.infer<typeof cameraDisableBody>;

export const cameraBindingBody = z.strictObject({
  /** The spec's spelling; null unbinds. */
  contentratorId: bodyId.nullable(),
  objectVersionNumber: objectVersionNumber.optional(),
});
export type CameraBindingBody = z.infer<typeof cameraBindingBody>;

/** GET /wfpe/v1/{t}/camera/{areaId}/tree: the base, its plots, their cameras. */
export const cameraTree = z.object({
  areaId: z.number().int(),
  areaName: z.string(),
  /** Cameras of the base with no plot. */
  cameras: z.array(cameraBrief),
  lands: z.array(z.object({ landId: z.number().int(), landName: z.string(), cameras: z.array(cameraBrief) })),
});

// ---- Presets ----

export const presetBody = z.strictObject({
  cameraId: bodyId,
  /** Omitted: the next free index. */
  index: z.number().int().min(1).max(PRESET_INDEX_MAX).optional(),
  name: requiredText(30),
});
export type PresetBody = z.infer<typeof presetBody>;
export const cameraPreset = z.object({
  id: z.number().int(),
  cameraId: z.number().int(),
  index: z.number().int(),
  name: z.string(),
  creationDate: z.string(),
});
export type CameraPreset = z.infer<typeof cameraPreset>;
export const cameraPresetList = z.array(cameraPreset);

// ---- Camera manager bulk actions ----

export const cameraIdList = z.array(bodyId).min(1, { error: 'select at least one camera' }).max(500);
/** POST /wfpe/v2/{t}/camera/batch/del: a list of ids (or {ids}). */
export const cameraBatchDelBody = z.union([cameraIdList, z.strictObject({ ids: cameraIdList })]);
export type CameraBatchDelBody = z.infer<typeof cameraBatchDelBody>;
/** POST /wfpe/v2/{t}/camera/transfer: base and plot required (spec 02 §5 'Please select base / land'). */
export const cameraTransferBody = z.strictObject({
  ids: cameraIdList,
  areaId: bodyId.nullable().optional(),
  landId: bodyId.nullable().optional(),
});
export type CameraTransferBody = z.infer<typeof cameraTransferBody>;
