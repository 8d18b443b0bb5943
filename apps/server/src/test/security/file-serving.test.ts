import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vrScenes } from '../../modules/vr/tour/index.js';
import type { RouteRecord } from '../../platform/http/app.js';
import { STORED_FILE_CSP } from '../../platform/http/serve-file.js';
import { auth, json, login, startTestServer, type TestServer, uploadFile } from '../harness.js';
import { acceptedHostileFiles, type HostileFile, refusedHostileFiles, XSS_MARK } from '../hostile-files.js';
import { fillPath, isOwnApiRoute } from '../routes.js';
import { insertTraceRows, type TraceRows } from './trace-rows.js';
import { insertVrRows, type VrRows } from './vr-rows.js';

// Issue 10 item 1: no stored file may ever run script on the console's origin, whatever route serves it.
// The routes are taken from the route table (those declaring `serves: 'file'`), so a new one is covered
// or this suite fails; every GET route taking an id is also probed for stored bytes sent undeclared.

let s: TestServer;
let token: string;
let tA: number;
const uploaded: (HostileFile & { fileId: string })[] = [];
let seedId: number;
let vr: VrRows;
let trace: TraceRows;

/** Path parameters of each file-serving route for one stored file; a new route must be added here. */
const PARAMS: Record<string, (fileId: string) => Record<string, string | number>> = {
  '/hfle/v1/:tenantId/files/:id/file': (fileId) => ({ id: fileId }),
  '/hfle/v1/:tenantId/files/:id/image': (fileId) => ({ id: fileId }),
  '/wfpf/v1/:tenantId/seed/public/:id/image/:fileId': (fileId) => ({ id: seedId, fileId }),
  // A published tour whose album shows every hostile picture (an album takes pictures only).
  '/wfpf/v1/public/:tenantId/vr/:token/image/:fileId': (fileId) => ({ token: vr.token, fileId }),
  // A published trace record listing every stored file as a picture (written as publishing stores it).
  '/wfpf/v1/public/:tenantId/trace/image/:serial/:version/:index': (fileId) => ({
    serial: trace.serial,
    version: trace.version,
    index: uploaded.findIndex((f) => f.fileId === fileId),
  }),
  '/wfpf/v1/public/:tenantId/trace/image/b/:lot/:version/:index': (fileId) => ({
    lot: trace.lot,
    version: trace.version,
    index: uploaded.findIndex((f) => f.fileId === fileId),
  }),
};
/** Routes that serve only the files a public page shows: any other file is 404 there, like a wrong link. */
const SHOWN_ONLY: Record<string, (f: HostileFile) => boolean> = {
  '/wfpf/v1/public/:tenantId/vr/:token/image/:fileId': (f) => f.storedAs.startsWith('image/'),
};
/** File-serving routes whose bytes the server made itself (never an upload), each reviewed; own tests check headers. */
const SERVER_MADE: Record<string, string> = {
  '/wfpe/v2/:tenantId/camera/timelapse/:id/video':
    'an MP4 encoded by ffmpeg from stills (camera-timelapse.test.ts checks type, nosniff, CSP, ranges)',
  '/wfpf/v1/:tenantId/panorama/:panoramaId/:assetKey/preview.jpg':
    'a JPEG re-encoded by libvips from a sniffed JPEG / PNG upload; the original is never served (panorama.test.ts checks type, nosniff, CSP, cache)',
  '/wfpf/v1/:tenantId/panorama/:panoramaId/:assetKey/thumb.jpg':
    'a JPEG re-encoded by libvips from the preview (panorama.test.ts)',
  '/wfpf/v1/:tenantId/panorama/:panoramaId/:assetKey/tiles/:level/:tile':
    'a 512×512 JPEG tile cut by libvips dzsave from a sniffed JPEG / PNG upload (panorama.test.ts)',
  '/wfpf/v1/public/:tenantId/vr/:token/panorama/:panoramaId/:assetKey/preview.jpg':
    "the library's preview above, through a published tour's link (tour-public.test.ts)",
  '/wfpf/v1/public/:tenantId/vr/:token/panorama/:panoramaId/:assetKey/thumb.jpg':
    "the library's thumbnail above, through a published tour's link (tour-public.test.ts)",
  '/wfpf/v1/public/:tenantId/vr/:token/panorama/:panoramaId/:assetKey/tiles/:level/:tile':
    "the library's tiles above, through a published tour's link (tour-public.test.ts)",
  '/wfpf/v1/:tenantId/content/pictures/:pictureId/thumb.jpg':
    'a JPEG thumbnail re-encoded by sharp from a sniffed JPG / PNG / WebP / GIF upload (picture.test.ts)',
  '/wfpf/v1/public/:tenantId/banners/:bannerId/image':
    "a live banner's library picture resized by the file module (libvips, JPEG / PNG / WebP); the original is never served (banner.test.ts)",
  '/wfpf/v1/:tenantId/content/videos/:videoId/:assetKey/poster.jpg':
    'a JPEG frame ffmpeg took from the promo video (video.test.ts)',
  '/wfpf/v1/:tenantId/content/videos/:videoId/:assetKey/video':
    'an upload, but only an MP4 / WebM whose container ffprobe confirmed (duration, picture track), always sent as video/mp4 or video/webm with byte ranges (video.test.ts)',
  '/wfpf/v1/:tenantId/seed/public/:id/video/:assetKey/video':
    'the promo video route above, through an enabled seed product that shows it (seed-promo.test.ts)',
  '/wfpf/v1/:tenantId/seed/public/:id/video/:assetKey/poster.jpg':
    "the promo video's ffmpeg poster, through an enabled seed product that shows it (seed-promo.test.ts)",
  '/wfpf/v1/public/:tenantId/trace/video/:serial/:version/video':
    'the promo video route above, through the published record that names it (trace-promo.test.ts)',
  '/wfpf/v1/public/:tenantId/trace/video/:serial/:version/poster.jpg':
    "the promo video's ffmpeg poster, through the published record that names it (trace-promo.test.ts)",
  '/wfpf/v1/public/:tenantId/trace/video/b/:lot/:version/video':
    'the promo video route above, through the published record of a lot (trace-promo.test.ts)',
  '/wfpf/v1/public/:tenantId/trace/video/b/:lot/:version/poster.jpg':
    "the promo video's ffmpeg poster, through the published record of a lot (trace-promo.test.ts)",
  '/wfpf/v1/:tenantId/trace/code-package/:packageId/file/:file':
    'a PDF label sheet (pdfkit), CSV of serials and URLs, or ZIP (fflate) made by the code job, always as an attachment (code-package.test.ts checks type, disposition, nosniff, CSP)',
};

/**
 * File-serving routes a fixture of this suite cannot reach (another tenant's caller), each reviewed; their
 * own suites check the headers.
 */
const CHECKED_ELSEWHERE: Record<string, string> = {
  '/wfpf/v1/public/:tenantId/news/:consultId/image/:fileId':
    "a live news item's cover and body pictures, signed out: only files the live article shows, of its tenant (news-images.test.ts checks that, the image type, nosniff and CSP; news-public.test.ts the rest)",
  '/wfpf/v1/:tenantId/agriculture/inquiry-pool/:askTenantId/:inquiryId/photos/:fileId':
    "a pool inquiry's photo for platform pool experts (tenant 0): only files of that inquiry's thread, each checked at ask time to be the asker tenant's sniffed JPG / PNG ≤ 10 MB (inquiry.test.ts checks type, nosniff, CSP)",
};

/** Types a browser would run as a document of the origin (markup, script) when shown inline. */
const RUNNABLE = /html|xml|svg|javascript|ecmascript|json|multipart/i;

const upload = (name: string, bytes: Buffer) => uploadFile(s, token, tA, name, bytes);

const fileServingRoutes = (): RouteRecord[] =>
  s.routes.filter((r) => r.options.config?.serves === 'file' && r.method !== 'HEAD');

const fetchAs = (r: RouteRecord, url: string, method: 'GET' | 'HEAD' = 'GET') =>
  s.inject({
    method,
    url,
    headers: r.options.config?.access === 'public' ? {} : auth(token),
  });

/** The headers every stored-file answer must carry, whatever the file. */
const expectInert = (res: LightMyRequestResponse, what: string): void => {
  expect(res.headers['content-security-policy'], what).toBe(STORED_FILE_CSP);
  expect(String(res.headers['content-security-policy']), what).toMatch(/default-src 'none'.*sandbox/);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  const type = String(res.headers['content-type'] ?? '');
  const disposition = String(res.headers['content-disposition'] ?? '');
  expect(type, what).not.toBe('');
  // Markup is never shown inline: it is a download, and a sandboxed one if opened anyway.
  if (RUNNABLE.test(type)) expect(disposition, what).toMatch(/^attachment;/);
  expect(disposition, what).toMatch(/^(inline|attachment);/);
};

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  token = await login(s, 'adminA');
  for (const f of await acceptedHostileFiles()) {
    const res = await upload(f.name, f.bytes);
    expect(res.statusCode, `${f.label}: ${res.body}`).toBe(200);
    const view = json<{ fileId: string; contentType: string }>(res);
    expect(view.contentType, f.label).toBe(f.storedAs);
    uploaded.push({ ...f, fileId: view.fileId });
  }
  // A public seed product showing every hostile file, so its signed-out image route serves them.
  const [first, ...rest] = uploaded;
  const seed = await s.inject({
    method: 'POST',
    url: `/wfpf/v1/${tA}/seed`,
    headers: auth(token),
    payload: {
      cropName: 'tomato',
      seedName: 'hostile',
      imageUrl: `/hfle/v1/${tA}/files/${first?.fileId}/file`,
      farmingPractices: rest.map((f) => ({
        imageUrl: `/hfle/v1/${tA}/files/${f.fileId}/file`,
        name: f.label,
        description: '<p>x</p>',
      })),
    },
  });
  expect(seed.statusCode, seed.body).toBe(200);
  seedId = json<{ seedId: number }>(seed).seedId;
  trace = await insertTraceRows(
    s.platform.database,
    tA,
    'hostile',
    uploaded.map((f) => `/hfle/v1/${tA}/files/${f.fileId}/file`),
  );
  // A published tour showing every hostile picture in an album (written as the tour editor saves it).
  vr = await insertVrRows(s.platform.database, tA, 'hostile');
  const album = uploaded.filter((f) => f.storedAs.startsWith('image/'));
  expect(album.length).toBeGreaterThan(0);
  await s.platform.database.withTenant(tA, (tx) =>
    tx
      .update(vrScenes)
      .set({
        hotspots: [
          {
            name: 'hs-album',
            width: '50',
            height: '50',
            atv: 0,
            ath: 0,
            url: 'default',
            style: 'front',
            HType: 3,
            content: { images: album.map((f) => `/hfle/v1/${tA}/files/${f.fileId}/file`) },
            text: 'album',
          },
        ],
      })
      .where(eq(vrScenes.id, vr.scenesId)),
  );
});
afterAll(async () => {
  await s?.close();
});

describe('uploads whose name disagrees with their content', () => {
  it('are refused with a typed 415 in the caller’s language, and nothing is listed', async () => {
    for (const f of await refusedHostileFiles()) {
      const res = await upload(f.name, f.bytes);
      expect(res.statusCode, `${f.label}: ${res.body}`).toBe(415);
      expect(json(res).failed, f.label).toBe(true);
      expect(['hfle.warn.file.extension', 'hfle.warn.file.type'], f.label).toContain(json(res).code);
    }
    const zh = await s.inject({
      method: 'POST',
      url: `/hfle/v1/${tA}/files/multipart`,
      headers: { ...auth(token), 'accept-language': 'zh-CN' },
      payload: (() => {
        const fd = new FormData();
        fd.append('file', new Blob([new Uint8Array(uploaded[0]?.bytes ?? Buffer.alloc(0))]), 'innocent.png');
        return fd;
      })(),
    });
    expect(json(zh)).toMatchObject({ code: 'hfle.warn.file.extension' });
    expect(json<{ message: string }>(zh).message).toContain('innocent.png');
    expect(json<{ message: string }>(zh).message).toMatch(/扩展名/);
  });
});

describe('every file-serving route in the route table', () => {
  it('is known to this suite (a new one must be added to PARAMS)', () => {
    const urls = fileServingRoutes().map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(Object.keys(PARAMS)));
    for (const url of urls)
      expect(
        PARAMS[url] ?? SERVER_MADE[url] ?? CHECKED_ELSEWHERE[url],
        `${url} has no entry in PARAMS`,
      ).toBeDefined();
  });

  it('answers hostile content sandboxed, unsniffable, and markup only as a download', async () => {
    for (const r of fileServingRoutes()) {
      const params = PARAMS[r.url];
      if (!params) continue;
      for (const f of uploaded) {
        const url = fillPath(r.url, tA, params(f.fileId));
        const what = `${r.url} ${f.label}`;
        const res = await fetchAs(r, url);
        // Not every route serves every type (the image routes refuse text and PDF); refusals are JSON.
        if (res.statusCode === 404 && SHOWN_ONLY[r.url] && !SHOWN_ONLY[r.url]?.(f)) continue;
        if (res.statusCode !== 200) {
          expect(res.statusCode, what).toBe(415);
          expect(res.headers['content-type'], what).toMatch(/^application\/json/);
          continue;
        }
        expectInert(res, what);
        const head = await fetchAs(r, url, 'HEAD');
        expectInert(head, `HEAD ${what}`);
        if (r.url.endsWith('/image') || r.url.includes('/image/')) {
          // The image pipeline only ever answers raster images: an SVG is drawn, its script dropped.
          expect(res.headers['content-type'], what).toMatch(/^image\/(png|jpeg|webp)$/);
          expect(res.rawPayload.includes(XSS_MARK), what).toBe(false);
          expect(res.body, what).not.toMatch(/<svg|<script/i);
        } else {
          expect(res.headers['content-type'], what).toContain(f.storedAs);
        }
      }
    }
  });

  it('serves a stored SVG from the download route only as a sandboxed attachment', async () => {
    const svg = uploaded.find((f) => f.storedAs === 'image/svg+xml');
    const res = await s.inject({
      method: 'GET',
      url: `/hfle/v1/${tA}/files/${svg?.fileId}/file`,
      headers: auth(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="logo\.svg"/);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    const text = uploaded.find((f) => f.storedAs === 'text/plain');
    const t = await s.inject({
      method: 'GET',
      url: `/hfle/v1/${tA}/files/${text?.fileId}/file`,
      headers: auth(token),
    });
    expect(t.headers['content-type']).toMatch(/^text\/plain/);
    expect(t.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('the signed-out seed image of the issue’s attack is a PNG with no script', async () => {
    const svg = uploaded.find((f) => f.storedAs === 'image/svg+xml');
    const res = await s.inject({
      method: 'GET',
      url: `/wfpf/v1/${tA}/seed/public/${seedId}/image/${svg?.fileId}?width=1600&height=1600&flag=0`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-security-policy']).toBe(STORED_FILE_CSP);
    expect(res.rawPayload.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    expect(res.rawPayload.includes(XSS_MARK)).toBe(false);
  });
});

describe('rasterising an SVG', () => {
  it('loads nothing it references: a file on the server stays out of the picture', async () => {
    const secret = path.join(s.platform.config.dataDir, 'secret.png');
    await writeFile(
      secret,
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer(),
    );
    // The control: an image inlined as a data: URI is drawn (top-left 10×10), so drawing does happen.
    const blue = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#0000ff' } })
      .png()
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">' +
        `<image href="data:image/png;base64,${blue.toString('base64')}" width="10" height="10"/>` +
        `<image href="file://${secret}" xlink:href="file://${secret}" x="10" width="30" height="40"/>` +
        '<image href="secret.png" x="10" width="30" height="40"/>' +
        '<image href="http://127.0.0.1:9/x.png" x="10" width="30" height="40"/></svg>',
    );
    const up = await upload('refs.svg', svg);
    expect(up.statusCode, up.body).toBe(200);
    const res = await s.inject({
      method: 'GET',
      url: `/hfle/v1/${tA}/files/${json<{ fileId: string }>(up).fileId}/image?width=64&height=64`,
      headers: auth(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data, info } = await sharp(res.rawPayload)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([40, 40]);
    const pixel = (x: number, y: number) => [...data.subarray((y * 40 + x) * 4, (y * 40 + x) * 4 + 4)];
    expect(pixel(5, 5)).toEqual([0, 0, 255, 255]);
    // Right of the control every pixel is transparent: the referenced red square was never read.
    const drawn = [];
    for (let y = 0; y < 40; y++) for (let x = 10; x < 40; x++) if (pixel(x, y)[3] !== 0) drawn.push([x, y]);
    expect(drawn).toEqual([]);
  });
});

describe('routes that do not declare serves: file', () => {
  it('never answer with a stored file’s bytes (every GET route taking an id, given hostile file ids)', async () => {
    const svg = uploaded.find((f) => f.storedAs === 'image/svg+xml');
    const routes = s.routes.filter(
      (r) =>
        isOwnApiRoute(r) &&
        r.method === 'GET' &&
        r.url.includes(':tenantId') &&
        /:(?!tenantId)\w+/.test(r.url) &&
        r.options.config?.serves !== 'file',
    );
    expect(routes.length).toBeGreaterThan(50);
    for (const r of routes) {
      for (const f of uploaded) {
        for (const values of [
          { id: f.fileId, fileId: f.fileId },
          { id: seedId, fileId: f.fileId },
        ]) {
          const url = fillPath(r.url, tA, values);
          const res = await s.inject({ method: 'GET', url, headers: auth(token) });
          expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          expect(res.rawPayload.includes(XSS_MARK), `${url} sent stored bytes undeclared`).toBe(false);
        }
      }
    }
    expect(svg).toBeDefined();
  });
});
