import type { PromoVideo } from '@tilth/contracts/media.types';
import type { TracePublicRecord } from '@tilth/contracts/trace.types';
import type { TraceProduct } from '@tilth/contracts/trace-catalog.types';
import { desc, eq } from 'drizzle-orm';
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
import { batches } from '../../../farm/batch/index.js';
import { traceProducts } from '../../catalog/catalog.tables.js';
import { traceBatches, traceRecords } from '../../catalog/index.js';
import { type Season, seedSeason } from './trace-fixtures.js';

// A traced product's promo video (issue 19 item 4): chosen in the catalogue (a ready video of the tenant
// only), frozen into the published record, shown on the signed-out trace page with its poster, and served
// — byte ranges — only for the current published version of that record.

let s: TestServer;
let tok: RoleTokens;
let tA: number;
let tB: number;
let main: Season;
let plain: Season;
let draft: Season;
let video: PromoVideo;
let videoB: PromoVideo;

const api = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
  s.inject({
    method,
    url: `/wfpf/v1/${tA}/${path}`,
    headers: { ...auth(tok.admin), 'accept-language': 'en-US' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
const anon = (url: string, headers: Record<string, string> = {}) => s.inject({ method: 'GET', url, headers });
const productOf = async (b: Season) => {
  const id = await s.platform.database.withTenant(tA, async (tx) => {
    const [r] = await tx
      .select({ id: traceBatches.traceProductId })
      .from(traceBatches)
      .where(eq(traceBatches.id, b.traceBatchId));
    // The fixture's product names no source; the catalogue form requires one (its season's crop).
    const [fb] = await tx
      .select({ cropId: batches.cropId })
      .from(batches)
      .where(eq(batches.id, b.farmBatchId));
    await tx
      .update(traceProducts)
      .set({ cropId: fb?.cropId ?? null })
      .where(eq(traceProducts.id, r?.id ?? 0));
    return r?.id;
  });
  return json<TraceProduct>(await api('GET', `trace/products/${id}`));
};
const publish = async (b: Season) => {
  const batch = json<{ objectVersionNumber: number }>(await api('GET', `trace/batches/${b.traceBatchId}`));
  const res = await api('POST', `trace/batches/${b.traceBatchId}/publish`, {
    objectVersionNumber: batch.objectVersionNumber,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ version: number }>(res).version;
};
const record = (b: Season) =>
  s.platform.database.withTenant(tA, async (tx) => {
    const [r] = await tx
      .select({ record: traceRecords.record })
      .from(traceRecords)
      .where(eq(traceRecords.traceBatchId, b.traceBatchId))
      .orderBy(desc(traceRecords.version))
      .limit(1);
    return r?.record as TracePublicRecord;
  });

beforeAll(async () => {
  s = await startTestServer();
  tok = await signInRoles(s);
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  main = await seedSeason(s, tok, tA, { suffix: 'V1' });
  plain = await seedSeason(s, tok, tA, { suffix: 'V2' });
  draft = await seedSeason(s, tok, tA, { suffix: 'V3' });
  video = await readyVideo(s, tok.admin, tA);
  videoB = await readyVideo(s, tok.adminB, tB);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe('a traced product with a promo video', () => {
  it("refuses another tenant's or a processing video with 400 naming promoVideoId, changing nothing", async () => {
    const p = await productOf(main);
    for (const id of [videoB.videoId, await processingVideo(s, tA)]) {
      const res = await api('PUT', 'trace/products', { ...p, promoVideoId: id });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain('promoVideoId');
    }
    const after = await productOf(main);
    expect([after.promoVideoId, after.objectVersionNumber]).toEqual([null, p.objectVersionNumber]);
  });

  it('is frozen into the record and played on the signed-out page, through that record only', async () => {
    const p = await productOf(main);
    const put = await api('PUT', 'trace/products', { ...p, promoVideoId: video.videoId });
    expect(put.statusCode, put.body).toBe(200);
    expect(json<TraceProduct>(put).promoVideo).toMatchObject({ videoId: video.videoId, width: 320 });
    const version = await publish(main);
    const key = video.videoUrl.split('/')[7];
    expect((await record(main)).promoVideo).toEqual({
      assetKey: key,
      width: 320,
      height: 180,
      durationMs: video.durationMs,
    });
    await publish(plain);

    const page = await anon(`/q/${tA}/${main.serial}?lang=en-US`);
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain("media-src 'self'");
    const base = `/wfpf/v1/public/${tA}/trace/video/${main.serial}/${version}`;
    expect(page.body).toContain(
      `<video controls preload="none" playsinline width="320" height="180" poster="${base}/poster.jpg" src="${base}/video">`,
    );
    expect(page.body).toContain('Product video');
    // A record without a video shows none.
    expect((await anon(`/q/${tA}/${plain.serial}`)).body).not.toContain('<video');

    const poster = await anon(`${base}/poster.jpg`);
    expect(poster.statusCode).toBe(200);
    const meta = await sharp(poster.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 180]);
    const whole = await anon(`${base}/video`);
    expect([whole.statusCode, whole.headers['content-type']]).toEqual([200, 'video/mp4']);
    expect(whole.rawPayload.length).toBe(video.fileSize);
    const part = await anon(`${base}/video`, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${video.fileSize}`);
    const lot = await anon(`/wfpf/v1/public/${tA}/trace/video/b/${main.batchCode}/${version}/video`, {
      range: 'bytes=5-9',
    });
    expect(lot.statusCode).toBe(206);
    expect(lot.rawPayload.equals(whole.rawPayload.subarray(5, 10))).toBe(true);

    for (const u of [
      // A version not published, a record without a video, an unpublished batch, another tenant's path.
      `/wfpf/v1/public/${tA}/trace/video/${main.serial}/${version + 1}/video`,
      `/wfpf/v1/public/${tA}/trace/video/${main.serial}/${version + 1}/poster.jpg`,
      `/wfpf/v1/public/${tA}/trace/video/${plain.serial}/1/video`,
      `/wfpf/v1/public/${tA}/trace/video/${draft.serial}/1/video`,
      `/wfpf/v1/public/${tB}/trace/video/${main.serial}/${version}/video`,
    ])
      expect((await anon(u)).statusCode, u).toBe(404);

    // The product no longer shows it: the published record still does, until republished.
    const again = await productOf(main);
    const cleared = await api('PUT', 'trace/products', { ...again, promoVideoId: null });
    expect(json<TraceProduct>(cleared).promoVideoId).toBe(null);
    expect((await anon(`${base}/video`)).statusCode).toBe(200);
    const v2 = await publish(main);
    expect((await record(main)).promoVideo).toBeUndefined();
    // The superseded version's URLs are gone with it.
    expect((await anon(`${base}/video`)).statusCode).toBe(404);
    expect((await anon(`/wfpf/v1/public/${tA}/trace/video/${main.serial}/${v2}/video`)).statusCode).toBe(404);
  });
});
