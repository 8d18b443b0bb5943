import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, newPage, screenshot, startE2E } from './harness.js';
import { settleLatestAnnouncement, signIn } from './helpers.js';

// The first browser story of issue 16: a demo camera plays real video in the console's camera modal, and
// holding a pan-tilt direction moves the picture. (Presets, capture to the farm log, playback and the split
// screen follow in the full story.)

let e: E2E;
let page: Page;

/** A frame of the playing <video> as a data URL (the same frame twice means the picture stood still). */
const frame = (p: Page): Promise<string> =>
  p
    .locator('video')
    .first()
    .evaluate((v: HTMLVideoElement) => {
      const c = document.createElement('canvas');
      c.width = 160;
      c.height = 90;
      c.getContext('2d')?.drawImage(v, 0, 0, c.width, c.height);
      return c.toDataURL('image/png');
    });

describe('Demo camera in the console', () => {
  beforeAll(async () => {
    e = await startE2E();
    page = await newPage(e);
  }, 120_000);
  afterAll(async () => {
    await e?.close();
  });

  it('plays moving video and the pan-tilt pad moves the view', async () => {
    await signIn(e, page, 'demo', 'demo1234');
    await settleLatestAnnouncement(page);
    await page.goto(`${e.baseUrl}/web/equipment/camera`);
    const card = page.locator('.ant-card').filter({ hasText: '东区大棚全景' }).first();
    await card.waitFor({ timeout: 20_000 });
    await screenshot(page, 'camera-list');
    await card.click();
    const video = page.locator('.ant-modal video').first();
    await video.waitFor({ timeout: 15_000 });
    await page.waitForFunction(
      () => {
        const v = document.querySelector('.ant-modal video') as HTMLVideoElement | null;
        return Boolean(v && v.readyState >= 2 && v.currentTime > 0.5);
      },
      undefined,
      { timeout: 20_000 },
    );
    const a = await frame(page);
    await page.waitForTimeout(1500);
    const b = await frame(page);
    expect(b).not.toEqual(a);
    await screenshot(page, 'camera-modal');

    // Pan-tilt: holding "left" sends direction 2, releasing sends stop (−1); the server answers 1 to both.
    const controls: { direction: string | null; answer: string }[] = [];
    page.on('response', async (res) => {
      const req = res.request();
      if (req.method() === 'POST' && /\/wfpe\/v1\/\d+\/camera\/\d+$/.test(new URL(res.url()).pathname)) {
        controls.push({
          direction: new URLSearchParams(req.postData() ?? '').get('direction'),
          answer: await res.text(),
        });
      }
    });
    await page.locator('.ant-modal').getByRole('switch').click();
    const left = page.locator('.ant-modal').getByRole('button', { name: '左', exact: true });
    await left.hover();
    await page.mouse.down();
    await page.waitForTimeout(1200);
    await page.mouse.up();
    await expect.poll(() => controls.map((c) => c.direction)).toEqual(['2', '-1']);
    expect(controls.map((c) => c.answer.trim())).toEqual(['1', '1']);
    await screenshot(page, 'camera-ptz-left');
  }, 90_000);
});
