import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../server/src/modules/demo/demo.devices.js';
import { seedDemoTraceCodes } from '../../server/src/modules/trace/code/index.js';
import { type E2E, newPage, screenshot, startE2E } from './harness.js';
import { settleLatestAnnouncement, signIn } from './helpers.js';

// Issue 18 item 2 in the console: the demo code package is listed ready; a new package of 30 codes is
// generated with its progress shown until ready; its PDF label sheet downloads; one code is voided from the
// package's drawer; the scan records show the demo scans with the copied-label flag explained.

let e: E2E;
let page: Page;

describe('Trace codes in the console', () => {
  beforeAll(async () => {
    e = await startE2E();
    await seedDemoTraceCodes(e.server.platform, DEMO_TENANT_ID);
    page = await newPage(e);
  }, 120_000);
  afterAll(async () => {
    await e?.close();
  });

  it('generates a package with progress, downloads its PDF and voids a code', async () => {
    await signIn(e, page, 'demo', 'demo1234');
    await settleLatestAnnouncement(page);
    await page.goto(`${e.baseUrl}/web/trace/code-package`);
    const demoRow = page.locator('tr').filter({ hasText: 'CP-DEMO-0001' });
    await demoRow.waitFor({ timeout: 20_000 });
    await expect.poll(() => demoRow.textContent()).toContain('已完成');
    await page.getByRole('button', { name: '生成溯源码' }).first().click();
    const modal = page.locator('.ant-modal').filter({ hasText: '生成溯源码' });
    await modal.locator('.ant-select').first().click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'FQ-TOM-2026-01' }).first().click();
    await expect.poll(() => modal.textContent()).toContain('GS1');
    const quantity = modal.locator('input.ant-input-number-input');
    await quantity.fill('30');
    await modal.getByRole('button', { name: '开始生成' }).click();
    // The new package: queued / generating with a progress bar, then ready.
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    const fresh = rows.first();
    await expect.poll(() => fresh.textContent(), { timeout: 60_000 }).toContain('已完成');
    expect(await fresh.textContent()).toContain('30');
    await screenshot(page, 'trace-code-packages');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await fresh.getByRole('button', { name: '下载' }).hover();
        await page.locator('.ant-dropdown-menu-item').filter({ hasText: 'PDF' }).click();
      })(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^CP\d{8}[2-9A-Z]{5}\.pdf$/);
    const pdf = await readFile((await download.path()) as string);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(2);

    await fresh.getByRole('button', { name: '码明细' }).click();
    const firstCode = page.locator('.ant-drawer .ant-table-row').first();
    await firstCode.waitFor();
    await firstCode.getByRole('button', { name: /作\s*废/ }).click();
    const voidModal = page.locator('.ant-modal').filter({ hasText: '作废溯源码' });
    await voidModal.locator('textarea').fill('标签破损');
    await voidModal.getByRole('button', { name: /作\s*废/ }).click();
    await expect.poll(() => firstCode.textContent()).toContain('标签破损');
    await screenshot(page, 'trace-code-drawer');
  });

  it('lists the demo scans with the summary and the suspicious flag', async () => {
    await page.goto(`${e.baseUrl}/web/trace/record`);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    // The card with the scans (under CI load another card was first in the page when the rows were in).
    const card = page.locator('.tl-card').filter({ hasText: '首次扫码' });
    await card.waitFor();
    await expect.poll(() => rows.count()).toBe(5);
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('异地短时重复');
    expect(text).toContain('WeChat / iOS');
    expect(text).toContain('广东 广州 (23.1°N 113.3°E)');
    await screenshot(page, 'trace-records');
    // The suspicious-only filter (behind the bar's expand toggle) leaves the flagged scan.
    await page
      .locator('.tl-card')
      .getByRole('button', { name: /展\s*开/ })
      .click();
    await page.locator('.ant-form-item').filter({ hasText: '可疑' }).locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '仅看可疑' }).click();
    await page
      .getByRole('button', { name: /查\s*询|搜\s*索/ })
      .first()
      .click();
    await expect.poll(() => rows.count()).toBe(1);
  });
});
