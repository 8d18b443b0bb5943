import type { Readable } from 'node:stream';
import type { ImageQuery } from '@tilth/contracts';
import sharp from 'sharp';

export interface ImageOutput {
  format: 'jpeg' | 'png' | 'webp';
  contentType: string;
  ext: string;
}

const JPEG: ImageOutput = { format: 'jpeg', contentType: 'image/jpeg', ext: 'jpg' };
const PNG: ImageOutput = { format: 'png', contentType: 'image/png', ext: 'png' };
const WEBP: ImageOutput = { format: 'webp', contentType: 'image/webp', ext: 'webp' };

/** Resized images keep their format; a GIF becomes a PNG of its first frame. */
const OUTPUT_BY_TYPE: Record<string, ImageOutput> = {
  'image/jpeg': JPEG,
  'image/png': PNG,
  'image/webp': WEBP,
  'image/gif': PNG,
};

export const imageOutputFor = (contentType: string): ImageOutput | undefined => OUTPUT_BY_TYPE[contentType];

/** The storage key of one resized variant, beside nothing else: derived, so a repeat call finds it. */
export const variantKey = (storageKey: string, q: ImageQuery, out: ImageOutput): string =>
  `cache/img/${storageKey}/${q.width}x${q.height}-${q.flag}.${out.ext}`;

/** flag 0: fit inside the box keeping the aspect ratio, never enlarging; flag 1: cover the box exactly. */
export const resizeImage = async (input: Readable, q: ImageQuery, out: ImageOutput): Promise<Buffer> => {
  const pipeline = sharp({ failOn: 'error' })
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
