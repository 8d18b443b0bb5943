import {
  INV_IMAGE_BYTES_MAX,
  INV_IMAGE_TYPES,
  INV_VIDEO_BYTES_MAX,
} from '@tilth/contracts/inventory.product.types';
import type { TenantCtx } from '../../../platform/http/context.js';
import { ProductErrors } from './product.errors.js';
import { fileFacts } from './sku.repository.js';

// Product media are files of the tenant uploaded through /hfle/v1/{t}/files/multipart (whose limit is the
// general 50 MB); the product-specific limits of spec 03 §5 / §9 are checked here, when a product names them.

const FILE_URL = /^\/hfle\/v1\/(\d+)\/files\/([0-9a-fA-F-]{36})\/file$/;

const fileIdOf = (ctx: TenantCtx, url: string): string | undefined => {
  const m = FILE_URL.exec(url);
  return m && Number(m[1]) === ctx.tenantId ? m[2]?.toLowerCase() : undefined;
};

const MB = 1024 * 1024;

/** Refuses images that are not the tenant's jpg / png files of ≤ 10 MB, or a video that is not ≤ 30 MB. */
export const checkMedia = async (
  ctx: TenantCtx,
  images: readonly string[],
  videoUrl: string | null,
): Promise<void> => {
  const imageIds = images.map((u) => fileIdOf(ctx, u));
  const videoId = videoUrl === null ? null : fileIdOf(ctx, videoUrl);
  const ids = [...imageIds, videoId].filter((x): x is string => typeof x === 'string');
  const facts = await fileFacts(ctx.db, ctx.tenantId, ids);
  imageIds.forEach((id, i) => {
    const f = id === undefined ? undefined : facts.get(id);
    const ok =
      f !== undefined &&
      (INV_IMAGE_TYPES as readonly string[]).includes(f.contentType) &&
      f.fileSize <= INV_IMAGE_BYTES_MAX;
    if (!ok) {
      throw ProductErrors.mediaInvalid({
        field: `images[${i}]`,
        what: 'jpg / png',
        mb: INV_IMAGE_BYTES_MAX / MB,
      });
    }
  });
  if (videoUrl !== null) {
    const f = videoId ? facts.get(videoId) : undefined;
    const ok = f?.contentType.startsWith('video/') === true && f.fileSize <= INV_VIDEO_BYTES_MAX;
    if (!ok) {
      throw ProductErrors.mediaInvalid({ field: 'videoUrl', what: 'video', mb: INV_VIDEO_BYTES_MAX / MB });
    }
  }
};
