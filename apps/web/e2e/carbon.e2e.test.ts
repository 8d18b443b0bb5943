import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, newPage, OUTPUT, startE2E } from './harness.js';
import { settledScreenshot, settleLatestAnnouncement, signIn } from './helpers.js';

// Issue 18 carbon, as a farm manager reads it on the demo: the dashboard draws every chart of the year, the
// monitoring page opens a figure's calculation down to its records and source, and the registry marks the
// shipped defaults with their sources.

let e: E2E;
let page: Page;

beforeAll(async () => {
  e = await startE2E();
  page = await newPage(e, { width: 1600, height: 1000 });
  const origin = new URL(e.baseUrl).origin;
  await page.context().route(
    (u) => u.origin !== origin,
    (r) => r.abort(),
  );
}, 180_000);
afterAll(async () => {
  await e?.close();
});

describe('carbon', () => {
  it('the dashboard shows totals and draws all five charts of the year', async () => {
    await signIn(e, page, 'demo', 'demo1234');
    await settleLatestAnnouncement(page);
    await page.goto(`${e.baseUrl}/web/carbon/spectaculars`);
    await page.locator('.tl-carbon-screen').waitFor();
    await expect.poll(() => page.locator('.tl-carbon-chart canvas').count(), { timeout: 15_000 }).toBe(5);
    await expect.poll(() => page.locator('.tl-carbon-empty').count()).toBe(0);
    const net = await page.locator('.tl-carbon-figure .value').nth(2).textContent();
    expect(Number((net ?? '').replace(/,/g, ''))).toBeGreaterThan(0);
    await settledScreenshot(page, 'carbon-dashboard');
  });

  it('a monitoring line opens activity × factor = result with the factor source and the records', async () => {
    await page.goto(`${e.baseUrl}/web/carbon/neutral`);
    const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await firstRow.waitFor();
    await firstRow.locator('.ant-table-row-expand-icon').click();
    const calc = page.locator('.ant-descriptions').first();
    await calc.waitFor();
    const text = (await calc.textContent()) ?? '';
    expect(text).toContain('kgCO2e');
    expect(text).toMatch(/IPCC|生态环境部|Lal|Identity/);
    await settledScreenshot(page, 'carbon-monitoring');
    // The batch figure opens the lines it sums, with its per-kg figure beside it.
    await page.getByRole('tab', { name: '按批次' }).click();
    const batchRow = page
      .locator('.ant-table-tbody tr.ant-table-row:visible', { hasText: /\d\.\d{4}/ })
      .first();
    await batchRow.waitFor();
    expect(await batchRow.textContent()).toMatch(/\d\.\d{4}/);
    await batchRow.locator('.ant-table-row-expand-icon').click();
    await expect
      .poll(() => page.locator('.ant-table-expanded-row:visible .ant-table-row').count())
      .toBeGreaterThan(0);
  });

  it('a manual entry takes a photographed bill as evidence', async () => {
    await page.getByRole('tab', { name: '手工登记' }).click();
    const row = page
      .locator('.ant-table-tbody tr.ant-table-row:visible', { hasText: '分拣包装车间电费' })
      .first();
    await row.waitFor();
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const dialog = page.getByRole('dialog', { name: '编辑登记' });
    await dialog.waitFor();
    const bill = path.join(OUTPUT, 'carbon-bill.png');
    await sharp({ create: { width: 60, height: 80, channels: 3, background: { r: 240, g: 240, b: 232 } } })
      .png()
      .toFile(bill);
    await dialog.locator('input[type="file"]').setInputFiles(bill);
    await dialog.getByText('1 / 10 个文件', { exact: false }).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The entries table counts the evidence files of each entry.
    await expect.poll(async () => (await row.locator('td').allTextContents()).includes('1')).toBe(true);
  });

  it('the registry lists the cited defaults with their validity years', async () => {
    await page.goto(`${e.baseUrl}/web/carbon/registry`);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(5);
    await expect.poll(async () => (await page.locator('body').textContent())?.includes('0.5306')).toBe(true);
    await settledScreenshot(page, 'carbon-registry');
  });
});
