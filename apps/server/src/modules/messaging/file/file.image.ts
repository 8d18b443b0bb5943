import type { Readable } from 'node:stream';
import { type ImageQuery, imageBucket } from '@tilth/contracts';
import sharp from 'sharp';
import { Semaphore } from '../../../platform/semaphore.js';

export interface ImageOutput {
  format: 'jpeg' | 'png' | 'webp';
  contentType: string;
  ext: string;
}

const JPEG: ImageOutput = { format: 'jpeg', contentType: 'image/jpeg', ext: 'jpg' };
const PNG: ImageOutput = { format: 'png', contentType: 'image/png', ext: 'png' };
const WEBP: ImageOutput = { format: 'webp', contentType: 'image/webp', ext: 'webp' };

/**
 * Resized images keep their format; a GIF becomes a PNG of its first frame, an SVG a PNG rendering of
 * it, so no markup (and no script in it) is ever shown as an image (ADR 0007).
 */
const OUTPUT_BY_TYPE: Record<string, ImageOutput> = {
  'image/jpeg': JPEG,
  'image/png': PNG,
  'image/webp': WEBP,
  'image/gif': PNG,
  'image/svg+xml': PNG,
};

export const imageOutputFor = (contentType: string): ImageOutput | undefined => OUTPUT_BY_TYPE[contentType];

/** Types whose pixel count is bounded at upload (what the resizer decodes). */
export const isDecodedImage = (contentType: string): boolean => contentType in OUTPUT_BY_TYPE;

/** The size actually made for a request: each side rounded up to its bucket, so any size hits the cache. */
export const bucketed = (q: ImageQuery): ImageQuery => ({
  width: imageBucket(q.width),
  height: imageBucket(q.height),
  flag: q.flag,
});

/** The storage key of one resized variant (of a bucketed query): derived, so a repeat call finds it. */
export const variantKey = (storageKey: string, q: ImageQuery, out: ImageOutput): string =>
  `cache/img/${storageKey}/${q.width}x${q.height}-${q.flag}.${out.ext}`;

/**
 * Pixels of one frame, from the image's header (nothing is decoded): undefined when the header cannot be
 * read from these bytes (too few of them, or not an image).
 */
export const framePixels = async (bytes: Buffer): Promise<number | undefined> => {
  try {
    // Only the header is read here; the bound is compared by the caller, which reports the size.
    const m = await sharp(bytes, { limitInputPixels: false }).metadata();
    const height = m.pageHeight ?? m.height;
    return m.width && height ? m.width * height : undefined;
  } catch {
    return undefined;
  }
};

/** Resizes run two at a time per process (the rest wait): each holds a decoded image in memory. */
export const resizeSlots = new Semaphore(2);

/**
 * flag 0: fit inside the box keeping the aspect ratio, never enlarging; flag 1: cover the box exactly.
 * Inputs over `maxPixels` are refused by sharp before decoding.
 */
export const resizeImage = async (
  input: Readable,
  q: ImageQuery,
  out: ImageOutput,
  maxPixels: number,
): Promise<Buffer> => {
  const pipeline = sharp({ failOn: 'error', limitInputPixels: maxPixels })
    .rotate()
    .resize(
      q.flag === 1
        ? { width: q.width, height: q.height, fit: 'cover', position: 'centre' }
        : { width: q.width, height: q.height, fit: 'inside', withoutEnlargement: true },
    );
  const encoded =
    out.format === 'jpeg'
      ? pipeline.jpeg({ quality: 82, mozjpeg: true })
      : out.format === 'png'
        ? pipeline.png({ compressionLevel: 8 })
        : pipeline.webp({ quality: 82 });
  input.on('error', (err) => encoded.destroy(err));
  input.pipe(encoded);
  return encoded.toBuffer();
};
