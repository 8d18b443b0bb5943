import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  PANORAMA_PREVIEW_WIDTH,
  PANORAMA_THUMB_WIDTH,
  PANORAMA_TILE_SIZE,
  type PanoramaLevel,
  type PanoramaTiles,
} from '@tilth/contracts/panorama.types';
import sharp from 'sharp';

// Cuts an equirectangular image into the pyramid Photo Sphere Viewer's equirectangular tiles adapter
// streams (docs/adr/0015-panorama-tiles.md). The source is resized once to 512·2^k wide and libvips'
// dzsave cuts every level in one sequential pass; DeepZoom halves each level, so the levels from 2×1
// tiles up to the top one all have power-of-two cols and rows. Nothing else decodes the full image.

const T = PANORAMA_TILE_SIZE;
/** PSV: cols ≤ 64 (and rows ≤ 32); 64 cols of 512 px is 32768 px, above any accepted source. */
const MAX_TOP = 5;
const JPEG = { quality: 82, chromaSubsampling: '4:2:0', optimiseCoding: true } as const;

/** Index k of the top level (2^(k+1) cols): the one whose width is nearest the source's (log scale). */
export const topLevelOf = (sourceWidth: number): number =>
  Math.max(0, Math.min(MAX_TOP, Math.round(Math.log2(sourceWidth / (2 * T)))));

/** The pyramid of a top level k, smallest level first. */
export const levelsOf = (top: number): PanoramaLevel[] =>
  Array.from({ length: top + 1 }, (_, i) => {
    const cols = 2 ** (i + 1);
    return { width: cols * T, height: (cols * T) / 2, cols, rows: cols / 2 };
  });

export const tileCount = (levels: PanoramaLevel[]): number => levels.reduce((n, l) => n + l.cols * l.rows, 0);

export interface TileOptions {
  /** Largest input accepted (sharp's limitInputPixels: a bigger header never decodes). */
  maxPixels: number;
  /** Called with 0–1 while the tiles are written (polled from the output directory). */
  onProgress?: (done: number) => void;
}

export interface TiledPanorama {
  tiles: PanoramaTiles;
  /** Directory of level `i`'s tiles, named `{col}_{row}.jpeg`. */
  levelDir: (i: number) => string;
  preview: Buffer;
  thumb: Buffer;
}

const countFiles = async (dirs: string[]): Promise<number> => {
  let n = 0;
  for (const d of dirs) n += (await readdir(d).catch(() => [])).length;
  return n;
};

/** Tiles `source` (a JPEG or PNG file, 2:1) into `workDir`; the caller stores and removes the files. */
export const tilePanorama = async (
  source: string,
  workDir: string,
  o: TileOptions,
): Promise<TiledPanorama> => {
  const input = () => sharp(source, { limitInputPixels: o.maxPixels, sequentialRead: true });
  const meta = await input().metadata();
  if (!meta.width || !meta.height) throw new Error('no image size');
  const top = topLevelOf(meta.width);
  const levels = levelsOf(top);
  const topLevel = levels[top] as PanoramaLevel;
  // With depth 'onetile' DeepZoom's level 0 is the one 512×256 tile; level i + 1 is our level i.
  const base = path.join(workDir, 'dz');
  const levelDir = (i: number) => path.join(`${base}_files`, String(i + 1));
  const total = tileCount(levels);
  let timer: NodeJS.Timeout | undefined;
  if (o.onProgress) {
    const report = o.onProgress;
    const dirs = levels.map((_, i) => levelDir(i));
    timer = setInterval(() => {
      void countFiles(dirs).then((n) => report(Math.min(1, n / total)));
    }, 250);
  }
  try {
    let img = input();
    if (meta.width !== topLevel.width || meta.height !== topLevel.height) {
      img = img.resize(topLevel.width, topLevel.height, { fit: 'fill', kernel: 'lanczos3' });
    }
    await img
      .jpeg(JPEG)
      .tile({ size: T, overlap: 0, layout: 'dz', depth: 'onetile', container: 'fs' })
      .toFile(base);
  } finally {
    if (timer) clearInterval(timer);
  }
  // The level of one 512×256 tile and the dz sidecar are not part of the pyramid.
  await rm(path.join(`${base}_files`, '0'), { recursive: true, force: true });
  // JPEG sources shrink on load (DCT scaling), so the preview costs a fraction of a full decode.
  const preview = await input()
    .resize(PANORAMA_PREVIEW_WIDTH, PANORAMA_PREVIEW_WIDTH / 2, { fit: 'fill' })
    .jpeg(JPEG)
    .toBuffer();
  const thumb = await sharp(preview)
    .resize(PANORAMA_THUMB_WIDTH, PANORAMA_THUMB_WIDTH / 2, { fit: 'fill' })
    .jpeg({ quality: 78 })
    .toBuffer();
  o.onProgress?.(1);
  return {
    tiles: { tileSize: T, width: topLevel.width, height: topLevel.height, levels },
    levelDir,
    preview,
    thumb,
  };
};
