import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PromoVideo } from '@tilth/contracts/media.types';
import { expect } from 'vitest';
import { auth, type TestServer } from '../../../../test/harness.js';
import { contentVideos } from '../media.tables.js';

// Promo videos for the product tests (seed and trace public pages): a real ffmpeg-made MP4 uploaded
// through the route and waited on until its poster is made, or a row still processing.

const run = promisify(execFile);

/** Uploads a 2 s 16:9 test-pattern MP4 as `token` of `tenant` and waits until it is ready. */
export const readyVideo = async (s: TestServer, token: string, tenant: number): Promise<PromoVideo> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tilth-promo-'));
  try {
    const out = path.join(dir, 'promo.mp4');
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x180:rate=10',
      '-t',
      '2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      out,
    ]);
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(await readFile(out))]), 'promo.mp4');
    const res = await s.inject({
      method: 'POST',
      url: `/wfpf/v1/${tenant}/content/videos/multipart`,
      headers: auth(token),
      payload: fd,
    });
    expect(res.statusCode, res.body).toBe(202);
    let v = res.json() as PromoVideo;
    for (let i = 0; i < 200 && v.status === 'processing'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      v = (
        await s.inject({
          method: 'GET',
          url: `/wfpf/v1/${tenant}/content/videos/${v.videoId}`,
          headers: auth(token),
        })
      ).json() as PromoVideo;
    }
    expect(v.status).toBe('ready');
    return v;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** A video row still being processed (no poster yet): not attachable. */
export const processingVideo = (s: TestServer, tenant: number): Promise<number> =>
  s.platform.database.withTenant(tenant, async (tx) => {
    const [r] = await tx
      .insert(contentVideos)
      .values({
        tenantId: tenant,
        videoName: 'still processing',
        contentType: 'video/mp4',
        fileSize: 1000,
        durationMs: 2000,
        width: 320,
        height: 180,
        status: 'processing',
        // Claimed just now, so the poster runner leaves it alone during the test.
        heartbeatAt: Date.now() + 3_600_000,
      })
      .returning({ id: contentVideos.id });
    return r?.id ?? 0;
  });
