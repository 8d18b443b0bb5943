import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { MediaHub, type MediaHubOptions } from '../hub.js';
import type { CameraRef } from '../provider.types.js';
import { ensureScene } from '../scene.js';

const run = promisify(execFile);

/** A scene cache shared by the runs (drawing it takes seconds); recordings live in a fresh folder. */
export const SCENE_DIR = path.join(tmpdir(), 'tilth-camera-media-test-scene');

export const SMALL: MediaHubOptions['sizes'] = {
  hd: { width: 320, height: 180, kbps: 400 },
  sd: { width: 160, height: 90, kbps: 150 },
};

/** Links the shared scene files into a data directory, so only the first run draws them. */
export const linkScene = async (dataDir: string): Promise<void> => {
  const shared = await ensureScene(SCENE_DIR);
  await mkdir(path.join(dataDir, 'camera'), { recursive: true });
  for (const f of [shared.day, shared.night, shared.dayRaw, shared.nightRaw, shared.cloud])
    await symlink(f, path.join(dataDir, 'camera', path.basename(f))).catch(() => undefined);
};

export const testHub = async (
  o: Partial<MediaHubOptions> = {},
): Promise<{ hub: MediaHub; dataDir: string }> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-cam-'));
  await linkScene(dataDir);
  const hub = new MediaHub({
    dataDir,
    secret: new TextEncoder().encode('test-secret'),
    graceMs: 300,
    segmentMs: 2000,
    sizes: SMALL,
    ...o,
  });
  return { hub, dataDir };
};

export const cleanup = (dataDir: string) => rm(dataDir, { recursive: true, force: true });

export const cam = (cameraId: number, tenantId = 1): CameraRef => ({
  tenantId,
  cameraId,
  provider: 'demo',
  deviceSerial: `DEMO-${cameraId}`,
  channelNo: 1,
  config: { timeZone: 'Asia/Shanghai' },
});

/** Reads a stream for `ms` (or to its end), answering the bytes and when the first arrived. */
export const collect = (
  stream: Readable,
  ms: number,
): Promise<{ data: Buffer; firstAt: number; endedAt: number }> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let firstAt = 0;
    const done = () => {
      clearTimeout(t);
      stream.removeAllListeners('data');
      resolve({ data: Buffer.concat(chunks), firstAt, endedAt: Date.now() });
    };
    const t = setTimeout(done, ms);
    stream.on('data', (d: Buffer) => {
      firstAt ||= Date.now();
      chunks.push(d);
    });
    stream.once('end', done);
    stream.once('close', done);
  });

const tsFile = async (data: Buffer): Promise<string> => {
  const f = path.join(tmpdir(), `tilth-cam-${process.pid}-${Math.random().toString(36).slice(2)}.ts`);
  await writeFile(f, data);
  return f;
};

/** Decoded frames of an MPEG-TS buffer: count, size and duration (ffprobe). */
export const probe = async (
  data: Buffer,
): Promise<{ frames: number; width: number; height: number; seconds: number }> => {
  const f = await tsFile(data);
  try {
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v:0', '-count_frames'],
      ...['-show_entries', 'stream=width,height,nb_read_frames:format=duration', '-of', 'json', f],
    ]);
    const j = JSON.parse(stdout) as {
      streams: { width: number; height: number; nb_read_frames: string }[];
      format: { duration?: string };
    };
    const s = j.streams[0];
    return {
      frames: Number(s?.nb_read_frames ?? 0),
      width: s?.width ?? 0,
      height: s?.height ?? 0,
      seconds: Number(j.format.duration ?? 0),
    };
  } finally {
    await rm(f, { force: true });
  }
};

/** Frame `n` of an MPEG-TS buffer as 8-bit grey pixels (w × h). */
export const frameAt = async (data: Buffer, n: number, w: number, h: number): Promise<Buffer> => {
  const f = await tsFile(data);
  const out = `${f}.gray`;
  try {
    await run('ffmpeg', [
      ...['-v', 'error', '-i', f, '-vf', `select=eq(n\\,${n}),scale=${w}:${h}`, '-frames:v', '1'],
      ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-y', out],
    ]);
    return await readFile(out);
  } finally {
    await rm(f, { force: true });
    await rm(out, { force: true });
  }
};

/** A JPEG as grey pixels at w × h. */
export const grey = (jpeg: Buffer, w: number, h: number): Promise<Buffer> =>
  sharp(jpeg).resize(w, h, { fit: 'fill' }).greyscale().raw().toBuffer();

/** Mean absolute difference of two grey images. */
export const diff = (a: Buffer, b: Buffer): number => {
  let s = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) s += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return s / Math.max(1, Math.min(a.length, b.length));
};

/**
 * The horizontal shift (pixels) that best maps `before` onto `after`: positive when the content moved
 * right in the picture, as it does when the camera pans left.
 */
export const bestShift = (before: Buffer, after: Buffer, w: number, h: number, max: number): number => {
  let best = 0;
  let bestErr = Number.POSITIVE_INFINITY;
  for (let s = -max; s <= max; s++) {
    let err = 0;
    let n = 0;
    for (let y = 0; y < h; y++)
      for (let x = Math.max(0, -s); x < Math.min(w, w - s); x++) {
        err += Math.abs((after[y * w + x + s] ?? 0) - (before[y * w + x] ?? 0));
        n++;
      }
    if (n > 0 && err / n < bestErr) {
      bestErr = err / n;
      best = s;
    }
  }
  return best;
};

export const alive = (pid: number | undefined): boolean => {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads a live stream as it comes, counting its video frames (PES starts on ffmpeg's video PID 0x100). */
export const reader = (stream: Readable) => {
  const chunks: Buffer[] = [];
  let frames = 0;
  let rest = Buffer.alloc(0);
  stream.on('data', (d: Buffer) => {
    chunks.push(d);
    const buf = Buffer.concat([rest, d]);
    const usable = buf.length - (buf.length % 188);
    for (let at = 0; at < usable; at += 188) {
      const pid = (((buf[at + 1] ?? 0) & 0x1f) << 8) | (buf[at + 2] ?? 0);
      if (pid === 0x100 && ((buf[at + 1] ?? 0) & 0x40) !== 0) frames++;
    }
    rest = Buffer.from(buf.subarray(usable));
  });
  return {
    get frames() {
      return frames;
    },
    data: () => Buffer.concat(chunks),
    /** Waits until `n` frames arrived (or `maxMs` passed: a loaded machine encodes slower). */
    until: async (n: number, maxMs = 15_000) => {
      const end = Date.now() + maxMs;
      while (frames < n && Date.now() < end) await sleep(50);
    },
  };
};
