import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../server/src/modules/demo/demo.devices.js';
import { seedDemoNotices } from '../../server/src/modules/messaging/notice/index.js';
import { type E2E, startE2E } from './harness.js';
import { apiGet, settledScreenshot, settleLatestAnnouncement, signIn, toast, withPage } from './helpers.js';

// Issue 19 item 1 end to end: the tenant administrator writes an announcement for the farm operators with a
// file, schedules it a few seconds ahead; it arrives in an operator's bell at its time and not in a
// viewer's; the administrator then sees the operator in "who read".

const T = DEMO_TENANT_ID;
const TITLE = '周五田间巡查安排';
const FILE = { name: '巡查路线.txt', mimeType: 'text/plain', buffer: Buffer.from('1号田 → 2号田 → 鱼塘\n') };
let e: E2E;

beforeAll(async () => {
  e = await startE2E();
  // The demo's own announcements, as `npm start` seeds them after start-up.
  const [demoUser] = await e.server.platform.database.db
    .execute<{ id: string }>("select id from users where login_name = 'demo'")
    .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
  await seedDemoNotices(e.server.platform, T, Number(demoUser?.id));
}, 120_000);
afterAll(async () => {
  await e?.close();
});

/** The tenant's wall clock `sec` seconds from now, as the picker takes it (the demo tenant is Asia/Shanghai). */
const wallIn = (sec: number): string => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + sec * 1000));
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
};

/** The titles in the bell's announcement tab. */
const bellTitles = async (page: Page): Promise<string[]> => {
  await page.getByRole('button', { name: /^消息通知/ }).click();
  const center = page.getByRole('dialog', { name: '消息中心' });
  await center.waitFor();
  await center.getByRole('tab', { name: /平台公告/ }).click();
  await center.locator('.tl-notice-item').first().waitFor();
  const titles = await center.locator('.tl-notice-item').allInnerTexts();
  await page.keyboard.press('Escape');
  await center.waitFor({ state: 'hidden' });
  return titles;
};

describe('announcements admin', () => {
  let publishAt = 0;

  it('writes an announcement for one role with a file and schedules it a few seconds ahead', async () => {
    await withPage(e, 'notice-admin-write', async (page) => {
      await signIn(e, page, 'demo', 'demo1234');
      await settleLatestAnnouncement(page);
      await page.goto(`${e.baseUrl}/system/notice-manger`);
      // The demo's announcements: published, scheduled and draft, with read counts.
      await page.getByText('春耕备耕安排 / Spring planting plan').waitFor();
      await page.getByRole('cell', { name: '定时发布' }).first().waitFor();
      await settledScreenshot(page, 'notice-admin-list');

      await page.getByRole('button', { name: '新建公告' }).first().click();
      const drawer = page.locator('.ant-drawer').filter({ hasText: '新建公告' });
      await drawer.waitFor();
      await drawer.getByLabel('标题', { exact: true }).fill(TITLE);
      const body = drawer.locator('[contenteditable="true"]');
      await body.click();
      await page.keyboard.type('请各位操作员周五上午九点在番禺基地集合。');
      await drawer.getByTestId('notice-attachment-input').setInputFiles(FILE);
      await drawer.getByText(FILE.name).waitFor();

      await drawer.locator('label').filter({ hasText: '指定角色或组织' }).click();
      await drawer.getByLabel('角色', { exact: true }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: '农场操作员' }).click();
      await page.keyboard.press('Escape');

      await drawer
        .locator('label')
        .filter({ hasText: /^定时发布$/ })
        .click();
      const at = wallIn(20);
      const picker = drawer.getByLabel('定时发布时间', { exact: true });
      await picker.click();
      await picker.fill(at);
      await page.keyboard.press('Enter');
      await settledScreenshot(page, 'notice-admin-form');
      await drawer.getByRole('button', { name: /保\s*存/ }).click();
      await toast(page, '已设定定时发布').waitFor();
      publishAt = Date.now() + 20_000;

      const row = page.locator('.ant-table-row').filter({ hasText: TITLE });
      await row.getByText('定时发布').waitFor();
      await row.getByText('农场操作员').waitFor();
    });
  }, 120_000);

  it('arrives in the bell of an operator at its time, not in a viewer’s, and the receipt shows the read', async () => {
    // Nothing before its time: the operator's API answer does not hold it yet.
    await withPage(e, 'notice-admin-bell', async (page) => {
      await signIn(e, page, 'operator', 'operator1234');
      await settleLatestAnnouncement(page);
      const early = await apiGet<{ content: { title: string }[] }>(
        e,
        page,
        `/hmsg/v1/${T}/notices/page-details?page=0&size=20`,
      );
      if (Date.now() < publishAt - 2_000) expect(early.content.map((n) => n.title)).not.toContain(TITLE);
      await page.waitForTimeout(Math.max(0, publishAt - Date.now() + 1_000));
      await page.reload();
      await settleLatestAnnouncement(page);
      await expect
        .poll(() => bellTitles(page), { timeout: 15_000 })
        .toEqual(expect.arrayContaining([expect.stringContaining(TITLE)]));
      await page.getByRole('button', { name: /^消息通知/ }).click();
      const center = page.getByRole('dialog', { name: '消息中心' });
      await center.getByRole('tab', { name: /平台公告/ }).click();
      const item = center.locator('.tl-notice-item').filter({ hasText: TITLE });
      await item.getByRole('button', { name: '查看详情' }).click();
      const detail = page.getByRole('dialog', { name: TITLE });
      await detail.getByText('请各位操作员周五上午九点在番禺基地集合。').waitFor();
      await detail.getByText(FILE.name).waitFor();
      await settledScreenshot(page, 'notice-admin-operator-detail');
    });

    await withPage(e, 'notice-admin-viewer', async (page) => {
      await signIn(e, page, 'viewer', 'viewer1234');
      await settleLatestAnnouncement(page);
      const titles = await bellTitles(page);
      expect(titles.some((t) => t.includes(TITLE))).toBe(false);
    });

    await withPage(e, 'notice-admin-receipts', async (page) => {
      await signIn(e, page, 'demo', 'demo1234');
      await settleLatestAnnouncement(page);
      await page.goto(`${e.baseUrl}/system/notice-manger`);
      const row = page.locator('.ant-table-row').filter({ hasText: TITLE });
      await row.getByText('已发布').waitFor();
      await row.getByRole('button', { name: /1 \/ \d+ 已读/ }).click();
      const drawer = page.locator('.ant-drawer').filter({ hasText: `阅读情况 · ${TITLE}` });
      await drawer.waitFor();
      const operatorRow = drawer.locator('.ant-table-row').filter({ hasText: 'operator' });
      await operatorRow.getByText('已读').waitFor();
      await settledScreenshot(page, 'notice-admin-receipts');
    });
  }, 120_000);
});
