import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoArticles } from '../../server/src/modules/content/article/index.js';
import { DEMO_TENANT_ID } from '../../server/src/modules/demo/demo.devices.js';
import { type E2E, newPage, screenshot, startE2E } from './harness.js';
import {
  explained,
  localItem,
  settledScreenshot,
  settleLatestAnnouncement,
  signIn,
  toast,
  waitForPath,
} from './helpers.js';

// Issue 19 item 2 in the browser (zh-CN, the demo administrator): the category tree, the article list of
// the demo articles, and an article written in Chinese through IME composition (Chrome's own composition
// events via CDP), with a picture from the library, saved twice, its two revisions compared, then
// scheduled a few seconds ahead and seen published.

const T = DEMO_TENANT_ID;
const ZONE = 'Asia/Shanghai';
let e: E2E;
let page: Page;
const errors: string[] = [];

/** 'YYYY-MM-DD HH:mm:ss' of `at` on the tenant's clock (what the schedule picker takes). */
const wall = (at: Date): string =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  })
    .format(at)
    .replace('T', ' ');

const open = async (to: string, ready: Locator) => {
  await page.goto(`${e.baseUrl}${to}`);
  await waitForPath(page, to.split('?')[0] ?? to);
  await ready.first().waitFor();
};

/** Types `text` as a Chinese IME does: composition updates (pinyin, then the candidate), then the commit. */
const imeType = async (pinyin: string, text: string) => {
  const cdp = await page.context().newCDPSession(page);
  for (let i = 1; i <= pinyin.length; i += 1) {
    const part = pinyin.slice(0, i);
    await cdp.send('Input.imeSetComposition', {
      text: part,
      selectionStart: part.length,
      selectionEnd: part.length,
    });
  }
  await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
  await cdp.send('Input.insertText', { text });
  await cdp.detach();
};

describe('articles story (issue 19 item 2)', () => {
  beforeAll(async () => {
    e = await startE2E();
    expect(await seedDemoArticles(e.server.platform, T)).toBe(14);
    page = await newPage(e);
    page.on('pageerror', (err) => errors.push(err.message));
  }, 180_000);
  afterAll(async () => {
    await e?.close();
  });

  it('the demo administrator signs in; a picture waits in the library', async () => {
    await signIn(e, page, 'demo', 'demo1234');
    await settleLatestAnnouncement(page);
    // A picture in the library for the body (uploaded as an editor would, through the library's API).
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#4f9d3a' } })
      .png()
      .toBuffer();
    const res = await page.request.post(`${e.baseUrl}/wfpf/v1/${T}/content/pictures/multipart`, {
      headers: { Authorization: `Bearer ${await localItem(page, 'access_token')}` },
      multipart: { file: { name: '稻田航拍.png', mimeType: 'image/png', buffer: png } },
    });
    expect(res.status(), await res.text()).toBe(200);
  });

  it('shows the category tree and adds a category with its English name', async () => {
    await open('/system/classify', page.locator('.tl-card .ant-table-row'));
    const rows = page.locator('.tl-card .ant-table-row');
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual(
        expect.arrayContaining([expect.stringContaining('种植技术'), expect.stringContaining('Policy news')]),
      );
    await page.getByTestId('category-add').click();
    const modal = page.locator('.ant-modal:visible');
    await modal.getByTestId('category-name').fill('果树栽培');
    await modal.getByLabel('英文名称').fill('Fruit trees');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await explained(page, 'category-saved', toast(page, '保存成功').waitFor());
    await expect.poll(() => rows.filter({ hasText: '果树栽培' }).innerText()).toContain('Fruit trees');
    await settledScreenshot(page, 'article-classify');
  });

  it('lists the demo articles with status, category and release time, and filters by status', async () => {
    await open('/system/article', page.locator('.tl-card .ant-table-row'));
    const rows = page.locator('.tl-card .ant-table-row');
    await expect.poll(() => rows.count()).toBe(10);
    await expect.poll(() => page.locator('.ant-pagination').innerText()).toContain('14');
    await expect.poll(() => rows.filter({ hasText: '草稿' }).count()).toBeGreaterThan(0);
    await settledScreenshot(page, 'article-list');
  });

  it('writes an article in Chinese with IME composition and a library picture, saves it twice and compares', async () => {
    await open('/system/graphic-editor', page.getByTestId('article-title'));
    // The title through the IME.
    await page.getByTestId('article-title').click();
    await imeType('shuidao', '水稻秧田管理');
    await expect.poll(() => page.getByTestId('article-title').inputValue()).toBe('水稻秧田管理');

    // The body: composition shows the pinyin while composing, then only the committed words remain.
    const body = page.getByTestId('richtext-input');
    await body.click();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'yangtian', selectionStart: 8, selectionEnd: 8 });
    await expect.poll(() => body.innerText()).toContain('yangtian');
    await cdp.send('Input.imeSetComposition', { text: '秧田', selectionStart: 2, selectionEnd: 2 });
    await cdp.send('Input.insertText', { text: '秧田' });
    await cdp.detach();
    await imeType('guanli', '管理要点：');
    await page.keyboard.insertText('保持浅水层，');
    await imeType('fanghan', '防寒保苗。');
    await expect.poll(() => body.innerText()).toBe('秧田管理要点：保持浅水层，防寒保苗。');
    await expect.poll(() => body.innerText()).not.toContain('yangtian');

    // A heading from the toolbar, then a picture from the library.
    await page.keyboard.press('Enter');
    await page.getByTestId('richtext-tool-h2').click();
    await imeType('zhuyi', '注意事项');
    await page.keyboard.press('Enter');
    await page.getByTestId('richtext-tool-image').click();
    const picker = page.locator('.ant-modal:visible');
    await picker.locator('.media-grid__item').filter({ hasText: '稻田航拍' }).click();
    await picker.getByTestId('picture-pick-ok').click();
    await expect.poll(() => body.locator('img').count()).toBe(1);
    await expect.poll(() => body.locator('img').getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => body.locator('h2').innerText()).toBe('注意事项');

    await page.getByTestId('article-category').click();
    await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: '种植技术' }).click();
    await page.getByTestId('save-draft').click();
    await explained(page, 'first-save', toast(page, '已保存（第 1 版）').waitFor());
    await expect.poll(() => page.url()).toMatch(/graphic-editor\?id=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('id'));

    // The stored body: the committed Chinese once, the picture's stored address (not the object URL).
    const stored = (await (
      await page.request.get(`${e.baseUrl}/wfpf/v1/${T}/content/articles/${id}`, {
        headers: { Authorization: `Bearer ${await localItem(page, 'access_token')}` },
      })
    ).json()) as { content: string; title: string };
    expect(stored.title).toBe('水稻秧田管理');
    expect(stored.content).toContain('<p>秧田管理要点：保持浅水层，防寒保苗。</p><h2>注意事项</h2>');
    expect(stored.content).toMatch(/<img src="\/hfle\/v1\/\d+\/files\/[^"]+\/file" alt="稻田航拍"/);
    expect(stored.content).not.toContain('yangtian');

    // Second revision: a sentence more and a longer title.
    await body.locator('p').first().click();
    await page.keyboard.press('End');
    await imeType('tiqian', '提前晒田。');
    await page.getByTestId('article-title').click();
    await page.keyboard.press('End');
    await imeType('jishu', '技术');
    await page.getByTestId('save-draft').click();
    await explained(page, 'second-save', toast(page, '已保存（第 2 版）').waitFor());
    await expect.poll(() => page.getByTestId('editor-revision').innerText()).toContain('第 2 版');

    await page.getByTestId('open-history').click();
    const drawer = page.locator('.ant-drawer:visible');
    await expect.poll(() => drawer.getByTestId('revision-list').locator('.ant-table-row').count()).toBe(2);
    await expect.poll(() => drawer.getByTestId('revision-list').innerText()).toContain('演示管理员');
    const diff = drawer.getByTestId('revision-diff');
    await expect.poll(() => diff.locator('ins').filter({ hasText: '提前晒田' }).count()).toBe(1);
    await expect.poll(() => diff.innerText()).toContain('水稻秧田管理技术');
    await settledScreenshot(page, 'article-revisions-diff');
    await drawer.locator('.ant-drawer-close').click();
  });

  it('schedules it a few seconds ahead and sees it published', async () => {
    await page.getByTestId('schedule').click();
    const modal = page.locator('.ant-modal:visible');
    const at = new Date(Date.now() + 6_000);
    const input = modal.locator('.ant-picker input');
    await input.click();
    await input.fill(wall(at));
    await input.press('Enter');
    await modal.getByRole('button', { name: '确定定时' }).click();
    await explained(page, 'scheduled', toast(page, '已设置定时发布').waitFor());
    await expect.poll(() => page.getByTestId('editor-status').innerText()).toBe('定时发布');
    await screenshot(page, 'article-scheduled');

    await open('/system/article', page.locator('.tl-card .ant-table-row'));
    const row = page.locator('.tl-card .ant-table-row').filter({ hasText: '水稻秧田管理技术' });
    await expect.poll(() => row.getByTestId('article-status').innerText()).toBe('定时发布');
    await expect
      .poll(
        async () => {
          await page.reload();
          await row.first().waitFor();
          return row.getByTestId('article-status').innerText();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe('已发布');
    await settledScreenshot(page, 'article-published');
    expect(errors).toEqual([]);
  });
});
