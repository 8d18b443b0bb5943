import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import {
  FARM_HOME,
  localItem,
  settledScreenshot,
  settleLatestAnnouncement,
  signIn,
  toast,
  userPanelItem,
  withPage,
} from './helpers.js';

// The five shell layouts through the theme drawer (spec 01 §2.10, §3, §4): pick, save, reload, and the
// shell is built in the saved layout. A screenshot of each goes to test-output/e2e/layout-<name>.png.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

type Layout = 'float' | 'subfield' | 'lengthway' | 'synthesis' | 'crosswise';

/** The drawer's label of each layout, and what only that layout puts on the screen. */
const LAYOUTS: Record<Layout, { label: string; check: (page: Page) => Promise<void> }> = {
  subfield: {
    label: '分栏',
    check: async (page) => {
      // A rail of the menu's first level, and the chosen group's entries in a second column.
      const rail = page.locator('.tl-subfield__rail .tl-rail');
      await rail.getByRole('button', { name: '农场管理' }).waitFor();
      expect(await rail.getByRole('button', { name: '农场管理' }).getAttribute('aria-current')).toBe('page');
      await page.locator('.tl-subfield__column .tl-subfield__title').getByText('农场管理').waitFor();
      await page
        .locator('.tl-subfield__column')
        .getByRole('menuitem', { name: /基地管理/ })
        .waitFor();
    },
  },
  lengthway: {
    label: '纵向',
    check: async (page) => {
      // A full-height side menu, open with its names, beside a plain header.
      const menu = page.locator('.tl-lengthway__menu');
      await menu.getByRole('menuitem', { name: /基地管理/ }).waitFor();
      expect(await menu.evaluate((el) => el.classList.contains('is-collapsed'))).toBe(false);
      expect(await page.locator('.tl-lengthway__main > .tl-header').count()).toBe(1);
      expect((await menu.boundingBox())?.height).toBe(900);
    },
  },
  synthesis: {
    label: '综合',
    check: async (page) => {
      // A top bar with the module switcher, a white side menu of the module under it.
      const bar = page.locator('.tl-synthesis > .tl-topbar');
      await bar.getByRole('navigation', { name: '模块' }).waitFor();
      await page
        .locator('.tl-synthesis__menu')
        .getByRole('menuitem', { name: /基地管理/ })
        .waitFor();
      await page.locator('.tl-synthesis__crumbs').getByText('首页').waitFor();
    },
  },
  crosswise: {
    label: '横向',
    check: async (page) => {
      // The whole menu in one horizontal top bar; no side menu at all.
      const bar = page.locator('.tl-crosswise > .tl-topbar');
      await bar.locator('.ant-menu-horizontal').getByText('农场管理').waitFor();
      expect(await page.locator('aside').count()).toBe(0);
    },
  },
  float: {
    label: '悬浮',
    check: async (page) => {
      // A floating, rounded menu card (folded by default) beside a floating header card.
      const menu = page.locator('.tl-float__menu');
      await menu.waitFor();
      expect(await menu.evaluate((el) => el.classList.contains('is-collapsed'))).toBe(true);
      expect(await menu.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('18px');
      await page.locator('.tl-float__main > .tl-header--floating').waitFor();
    },
  },
};

/** The theme the server keeps for demo in the demo tenant, as the console reads it. */
const savedTheme = (page: Page): Promise<{ layout: string }> =>
  page.evaluate(async () => {
    const res = await fetch('/wfpf/v1/1001/menu-theme', {
      headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` },
    });
    const body = (await res.json()) as { theme: string };
    return JSON.parse(body.theme) as { layout: string };
  });

describe('theme drawer', () => {
  it('switches through the five layouts, each saved and still there after a reload', async () => {
    await withPage(e, 'layouts', async (page) => {
      await signIn(e, page, 'demo', 'demo1234');
      await settleLatestAnnouncement(page);
      expect((await savedTheme(page)).layout).toBe('float');
      await page.locator('.tl-shell--float').waitFor();

      // float last: it is the default, so it can only be saved once another layout is in use.
      for (const layout of ['subfield', 'lengthway', 'synthesis', 'crosswise', 'float'] as const) {
        const { label, check } = LAYOUTS[layout];
        await userPanelItem(page, '主题配置');
        const drawer = page.getByRole('dialog', { name: '主题配置' });
        await drawer.waitFor();
        const choice = drawer.locator('.tl-theme-drawer__layouts').getByRole('button', { name: label });
        await choice.click();
        // React commits the choice after the click event returns; under load that is a frame later.
        await expect.poll(() => choice.getAttribute('aria-pressed')).toBe('true');
        // The shell previews the layout at once.
        await page.locator(`.tl-shell--${layout}`).waitFor();

        await drawer.getByRole('button', { name: /^保\s?存$/ }).click();
        await toast(page, '保存成功').waitFor();
        await drawer.waitFor({ state: 'hidden' });
        expect((await savedTheme(page)).layout).toBe(layout);

        await page.reload();
        await page.locator(`.tl-shell--${layout}`).waitFor();
        expect(await page.locator('.tl-shell').getAttribute('class')).toBe(`tl-shell tl-shell--${layout}`);
        await check(page);
        // A settled page for the picture: the greeting, the base, the menu, no animation under way.
        await page.locator('.tl-hero').getByText('示范农场 / Demo Farm').waitFor();
        await page.locator('.tl-area-select').getByText('番禺示范基地').waitFor();
        await page.getByRole('button', { name: /^消息通知，\d+ 条未读$/ }).waitFor();
        await toast(page, '保存成功').waitFor({ state: 'detached' });
        await settledScreenshot(page, `layout-${layout}`);
      }
      expect(new URL(page.url()).pathname).toBe(FARM_HOME);
      // The menu state was never toggled by hand: each layout used its own default.
      expect(await localItem(page, 'menu_open')).toBeNull();
    });
  });
});
