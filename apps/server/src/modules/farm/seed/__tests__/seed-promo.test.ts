import type { PromoVideo } from '@tilth/contracts/media.types';
import type { SeedProduct, SeedPublicDetail } from '@tilth/contracts/seed.types';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { processingVideo, readyVideo } from '../../../content/media/__tests__/video-fixtures.js';

// A seed product's promo video (issue 19 item 4): only a ready video of the tenant can be chosen (400
// naming promoVideoId otherwise), and the signed-out /seed page plays it through the product's own
// routes — file and poster, byte ranges — only while the product is enabled and shows that video.

let s: TestServer;
let tok: RoleTokens;
let tA: number;
let tB: number;
let video: PromoVideo;
let videoB: PromoVideo;

const api = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, token = tok.admin, t = tA) =>
  s.inject({
    method,
    url: `/wfpf/v1/${t}/${path}`,
    headers: { ...auth(token), 'accept-language': 'en-US' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
const anon = (url: string, headers: Record<string, string> = {}) => s.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  s = await startTestServer();
  tok = await signInRoles(s);
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  video = await readyVideo(s, tok.admin, tA);
  videoB = await readyVideo(s, tok.adminB, tB);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const create = (extra: object) =>
  api('POST', 'seed', { cropName: 'Tomato', seedName: `Seed ${Math.random()}`, ...extra });

describe('choosing a promo video', () => {
  it("refuses another tenant's, a processing and an unknown video with 400 naming promoVideoId, storing nothing", async () => {
    const before = json<{ totalElements: number }>(await api('GET', 'seed/page')).totalElements;
    const processing = await processingVideo(s, tA);
    for (const id of [videoB.videoId, processing, 999_999]) {
      const res = await create({ promoVideoId: id });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain('promoVideoId');
    }
    expect(json<{ totalElements: number }>(await api('GET', 'seed/page')).totalElements).toBe(before);
  });

  it('attaches a ready video, keeps it when omitted, clears it with null; the delete of a shown video is refused', async () => {
    const made = await create({ promoVideoId: video.videoId });
    expect(made.statusCode, made.body).toBe(200);
    const p = json<SeedProduct>(made);
    expect(p.promoVideoId).toBe(video.videoId);
    expect(p.promoVideo).toMatchObject({ videoId: video.videoId, posterUrl: video.posterUrl, width: 320 });
    const kept = json<SeedProduct>(
      await api('PUT', 'seed', { ...p, publicity: 'kept', promoVideo: undefined }),
    );
    expect(kept.promoVideoId).toBe(video.videoId);
    const del = await s.inject({
      method: 'DELETE',
      url: `/wfpf/v1/${tA}/content/videos/${video.videoId}`,
      headers: auth(tok.admin),
    });
    expect(del.statusCode).toBe(409);
    const stale = await api('PUT', 'seed', { ...p, promoVideoId: null });
    expect(stale.statusCode).toBe(409);
    const cleared = json<SeedProduct>(await api('PUT', 'seed', { ...kept, promoVideoId: null }));
    expect([cleared.promoVideoId, cleared.promoVideo]).toEqual([null, null]);
    const bad = await api('PUT', 'seed', { ...cleared, promoVideoId: videoB.videoId });
    expect(bad.statusCode).toBe(400);
    expect(json<SeedProduct>(await api('GET', `seed/${p.seedId}`)).promoVideoId).toBe(null);
  });
});

describe('the signed-out /seed page', () => {
  it('gets the video and poster through the product, with byte ranges; 404 for anything it does not show', async () => {
    const p = json<SeedProduct>(await create({ promoVideoId: video.videoId }));
    const bare = json<SeedProduct>(await create({}));
    const pub = json<SeedPublicDetail>(await anon(`/wfpf/v1/${tA}/seed/public/${p.seedId}`));
    const pv = pub.promoVideo;
    expect(pv).toMatchObject({ width: 320, height: 180 });
    expect(pv?.videoUrl).toBe(
      `/wfpf/v1/${tA}/seed/public/${p.seedId}/video/${video.videoUrl.split('/')[7]}/video`,
    );
    // Without one the answer keeps spec 03 §3's exact shape.
    expect(
      'promoVideo' in json<SeedPublicDetail>(await anon(`/wfpf/v1/${tA}/seed/public/${bare.seedId}`)),
    ).toBe(false);

    const poster = await anon(pv?.posterUrl ?? '');
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(poster.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 180]);
    const whole = await anon(pv?.videoUrl ?? '');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.rawPayload.length).toBe(video.fileSize);
    const part = await anon(pv?.videoUrl ?? '', { range: 'bytes=10-49' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-49/${video.fileSize}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 50))).toBe(true);

    const key = video.videoUrl.split('/')[7] ?? '';
    const keyB = videoB.videoUrl.split('/')[7] ?? '';
    const refused = [
      // A product that shows no video, or another video's key through this product.
      `/wfpf/v1/${tA}/seed/public/${bare.seedId}/video/${key}/video`,
      `/wfpf/v1/${tA}/seed/public/${p.seedId}/video/${keyB}/video`,
      // Another tenant's path for this product and video.
      `/wfpf/v1/${tB}/seed/public/${p.seedId}/video/${key}/video`,
      `/wfpf/v1/${tB}/seed/public/${p.seedId}/video/${key}/poster.jpg`,
    ];
    for (const u of refused) expect((await anon(u)).statusCode, u).toBe(404);

    // Disabled: the page, the video and the poster all go.
    const off = await api('PUT', 'seed', { ...p, enabledFlag: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect((await anon(pv?.videoUrl ?? '')).statusCode).toBe(404);
    expect((await anon(pv?.posterUrl ?? '')).statusCode).toBe(404);
    // A bad asset key is a 400 naming it, before any lookup.
    expect((await anon(`/wfpf/v1/${tA}/seed/public/${p.seedId}/video/nope/video`)).statusCode).toBe(400);
  });
});
