import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMapConfig, mapTileOrigins } from '../../modules/farm/map/map.config.js';
import { loadConfig } from '../../platform/config.js';
import { auth, login, startTestServer, type TestServer } from '../harness.js';

// Issue 10 item 2: every answer carries the console's Content-Security-Policy and framing headers; the
// map tiles and configured media servers are listed by origin, never by wildcard; a route's own CSP wins.

let web: string;
const servers: TestServer[] = [];

const start = async (env: Record<string, string> = {}) => {
  const s = await startTestServer({ TILTH_WEB_DIST: web, ...env });
  servers.push(s);
  return s;
};

/** The policy as directive → sources. */
const policy = (res: LightMyRequestResponse): Map<string, string[]> => {
  const header = res.headers['content-security-policy'];
  if (typeof header !== 'string') throw new Error(`no Content-Security-Policy on ${res.statusCode}`);
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
};

const expectConsolePolicy = (res: LightMyRequestResponse) => {
  const p = policy(res);
  expect(p.get('script-src')).toEqual(["'self'"]);
  expect(p.get('object-src')).toEqual(["'none'"]);
  expect(p.get('base-uri')).toEqual(["'none'"]);
  expect(p.get('frame-ancestors')).toEqual(["'self'"]);
  expect(p.get('default-src')).toEqual(["'self'"]);
  // Never a wildcard or a whole scheme as a source, never eval.
  for (const [name, values] of p) {
    for (const v of values) {
      expect(v, `${name} ${v}`).not.toBe('*');
      expect(v, `${name} ${v}`).not.toMatch(/^(https?|wss?):$/);
      expect(v, `${name} ${v}`).not.toBe("'unsafe-eval'");
    }
  }
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // Plain HTTP by default: no HSTS, and no upgrade of the console's own http:// requests.
  expect(res.headers['strict-transport-security']).toBeUndefined();
  expect(p.has('upgrade-insecure-requests')).toBe(false);
  return p;
};

beforeAll(async () => {
  web = await mkdtemp(path.join(tmpdir(), 'tilth-web-'));
  await writeFile(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/a.js"></script></head></html>',
  );
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await rm(web, { recursive: true, force: true });
});

describe('security headers (defaults)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await start();
    // A route that sets its own, stricter policy (as the file-serving routes do) registered like any other.
    s.app.get('/test/own-policy', { config: { access: 'public' } }, async (_req, reply) =>
      reply.header('content-security-policy', "default-src 'none'; sandbox").send('x'),
    );
  });

  it("the console's HTML (index, deep link) carries the policy and the frame headers", async () => {
    for (const url of ['/', '/web/farm/home']) {
      const res = await s.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const p = expectConsolePolicy(res);
      // Ant Design's CSS-in-JS needs inline styles; scripts stay 'self' only.
      expect(p.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(p.get('worker-src')).toEqual(["'self'", 'blob:']);
      expect(p.get('media-src')).toEqual(["'self'", 'blob:']);
    }
  });

  it('lists the configured map tile hosts (and the fallback layers) in img-src by origin', async () => {
    const p = policy(await s.inject({ method: 'GET', url: '/' }));
    const img = p.get('img-src') ?? [];
    const tiles = mapTileOrigins(loadMapConfig(process.env));
    expect(tiles.length).toBeGreaterThan(0);
    expect(img).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', ...tiles]));
    expect(img).toContain('https://server.arcgisonline.com');
    expect(img).toContain('https://tile.openstreetmap.org');
    // Subdomain templates are expanded, not wildcarded.
    expect(img.filter((o) => o.includes('*'))).toEqual([]);
  });

  it('API answers carry the same headers: success, 401, 404 and validation errors', async () => {
    const token = await login(s, 'adminA');
    const answers = [
      await s.inject({ method: 'GET', url: '/oauth/public/key' }),
      await s.inject({
        method: 'GET',
        url: `/wfpf/v1/${s.fixtures.tenantA}/map/config`,
        headers: auth(token),
      }),
      await s.inject({ method: 'GET', url: `/wfpf/v1/${s.fixtures.tenantA}/map/config` }),
      await s.inject({ method: 'GET', url: '/wfpe/v1/1/no-such-route' }),
      await s.inject({ method: 'GET', url: '/api-docs/json' }),
      await s.inject({ method: 'POST', url: '/oauth/oauth/token', payload: { grant_type: 1 } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 200, 400]);
    for (const res of answers) expectConsolePolicy(res);
  });

  it('a route that sets its own Content-Security-Policy keeps it; the other headers still apply', async () => {
    const res = await s.inject({ method: 'GET', url: '/test/own-policy' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('security headers (configured)', () => {
  it('frames only from the listed origins (no X-Frame-Options then), HSTS behind HTTPS, media origins', async () => {
    const s = await start({
      TILTH_FRAME_ANCESTORS: "'self' https://portal.example.com",
      TILTH_HSTS: '1',
      TILTH_CSP_MEDIA_ORIGINS: 'https://media.example.com:8443 wss://live.example.com',
      TILTH_CSP_IMG_ORIGINS: 'https://img.example.com',
      TILTH_CSP_CONNECT_ORIGINS: 'https://api.example.com',
    });
    const res = await s.inject({ method: 'GET', url: '/' });
    const p = policy(res);
    expect(p.get('frame-ancestors')).toEqual(["'self'", 'https://portal.example.com']);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(p.has('upgrade-insecure-requests')).toBe(true);
    expect(p.get('media-src')).toEqual([
      "'self'",
      'blob:',
      'https://media.example.com:8443',
      'wss://live.example.com',
    ]);
    expect(p.get('connect-src')).toEqual([
      "'self'",
      'https://api.example.com',
      'https://media.example.com:8443',
      'wss://live.example.com',
    ]);
    expect(p.get('img-src')).toEqual(expect.arrayContaining(['https://img.example.com']));
    // A player's frame is a web page: its http(s) origins only.
    expect(p.get('frame-src')).toEqual(["'self'", 'https://media.example.com:8443']);
  });

  it("frame-ancestors 'none' goes with X-Frame-Options DENY", async () => {
    const s = await start({ TILTH_FRAME_ANCESTORS: 'none' });
    const res = await s.inject({ method: 'GET', url: '/oauth/public/key' });
    expect(policy(res).get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('refuses wildcards, whole schemes and keywords as configured sources', () => {
    const bad: Record<string, string>[] = [
      { TILTH_CSP_MEDIA_ORIGINS: '*' },
      { TILTH_CSP_MEDIA_ORIGINS: 'https:' },
      { TILTH_CSP_IMG_ORIGINS: "'unsafe-inline'" },
      { TILTH_CSP_CONNECT_ORIGINS: 'https://*' },
      { TILTH_CSP_IMG_ORIGINS: 'data:' },
      { TILTH_CSP_IMG_ORIGINS: 'wss://tiles.example.com' },
      { TILTH_FRAME_ANCESTORS: '*' },
      { TILTH_FRAME_ANCESTORS: "'none' https://a.example.com" },
      { TILTH_HSTS: 'yes' },
    ];
    for (const env of bad) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(/TILTH_/);
    // A subdomain wildcard on a named host is an origin pattern, not a wildcard source.
    expect(loadConfig({ TILTH_CSP_MEDIA_ORIGINS: 'https://*.ys7.com' }).cspExtra.media).toEqual([
      'https://*.ys7.com',
    ]);
  });

  it('a custom tile server and subdomain templates become origins', () => {
    const config = loadMapConfig({
      TILTH_MAP_PROVIDERS: 'custom,amap-street',
      TILTH_MAP_CUSTOM_URL: 'http://10.0.0.5:8081/{z}/{x}/{y}.png',
    });
    const origins = mapTileOrigins(config);
    expect(origins).toEqual(
      expect.arrayContaining([
        'http://10.0.0.5:8081',
        'https://webrd01.is.autonavi.com',
        'https://webrd04.is.autonavi.com',
      ]),
    );
    expect(origins.some((o) => o.includes('{'))).toBe(false);
  });
});
