import { z } from 'zod';
import {
  blankAsUnset,
  flag01,
  objectVersionNumber,
  pageOf,
  pageQuery,
  queryId,
  requiredText,
  tenantParam,
} from './common.types.js';

// The panorama library (spec 03 §3, §5, §7; issue 17 item 1): equirectangular JPG / PNG uploads cut into
// a tile pyramid the viewer streams, with a preview and a thumbnail.

/** 'panorama cannot be smaller than 7M' (spec 03 §5). */
export const PANORAMA_MIN_BYTES = 7 * 1024 * 1024;
/** Default of TILTH_PANORAMA_MAX_MB: 'cannot exceed {n}MB'. */
export const PANORAMA_MAX_MB_DEFAULT = 80;
/** Default of TILTH_PANORAMA_MAX_MEGAPIXELS: 16384×8192 = 134 MP is the largest the tiler accepts. */
export const PANORAMA_MAX_MEGAPIXELS_DEFAULT = 135;
/** Tile edge of every level (Pannellum's and Photo Sphere Viewer's usual size). */
export const PANORAMA_TILE_SIZE = 512;
/** Widths of the preview (shown at once, then sharpened by tiles) and of the thumbnail; height is half. */
export const PANORAMA_PREVIEW_WIDTH = 2048;
export const PANORAMA_THUMB_WIDTH = 400;
export const PANORAMA_NAME_MAX = 60;
export const PANORAMA_PAGE_SIZE = 10;
export const PANORAMA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type PanoramaStatus = (typeof PANORAMA_STATUSES)[number];

/** One level of the pyramid: the image is `width`×`height`, cut in `cols`×`rows` tiles of tileSize. */
export const panoramaLevel = z.object({
  width: z.number().int(),
  height: z.number().int(),
  cols: z.number().int(),
  rows: z.number().int(),
});
export type PanoramaLevel = z.infer<typeof panoramaLevel>;

/**
 * The pyramid, smallest level first. A tile is `${panoramaImages}/${level}/${col}_${row}.jpg` (level is the
 * index in `levels`, col and row from 0). Photo Sphere Viewer's equirectangular tiles adapter takes it as
 * `{ levels: levels.map(l => ({ width: l.width, cols: l.cols, rows: l.rows })), baseUrl: panoramaPreview,
 * tileUrl }` (cols ≤ 64, rows ≤ 32 per level, powers of two).
 */
export const panoramaTiles = z.object({
  tileSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  levels: z.array(panoramaLevel),
});
export type PanoramaTiles = z.infer<typeof panoramaTiles>;

export const panorama = z.object({
  panoramaId: z.number().int(),
  panoramaName: z.string(),
  /** Root URL of the tiles (see panoramaTiles); set at upload, usable once status is 'ready'. */
  panoramaImages: z.string(),
  /** A PANORAMA_PREVIEW_WIDTH-wide equirectangular JPEG. */
  panoramaPreview: z.string(),
  /** A PANORAMA_THUMB_WIDTH-wide JPEG for lists and the scene strip. */
  panoramaThumb: z.string(),
  /** null until processed. */
  tiles: panoramaTiles.nullable(),
  status: z.enum(PANORAMA_STATUSES),
  /** 0–100 while processing. */
  progress: z.number().int(),
  /** Why processing failed (the caller's language), else null. */
  error: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  fileSize: z.number().int(),
  enabledFlag: flag01,
  /** How many scenes show it (a used panorama cannot be deleted). */
  sceneCount: z.number().int(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type Panorama = z.infer<typeof panorama>;
export const panoramaPage = pageOf(panorama);

/** GET /wfpf/v1/{t}/panorama: page, size (10), enabledFlag 1 in the picker, panoramaName contains. */
export const panoramaListQuery = pageQuery.extend({
  enabledFlag: blankAsUnset(z.coerce.number().pipe(flag01)),
  panoramaName: blankAsUnset(z.string().max(PANORAMA_NAME_MAX * 2)),
  status: blankAsUnset(z.enum(PANORAMA_STATUSES)),
});
export type PanoramaListQuery = z.infer<typeof panoramaListQuery>;

export const panoramaIdParam = tenantParam.extend({ panoramaId: queryId });

/**
 * POST /wfpf/v1/{t}/panorama/multipart (one file part): checked by content (JPEG or PNG), size
 * (PANORAMA_MIN_BYTES ≤ size ≤ maxBytes), 2:1 shape and pixel bound, stored, and queued for tiling. 202 with
 * the panorama (status 'processing', the name without its extension); poll GET /panorama/{id}.
 */
export const panoramaUploadAnswer = panorama;

/** PUT /wfpf/v1/{t}/panorama: rename, enable or disable. */
export const panoramaUpdateBody = z.strictObject({
  panoramaId: z.number().int().min(1),
  panoramaName: requiredText(PANORAMA_NAME_MAX).optional(),
  enabledFlag: flag01.optional(),
  objectVersionNumber,
});
export type PanoramaUpdateBody = z.input<typeof panoramaUpdateBody>;

/** DELETE /wfpf/v1/{t}/panorama/{panoramaId}?objectVersionNumber= — refused (409) while a scene uses it. */
export const panoramaDeleteQuery = z.object({
  objectVersionNumber: blankAsUnset(z.coerce.number().int().min(1).max(2_147_483_647)),
});

/** GET /wfpf/v1/{t}/panorama/limits: the bounds the upload form shows and checks first. */
export const panoramaLimits = z.object({
  minBytes: z.number().int(),
  maxBytes: z.number().int(),
  maxMegapixels: z.number().int(),
});
export type PanoramaLimits = z.infer<typeof panoramaLimits>;

/** Where a panorama is used (the details of the 409 on delete). */
export const panoramaUse = z.object({ vrId: z.number().int(), vrName: z.string(), scenesName: z.string() });
export type PanoramaUse = z.infer<typeof panoramaUse>;
