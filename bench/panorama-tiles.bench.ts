// Panorama tiler benchmark (issue 17 item 1): a 16384×8192 JPEG of sharp noise (≈ 80 MB, the worst case
// the upload accepts) is tiled in a child process, which reports its wall time and peak RSS; then the
// bytes of the tiles a full 360° turn fetches at the widest view (fov 90 on a 1280×720 canvas, the level
// Photo Sphere Viewer's tiles adapter picks there). Run: npm run bench:panorama
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { makePanoramaAssets } from '../apps/server/src/modules/vr/panorama/panorama.assets.js';
import { LocalDiskStorage } from '../apps/server/src/platform/files/storage.js';

const run = promisify(execFile);
const W = 16384;
const MAX_PIXELS = 135_000_000;

const child = async (source: string, root: string): Promise<void> => {
  const t0 = performance.now();
  const r = await makePanoramaAssets(new LocalDiskStorage(root), source, 'panorama/1/bench', {
    maxPixels: MAX_PIXELS,
    workDir: path.join(root, 'work'),
  });
  const ms = performance.now() - t0;
  process.stdout.write(
    JSON.stringify({ ms, peakRssMb: process.resourceUsage().maxRSS / 1024, levels: r.tiles.levels }),
  );
};

/** The level PSV picks (first whose resolution covers the canvas) and the tiles a turn at pitch 0 loads. */
const turnBytes = async (root: string, levels: { width: number; cols: number; rows: number }[]) => {
  const [cw, ch, vFov] = [1280, 720, 90];
  const hFov = (2 * Math.atan(Math.tan((vFov * Math.PI) / 360) * (cw / ch)) * 180) / Math.PI;
  let level = levels.findIndex((l) => (l.width / 360) * hFov >= cw && (l.width / 360) * vFov >= ch);
  if (level === -1) level = levels.length - 1;
  const l = levels[level] as { width: number; cols: number; rows: number };
  // Rows whose latitude band meets the view's ±45° (a full turn shows every column of them).
  const rows: number[] = [];
  for (let r = 0; r < l.rows; r += 1) {
    const top = 90 - (180 * r) / l.rows;
    const bottom = 90 - (180 * (r + 1)) / l.rows;
    if (bottom < vFov / 2 && top > -vFov / 2) rows.push(r);
  }
  let bytes = 0;
  for (let c = 0; c < l.cols; c += 1)
    for (const r of rows)
      bytes += (await stat(path.join(root, 'panorama/1/bench/tiles', String(level), `${c}_${r}.jpg`))).size;
  return { level, width: l.width, tiles: l.cols * rows.length, bytes, hFov };
};

const main = async (): Promise<void> => {
  if (process.argv[2] === '--child') return child(process.argv[3] as string, process.argv[4] as string);
  const dir = path.join(tmpdir(), 'tilth-bench-panorama');
  await mkdir(dir, { recursive: true });
  const source = path.join(dir, `noise-${W}.jpg`);
  if (!existsSync(source)) {
    // Gaussian noise compresses badly, so quality 92 lands near the 80 MB upload bound.
    await sharp({
      create: {
        width: W,
        height: W / 2,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 92 })
      .toFile(source);
  }
  const size = (await stat(source)).size;
  const root = await mkdtemp(path.join(tmpdir(), 'tilth-bench-pano-out-'));
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, '--child', source, root],
      {
        maxBuffer: 1 << 20,
      },
    );
    const r = JSON.parse(stdout) as {
      ms: number;
      peakRssMb: number;
      levels: { width: number; cols: number; rows: number }[];
    };
    const files = (await readdir(path.join(root, 'panorama/1/bench/tiles'), { recursive: true })).length;
    const turn = await turnBytes(root, r.levels);
    console.log(`source            ${W}×${W / 2} JPEG, ${(size / 1048576).toFixed(1)} MB`);
    console.log(
      `levels            ${r.levels.map((l) => `${l.cols}×${l.rows}`).join(', ')} (${files} entries)`,
    );
    console.log(`tile + store      ${(r.ms / 1000).toFixed(2)} s wall   (target ≤ 8 s)`);
    console.log(`peak RSS (child)  ${r.peakRssMb.toFixed(0)} MB        (target ≤ 450 MB)`);
    console.log(
      `360° turn         level ${turn.level} (${turn.width} px, hFov ${turn.hFov.toFixed(1)}°): ${turn.tiles} tiles, ${(turn.bytes / 1048576).toFixed(2)} MB (target ≤ 3 MB)`,
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
};

await main();
