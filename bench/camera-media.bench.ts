// Demo camera media benchmark (issue 16): first-byte latency of a demo camera, CPU per 720p / 15 fps
// encoder, a 2×2 split's CPU in all, how soon a PTZ press shows in the picture, and how soon a stopped
// viewer frees its encoder. CPU is read from /proc (user + system time of the ffmpeg processes), so it
// counts what the encoders used whatever else runs on the machine. Run: npm run bench:camera
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { MediaHub } from '../apps/server/src/modules/iot/camera-media/hub.js';
import type { CameraRef } from '../apps/server/src/modules/iot/camera-media/provider.types.js';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TICK = 100; // USER_HZ on Linux

const cpuSeconds = (pid: number | undefined): number => {
  if (pid === undefined) return 0;
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / TICK;
  } catch {
    return 0;
  }
};

const cam = (cameraId: number): CameraRef => ({
  tenantId: 1,
  cameraId,
  provider: 'demo',
  deviceSerial: `DEMO-${cameraId}`,
  channelNo: 1,
  config: { timeZone: 'Asia/Shanghai' },
});

const drain = (s: Readable, into: Buffer[], marks?: { at: number; bytes: number }[]) => {
  let bytes = 0;
  s.on('data', (d: Buffer) => {
    into.push(d);
    bytes += d.length;
    marks?.push({ at: Date.now(), bytes });
  });
};

const greyFrames = async (data: Buffer, w: number, h: number): Promise<Buffer[]> => {
  const f = path.join(tmpdir(), `cam-bench-${process.pid}.ts`);
  await writeFile(f, data);
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', f, '-vf', `scale=${w}:${h}`, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 1 << 28 },
  );
  await rm(f, { force: true });
  const frames: Buffer[] = [];
  for (let i = 0; i + w * h <= stdout.length; i += w * h) frames.push(stdout.subarray(i, i + w * h));
  return frames;
};

const diff = (a: Buffer, b: Buffer): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return s / a.length;
};

const main = async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-cam-bench-'));
  const hub = new MediaHub({ dataDir, secret: new TextEncoder().encode('bench'), graceMs: 15_000 });
  let t = Date.now();
  await hub.warm();
  console.log(`scene drawn in ${Date.now() - t} ms (first start only)`);

  // 1. One 720p viewer: first byte, CPU over 10 s.
  t = Date.now();
  const one = await hub.open(cam(1), 'hd');
  const firstBytes = await new Promise<number>((r) => one.stream.once('data', () => r(Date.now() - t)));
  const chunks: Buffer[] = [];
  drain(one.stream, chunks);
  await sleep(2000);
  const pid = hub.encoders()[0]?.pid;
  const c0 = cpuSeconds(pid);
  await sleep(10_000);
  const perEncoder = (cpuSeconds(pid) - c0) / 10;
  console.log(`first bytes of a 720p demo camera: ${firstBytes} ms after open`);
  console.log(`one 720p/15 fps encoder: ${(perEncoder * 100).toFixed(1)} % of a core`);

  // 2. PTZ: press "right" and find the first frame that moved.
  const marks: { at: number; bytes: number }[] = [];
  const ptzChunks: Buffer[] = [];
  const viewer2 = await hub.open(cam(2), 'hd');
  drain(viewer2.stream, ptzChunks, marks);
  await sleep(3000);
  const pressAt = Date.now();
  const bytesAtPress = marks.at(-1)?.bytes ?? 0;
  hub.ptz(cam(2), 3, 2);
  await sleep(1500);
  hub.ptz(cam(2), -1);
  viewer2.end();
  const all = Buffer.concat(ptzChunks);
  const before = await greyFrames(all.subarray(0, bytesAtPress - (bytesAtPress % 188)), 160, 90);
  const frames = await greyFrames(all, 160, 90);
  const f0 = before.length;
  const ref = frames[f0 - 1];
  let moved = -1;
  for (let i = f0; i < frames.length && ref; i++) {
    const f = frames[i];
    if (f && diff(ref, f) > 4) {
      moved = i;
      break;
    }
  }
  console.log(
    `PTZ press visible after ${moved < 0 ? 'never' : `${Math.round(((moved - f0 + 1) * 1000) / 15)} ms`} (frames at 15 fps after the last frame received before the press at ${pressAt})`,
  );

  // 3. 2×2 split at 720p: four encoders' CPU in all.
  one.end();
  const split = await Promise.all([11, 12, 13, 14].map((id) => hub.open(cam(id), 'hd')));
  for (const v of split) drain(v.stream, []);
  await sleep(3000);
  const pids = hub
    .encoders()
    .filter((e) => e.cameraId > 10)
    .map((e) => e.pid);
  const total = (): number => pids.reduce<number>((sum, p) => sum + cpuSeconds(p), 0);
  const s0 = total();
  await sleep(10_000);
  const splitCpu = (total() - s0) / 10;
  console.log(
    `2×2 split at 720p/15 fps: ${(splitCpu * 100).toFixed(0)} % of one core in all (${pids.length} encoders)`,
  );

  // 4. A stopped viewer frees its encoder within the grace.
  for (const v of split) v.end();
  t = Date.now();
  while (hub.encoders().some((e) => e.cameraId > 10) && Date.now() - t < 60_000) await sleep(250);
  console.log(`encoders freed ${((Date.now() - t) / 1000).toFixed(1)} s after their last viewer left`);
  console.log(`idle server: ${hub.encoderCount()} encoders running`);
  await hub.close();
  await readFile('/proc/loadavg', 'utf8').then((l) => console.log(`load average: ${l.trim()}`));
  await rm(dataDir, { recursive: true, force: true });
};

void main();
