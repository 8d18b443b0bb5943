import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PromoVideo } from '@tilth/contracts/media.types';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../platform/db/rows.js';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { storedKeys } from '../../../../test/s3.js';

// Promo videos through their routes with real ffmpeg-made files: each limit refused with the spec's text
// and nothing stored, a good one given a poster in the background, played with byte ranges, deleted.

const run = promisify(execFile);
let s: TestServer;
let tok: RoleTokens;
let A: number;
let B: number;
let dir: string;
const en = { 'accept-language': 'en-US' };
const url = (t: number, rest = '') => `/wfpf/v1/${t}/content/videos${rest}`;

/** A test-pattern video made by ffmpeg. */
const make = async (name: string, size: string, seconds: number, rate = 10, ext = 'mp4') => {
  const out = path.join(dir, `${name}.${ext}`);
  const codec =
    ext === 'webm'
      ? ['-c:v', 'libvpx-vp9', '-deadline', 'realtime']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=${rate}`,
    '-t',
    String(seconds),
    ...codec,
    out,
  ]);
  return readFile(out);
};

const upload = (t: number, token: string, name: string, bytes: Buffer) => {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  return s.inject({
    method: 'POST',
    url: url(t, '/multipart'),
    headers: { ...auth(token), ...en },
    payload: fd,
  });
};
const get = (p: string, token = tok.admin, headers: Record<string, string> = {}) =>
  s.inject({ method: 'GET', url: p, headers: { ...auth(token), ...en, ...headers } });
const stored = async () => {
  const n = await s.platform.database.withTenant(
    A,
    async (tx) =>
      rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from content_videos where tenant_id = ${A}`),
      )[0]?.n,
  );
  // Stored bytes (whichever the driver) and scratch copies left behind.
  const files = await storedKeys(s.platform.config, `content-media/${A}`);
  const temp = await readdir(s.platform.config.scratchDir).catch(() => []);
  return { rows: n, files: files.length, temp: temp.length };
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tilth-video-'));
  s = await startTestServer({});
  tok = await signInRoles(s);
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
}, 60_000);
afterAll(async () => {
  await s?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('refusals', () => {
  it('refuses over 60 s, not 16:9 or 1:1, not a video, and over 30 MB, each with its text, storing nothing', async () => {
    const before = await stored();
    const long = await upload(A, tok.admin, 'long.mp4', await make('long', '64x36', 61, 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(
      /^A product video may last at most 60 s \(30 s suggested\); this one lasts 61\.\d s$/,
    );
    const square43 = await upload(A, tok.admin, 'tv.mp4', await make('tv', '320x240', 1));
    expect(square43.statusCode).toBe(400);
    expect(square43.json().message).toBe('A product video must be 16:9 or 1:1; this one is 320×240');
    const png = await sharp({ create: { width: 16, height: 9, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const notVideo = await upload(A, tok.admin, 'still.mp4', png);
    expect(notVideo.statusCode).toBe(415);
    expect(notVideo.json().message).toBe('A product video must be an MP4 or WebM file');
    const head = await make('head', '160x90', 1);
    const big = await upload(A, tok.admin, 'big.mp4', Buffer.concat([head, Buffer.alloc(30 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('A product video may be at most 30 MB');
    expect(await stored()).toEqual(before);
    // zh-CN gets the spec's own words.
    const zh = await s.inject({
      method: 'POST',
      url: url(A, '/multipart'),
      headers: { ...auth(tok.admin), 'accept-language': 'zh-CN' },
      payload: (() => {
        const fd = new FormData();
        fd.append(
          'file',
          new Blob([new Uint8Array(Buffer.concat([head, Buffer.alloc(30 * 1024 * 1024)]))]),
          'b.mp4',
        );
        return fd;
      })(),
    });
    expect(zh.json().message).toBe('产品视频最大 30M');
    // Without the upload code: 403.
    expect((await upload(A, tok.viewer, 'ok.mp4', head)).statusCode).toBe(403);
  });
});

describe('a good upload', () => {
  it('takes a 16:9 MP4 (a 1:1 WebM too), makes its poster, plays with byte ranges, and only for its tenant', async () => {
    const res = await upload(A, tok.admin, 'Orchard tour.mp4', await make('ok', '320x180', 3));
    expect(res.statusCode, res.body).toBe(202);
    const made = res.json() as PromoVideo;
    expect(made).toMatchObject({ videoName: 'Orchard tour', status: 'processing', width: 320, height: 180 });
    expect(made.durationMs).toBeGreaterThan(2900);
    let v = made;
    for (let i = 0; i < 100 && v.status === 'processing'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      v = (await get(url(A, `/${made.videoId}`))).json() as PromoVideo;
    }
    expect(v).toMatchObject({ status: 'ready', progress: 100, error: null });
    const poster = await get(v.posterUrl);
    expect(poster.statusCode).toBe(200);
    const meta = await sharp(poster.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 180]);

    const whole = await get(v.videoUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await get(v.videoUrl, tok.admin, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${v.fileSize}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
    expect((await get(v.videoUrl, tok.admin, { range: `bytes=${v.fileSize}-` })).statusCode).toBe(416);

    // Tenant B sees neither the row nor the bytes.
    expect((await get(url(B, `/${v.videoId}`), tok.adminB)).statusCode).toBe(404);
    expect((await get(v.videoUrl.replace(`/v1/${A}/`, `/v1/${B}/`), tok.adminB)).statusCode).toBe(404);

    const square = await upload(A, tok.admin, 'square.webm', await make('sq', '180x180', 1, 10, 'webm'));
    expect(square.statusCode, square.body).toBe(202);
    expect((square.json() as PromoVideo).contentType).toBe('video/webm');

    const renamed = await s.inject({
      method: 'PUT',
      url: url(A),
      headers: { ...auth(tok.admin), ...en },
      payload: { videoId: v.videoId, videoName: 'Orchard', objectVersionNumber: v.objectVersionNumber },
    });
    expect(renamed.json()).toMatchObject({
      videoName: 'Orchard',
      objectVersionNumber: v.objectVersionNumber + 1,
    });
    const stale = await s.inject({
      method: 'DELETE',
      url: url(A, `/${v.videoId}?objectVersionNumber=${v.objectVersionNumber}`),
      headers: { ...auth(tok.admin), ...en },
    });
    expect(stale.statusCode).toBe(409);
    const del = await s.inject({
      method: 'DELETE',
      url: url(A, `/${v.videoId}`),
      headers: { ...auth(tok.admin), ...en },
    });
    expect(del.statusCode).toBe(200);
    expect((await get(v.videoUrl)).statusCode).toBe(404);
  }, 60_000);
});
