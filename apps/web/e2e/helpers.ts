import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2E } from './harness';

// What a person does over and over in the stories: sign in, get past the latest-announcement modal, look
// at the browser's storage. Selectors are the visible texts (zh-CN, the default language), roles and
// placeholders of the console.

export const FARM_HOME = '/web/farm/home';

/** Waits until the page's path (and query) is `path`. */
export const waitForPath = async (page: Page, path: string | RegExp): Promise<void> => {
  await page.waitForURL((url) =>
    typeof path === 'string' ? `${url.pathname}${url.search}` === path : path.test(url.pathname + url.search),
  );
};

export const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

export const localItem = (page: Page, key: string): Promise<string | null> =>
  page.evaluate((k) => localStorage.getItem(k), key);

export const sessionItem = (page: Page, key: string): Promise<string | null> =>
  page.evaluate((k) => sessionStorage.getItem(k), key);

/** The sign-in form's fields, by their placeholders. */
export const loginForm = (page: Page) => ({
  username: page.getByPlaceholder('用户名 / 手机号'),
  password: page.getByPlaceholder('密码', { exact: true }),
  captcha: page.getByPlaceholder('验证码', { exact: true }),
  // antd puts a space between the two characters of a two-character Chinese label ('登 录').
  submit: page.getByRole('button', { name: /^登\s?录$/ }),
});

/** Fills the sign-in form and presses the button (does not wait for the outcome). */
export const fillAndSubmitLogin = async (page: Page, username: string, password: string): Promise<void> => {
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill(password);
  await form.submit.click();
};

/** Opens /login, signs in and waits to land on `landing` (the farm home by default). */
export const signIn = async (
  e: E2E,
  page: Page,
  username: string,
  password: string,
  landing: string = FARM_HOME,
): Promise<void> => {
  await page.goto(`${e.baseUrl}/login`);
  await fillAndSubmitLogin(page, username, password);
  await waitForPath(page, landing);
};

/**
 * After each sign-in the newest announcement opens once when it is unread (spec 01 §4). Waits until that
 * check is over (local notice_token 'false'), closing the modal with its button if it came up.
 */
export const settleLatestAnnouncement = async (page: Page, okText = '我知道了'): Promise<boolean> => {
  const ok = page.getByRole('button', { name: okText, exact: true });
  const outcome = await Promise.race([
    ok.waitFor({ state: 'visible' }).then(
      () => 'modal' as const,
      () => 'timeout' as const,
    ),
    page
      .waitForFunction(() => localStorage.getItem('notice_token') === 'false')
      .then(
        () => 'none' as const,
        () => 'timeout' as const,
      ),
  ]);
  if (outcome === 'timeout') throw new Error('the latest-announcement check did not finish');
  if (outcome === 'modal') {
    await ok.click();
    await ok.waitFor({ state: 'hidden' });
  }
  await expect.poll(() => localItem(page, 'notice_token')).toBe('false');
  return outcome === 'modal';
};

/** Opens the user panel (the avatar button) and clicks one of its entries. */
export const userPanelItem = async (page: Page, name: string): Promise<void> => {
  await page.getByRole('button', { name: '账号菜单' }).click();
  const item = page.locator('.tl-panel').getByRole('button', { name, exact: true });
  await item.click();
};

/** The visible antd toast with this text. */
export const toast = (page: Page, text: string): Locator =>
  page.locator('.ant-message-notice').filter({ hasText: text });
