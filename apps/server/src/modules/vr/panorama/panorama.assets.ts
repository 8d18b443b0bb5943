import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { PanoramaTiles } from '@tilth/contracts/panorama.types';
import type { FileStorage } from '../../../platform/files/storage.js';
import { levelsOf, tilePanorama, topLevelOf } from './panorama.tiler.js';

// Where a panorama's made images live in file storage, and how they get there from a source file.

/** Storage prefix of one upload's made images (a new assetKey per upload). */
export const assetPrefix = (tenantId: number, assetKey: string): string => `panorama/${tenantId}/${assetKey}`;

export const tileKey = (prefix: string, level: number, col: number, row: number): string =>
  `${prefix}/tiles/${level}/${col}_${row}.jpg`;

/** Puts this many files at once (the disk or S3 is the bottleneck, not the event loop). */
const PUT_PARALLEL = 8;

export interface AssetOptions {
  maxPixels: number;
  /** A private scratch directory (made and removed here). */
  workDir: string;
  /** 0–1 over the whole job (tiling ~80 %, storing the rest). */
  onProgress?: (done: number) => void | Promise<void>;
}

/** Tiles `source` and stores the pyramid, the preview and the thumbnail under `prefix`. */
export const makePanoramaAssets = async (
  storage: FileStorage,
  source: string,
  prefix: string,
  o: AssetOptions,
): Promise<{ tiles: PanoramaTiles }> => {
  await rm(o.workDir, { recursive: true, force: true });
  await mkdir(o.workDir, { recursive: true });
  try {
    const made = await tilePanorama(source, o.workDir, {
      maxPixels: o.maxPixels,
      onProgress: (p) => void o.onProgress?.(p * 0.8),
    });
    const puts: { key: string; file: string }[] = [];
    made.tiles.levels.forEach((l, i) => {
      for (let c = 0; c < l.cols; c += 1)
        for (let r = 0; r < l.rows; r += 1)
          puts.push({ key: tileKey(prefix, i, c, r), file: path.join(made.levelDir(i), `${c}_${r}.jpeg`) });
    });
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < puts.length) {
        const p = puts[next++] as { key: string; file: string };
        await storage.put(p.key, createReadStream(p.file));
        done += 1;
        if (done % 32 === 0) await o.onProgress?.(0.8 + (0.19 * done) / puts.length);
      }
    };
    await Promise.all(Array.from({ length: PUT_PARALLEL }, worker));
    await storage.put(`${prefix}/preview.jpg`, Readable.from([made.preview]));
    await storage.put(`${prefix}/thumb.jpg`, Readable.from([made.thumb]));
    return { tiles: made.tiles };
  } finally {
    await rm(o.workDir, { recursive: true, force: true });
  }
};

/** Every key makePanoramaAssets stores for a source this wide (removal). */
export const assetKeys = (prefix: string, sourceWidth: number): string[] => {
  const keys = [`${prefix}/preview.jpg`, `${prefix}/thumb.jpg`];
  levelsOf(topLevelOf(sourceWidth)).forEach((l, i) => {
    for (let c = 0; c < l.cols; c += 1)
      for (let r = 0; r < l.rows; r += 1) keys.push(tileKey(prefix, i, c, r));
  });
  return keys;
};
