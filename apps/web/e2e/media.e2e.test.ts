import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMedia } from '../../server/src/modules/content/media/index.js';
import { DEMO_TENANT_ID } from '../../server/src/modules/demo/demo.devices.js';
import { type E2E, newPage, screenshot, startE2E } from './harness.js';
import { localItem, settledScreenshot, settleLatestAnnouncement, signIn } from './helpers.js';

// Issue 19 item 4 in the browser (zh-CN, the demo administrator): the login page shows the tenant's
// banners, two pictures go up at once with their own progress, a banner using one shows as its usage, and
// a promo video uploads, gets its poster from the server and plays.

const run = promisify(execFile);
const T = DEMO_TENANT_ID;
let e: E2E;
let page: Page;
let dir: string;

const step = async (name: string, fn: () => Promise<void>) => {
  try {
    await fn();
  } catch (err) {
    await screenshot(page, `failed-media-${name}`).catch(() => undefined);
    throw err;
  }
};

describe('company media story (issue 19 item 4)', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tilth-media-e2e-'));
    e = await startE2E();
    await seedDemoMedia(e.server.platform, T);
    page = await newPage(e);
  }, 120_000);
  afterAll(async () => {
    await e?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('shows the tenant’s login banners under the sign-in form', async () => {
    await step('login', async () => {
      await page.goto(`${e.baseUrl}/login?tenant=${T}`);
      const slide = page.getByTestId('banner-slide').first();
      await slide.waitFor();
      const img = slide.locator('img');
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
      // Both demo login banners are there (the carousel also clones slides for its loop). The first slide
      // stands in until the carousel is loaded, which on the sign-in page (no antd yet) comes a little later.
      await expect
        .poll(
          async () =>
            new Set(
              await page
                .locator('[data-placement="login"] img')
                .evaluateAll((els) => els.map((el) => el.getAttribute('alt'))),
            ),
        )
        .toEqual(new Set(['欢迎使用智慧农业平台', '丰收季到了']));
      await settledScreenshot(page, 'media-login-banner');
    });
  }, 60_000);

  it('uploads two pictures at once, each with its progress, and shows a banner as the usage of one', async () => {
    await step('pictures', async () => {
      await signIn(e, page, 'demo', 'demo1234');
      await settleLatestAnnouncement(page);
      await page.goto(`${e.baseUrl}/system/pictures-hub`);
      await page.getByTestId('picture-card').first().waitFor();
      const png = (color: string) =>
        sharp({ create: { width: 800, height: 450, channels: 3, background: color } })
          .png()
          .toBuffer();
      await page.locator('.media-hub input[type="file"]').setInputFiles([
        { name: '东坡麦田.png', mimeType: 'image/png', buffer: await png('#c9a227') },
        { name: '西岸鱼塘.png', mimeType: 'image/png', buffer: await png('#2f7fb5') },
      ]);
      // Each file is its own request with its own row in the upload list, done when stored.
      const items = page.locator('.ant-upload-list-item');
      await expect.poll(() => items.count()).toBe(2);
      await expect
        .poll(() => page.locator('.ant-upload-list-item-done').count(), { timeout: 20_000 })
        .toBe(2);
      const cards = page.getByTestId('picture-card');
      await cards.filter({ hasText: '东坡麦田' }).waitFor();
      await cards.filter({ hasText: '西岸鱼塘' }).waitFor();
      await settledScreenshot(page, 'media-pictures-uploaded');

      // A banner on the home page uses the wheat picture: the library shows it as its usage.
      const token = await localItem(page, 'access_token');
      const headers = { Authorization: `Bearer ${token}` };
      const list = await page.request.get(`${e.baseUrl}/wfpf/v1/${T}/content/pictures?pictureName=东坡麦田`, {
        headers,
      });
      const wheat = ((await list.json()) as { content: { pictureId: number }[] }).content[0];
      const made = await page.request.post(`${e.baseUrl}/wfpf/v1/${T}/content/banners`, {
        headers,
        data: { pictureId: wheat?.pictureId, title: '麦收季', placement: 'home' },
      });
      expect(made.status()).toBe(200);
      await page.reload();
      const card = page.getByTestId('picture-card').filter({ hasText: '东坡麦田' });
      await card.getByRole('button', { name: '被 1 处使用' }).click();
      await expect.poll(() => page.getByTestId('picture-usage').textContent()).toContain('轮播图: 麦收季');
      await settledScreenshot(page, 'media-picture-usage');
    });
  }, 90_000);

  it('uploads a promo video, shows its poster once made, and plays it', async () => {
    await step('video', async () => {
      const file = path.join(dir, 'promo.webm');
      await run('ffmpeg', [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=320x180:rate=10',
        '-t',
        '3',
        '-c:v',
        'libvpx-vp9',
        '-deadline',
        'realtime',
        file,
      ]);
      await page.goto(`${e.baseUrl}/system/publicity-video`);
      await page.getByText('建议 30 秒内', { exact: false }).waitFor();
      await page.locator('input[type="file"][accept*="webm"]').setInputFiles({
        name: '果园宣传.webm',
        mimeType: 'video/webm',
        buffer: await readFile(file),
      });
      const row = page.locator('tr', { hasText: '果园宣传' });
      await row.getByTestId('video-ready').waitFor({ timeout: 30_000 });
      await row.getByRole('button', { name: '播放 果园宣传' }).click();
      const video = page.getByTestId('promo-video');
      await video.waitFor();
      expect(await video.getAttribute('poster')).toMatch(/^blob:/);
      await video.evaluate((el: HTMLVideoElement) => el.play().catch(() => undefined));
      await expect
        .poll(() => video.evaluate((el: HTMLVideoElement) => [el.readyState >= 2, el.videoWidth]), {
          timeout: 15_000,
        })
        .toEqual([true, 320]);
      await settledScreenshot(page, 'media-video-playing');
    });
  }, 90_000);
});
