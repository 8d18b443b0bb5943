import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMedia } from '../../server/src/modules/content/media/index.js';
import { DEMO_TENANT_ID } from '../../server/src/modules/demo/demo.devices.js';
import { seedProducts } from '../../server/src/modules/farm/seed/seed.tables.js';
import { DEMO_TRACE_LOT, seedDemoTracePublication } from '../../server/src/modules/trace/catalog/index.js';
import { button, dialog, formItem, row } from './antd.js';
import { type E2E, startE2E } from './harness.js';
import { localOnly, settledScreenshot, settleLatestAnnouncement, signIn, withPage } from './helpers.js';

// Issue 19 item 4, "played on the seed and trace pages": signed out, the demo seed product's /seed page
// and the demo lot's trace page show the demo promo video with its poster, and the browser can load both
// (byte ranges through the public routes) under each page's Content-Security-Policy.

const T = DEMO_TENANT_ID;
let e: E2E;
let seedId = 0;

beforeAll(async () => {
  e = await startE2E();
  // What main.ts runs in the background at start: the media demo (video, poster, seed product attached),
  // then the trace publication, whose product gets the video before the record is frozen.
  await seedDemoMedia(e.server.platform, T);
  await seedDemoTracePublication(e.server.platform, T);
  const [seed] = await e.server.platform.database.withTenant(T, (tx) =>
    tx.select().from(seedProducts).where(eq(seedProducts.tenantId, T)).orderBy(seedProducts.id).limit(1),
  );
  seedId = seed?.id ?? 0;
}, 180_000);
afterAll(async () => {
  await e?.close();
});

/** The element's poster, loaded as an image, and the first bytes of its video, fetched as a player would. */
const loads = (video: Locator) =>
  video.evaluate(async (el: HTMLVideoElement) => {
    const img = new Image();
    img.src = el.poster;
    await img.decode();
    const res = await fetch(el.currentSrc || el.src, { headers: { range: 'bytes=0-1023' } });
    return {
      posterWidth: img.naturalWidth,
      status: res.status,
      type: res.headers.get('content-type'),
      preload: el.preload,
      controls: el.controls,
      playsInline: el.playsInline,
    };
  });

/** The public player: its poster shown, the video fetched by range only, with the page's controls. */
const playsOnDemand = async (page: Page, video: Locator, shot: string) => {
  expect(await loads(video)).toEqual({
    posterWidth: 640,
    status: 206,
    type: 'video/mp4',
    preload: 'none',
    controls: true,
    playsInline: true,
  });
  await video.scrollIntoViewIfNeeded();
  await settledScreenshot(page, shot);
};

describe('the promo video on the public pages', () => {
  it('plays on the /seed page with its poster, signed out', async () => {
    await withPage(e, 'promo-seed', async (page) => {
      await localOnly(e, page);
      await page.goto(`${e.baseUrl}/seed?tenantId=${T}&id=${seedId}`);
      const video = page.getByTestId('seed-promo-video');
      await video.waitFor();
      await page.getByRole('heading', { name: '产品宣传视频' }).waitFor();
      await playsOnDemand(page, video, 'promo-seed-public');
    });
  }, 60_000);

  it('plays on the published trace page with its poster', async () => {
    await withPage(e, 'promo-trace', async (page) => {
      await localOnly(e, page);
      await page.goto(`${e.baseUrl}/q/${T}/b/${encodeURIComponent(DEMO_TRACE_LOT)}`);
      const video = page.locator('#promo-video video');
      await video.waitFor();
      await playsOnDemand(page, video, 'promo-trace-public');
    });
  }, 60_000);

  it('is chosen in the traced product form: the ready video with its poster, clearable', async () => {
    await withPage(e, 'promo-form', async (page) => {
      await localOnly(e, page);
      await signIn(e, page, 'demo', 'demo1234');
      await settleLatestAnnouncement(page);
      await page.goto(`${e.baseUrl}/web/trace/produce`);
      await button(row(page, '示范农场粉冠番茄'), '编辑').click();
      const drawer = await dialog(page, '编辑溯源产品');
      const field = formItem(drawer, '宣传视频');
      await field.getByText('农场宣传片（演示）').waitFor();
      // The poster thumbnail is read with the session and shown.
      const thumb = field.locator('img[alt="农场宣传片（演示）"]');
      await thumb.waitFor();
      expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
      await field.locator('.ant-select').hover();
      await expect.poll(() => field.locator('.ant-select-clear').count()).toBeGreaterThan(0);
      await settledScreenshot(page, 'promo-product-form');
    });
  }, 90_000);
});
