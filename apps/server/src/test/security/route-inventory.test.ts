import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('route inventory', () => {
  it('every registered route declares its access', () => {
    expect(s.routes.length).toBeGreaterThan(40);
    const undeclared = s.routes
      .filter((r) => r.options.config?.access === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('every API route has zod request and response schemas documented in OpenAPI', async () => {
    const res = await s.inject({ method: 'GET', url: '/api-docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    const api = s.routes.filter(
      (r) => /^\/(oauth|iam|wfpf|wfpe|hmsg|hfle)\//.test(r.url) && r.method !== 'HEAD',
    );
    for (const r of api) {
      const path = r.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[r.method.toLowerCase()], `${r.method} ${r.url} in OpenAPI`).toBeDefined();
    }
  });

  it('tenant routes are the ones under /{t}/ and non-public ones require a bearer token', async () => {
    for (const r of s.routes.filter(
      (x) => x.url.includes(':tenantId') && x.options.config?.access !== 'public',
    )) {
      const res = await s.inject({ method: r.method as 'GET', url: r.url.replace(/:(\w+)/g, '1') });
      expect([400, 401], `${r.method} ${r.url} without token`).toContain(res.statusCode);
    }
  });

  it('public routes are the reviewed ones; a stream route answers no HEAD', async () => {
    // Each public route is reviewed for what it admits: a new one must be added here on purpose.
    const publicRoutes = s.routes
      .filter((r) => r.options.config?.access === 'public' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicRoutes).toEqual([...REVIEWED_PUBLIC].sort());
    // A HEAD on a stream would start its encoder or subscription for nobody.
    const heads = new Set(s.routes.filter((r) => r.method === 'HEAD').map((r) => r.url));
    for (const url of STREAM_ROUTES) expect(heads.has(url), `HEAD ${url}`).toBe(false);
    const head = await s.inject({ method: 'HEAD', url: '/wfpe/v1/1/camera/stream/1?st=x' });
    expect(head.statusCode).toBe(404);
  });
});

/** Routes that hold a live stream open. */
const STREAM_ROUTES = ['/wfpe/v1/:tenantId/camera/stream/:cameraId', '/wfpe/v1/:tenantId/device/stream'];

const REVIEWED_PUBLIC: readonly string[] = [
  // The console's files and the API documentation.
  'GET /*',
  'GET /api-docs',
  'GET /api-docs/json',
  'GET /api-docs/static/*',
  'GET /api-docs/static/index.html',
  'GET /api-docs/static/swagger-initializer.js',
  'GET /api-docs/yaml',
  // The load balancer's check: a status word, at most one database round trip a second (health.test.ts).
  'GET /health',
  // Signing in, out and registering: bounded by per-address limits (identity-rate-limits.test.ts).
  'GET /oauth/login/user-params',
  'GET /oauth/public/captcha-code',
  'GET /oauth/public/captcha/:captchaKey',
  'GET /oauth/public/key',
  'POST /oauth/oauth/token',
  'POST /oauth/public/password/reset',
  'POST /oauth/public/send-phone-captcha-always',
  'POST /oauth/token/logout',
  'POST /wfpf/v1/tenant/register',
  'GET /wfpf/v1/:tenantId/tenant/domain',
  // The broker asks who may connect and publish: admitted by its shared secret.
  'POST /iot/emqx/authn',
  'POST /iot/emqx/authz',
  // Devices upload with their own key, not a user's token.
  'POST /wfpe/v1/:tenantId/device/mar/img/upload',
  'POST /wfpe/v1/:tenantId/insect/device-photo',
  // Seed products a tenant publishes (the QR code on the bag).
  'GET /wfpf/v1/:tenantId/seed/public/:id',
  'GET /wfpf/v1/:tenantId/seed/public/:id/image/:fileId',
  // Its promo video and poster (issue 19 item 4): only the video an enabled product shows, per-address
  // limits, byte ranges; anything else 404 (farm/seed/__tests__/seed-promo.test.ts).
  'GET /wfpf/v1/:tenantId/seed/public/:id/video/:assetKey/video',
  'GET /wfpf/v1/:tenantId/seed/public/:id/video/:assetKey/poster.jpg',
  // Video for <video>/mpegts.js, admitted by a signed token bound to tenant, camera, session and expiry.
  'GET /wfpe/v1/:tenantId/camera/stream/:cameraId',
  // A published VR tour's read-only link, admitted by its random token (≥ 192 bits), per-address limits;
  // only what the tour shows, anything else 404 (vr/tour/__tests__/tour-public.test.ts).
  'GET /wfpf/v1/public/:tenantId/vr/:token',
  'GET /wfpf/v1/public/:tenantId/vr/:token/image/:fileId',
  'GET /wfpf/v1/public/:tenantId/vr/:token/hotspot/:scenesId/:name',
  'GET /wfpf/v1/public/:tenantId/vr/:token/panorama/:panoramaId/:assetKey/preview.jpg',
  'GET /wfpf/v1/public/:tenantId/vr/:token/panorama/:panoramaId/:assetKey/thumb.jpg',
  'GET /wfpf/v1/public/:tenantId/vr/:token/panorama/:panoramaId/:assetKey/tiles/:level/:tile',
  // A tenant's live banners for the login page, farm home and news page (issue 19): per-address limits,
  // only enabled in-window banners and their pictures, anything else 404 (content/media banner.test.ts).
  'GET /wfpf/v1/public/:tenantId/banners',
  'GET /wfpf/v1/public/:tenantId/banners/:bannerId/image',
  // The public trace page of a code or lot (server-rendered HTML, its own CSP) and what the page loads:
  // only a published batch's current record, anything else the same 404; per-address limits
  // (trace/public/__tests__/trace-public.test.ts, trace-page.test.ts).
  'GET /q/:tenantId/:serial',
  'GET /q/:tenantId/b/:lot',
  'GET /01/:gtin/10/:lot/21/:serial',
  'GET /wfpf/v1/public/:tenantId/trace/proof/:serial',
  'GET /wfpf/v1/public/:tenantId/trace/proof/b/:lot',
  'GET /wfpf/v1/public/:tenantId/trace/image/:serial/:version/:index',
  'GET /wfpf/v1/public/:tenantId/trace/image/b/:lot/:version/:index',
  // The promo video the current record names and its poster (trace/public/__tests__/trace-promo.test.ts).
  'GET /wfpf/v1/public/:tenantId/trace/video/:serial/:version/video',
  'GET /wfpf/v1/public/:tenantId/trace/video/:serial/:version/poster.jpg',
  'GET /wfpf/v1/public/:tenantId/trace/video/b/:lot/:version/video',
  'GET /wfpf/v1/public/:tenantId/trace/video/b/:lot/:version/poster.jpg',
  // The page's "share my rough location": writes only to the scan that page counted, with the HMAC token
  // it was given, within 30 minutes; 20 a minute per address (trace/public/__tests__/scan-place.test.ts).
  'POST /wfpf/v1/public/:tenantId/trace/scan/:serial/place',
  // The news page signed out (/information?tenantId=…): only live articles of the path tenant, anything
  // else the same 404; an unknown tenant 404; per-address limits (security/news-public.test.ts,
  // content/news/__tests__/news.test.ts).
  'GET /wfpf/v1/public/:tenantId/news',
  'GET /wfpf/v1/public/:tenantId/news/categories',
  'GET /wfpf/v1/public/:tenantId/news/:consultId',
  'GET /wfpf/v1/public/:tenantId/news/:consultId/image/:fileId',
];
