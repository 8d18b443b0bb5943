import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../server/src/modules/demo/demo.devices.js';
import { DEMO_TRACE_LOT } from '../../server/src/modules/trace/catalog/index.js';
import { button, choose, dialog, formItem, openDropdown, row } from './antd.js';
import { type E2E, newPage, startE2E } from './harness.js';
import { apiGet, settledScreenshot, settleLatestAnnouncement, signIn, toast } from './helpers.js';

// Issue 18 items 1 and 3 in the browser (zh-CN): the demo's trace batch on the overview with its harvest,
// a new lot made of the harvested demo tomatoes through the drawer (the lot code checked before the server,
// the expiry proposed from the shelf life), the product list, the shops and the business profile.

const T = DEMO_TENANT_ID;
let e: E2E;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  e = await startE2E();
  page = await newPage(e);
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
}, 120_000);
afterAll(async () => {
  await page?.context().close();
  await e?.close();
});

describe('trace catalogue pages', () => {
  it('shows the overview counts and the demo lot with its harvest in the detail drawer', async () => {
    await signIn(e, page, 'demo', 'demo1234');
    await settleLatestAnnouncement(page);
    await page.goto(`${e.baseUrl}/web/trace/index`);
    await row(page, DEMO_TRACE_LOT).waitFor();
    // Products, published, draft and withdrawn batches, codes issued and scans this month.
    await expect.poll(() => page.locator('.ant-statistic').count()).toBe(6);
    await row(page, DEMO_TRACE_LOT).getByRole('button', { name: DEMO_TRACE_LOT }).click();
    const drawer = await dialog(page, `示范农场粉冠番茄 · ${DEMO_TRACE_LOT}`);
    await drawer.getByText('尚未发布').waitFor();
    expect(await drawer.locator('.ant-table-row').first().innerText()).toContain('番茄');
    await settledScreenshot(page, 'trace-batch-detail');
    await page.keyboard.press('Escape');
  });

  it('makes a lot of the harvested tomatoes through the drawer, expiry proposed from shelf life', async () => {
    await button(page, '新建溯源批次').first().click();
    const drawer = await dialog(page, '新建溯源批次');
    await choose(formItem(drawer, '溯源产品').locator('.ant-select'), '示范农场粉冠番茄');
    await formItem(drawer, '批次号').locator('input').fill('bad code!');
    await formItem(drawer, '来源采收批次').locator('.ant-select').first().click();
    await openDropdown(page).locator('.ant-select-item-option').first().click();
    const production = formItem(drawer, '生产日期').locator('input');
    await production.click();
    await production.fill('2026-10-02');
    await production.press('Enter');
    await expect.poll(() => formItem(drawer, '保质期至').locator('input').inputValue()).toBe('2026-10-17');
    await button(drawer, '保存').click();
    await drawer.getByText('只能包含字母、数字、- 和 _，最多 20 位').waitFor();
    await formItem(drawer, '批次号').locator('input').fill('E2E-LOT-01');
    await button(drawer, '保存').click();
    await toast(page, '保存成功').waitFor();
    await row(page, 'E2E-LOT-01').waitFor();
    expect(await row(page, 'E2E-LOT-01').innerText()).toContain('草稿');
    const stored = await apiGet<{ content: { batchCode: string; expiryDate: string; sources: unknown[] }[] }>(
      e,
      page,
      `/wfpf/v1/${T}/trace/batches?batchCode=E2E-LOT-01`,
    );
    expect(stored.content[0]).toMatchObject({ expiryDate: '2026-10-17' });
    expect(stored.content[0]?.sources.length).toBe(1);
    await settledScreenshot(page, 'trace-index');
  });

  it('lists the products, the shops and the business profile', async () => {
    await page.goto(`${e.baseUrl}/web/trace/produce`);
    await row(page, '示范农场粉冠番茄').waitFor();
    expect(await row(page, '示范农场粉冠番茄').innerText()).toContain('6901234567892');
    await settledScreenshot(page, 'trace-products');
    await page.goto(`${e.baseUrl}/web/trace/base/store`);
    await row(page, '番禺示范农场直营店').waitFor();
    // A new shop's location is placed on the small map: the click writes 'lat,lng' into the field.
    await button(page, '新建门店').first().click();
    const shop = await dialog(page, '新建门店');
    const map = shop.getByTestId('outlet-location-map');
    await map.waitFor();
    await map.click({ position: { x: 120, y: 100 } });
    await expect
      .poll(() => formItem(shop, '位置（纬度,经度）').locator('input').inputValue())
      .toMatch(/^-?\d+\.\d{6},-?\d+\.\d{6}$/);
    await button(shop, '取消').click();
    await page.goto(`${e.baseUrl}/web/trace/base/onlineStore`);
    await row(page, '示范农场天猫旗舰店').waitFor();
    await page.goto(`${e.baseUrl}/web/trace/base/business`);
    const credit = page.locator('.ant-form-item').filter({ hasText: '统一社会信用代码' }).locator('input');
    await expect.poll(() => credit.inputValue()).toBe('91440113MA5D00001M');
    await credit.fill('91440113MA5D00001N');
    await button(page, '保存').click();
    await page.getByText('统一社会信用代码无效').waitFor();
    await settledScreenshot(page, 'trace-business');
    expect(problems).toEqual([]);
  });
});
