import { z } from 'zod';
import {
  blankAsUnset,
  bodyId,
  flag01,
  objectVersionNumber,
  optionalText,
  pageOf,
  pageQuery,
  queryId,
  requiredText,
  tenantParam,
  updateBodyOf,
} from './common.types.js';

// Company media (issue 19 item 4; spec 03 §5): the picture library with folders and usage, banners by
// placement with a schedule, and promo videos checked with ffprobe and given a poster by ffmpeg.

// ---- Picture library ----

/** Picture types the library takes (sniffed from the bytes, never the name). */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const PICTURE_MAX_MB = 10;
export const PICTURE_MAX_BYTES = PICTURE_MAX_MB * 1024 * 1024;
export const PICTURE_MAX_MEGAPIXELS = 40;
/** Longest side of the thumbnail made at upload. */
export const PICTURE_THUMB_SIZE = 320;
export const PICTURE_NAME_MAX = 100;
export const FOLDER_NAME_MAX = 40;
/** A folder tree this deep is enough for any library. */
export const FOLDER_DEPTH_MAX = 5;
export const USAGE_OWNER_TYPES = ['article', 'banner', 'notice'] as const;
export type UsageOwnerType = (typeof USAGE_OWNER_TYPES)[number];

export const pictureFolder = z.object({
  folderId: z.number().int(),
  /** null: a top-level folder. */
  parentId: z.number().int().nullable(),
  folderName: z.string(),
  pictureCount: z.number().int(),
  objectVersionNumber: z.number().int(),
});
export type PictureFolder = z.infer<typeof pictureFolder>;
export const pictureFolderList = z.array(pictureFolder);

export const pictureFolderCreateBody = z.strictObject({
  parentId: bodyId.nullable().optional(),
  folderName: requiredText(FOLDER_NAME_MAX),
});
export const pictureFolderUpdateBody = z.strictObject({
  folderId: bodyId,
  folderName: requiredText(FOLDER_NAME_MAX),
  objectVersionNumber,
});
export const folderIdParam = tenantParam.extend({ folderId: queryId });

export const pictureUsageOwner = z.object({
  ownerType: z.enum(USAGE_OWNER_TYPES),
  ownerId: z.number().int(),
  /** The owner's title (article title, banner title, notice title) when it can be read, else null. */
  title: z.string().nullable(),
});
export type PictureUsageOwner = z.infer<typeof pictureUsageOwner>;

export const picture = z.object({
  pictureId: z.number().int(),
  folderId: z.number().int().nullable(),
  pictureName: z.string(),
  /** The stored file: `/hfle/v1/{t}/files/{fileId}/file` (what an editor puts in `<img src>`). */
  fileId: z.string(),
  src: z.string(),
  /** A JPEG at most PICTURE_THUMB_SIZE on its longest side, made at upload (read with the session). */
  thumbUrl: z.string(),
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  fileSize: z.number().int(),
  /** How many owners (articles, banners, notices) show it; a used picture cannot be deleted. */
  usageCount: z.number().int(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type Picture = z.infer<typeof picture>;
export const picturePage = pageOf(picture);

/** GET /content/pictures: folderId (none: every folder; 0: top level only), pictureName contains. */
export const pictureListQuery = pageQuery.extend({
  folderId: blankAsUnset(z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER)),
  pictureName: blankAsUnset(z.string().max(PICTURE_NAME_MAX * 2)),
});
export type PictureListQuery = z.infer<typeof pictureListQuery>;

/** POST /content/pictures/multipart?folderId= — one or more file parts; each answered on its own. */
export const pictureUploadQuery = z.object({
  folderId: blankAsUnset(z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
});
export const pictureUploadItem = z.object({
  fileName: z.string(),
  picture: picture.nullable(),
  /** Why this file was refused (the caller's language), else null. */
  error: z.string().nullable(),
});
export const pictureUploadAnswer = z.object({ items: z.array(pictureUploadItem) });
export type PictureUploadAnswer = z.infer<typeof pictureUploadAnswer>;
/** Files one upload request may carry. */
export const PICTURE_UPLOAD_FILES_MAX = 20;

/** PUT /content/pictures: rename or move (folderId null: top level). */
export const pictureUpdateBody = z.strictObject({
  pictureId: bodyId,
  pictureName: requiredText(PICTURE_NAME_MAX).optional(),
  folderId: bodyId.nullable().optional(),
  objectVersionNumber,
});
export const pictureIdParam = tenantParam.extend({ pictureId: queryId });
export const pictureUsage = z.object({ pictureId: z.number().int(), owners: z.array(pictureUsageOwner) });
export type PictureUsage = z.infer<typeof pictureUsage>;

export const pictureLimits = z.object({
  maxBytes: z.number().int(),
  maxMegapixels: z.number().int(),
  types: z.array(z.string()),
  maxFiles: z.number().int(),
});
export type PictureLimits = z.infer<typeof pictureLimits>;

// ---- Banners ----

export const BANNER_PLACEMENTS = ['login', 'home', 'news'] as const;
export type BannerPlacement = (typeof BANNER_PLACEMENTS)[number];
export const BANNER_TITLE_MAX = 60;
export const BANNER_LINK_MAX = 500;
/** Live banners one placement shows at most (the public call's bound). */
export const BANNER_PUBLIC_MAX = 10;

/** http(s) URL or an in-app path starting with one '/' (never '//' or a script scheme). */
export const bannerLink = z
  .string()
  .max(BANNER_LINK_MAX * 2)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .max(BANNER_LINK_MAX)
      .refine((s) => s === '' || /^https?:\/\/[^\s/]+[^\s]*$/i.test(s) || /^\/(?!\/)[^\s\\]*$/.test(s), {
        error: 'must be an http(s) address or an in-app path starting with /',
      }),
  )
  .transform((s) => (s === '' ? null : s));

export const banner = z.object({
  bannerId: z.number().int(),
  pictureId: z.number().int(),
  /** The picture's file, for the console (read with the session). */
  src: z.string(),
  thumbUrl: z.string(),
  title: z.string(),
  linkUrl: z.string().nullable(),
  placement: z.enum(BANNER_PLACEMENTS),
  sortOrder: z.number().int(),
  /** ISO instants; null: no bound. */
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  enabledFlag: flag01,
  /** enabled and now inside its window. */
  live: z.boolean(),
  objectVersionNumber: z.number().int(),
});
export type Banner = z.infer<typeof banner>;
export const bannerPage = pageOf(banner);
export const bannerListQuery = pageQuery.extend({
  placement: blankAsUnset(z.enum(BANNER_PLACEMENTS)),
});
export type BannerListQuery = z.infer<typeof bannerListQuery>;

const instant = z.iso.datetime({ offset: true });
const bannerWrite = {
  pictureId: bodyId,
  title: requiredText(BANNER_TITLE_MAX),
  linkUrl: bannerLink.nullable().optional(),
  placement: z.enum(BANNER_PLACEMENTS),
  startAt: instant.nullable().optional(),
  endAt: instant.nullable().optional(),
  enabledFlag: flag01.optional(),
};
const windowOk = (b: { startAt?: string | null | undefined; endAt?: string | null | undefined }) =>
  !b.startAt || !b.endAt || Date.parse(b.startAt) < Date.parse(b.endAt);
const windowIssue = { error: 'endAt must be after startAt', path: ['endAt'] };
export const bannerCreateBody = z.strictObject(bannerWrite).refine(windowOk, windowIssue);
/** PUT accepts the banner as GET answers it (read-only keys dropped). */
export const bannerUpdateBody = updateBodyOf(
  z.strictObject({ ...bannerWrite, bannerId: bodyId, objectVersionNumber }),
  banner,
).refine(windowOk, windowIssue);
export type BannerCreateBody = z.input<typeof bannerCreateBody>;
export type BannerUpdateBody = z.input<typeof bannerUpdateBody>;
/** PUT /content/banners/order: the placement's banners in their new order (ids). */
export const bannerOrderBody = z.strictObject({
  placement: z.enum(BANNER_PLACEMENTS),
  bannerIds: z.array(bodyId).min(1).max(200),
});
export const bannerIdParam = tenantParam.extend({ bannerId: queryId });

/** GET /wfpf/v1/public/{t}/banners?placement= — live banners, in order (no sign-in). */
export const publicBannerQuery = z.object({ placement: z.enum(BANNER_PLACEMENTS) });
export const publicBanner = z.object({
  bannerId: z.number().int(),
  title: z.string(),
  linkUrl: z.string().nullable(),
  /** /wfpf/v1/public/{t}/banners/{bannerId}/image — served only while the banner is live. */
  imageUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PublicBanner = z.infer<typeof publicBanner>;
export const publicBannerList = z.array(publicBanner);
export const publicBannerImageParam = tenantParam.extend({ bannerId: queryId });

// ---- Promo videos ----

/** Spec 03 §5: at most 60 s (30 s suggested), 16:9 or 1:1, at most 30 MB. */
export const VIDEO_MAX_SECONDS = 60;
export const VIDEO_SUGGESTED_SECONDS = 30;
export const VIDEO_MAX_MB = 30;
export const VIDEO_MAX_BYTES = VIDEO_MAX_MB * 1024 * 1024;
/** How far from 16:9 or 1:1 a video may be (1 %). */
export const VIDEO_RATIO_SLACK = 0.01;
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export const VIDEO_NAME_MAX = 60;
export const VIDEO_STATUSES = ['processing', 'ready', 'failed'] as const;

export const promoVideo = z.object({
  videoId: z.number().int(),
  videoName: z.string(),
  description: z.string().nullable(),
  status: z.enum(VIDEO_STATUSES),
  progress: z.number().int(),
  error: z.string().nullable(),
  contentType: z.string(),
  fileSize: z.number().int(),
  durationMs: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** Range-served: /wfpf/v1/{t}/content/videos/{id}/{assetKey}/video */
  videoUrl: z.string(),
  /** JPEG frame at 1 s (or 10 % of a shorter video); usable once ready. */
  posterUrl: z.string(),
  objectVersionNumber: z.number().int(),
  creationDate: z.string(),
});
export type PromoVideo = z.infer<typeof promoVideo>;
export const promoVideoPage = pageOf(promoVideo);
export const promoVideoListQuery = pageQuery.extend({
  videoName: blankAsUnset(z.string().max(VIDEO_NAME_MAX * 2)),
  status: blankAsUnset(z.enum(VIDEO_STATUSES)),
});
export type PromoVideoListQuery = z.infer<typeof promoVideoListQuery>;
export const promoVideoUpdateBody = z.strictObject({
  videoId: bodyId,
  videoName: requiredText(VIDEO_NAME_MAX).optional(),
  description: optionalText(500).optional(),
  objectVersionNumber,
});
export const videoIdParam = tenantParam.extend({ videoId: queryId });
export const videoAssetParam = videoIdParam.extend({ assetKey: z.uuid() });
export const mediaDeleteQuery = z.object({
  objectVersionNumber: blankAsUnset(z.coerce.number().int().min(1).max(2_147_483_647)),
});
export const videoLimits = z.object({
  maxBytes: z.number().int(),
  maxSeconds: z.number().int(),
  suggestedSeconds: z.number().int(),
  ratios: z.array(z.string()),
  types: z.array(z.string()),
});
export type VideoLimits = z.infer<typeof videoLimits>;

/** A product's chosen promo video as its public page gets it (seed page, trace page). */
export const publicPromoVideo = z.object({
  videoUrl: z.string(),
  posterUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  durationMs: z.number().int(),
});
export type PublicPromoVideo = z.infer<typeof publicPromoVideo>;

/** A chosen promo video as the console's product forms and pages get it (signed-in URLs). */
export const promoVideoRef = publicPromoVideo.extend({
  videoId: z.number().int(),
  videoName: z.string(),
});
export type PromoVideoRef = z.infer<typeof promoVideoRef>;
