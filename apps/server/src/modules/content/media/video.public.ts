import type { PromoVideoRef } from '@tilth/contracts/media.types';
import type { Database, Db } from '../../../platform/db/client.js';
import type { FileStorage } from '../../../platform/files/storage.js';
import { DEMO_VIDEO_NAME } from './media.demo.js';
import { MediaErrors } from './media.errors.js';
import { videoUrls } from './video.files.js';
import {
  findVideo,
  findVideoByAsset,
  readyVideoNamed,
  type VideoRow,
  videosByIds,
} from './video.repository.js';
import { type OpenedFile, openVideoFile } from './video.service.js';

// What product domains (farm/seed, trace/catalog) use of promo videos: the attach check, the console's
// view of a chosen video, and opening one for a public page that shows it (issue 19 item 4).

/** The part of a ready video a public page needs; its URLs are the showing page's own routes. */
export interface PromoVideoAsset {
  videoId: number;
  assetKey: string;
  width: number;
  height: number;
  durationMs: number;
}

const ready = (r: VideoRow | undefined): r is VideoRow => r?.status === 'ready';

/** 400 naming `field` unless `id` is a ready promo video of the tenant. */
export const requirePromoVideo = async (
  db: Db,
  tenantId: number,
  id: number | null | undefined,
  field = 'promoVideoId',
): Promise<void> => {
  if (id == null) return;
  if (!ready(await findVideo(db, tenantId, id))) throw MediaErrors.videoNotUsable({ field });
};

/** Chosen videos for the console (signed-in URLs), by id; a missing id is left out. */
export const promoVideoRefs = async (
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, PromoVideoRef>> => {
  const want = [...new Set(ids)];
  if (want.length === 0) return new Map();
  const rows = await videosByIds(db, tenantId, want);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        videoId: r.id,
        videoName: r.videoName,
        width: r.width,
        height: r.height,
        durationMs: r.durationMs,
        ...videoUrls(r),
      },
    ]),
  );
};

/** The ready video `id` of the tenant as a public page shows it, or undefined. */
export const promoVideoAsset = async (
  db: Db,
  tenantId: number,
  id: number | null | undefined,
): Promise<PromoVideoAsset | undefined> => {
  if (id == null) return undefined;
  const r = await findVideo(db, tenantId, id);
  if (!ready(r)) return undefined;
  return { videoId: r.id, assetKey: r.assetKey, width: r.width, height: r.height, durationMs: r.durationMs };
};

/**
 * Opens the file or poster of the tenant's ready video with this asset key (the key a public record or
 * product names); 404 for anything else. The caller has checked the page shows it.
 */
export const openPromoVideo = async (
  storage: FileStorage,
  db: Db,
  tenantId: number,
  assetKey: string,
  which: 'video' | 'poster',
): Promise<OpenedFile> => {
  const r = await findVideoByAsset(db, tenantId, assetKey);
  if (!ready(r)) throw MediaErrors.videoNotFound();
  return openVideoFile(storage, r, which);
};

/** The demo tenant's promo video (media.demo.ts), once ready; waits up to `waitMs` for the demo seeding. */
export const demoPromoVideoId = async (
  db: Database,
  tenantId: number,
  waitMs: number,
): Promise<number | undefined> => {
  const until = Date.now() + waitMs;
  for (;;) {
    const id = await db.withTenant(tenantId, (tx) => readyVideoNamed(tx, tenantId, DEMO_VIDEO_NAME));
    if (id !== undefined || Date.now() >= until) return id;
    await new Promise((r) => setTimeout(r, 500));
  }
};
