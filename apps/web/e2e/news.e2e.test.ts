import type { NewsList } from '@tilth/contracts/news.types';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoArticles } from '../../server/src/modules/content/article/index.js';
import { seedDemoMedia } from '../../server/src/modules/content/media/index.js';
import { DEMO_TENANT_ID } from '../../server/src/modules/demo/demo.devices.js';
import { type E2E, screenshot, startE2E } from './harness.js';
import { localItem, settleLatestAnnouncement, signIn, withPage } from './helpers.js';

// Issue 19 item 3's story: /information signed out shows the demo tenant's carousel, latest, hot list and
// tabs; opening an item counts a read; an article scheduled a few seconds ahead through the article API
// appears at its time; read by several visitors it climbs to the top of the hot list. Then the same news
// in the console shell and a published article as the generic page/{id}.

const T = DEMO_TENANT_ID;
const SCHEDULED = '定时发布：稻瘟病防治要点';
let e: E2E;

beforeAll(async () => {
  e = await startE2E();
  expect(await seedDemoArticles(e.server.platform, T)).toBeGreaterThan(0);
  // The banners placed 'news' (media part) show above the carousel.
  await seedDemoMedia(e.server.platform, T);
}, 120_000);
afterAll(async () => {
  await e?.close();
});

const publicList = async (page: Page, valueType: number): Promise<NewsList> => {
  const res = await page.request.get(`${e.baseUrl}/wfpf/v1/public/${T}/news?valueType=${valueType}&size=10`);
  expect(res.status()).toBe(200);
  return (await res.json()) as NewsList;
};

describe('news page', () => {
  it('signed out: carousel, latest, hot and tabs; a detail counts a read; a scheduled article appears and climbs the hot list', async () => {
    await withPage(e, 'news-public', async (page) => {
      await page.goto(`${e.baseUrl}/information?tenantId=${T}`);
      const carousel = page.getByTestId('news-carousel');
      await carousel.waitFor();
      const latest = page.getByTestId('news-latest');
      const hot = page.getByTestId('news-hot');
      const before = await publicList(page, 2);
      expect(before.list.length).toBeGreaterThan(3);
      await expect.poll(() => latest.locator('li').count()).toBe(Math.min(10, before.list.length));
      expect(await hot.locator('li').count()).toBeGreaterThan(0);
      expect(await carousel.locator('.tl-news-slide').count()).toBe((await publicList(page, 3)).list.length);
      await page.locator('[data-placement="news"] [data-testid="banner-slide"]').first().waitFor();
      const tabs = page.getByTestId('news-tabs');
      expect(await tabs.getByRole('tab').count()).toBeGreaterThan(1);
      await tabs.getByTestId('news-card').first().waitFor();
      await screenshot(page, 'news-public');

      // Open the newest item: the drawer shows its read count, one more than before.
      const first = before.list[0];
      if (!first) throw new Error('no news');
      await latest.getByRole('button', { name: first.title }).click();
      const detail = page.getByTestId('news-detail');
      await detail.waitFor();
      await expect
        .poll(() => page.getByTestId('news-read-count').textContent())
        .toBe(String(first.readTime + 1));
      expect(await detail.getByTestId('richtext-view').innerText()).not.toBe('');
      await screenshot(page, 'news-detail');
      await page.keyboard.press('Escape');

      // The editor schedules an article 6 seconds ahead through the article API (signed in elsewhere).
      const editor = await e.browser.newContext();
      const ed = await editor.newPage();
      await signIn(e, ed, 'demo', 'demo1234');
      const token = await localItem(ed, 'access_token');
      const auth = { Authorization: `Bearer ${token}` };
      const created = await ed.request.post(`${e.baseUrl}/wfpf/v1/${T}/content/articles`, {
        headers: auth,
        data: {
          title: SCHEDULED,
          content: '<p>稻瘟病在抽穗期前后最易流行，应及早预防。</p>',
          articleSource: '植保站',
        },
      });
      expect(created.status(), await created.text()).toBe(200);
      const art = (await created.json()) as { id: number; objectVersionNumber: number };
      const at = new Date(Date.now() + 6_000);
      const scheduled = await ed.request.post(
        `${e.baseUrl}/wfpf/v1/${T}/content/articles/${art.id}/schedule`,
        {
          headers: auth,
          data: { objectVersionNumber: art.objectVersionNumber, publishAt: at.toISOString() },
        },
      );
      expect(scheduled.status(), await scheduled.text()).toBe(200);
      await editor.close();
      expect((await publicList(page, 2)).list.map((i) => i.title)).not.toContain(SCHEDULED);

      // At its time it is the newest item of the page (the page is reloaded as a visitor would).
      await expect
        .poll(
          async () => {
            await page.reload();
            await latest.locator('li').first().waitFor();
            return latest.locator('li').first().innerText();
          },
          { timeout: 30_000, interval: 2_000 },
        )
        .toContain(SCHEDULED);
      expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());

      // Several visitors read it (each its own browser): it climbs to the top of the hot list.
      for (let i = 0; i < 4; i += 1) {
        const visitor = await e.browser.newContext({ userAgent: `news-e2e-visitor-${i}` });
        const v = await visitor.newPage();
        await v.goto(`${e.baseUrl}/information?tenantId=${T}`);
        await v.getByTestId('news-latest').getByRole('button', { name: SCHEDULED }).click();
        await v.getByTestId('news-read-count').waitFor();
        await visitor.close();
      }
      // The ranking is remade at most every 5 s: the visitor reloads until it shows.
      await expect
        .poll(
          async () => {
            await page.reload();
            await hot.locator('li').first().waitFor();
            return hot.locator('li').first().innerText();
          },
          { timeout: 30_000, interval: 2_000 },
        )
        .toContain(SCHEDULED);
      expect(await hot.locator('li').first().innerText()).toContain('4');
      await screenshot(page, 'news-hot');
    });
  }, 180_000);

  it('signed in: the same news in the shell, and a published article as page/{id}; an unpublished one 404', async () => {
    await withPage(e, 'news-shell', async (page) => {
      await signIn(e, page, 'demo', 'demo1234');
      await settleLatestAnnouncement(page);
      await page.goto(`${e.baseUrl}/web/agriculture/infomation`);
      await page.getByTestId('news-latest').locator('li').first().waitFor();
      await page.getByTestId('news-carousel').waitFor();
      await screenshot(page, 'news-shell');
      const latest = await publicList(page, 2);
      const article = latest.list[1];
      if (!article) throw new Error('no news');
      await page.goto(`${e.baseUrl}/system/page/${article.consultId}`);
      const view = page.getByTestId('article-page');
      await view.waitFor();
      expect(await view.locator('h1').innerText()).toBe(article.title);
      await page.goto(`${e.baseUrl}/web/page/99999999`);
      await page.getByText('页面不存在或尚未发布').waitFor();
    });
  }, 120_000);
});
