import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, screenshot, startE2E } from './harness.js';
import { settledScreenshot, settleLatestAnnouncement, signIn, withPage } from './helpers.js';

// Issue 12 item 6: at 1600 px with the menu open, the plots' current batch and the batches' harvest sat
// under the fixed operation column. The shared table sizes every column and scrolls by their sum, so
// scrolled to its end, every column ends where the fixed column begins (none is ever covered).

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

/** Header cells' right edges (scrolled to the end) against the fixed column's left edge, and the widths. */
const layoutOf = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector('.paged-table .ant-table-content, .paged-table .ant-table-body');
    if (!(table instanceof HTMLElement)) throw new Error('no table');
    table.scrollLeft = table.scrollWidth;
    const ths = Array.from(document.querySelectorAll<HTMLElement>('.paged-table thead th'));
    const sticky = (th: HTMLElement) => getComputedStyle(th).position === 'sticky';
    const fixed = ths.find(sticky);
    return {
      fixedLeft: fixed?.getBoundingClientRect().left ?? Number.NaN,
      rights: ths.filter((th) => !sticky(th)).map((th) => th.getBoundingClientRect().right),
      // A header squeezed under its text would show it cut: text wider than the cell.
      squeezed: ths.filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent),
      menuOpen: !document.querySelector('.is-collapsed'),
    };
  });

describe('tables at 1600 × 900 with the menu open', () => {
  it('never cover a column with the fixed operation column (plots and batches)', async () => {
    await withPage(
      e,
      'tables-1600',
      async (page) => {
        await page.addInitScript(() => localStorage.setItem('menu_open', '1'));
        await signIn(e, page, 'demo', 'demo1234');
        await settleLatestAnnouncement(page);
        for (const [path, name] of [
          ['/web/farm/land', 'tables-plots-1600'],
          ['/web/farm/batch', 'tables-batches-1600'],
        ] as const) {
          await page.goto(`${e.baseUrl}${path}`);
          await page.locator('.paged-table .ant-table-row').first().waitFor();
          await settledScreenshot(page, name);
          const l = await layoutOf(page);
          expect(l.menuOpen).toBe(true);
          expect(Number.isFinite(l.fixedLeft), `${path}: a fixed operation column`).toBe(true);
          for (const right of l.rights) expect(right, path).toBeLessThanOrEqual(l.fixedLeft + 1);
          expect(l.squeezed, path).toEqual([]);
          await settledScreenshot(page, `${name}-scrolled`);
        }
        // The digital map's donut lists every crop with its area in the legend (a picture for review).
        await page.goto(`${e.baseUrl}/web/farm/map-digital`);
        await page.locator('.tl-digital canvas').first().waitFor();
        await page.waitForTimeout(1500);
        await screenshot(page, 'digital-map-1600');
      },
      { width: 1600, height: 900 },
    );
  });
});
