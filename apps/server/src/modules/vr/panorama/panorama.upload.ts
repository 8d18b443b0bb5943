import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { PANORAMA_NAME_MAX } from '@tilth/contracts/panorama.types';
import sharp from 'sharp';
import { PanoramaErrors } from './panorama.errors.js';

// Receives one panorama file part: streamed to a temp file (never held in memory), its type sniffed from
// the first bytes, its header read before the rest arrives, the size bound enforced while streaming. A
// refused upload leaves nothing behind.

/** Enough for a PNG's IHDR and a JPEG's SOF behind ordinary EXIF / XMP blocks. */
const HEAD_BYTES = 256 * 1024;
/** A 2:1 panorama's height may be off by a pixel (odd widths, rounding of stitchers). */
const RATIO_SLACK_PX = 1;

export interface UploadBounds {
  minBytes: number;
  maxBytes: number;
  maxPixels: number;
}

export interface ReceivedPanorama {
  tempPath: string;
  size: number;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

export const sniffPanorama = (head: Buffer): ReceivedPanorama['contentType'] | undefined => {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  return undefined;
};

/** The panorama's name: the file name without its extension, trimmed, at most PANORAMA_NAME_MAX. */
export const nameOfFile = (fileName: string): string =>
  [
    ...fileName
      .replace(/^.*[\\/]/, '')
      .replace(/\.[^.]*$/, '')
      .trim(),
  ]
    .slice(0, PANORAMA_NAME_MAX)
    .join('')
    .trim();

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Refuses a header whose pixels are above the bound (a bomb never decodes) or that is not 2:1. */
export const checkShape = (width: number, height: number, maxPixels: number): void => {
  if (width * height > maxPixels) {
    throw PanoramaErrors.tooManyPixels({
      width,
      height,
      mp: Math.round((width * height) / 1e6),
      max: Math.floor(maxPixels / 1e6),
    });
  }
  if (Math.abs(width / 2 - height) > RATIO_SLACK_PX)
    throw PanoramaErrors.notEquirectangular({ width, height });
};

/** Image size from the header only (sharp reads no pixels for metadata). */
const headerSize = async (bytes: Buffer | string): Promise<{ width: number; height: number } | undefined> => {
  try {
    // limitInputPixels off: metadata decodes nothing, and the bound is checked by checkShape with a message.
    const m = await sharp(bytes, { limitInputPixels: false }).metadata();
    return m.width && m.height ? { width: m.width, height: m.height } : undefined;
  } catch {
    return undefined;
  }
};

export const receivePanorama = async (
  stream: Readable & { truncated?: boolean },
  tempPath: string,
  b: UploadBounds,
): Promise<ReceivedPanorama> => {
  const out = createWriteStream(tempPath);
  const closed = once(out, 'close');
  // Settled on every path (an error after destroy() must not surface as an unhandled rejection).
  closed.catch(() => undefined);
  let size = 0;
  let head: Buffer | undefined;
  const chunks: Buffer[] = [];
  let contentType: ReceivedPanorama['contentType'] | undefined;
  let dims: { width: number; height: number } | undefined;
  const checkHead = async (bytes: Buffer) => {
    head = bytes;
    contentType = sniffPanorama(bytes);
    if (!contentType) throw PanoramaErrors.notImage();
    dims = await headerSize(bytes);
    if (dims) checkShape(dims.width, dims.height, b.maxPixels);
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      // Aborts at the bound: the rest of the body is discarded by the parser, never stored.
      if (size > b.maxBytes || stream.truncated) throw PanoramaErrors.tooLarge({ n: mb(b.maxBytes) });
      if (!head) {
        chunks.push(chunk);
        if (size >= HEAD_BYTES) await checkHead(Buffer.concat(chunks));
      }
      if (!out.write(chunk)) await once(out, 'drain');
    }
    if (stream.truncated) throw PanoramaErrors.tooLarge({ n: mb(b.maxBytes) });
    if (size === 0) throw PanoramaErrors.noFile();
    if (!head) await checkHead(Buffer.concat(chunks));
    out.end();
    await closed;
    if (size < b.minBytes) throw PanoramaErrors.tooSmall();
    // A header beyond the first bytes (a JPEG with a large EXIF block): read from the file.
    dims ??= await headerSize(tempPath);
    if (!dims) throw PanoramaErrors.unreadable();
    checkShape(dims.width, dims.height, b.maxPixels);
    return { tempPath, size, contentType: contentType as ReceivedPanorama['contentType'], ...dims };
  } catch (err) {
    out.destroy();
    await closed.catch(() => undefined);
    await rm(tempPath, { force: true });
    throw err;
  }
};
