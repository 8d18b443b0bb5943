import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, newPage, screenshot, startE2E } from './harness.js';
import { settleLatestAnnouncement, signIn } from './helpers.js';

// The browser story of issue 16: a demo camera plays real video in the console's camera modal, holding a
// pan-tilt direction moves the picture, a saved preset brings the picture back, a screenshot becomes a farm
// log, the last minutes play back at 2×, a 2×2 split plays four cameras and the farm map opens a camera.

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

/** A 64×36 grey-level sample of the playing <video> (to measure how far two pictures differ). */
const grey = (p: Page, scope = '.ant-modal video'): Promise<number[]> =>
  p
    .locator(scope)
    .first()
    .evaluate((v: HTMLVideoElement) => {
      const c = document.createElement('canvas');
      c.width = 64;
      c.height = 36;
      const g = c.getContext('2d');
      if (!g) return [];
      g.drawImage(v, 0, 0, c.width, c.height);
      const d = g.getImageData(0, 0, c.width, c.height).data;
      const out: number[] = [];
      for (let i = 0; i < d.length; i += 4)
        out.push((d[i] ?? 0) * 0.3 + (d[i + 1] ?? 0) * 0.59 + (d[i + 2] ?? 0) * 0.11);
      return out;
    });
/** Mean absolute grey difference of two samples (0 the same picture, 255 the opposite). */
const distance = (a: number[], b: number[]): number =>
  a.reduce((s, v, i) => s + Math.abs(v - (b[i] ?? 0)), 0) / Math.max(1, a.length);

const playingVideos = (p: Page, scope: string): Promise<number> =>
  p.evaluate(
    (sel) =>
      Array.from(document.querySelectorAll<HTMLVideoElement>(sel)).filter(
        (v) => v.readyState >= 2 && v.currentTime > 0.3,
      ).length,
    scope,
  );

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

  it('goes back to a saved preset: the picture returns', async () => {
    const modal = page.locator('.ant-modal').first();
    await modal.getByPlaceholder('当前画面的名称').fill('E2E 起点');
    await modal.getByRole('button', { name: '保存画面' }).click();
    const item = modal.locator('.ant-list-item').filter({ hasText: 'E2E 起点' });
    await item.waitFor();
    await page.waitForTimeout(800);
    const saved = await grey(page);
    const right = modal.getByRole('button', { name: '右', exact: true });
    await right.hover();
    await page.mouse.down();
    await page.waitForTimeout(1500);
    await page.mouse.up();
    // The view has moved away from the preset…
    await expect.poll(async () => distance(await grey(page), saved)).toBeGreaterThan(8);
    const away = distance(await grey(page), saved);
    await screenshot(page, 'camera-preset-away');
    await item.getByRole('button', { name: '转到' }).click();
    // …and turning to it brings the saved picture back (the scene's own motion aside).
    await expect.poll(async () => distance(await grey(page), saved)).toBeLessThan(Math.min(6, away / 2));
    await screenshot(page, 'camera-preset-back');
  }, 40_000);

  it('a screenshot saved as a camera log shows in the farm log', async () => {
    const modal = page.locator('.ant-modal').first();
    await modal.getByRole('button', { name: /截\s*图/ }).click();
    const form = page.locator('.ant-modal').filter({ hasText: '抓拍上传' });
    await form.waitFor();
    const title = `E2E 抓拍 ${Date.now() % 100_000}`;
    await form.getByLabel('名称').fill(title);
    await form.getByLabel('级别').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '日常' }).click();
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('新增成功').first().waitFor();
    await form.waitFor({ state: 'detached' });

    // Playback of the last minutes at 2×: the player asks for speed 2 and the video plays.
    const speeds: number[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && /\/camera\/\d+\/playback$/.test(new URL(req.url()).pathname))
        speeds.push(Number((req.postDataJSON() as { speed: number }).speed));
    });
    await modal.getByText('回放', { exact: true }).click();
    await modal.getByText('2×', { exact: true }).click();
    await expect.poll(() => speeds.at(-1)).toBe(2);
    // The timeline shows what was recorded while the live view played.
    await expect.poll(() => modal.locator('.tl-cam-timeline__span').count()).toBeGreaterThan(0);
    // Playback starts a fresh encoder: on a loaded machine the first frames take longer than the default poll.
    await expect.poll(() => playingVideos(page, '.ant-modal video'), { timeout: 20_000 }).toBe(1);
    const t0 = await modal.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
    await page.waitForTimeout(1000);
    expect(await modal.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t0);
    await screenshot(page, 'camera-playback-2x');
    await page.keyboard.press('Escape');

    await page.goto(`${e.baseUrl}/web/farm/log`);
    await page.getByText(title).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'camera-farm-log');
  }, 45_000);

  it('a 2×2 split screen plays four cameras', async () => {
    await page.goto(`${e.baseUrl}/web/equipment/videosurveillance`);
    await page.locator('.ant-select').filter({ hasText: '分屏模板' }).first().click();
    await page.locator('.ant-select-item-option').filter({ hasText: '四分屏' }).click();
    await expect.poll(() => playingVideos(page, '.tl-cam-split video'), { timeout: 25_000 }).toBe(4);
    await screenshot(page, 'camera-split-2x2');
  }, 40_000);

  it('a camera icon on the farm map opens the camera', async () => {
    await page.goto(`${e.baseUrl}/web/farm/map`);
    await page.locator('.tl-farm-map[data-ready]').waitFor();
    const icons = page.locator('[data-testid="map-camera"]');
    await expect.poll(() => icons.count()).toBe(5);
    await screenshot(page, 'camera-farm-map');
    // Zoomed out, the cameras of one base overlap: the one on top takes the click.
    await icons.first().click({ force: true });
    await expect.poll(() => playingVideos(page, '.ant-modal video'), { timeout: 20_000 }).toBe(1);
    await screenshot(page, 'camera-farm-map-modal');
  }, 40_000);
});
