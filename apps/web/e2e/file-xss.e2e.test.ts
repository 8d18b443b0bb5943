import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileSvg } from '../../server/src/test/hostile-files.js';
import { type E2E, newPage, screenshot, startE2E } from './harness.js';
import { localItem, signIn } from './helpers.js';

// Issue 10 item 1, in a real browser: a signed-in user of the console (tokens in localStorage) opens a
// hostile SVG's public image address and its authenticated file address. The SVG's script would set the
// page title, write localStorage and call a local listener with the access token; none of it may happen.
// A control copy of the same SVG, served plainly from another origin, proves those traces do appear when
// the script does run.

let e: E2E;
let page: Page;
let beacon: http.Server;
let beaconBase: string;
const hits: string[] = [];
let token: string;
let tenantId: number;
let svgFileUrl: string;
let publicImageUrl: string;
let seedId: number;

const api = async (path: string, init: RequestInit = {}): Promise<Response> =>
  fetch(`${e.baseUrl}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });

const upload = (name: string, bytes: Buffer) => {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)]), name);
  return api(`/hfle/v1/${tenantId}/files/multipart`, { method: 'POST', body: fd });
};

/** Gives a script that was going to run the time to run (the control shows it needs far less). */
const settle = (p: Page) => p.waitForTimeout(1500);

beforeAll(async () => {
  beacon = http.createServer((req, res) => {
    if (req.url?.startsWith('/beacon')) {
      hits.push(req.url);
      res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
    } else if (req.url === '/control.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(hostileSvg(`${beaconBase}/beacon`));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => beacon.listen(0, '127.0.0.1', r));
  beaconBase = `http://127.0.0.1:${(beacon.address() as AddressInfo).port}`;

  e = await startE2E();
  page = await newPage(e);
  await signIn(e, page, 'demo', 'demo1234');
  token = (await localItem(page, 'access_token')) ?? '';
  expect(token).not.toBe('');
  const self = (await (await api('/iam/stong/v1/users/self')).json()) as { tenantId: number };
  tenantId = self.tenantId;

  const svg = hostileSvg(`${beaconBase}/beacon`);
  // The first step, an SVG named innocent.png, is refused outright.
  expect((await upload('innocent.png', svg)).status).toBe(415);
  const stored = await upload('logo.svg', svg);
  expect(stored.status).toBe(200);
  svgFileUrl = ((await stored.json()) as { fileUrl: string }).fileUrl;
  const seed = await api(`/wfpf/v1/${tenantId}/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cropName: '番茄', seedName: 'XSS 种子', imageUrl: svgFileUrl }),
  });
  expect(seed.status).toBe(200);
  seedId = ((await seed.json()) as { seedId: number }).seedId;
  const detail = await fetch(`${e.baseUrl}/wfpf/v1/${tenantId}/seed/public/${seedId}`);
  publicImageUrl = ((await detail.json()) as { imageUrl: string }).imageUrl;
  expect(publicImageUrl).toMatch(/\/seed\/public\/\d+\/image\//);
});

afterAll(async () => {
  await page?.context().close();
  await e?.close();
  await new Promise((r) => beacon?.close(r));
});

const expectNoScriptRan = async (p: Page): Promise<void> => {
  expect(hits).toEqual([]);
  await p.goto(`${e.baseUrl}/web/farm/home`);
  expect(await localItem(p, 'xss-ran')).toBeNull();
  expect(await localItem(p, 'access_token')).toBe(token);
};

describe('a hostile SVG stored in the console', () => {
  it('the control: served plainly from elsewhere, its script runs and leaves every trace', async () => {
    await page.goto(`${beaconBase}/control.svg`);
    await expect.poll(() => hits.length).toBeGreaterThan(0);
    expect(await page.title()).toBe('pwned');
    expect(await localItem(page, 'xss-ran')).toBe('null');
    hits.length = 0;
  });

  it('opened signed-out from its public seed image address, is a picture and runs nothing', async () => {
    const res = await page.goto(`${e.baseUrl}${publicImageUrl}`);
    expect(res?.status()).toBe(200);
    await settle(page);
    await screenshot(page, 'file-xss-public-image');
    expect(await page.title()).not.toBe('pwned');
    expect(hits).toEqual([]);
    expect(res?.headers()['content-type']).toBe('image/png');
    expect(res?.headers()['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    // The browser drew it: an image document of the rasterised size.
    expect(await page.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBe(120);
    await expectNoScriptRan(page);
  });

  it('opened from its authenticated file address, is a download and runs nothing', async () => {
    const context = await e.browser.newContext({ extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
    const p = await context.newPage();
    try {
      await p.goto(`${e.baseUrl}/login`);
      await p.evaluate((t) => localStorage.setItem('access_token', t), token);
      const [download] = await Promise.all([
        p.waitForEvent('download'),
        p.goto(`${e.baseUrl}${svgFileUrl}`).catch(() => null),
      ]);
      expect(download.suggestedFilename()).toBe('logo.svg');
      await settle(p);
      expect(await p.title()).not.toBe('pwned');
      // The same address in a frame of the console's own page: the sandboxed attachment never renders.
      await p.goto(`${e.baseUrl}/login`);
      await p.evaluate(
        (src) => {
          const f = document.createElement('iframe');
          f.src = src;
          document.body.append(f);
        },
        `${e.baseUrl}/wfpf/v1/${tenantId}/seed/public/${seedId}/image/${svgFileUrl.split('/')[5]}`,
      );
      await settle(p);
      expect(await p.title()).not.toBe('pwned');
      expect(hits).toEqual([]);
      expect(await localItem(p, 'xss-ran')).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('shows on the public seed page as the server’s PNG rendering', async () => {
    await page.goto(`${e.baseUrl}/seed?tenantId=${tenantId}&id=${seedId}`);
    const hero = page.locator('img.tl-seedpub-hero__img');
    await hero.waitFor({ state: 'visible' });
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    await settle(page);
    expect(await page.title()).not.toBe('pwned');
    await expectNoScriptRan(page);
  });
});
