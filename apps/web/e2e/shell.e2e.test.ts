import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import {
  FARM_HOME,
  localItem,
  pathOf,
  settledScreenshot,
  settleLatestAnnouncement,
  signIn,
  toast,
  userPanelItem,
  waitForPath,
  withPage,
} from './helpers.js';

// The console shell as demo (tenant administrator of two tenants) uses it: tabs, language, notices and the
// tenant switch (spec 01 §2.10, §2.12, §4). One server; the stories run in order, each in a fresh browser
// context. The tenant switch comes last: it changes demo's current tenant on the server.

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The strip of opened pages, in either language. */
const tabStrip = (page: Page): Locator => page.getByRole('tablist', { name: /^(已打开的页面|Open pages)$/ });

/** The tab with exactly this title. */
const tab = (page: Page, title: string): Locator =>
  tabStrip(page)
    .getByRole('tab')
    .filter({ hasText: exactly(title) });

const tabTitles = (page: Page): Promise<string[]> => tabStrip(page).getByRole('tab').allTextContents();

/** A page entry of the side menu. */
const menuEntry = (page: Page, name: string): Locator =>
  page
    .locator('.tl-nav')
    .getByRole('menuitem')
    .filter({ hasText: exactly(name) });

/** An entry of the tab's context menu (the one open now). */
const contextItem = (page: Page, text: string): Locator =>
  page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
    .getByRole('menuitem')
    .filter({ hasText: exactly(text) });

const signInDemo = async (page: Page): Promise<void> => {
  await signIn(e, page, 'demo', 'demo1234');
  await settleLatestAnnouncement(page);
};

describe('tabs', () => {
  it('opens pages from the menu into tabs; close others keeps home and that tab; home never closes', async () => {
    await withPage(e, 'tabs', async (page) => {
      await signInDemo(page);
      expect(await tabTitles(page)).toEqual(['首页']);

      // The float layout starts with the menu folded: unfold it, as a person would.
      await page.getByRole('button', { name: '展开菜单' }).click();
      await menuEntry(page, '地图').waitFor();
      for (const [name, path] of [
        ['地图', '/web/farm/map'],
        ['基地管理', '/web/farm/base'],
        ['地块管理', '/web/farm/land'],
        ['批次管理', '/web/farm/batch'],
      ] as const) {
        await menuEntry(page, name).click();
        await waitForPath(page, path);
        await expect.poll(() => tab(page, name).getAttribute('aria-selected')).toBe('true');
      }
      // Account settings (from the user panel) opens its tab too.
      await userPanelItem(page, '账号设置');
      await waitForPath(page, '/web/user');
      await expect
        .poll(() => tabTitles(page))
        .toEqual(['首页', '地图', '基地管理', '地块管理', '批次管理', '账号设置']);
      // A tab click shows its page again.
      await tab(page, '地图').click();
      await waitForPath(page, '/web/farm/map');
      await settledScreenshot(page, 'tabs-open');

      // The home tab has no close button, and 'close' is disabled in its context menu.
      expect(await tab(page, '首页').getByRole('button', { name: '关闭' }).count()).toBe(0);
      await tab(page, '首页').click({ button: 'right' });
      const closeItem = contextItem(page, '关闭');
      await closeItem.waitFor();
      expect(await closeItem.getAttribute('aria-disabled')).toBe('true');
      await page.keyboard.press('Escape');
      await closeItem.waitFor({ state: 'hidden' });

      // Right-click '基地管理' (not the shown tab) → close others.
      await tab(page, '基地管理').click({ button: 'right' });
      await contextItem(page, '关闭其他').click();
      await expect.poll(() => tabTitles(page)).toEqual(['首页', '基地管理']);
      await waitForPath(page, '/web/farm/base');
      await expect.poll(() => tab(page, '基地管理').getAttribute('aria-selected')).toBe('true');

      // Closing the last other tab leaves home alone, which still cannot be closed.
      await tab(page, '基地管理').getByRole('button', { name: '关闭' }).click();
      await expect.poll(() => tabTitles(page)).toEqual(['首页']);
      await waitForPath(page, FARM_HOME);
      await tab(page, '首页').click({ button: 'right' });
      await closeItem.waitFor();
      expect(await closeItem.getAttribute('aria-disabled')).toBe('true');
      expect(await contextItem(page, '关闭其他').getAttribute('aria-disabled')).toBe('true');
      await page.keyboard.press('Escape');
      expect(await tabTitles(page)).toEqual(['首页']);
    });
  });
});

describe('language', () => {
  it('switches the console to English, and keeps it after a reload', async () => {
    await withPage(e, 'language', async (page) => {
      await signInDemo(page);
      await page.getByRole('button', { name: '展开菜单' }).click();
      await menuEntry(page, '基地管理').waitFor();
      expect(await localItem(page, 'language')).not.toBe('en-US');

      await page.locator('.tl-header').getByRole('button', { name: 'EN', exact: true }).click();
      // The menu (from the server, in the chosen language), the shell and the page all change.
      await menuEntry(page, 'Bases').waitFor();
      await page.getByRole('button', { name: 'Collapse the menu' }).waitFor();
      await tab(page, 'Home').waitFor();
      await page
        .locator('.tl-hero')
        .getByText(/^(Good (morning|afternoon|evening)|Working late), 演示管理员$/)
        .waitFor();
      await page.getByText('Quick access').waitFor();
      expect(await menuEntry(page, '基地管理').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
      expect(await localItem(page, 'language')).toBe('en-US');
      await settledScreenshot(page, 'language-en');

      await page.reload();
      await menuEntry(page, 'Bases').waitFor();
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      await page.getByText('Quick access').waitFor();
      expect(await page.getByText('快捷入口').count()).toBe(0);
      expect(await localItem(page, 'language')).toBe('en-US');

      // And back.
      await page.locator('.tl-header').getByRole('button', { name: '中', exact: true }).click();
      await menuEntry(page, '基地管理').waitFor();
      expect(await localItem(page, 'language')).toBe('zh-CN');
    });
  });
});

describe('notices', () => {
  it('reads an announcement from the bell: the detail opens and the unread count drops', async () => {
    await withPage(e, 'notices', async (page) => {
      await signInDemo(page);
      const bell = page.getByRole('button', { name: /^消息通知/ });
      const unread = async () => {
        const label = (await bell.getAttribute('aria-label')) ?? '';
        return Number(label.match(/(\d+) 条未读/)?.[1] ?? 0);
      };
      // The platform announcement is still unread (sign-in offered only the newest one), and the
      // two notifications.
      await expect.poll(unread).toBeGreaterThan(0);
      const before = await unread();

      await bell.click();
      const center = page.getByRole('dialog', { name: '消息中心' });
      await center.waitFor();
      await center.getByRole('tab', { name: /平台公告/ }).click();
      // (antd's radio buttons hide the input itself: a person clicks the label.)
      const filter = (name: string) => center.locator('label').filter({ hasText: exactly(name) });
      await filter('未读').click();
      const item = center.locator('.tl-notice-item.is-unread').filter({ hasText: 'Tilth 平台上线公告' });
      await item.waitFor();
      await item.getByRole('button', { name: '查看详情' }).click();

      const detail = page.getByRole('dialog', { name: 'Tilth 平台上线公告 / Tilth is live' });
      await detail.waitFor();
      await detail
        .getByText('Welcome to Tilth. Manage bases, plots, devices and inventory in one place.')
        .waitFor();
      await detail.getByText(/^发布时间：/).waitFor();
      await settledScreenshot(page, 'notice-detail');
      await detail.getByRole('button', { name: /^(关闭|Close)$/ }).click();
      await detail.waitFor({ state: 'hidden' });

      await expect.poll(unread).toBe(before - 1);
      // The list follows: under 'unread' the announcement is gone, under 'read' it is there.
      await item.waitFor({ state: 'detached' });
      await filter('已读').click();
      await center.locator('.tl-notice-item').filter({ hasText: 'Tilth 平台上线公告' }).waitFor();
    });
  });
});

describe('tenant switch', () => {
  it('changes enterprise: the name shown and the base selector follow the other tenant', async () => {
    await withPage(e, 'tenant-switch', async (page) => {
      await signInDemo(page);
      const hero = page.locator('.tl-hero');
      await hero.getByText('示范农场 / Demo Farm').waitFor();
      const baseSelect = page.locator('.tl-area-select');
      await baseSelect.getByText('番禺示范基地').waitFor();

      await userPanelItem(page, '切换企业');
      const modal = page.getByRole('dialog', { name: '切换企业' });
      await modal.waitFor();
      // The browser asks for less motion (e2e harness): the console opens the dialog without antd's zoom.
      expect(await page.locator('.ant-modal[class*="-appear"], .ant-modal[class*="-enter"]').count()).toBe(0);
      const row = modal.locator('.tl-tenants__row').filter({ hasText: '第二农场 / Riverside Fishery' });
      await row.getByRole('button', { name: /^切\s?换$/ }).click();
      await modal.waitFor({ state: 'hidden' });
      await toast(page, '已切换企业').waitFor();

      await waitForPath(page, FARM_HOME);
      await hero.getByText('第二农场 / Riverside Fishery').waitFor();
      await baseSelect.getByText('Riverside ponds').waitFor();
      await page.locator('.tl-base-card').getByText('Riverside ponds').waitFor();
      expect(await hero.getByText('示范农场 / Demo Farm').count()).toBe(0);
      expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('area'))) ?? '{}')).toMatchObject({
        areaName: 'Riverside ponds',
      });

      // The selector lists only this tenant's bases.
      await baseSelect.click();
      const options = page.locator('.ant-select-dropdown .ant-select-item-option');
      await options.first().waitFor();
      expect(await options.allTextContents()).toEqual(['Riverside ponds']);
      await page.keyboard.press('Escape');

      // The user panel names the new enterprise, and the switch modal marks it current.
      await page.getByRole('button', { name: '账号菜单' }).click();
      await page.locator('.tl-panel__sub').getByText('第二农场 / Riverside Fishery').waitFor();
      await settledScreenshot(page, 'tenant-switched');
      expect(pathOf(page)).toBe(FARM_HOME);
    });
  });
});
