import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PromoVideo } from '@tilth/contracts/media.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer, uploadFile } from '../../../test/harness.js';
import { acceptedHostileFiles, refusedHostileFiles } from '../../../test/hostile-files.js';
import { storedKeys } from '../../../test/s3.js';
import { contentDisposition, STORED_FILE_CSP } from '../../http/serve-file.js';

// A server on TILTH_STORAGE=s3 (its own s3rver process), in the normal run: uploads land in the bucket
// and nowhere on the data disk, hostile uploads are still refused, stored bytes come back with the
// headers of sendStoredFile, and a promo video (ffprobe, ffmpeg poster on scratch copies) plays with
// byte ranges from S3. The other storing suites run on S3 with TILTH_TEST_STORAGE=s3 (docs/scaling.md).

const run = promisify(execFile);
let s: TestServer;
let token: string;
let A: number;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tilth-s3-suite-'));
  s = await startTestServer({ TILTH_STORAGE: 's3' });
  token = await login(s, 'adminA');
  A = s.fixtures.tenantA;
}, 60_000);
afterAll(async () => {
  await s?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  s.inject({ method: 'GET', url, headers: { ...auth(token), 'accept-language': 'en-US', ...headers } });

describe('files on S3', () => {
  it('runs on the S3 driver, with no file storage on the data disk', () => {
    expect(s.platform.config.storage.driver).toBe('s3');
  });

  it('stores accepted uploads in the bucket and serves them inert, as on disk', async () => {
    for (const f of await acceptedHostileFiles()) {
      const res = await uploadFile(s, token, A, f.name, f.bytes);
      expect(res.statusCode, `${f.label}: ${res.body}`).toBe(200);
      const { fileUrl } = json<{ fileUrl: string }>(res);
      const back = await get(fileUrl);
      expect(back.statusCode, f.label).toBe(200);
      expect(back.rawPayload.equals(f.bytes), f.label).toBe(true);
      expect(back.headers['content-type'], f.label).toContain(f.storedAs);
      expect(back.headers['x-content-type-options']).toBe('nosniff');
      expect(back.headers['content-security-policy']).toBe(STORED_FILE_CSP);
      const kind =
        f.storedAs.startsWith('image/gif') || f.storedAs === 'application/pdf' ? 'inline' : 'attachment';
      expect(back.headers['content-disposition'], f.label).toBe(contentDisposition(kind, f.name));
    }
    expect((await storedKeys(s.platform.config, '')).length).toBeGreaterThanOrEqual(4);
    expect(existsSync(path.join(s.platform.config.dataDir, 'files'))).toBe(false);
  });

  it('refuses hostile uploads and stores nothing for them', async () => {
    const before = await storedKeys(s.platform.config, '');
    for (const f of await refusedHostileFiles()) {
      const res = await uploadFile(s, token, A, f.name, f.bytes);
      expect(res.statusCode, `${f.label}: ${res.body}`).toBe(415);
    }
    expect(await storedKeys(s.platform.config, '')).toEqual(before);
  });
});

describe('a promo video on S3', () => {
  it('is probed, given a poster, played by byte range and removed, leaving no scratch file', async () => {
    const src = path.join(dir, 'ok.mp4');
    await run('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=10', '-t', '2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', src],
    ]);
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(await readFile(src))]), 'tour.mp4');
    const res = await s.inject({
      method: 'POST',
      url: `/wfpf/v1/${A}/content/videos/multipart`,
      headers: { ...auth(token), 'accept-language': 'en-US' },
      payload: fd,
    });
    expect(res.statusCode, res.body).toBe(202);
    let v = res.json() as PromoVideo;
    for (let i = 0; i < 150 && v.status === 'processing'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      v = (await get(`/wfpf/v1/${A}/content/videos/${v.videoId}`)).json() as PromoVideo;
    }
    expect(v).toMatchObject({ status: 'ready', progress: 100 });
    const keys = await storedKeys(s.platform.config, `content-media/${A}`);
    expect(keys.map((k) => path.basename(k)).sort()).toEqual(['poster.jpg', 'video.mp4']);

    const poster = await get(v.posterUrl);
    expect(poster.statusCode).toBe(200);
    expect(poster.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    const whole = await get(v.videoUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(v.fileSize);
    expect(whole.headers['content-security-policy']).toBe(STORED_FILE_CSP);
    for (const [range, start, end] of [
      ['bytes=0-0', 0, 0],
      ['bytes=100-199', 100, 199],
      ['bytes=-50', v.fileSize - 50, v.fileSize - 1],
    ] as const) {
      const part = await get(v.videoUrl, { range });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${v.fileSize}`);
      expect(part.rawPayload.equals(whole.rawPayload.subarray(start, end + 1)), range).toBe(true);
    }
    expect((await get(v.videoUrl, { range: `bytes=${v.fileSize}-` })).statusCode).toBe(416);
    expect(await readdir(s.platform.config.scratchDir).catch(() => [])).toEqual([]);

    const del = await s.inject({
      method: 'DELETE',
      url: `/wfpf/v1/${A}/content/videos/${v.videoId}`,
      headers: auth(token),
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await storedKeys(s.platform.config, `content-media/${A}`)).toEqual([]);
    expect((await get(v.videoUrl)).statusCode).toBe(404);
  });
});
