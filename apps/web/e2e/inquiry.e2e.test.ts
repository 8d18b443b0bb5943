import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { button, choose, dialog, formItem } from './antd.js';
import { type E2E, newPage, startE2E } from './harness.js';
import {
  explained,
  localOnly,
  settledScreenshot,
  settleLatestAnnouncement,
  signIn,
  toast,
} from './helpers.js';

// Issue 19 item 5 on the demo: the farm operator asks the farm's expert with a photo; the expert, signed in
// elsewhere, answers from the queue; the farmer sees the answer in the bell, opens it, rates and closes.

const PAGE = '/web/agriculture/expert-inquiry';
const TITLE = '番茄叶片出现褐色斑点';
let e: E2E;
let farmer: Page;
let expert: Page;

const leafPng = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#3f8f3a' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><circle cx="160" cy="120" r="30" fill="#8b5a2b"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

beforeAll(async () => {
  e = await startE2E();
  farmer = await newPage(e, { width: 1500, height: 950 });
  expert = await newPage(e, { width: 1500, height: 950 });
  await localOnly(e, farmer);
  await localOnly(e, expert);
}, 180_000);
afterAll(async () => {
  await e?.close();
});

describe('expert inquiry', () => {
  it('a farmer asks with a photo', async () => {
    await signIn(e, farmer, 'operator', 'operator1234');
    await settleLatestAnnouncement(farmer);
    await farmer.goto(`${e.baseUrl}${PAGE}`);
    await farmer.getByText('您还没有向专家提问').first().waitFor();
    await button(farmer, '向专家提问').first().click();
    const d = await dialog(farmer, '向专家提问');
    await formItem(d, '标题').locator('input').fill(TITLE);
    await formItem(d, '问题描述').locator('textarea').fill('下部叶片出现褐色圆斑，边缘发黄，最近雨水多。');
    await choose(formItem(d, '作物').locator('.ant-select'), '番茄');
    await choose(formItem(d, '地块').locator('.ant-select'), '1号温室大棚');
    await d
      .locator('input[type=file]')
      .setInputFiles({ name: 'leaf.png', mimeType: 'image/png', buffer: await leafPng() });
    await d.locator('.tl-inquiry-photo img').first().waitFor();
    await d.locator('.ant-radio-button-wrapper').filter({ hasText: '紧急' }).click();
    await settledScreenshot(farmer, 'inquiry-ask');
    await button(d, '提交').click();
    await explained(farmer, 'inquiry-asked', toast(farmer, '已提交').waitFor());
    const thread = farmer.getByTestId('inquiry-thread');
    await thread.waitFor();
    expect(await thread.getByTestId('inquiry-status').textContent()).toBe('待解答');
    await thread.locator('.tl-inquiry-photo img').first().waitFor();
  });

  it('the expert, in another browser, answers it from the queue', async () => {
    await signIn(e, expert, 'expert', 'expert1234');
    await settleLatestAnnouncement(expert);
    await expert.goto(`${e.baseUrl}${PAGE}`);
    await expert.getByTestId('inquiry-dashboard').waitFor();
    const link = expert.locator('.ant-table-row').filter({ hasText: TITLE }).getByText(TITLE);
    await link.click();
    const thread = expert.getByTestId('inquiry-thread');
    await thread.waitFor();
    // The farmer's photo is shown to the expert.
    await thread.locator('.tl-inquiry-photo img').first().waitFor();
    await thread
      .getByRole('textbox', { name: '您的解答' })
      .fill('这是番茄早疫病。\n\n摘除病叶，喷施代森锰锌，7 天一次。');
    await button(thread, '解答').click();
    await explained(expert, 'inquiry-answered', toast(expert, '解答已发送').waitFor());
    expect(await thread.getByTestId('inquiry-status').textContent()).toBe('已解答');
    await expect.poll(() => thread.getByTestId('inquiry-message').count()).toBe(1);
    await settledScreenshot(expert, 'inquiry-expert-answered');
    // A good answer becomes a draft article for the article editors (this expert is not one of them).
    await button(thread, '将解答发布为文章草稿').click();
    await explained(expert, 'inquiry-published', toast(expert, '已生成文章草稿').waitFor());
  });

  it('the farmer sees the notification and the answer, rates and closes', async () => {
    await farmer.reload();
    await farmer.getByRole('button', { name: /^消息通知/ }).click();
    const center = farmer
      .locator('.ant-modal')
      .filter({ has: farmer.getByRole('tab', { name: /系统通知/ }) });
    await center.waitFor();
    await center.getByRole('tab', { name: /系统通知/ }).click();
    const item = center.locator('.tl-notice-item').filter({ hasText: `专家已解答您的问诊：${TITLE}` });
    await item.waitFor();
    await settledScreenshot(farmer, 'inquiry-bell');
    await item.locator('.tl-notice-item__title').click();
    const open = farmer.getByRole('link', { name: '查看问诊' });
    await open.waitFor();
    await open.click();
    await farmer.waitForURL(/expert-inquiry\?id=\d+/);
    const thread = farmer.getByTestId('inquiry-thread');
    await thread.waitFor();
    await thread.getByText('这是番茄早疫病。').waitFor();
    await thread.locator('.ant-rate').last().locator('.ant-rate-star').nth(4).click();
    await thread.getByRole('textbox', { name: '评价' }).fill('喷药后病斑不再扩展，谢谢！');
    await button(thread, '评分并关闭').click();
    await explained(farmer, 'inquiry-closed', toast(farmer, '问诊已关闭').waitFor());
    expect(await thread.getByTestId('inquiry-status').textContent()).toBe('已关闭');
    await thread.getByTestId('inquiry-rating').waitFor();
    await settledScreenshot(farmer, 'inquiry-closed');
  });
});
