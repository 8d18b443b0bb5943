import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let s: TestServer;
let web: string;
beforeAll(async () => {
  web = await mkdtemp(path.join(tmpdir(), 'tilth-web-'));
  await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Tilth</title><div id="root"></div>');
  s = await startTestServer({ TILTH_WEB_DIST: web });
});
afterAll(async () => {
  await s.close();
  await rm(web, { recursive: true, force: true });
});

describe('serving the console', () => {
  it('sends the precompressed copy of an asset the browser accepts, cached for good when hashed', async () => {
    const { gzipSync } = await import('node:zlib');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(path.join(web, 'assets'), { recursive: true });
    const js = 'export const x = 1;'.repeat(200);
    await writeFile(path.join(web, 'assets', 'app-1a2b3c.js'), js);
    await writeFile(path.join(web, 'assets', 'app-1a2b3c.js.gz'), gzipSync(js));
    const res = await s.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.length).toBeLessThan(js.length / 5);
    const plain = await s.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('answers deep links of the console with its index page, so a reload keeps the page', async () => {
    for (const url of ['/', '/login', '/web/farm/home', '/inventory/prment/stock?x=1']) {
      const res = await s.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    // A link checker or a load balancer asks with HEAD: the same page, headers only.
    const head = await s.inject({ method: 'HEAD', url: '/web/farm/home' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    expect(head.body).toBe('');
  });

  it('picks up files built after start, and 404s a missing asset or API path with JSON', async () => {
    await writeFile(path.join(web, 'late.js'), 'console.log(1)');
    expect((await s.inject({ method: 'GET', url: '/late.js' })).statusCode).toBe(200);
    expect((await s.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await s.inject({
      method: 'GET',
      url: '/wfpf/v1/1/nothing-here',
      headers: { 'accept-language': 'en-US' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ failed: true, code: 'error.route.notFound', message: 'No such API' });
  });
});
