import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PANORAMA_MIN_BYTES } from '@tilth/contracts/panorama.types';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../platform/config.js';
import { AppError } from '../../../../platform/errors.js';
import { levelsOf, topLevelOf } from '../panorama.tiler.js';
import { nameOfFile, receivePanorama, sniffPanorama } from '../panorama.upload.js';

// The shipped bounds (7 MB, TILTH_PANORAMA_MAX_MB = 80, 135 megapixels) on the receiver itself, with
// streams that only cost their size: a real 2:1 JPEG header followed by padding.

let dir: string;
let jpegHead: Buffer;
const cfg = loadConfig({});
const bounds = {
  minBytes: cfg.panoramaMinBytes,
  maxBytes: cfg.panoramaMaxBytes,
  maxPixels: cfg.panoramaMaxPixels,
};

/** `total` bytes: the JPEG, then zeros, in 1 MB chunks; `read` counts what the receiver pulled. */
const padded = (total: number) => {
  const counter = { read: 0 };
  async function* gen() {
    yield jpegHead;
    counter.read += jpegHead.length;
    const chunk = Buffer.alloc(1024 * 1024);
    for (let left = total - jpegHead.length; left > 0; left -= chunk.length) {
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      counter.read += part.length;
      yield part;
    }
  }
  return { stream: Readable.from(gen()), counter };
};

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return { status: err.status, en: err.messageIn('en-US'), zh: err.messageIn('zh-CN') };
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tilth-pano-upload-'));
  jpegHead = await sharp({ create: { width: 1024, height: 512, channels: 3, background: '#4080c0' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('the shipped bounds', () => {
  it('defaults to 7 MB, 80 MB and 135 megapixels', () => {
    expect(bounds).toEqual({
      minBytes: PANORAMA_MIN_BYTES,
      maxBytes: 80 * 1024 * 1024,
      maxPixels: 135_000_000,
    });
  });

  it('refuses 6.9 MB with 400 "panorama cannot be smaller than 7M" and keeps no file', async () => {
    const tmp = path.join(dir, 'small');
    const r = await refusal(receivePanorama(padded(6.9 * 1024 * 1024).stream, tmp, bounds));
    expect(r).toEqual({ status: 400, en: 'panorama cannot be smaller than 7M', zh: '全景图不能小于7M' });
    await expect(stat(tmp)).rejects.toThrow();
  });

  it('accepts 7 MB exactly', async () => {
    const got = await receivePanorama(padded(PANORAMA_MIN_BYTES).stream, path.join(dir, 'seven'), bounds);
    expect(got).toMatchObject({
      size: PANORAMA_MIN_BYTES,
      contentType: 'image/jpeg',
      width: 1024,
      height: 512,
    });
    expect((await stat(got.tempPath)).size).toBe(PANORAMA_MIN_BYTES);
  });

  it('refuses 80.1 MB with 413 "cannot exceed 80MB" as soon as the bound is passed', async () => {
    const tmp = path.join(dir, 'large');
    const { stream, counter } = padded(80.1 * 1024 * 1024);
    const r = await refusal(receivePanorama(stream, tmp, bounds));
    expect(r).toEqual({ status: 413, en: 'cannot exceed 80MB', zh: '全景图不能超过80MB' });
    // Stopped at the first chunk over the bound, not after reading the whole body.
    expect(counter.read).toBeLessThanOrEqual(80 * 1024 * 1024 + 1024 * 1024);
    await expect(stat(tmp)).rejects.toThrow();
  });
});

describe('helpers', () => {
  it('sniffs JPEG and PNG only', async () => {
    expect(sniffPanorama(jpegHead)).toBe('image/jpeg');
    expect(sniffPanorama(await sharp(jpegHead).png().toBuffer())).toBe('image/png');
    expect(sniffPanorama(await sharp(jpegHead).webp().toBuffer())).toBeUndefined();
    expect(sniffPanorama(Buffer.from('GIF89a'))).toBeUndefined();
  });

  it('names a panorama after its file: no extension, no path, trimmed, at most 60 characters', () => {
    expect(nameOfFile('  稻田 东.JPG ')).toBe('稻田 东');
    expect(nameOfFile('C:\\photos\\pond.v2.png')).toBe('pond.v2');
    expect(nameOfFile(`${'全'.repeat(70)}.jpg`)).toBe('全'.repeat(60));
  });

  it('builds levels from 2×1 tiles up to the one nearest the source width, every count a power of two', () => {
    expect(topLevelOf(500)).toBe(0);
    expect(topLevelOf(4096)).toBe(2);
    expect(topLevelOf(6000)).toBe(3);
    expect(levelsOf(topLevelOf(16384)).map((l) => [l.width, l.cols, l.rows])).toEqual([
      [1024, 2, 1],
      [2048, 4, 2],
      [4096, 8, 4],
      [8192, 16, 8],
      [16384, 32, 16],
    ]);
  });
});
