import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { cspViolationsOf, type E2E, newPage, screenshot } from './harness.js';

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
  // By type, not by name: the label reads '登录中…' while busy. Busy: aria-busy="true" (see signInIdle).
  submit: page.locator('form button[type="submit"]'),
});

/** Whether the sign-in attempt is over (the button no longer busy). */
export const signInIdle = async (page: Page): Promise<boolean> =>
  (await loginForm(page).submit.getAttribute('aria-busy')) !== 'true';

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

/**
 * Waits until no antd dialog or popover is still animating in. Under CI load a click during the zoom-in
 * can pass Playwright's "stable" check between two slow frames and land beside the moving button — seen
 * with the user panel and with confirm dialogs, which then stay open.
 */
export const motionSettled = async (page: Page): Promise<void> => {
  await page.waitForFunction(
    () =>
      !document.querySelector(
        ':is(.ant-modal, .ant-popover)[class*="-appear"], :is(.ant-modal, .ant-popover)[class*="-enter"]',
      ),
  );
};

/** Clicks a button inside a dialog or popover once it has finished animating in. */
export const clickSettled = async (page: Page, target: Locator): Promise<void> => {
  await target.waitFor();
  await motionSettled(page);
  await target.click();
};

/** Opens the user panel (the avatar button) and clicks one of its entries. */
export const userPanelItem = async (page: Page, name: string): Promise<void> => {
  await page.getByRole('button', { name: '账号菜单' }).click();
  await page.locator('.tl-panel').waitFor();
  await motionSettled(page);
  // The entries' icons carry their own labels ('logout'…), so the entry is found by its text.
  const item = page.locator('.tl-panel').getByRole('button').filter({ hasText: name });
  await item.click();
};

/**
 * A toast with this text: antd's message in the console, the sign-in page's own look-alike there
 * (data-testid="toast", shared/toast.ts), which also shows global notices while no antd holder is mounted.
 */
const TOASTS = '.ant-message-notice, [data-testid="toast"]';
export const toast = (page: Page, text: string): Locator => page.locator(TOASTS).filter({ hasText: text });

/**
 * Awaits `step`; when it fails, the error also says what the page showed (open dialogs, toasts) and a
 * screenshot goes to test-output/e2e/failed-<name>.png — a timeout alone does not say why.
 */
export const explained = async <T>(page: Page, name: string, step: Promise<T>): Promise<T> => {
  try {
    return await step;
  } catch (err) {
    const dialogs = await page
      .locator('.ant-modal:visible')
      .allInnerTexts()
      .catch(() => []);
    const toasts = await page
      .locator(TOASTS)
      .allInnerTexts()
      .catch(() => []);
    await screenshot(page, `failed-${name}`).catch(() => undefined);
    const seen = `dialogs: ${JSON.stringify(dialogs)}; toasts: ${JSON.stringify(toasts)}`;
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${seen}`);
  }
};

/**
 * Runs a story in a fresh browser context; when it fails, a screenshot of where it stood goes to
 * test-output/e2e/failed-<name>.png. The context is closed either way.
 */
export const withPage = async (
  e: E2E,
  name: string,
  story: (page: Page) => Promise<void>,
  opts: { width?: number; height?: number } = {},
): Promise<void> => {
  const page = await newPage(e, opts);
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  try {
    await story(page);
    // The story is over only if the console kept to its Content-Security-Policy all along.
    expect(cspViolationsOf(page), 'Content-Security-Policy violations').toEqual([]);
  } catch (err) {
    await screenshot(page, `failed-${name}`).catch(() => undefined);
    if (problems.length && err instanceof Error) err.message += `\n${problems.join('\n')}`;
    throw err;
  } finally {
    await page.context().close();
  }
};

/**
 * Waits for the CSS animations and transitions running in `locator` (a modal opening, a popover fading…)
 * to finish; endless ones (spinners) are left alone.
 */
export const animationsDone = async (locator: Locator): Promise<void> => {
  await locator.evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
};

/** A screenshot once the page has stopped moving (test-output/e2e/<name>.png). */
export const settledScreenshot = async (page: Page, name: string): Promise<void> => {
  await animationsDone(page.locator('body'));
  await screenshot(page, name);
};

/** Opens the bell's notice modal on its approval tab, in one of the three views. */
export const approvalTab = async (
  page: Page,
  view: '我提交的' | '我审批的' | '抄送我的',
): Promise<Locator> => {
  await page.getByRole('button', { name: /^消息通知/ }).click();
  const modal = page.locator('.ant-modal').filter({ has: page.getByRole('tab', { name: /审批通知/ }) });
  await modal.waitFor();
  await modal.getByRole('tab', { name: /审批通知/ }).click();
  await modal.locator('.ant-radio-button-wrapper').filter({ hasText: view }).click();
  return modal;
};

/** Approves the open task of document `docCode` from the bell ('my approvals'), then closes the modal. */
export const approveFromBell = async (page: Page, docCode: string, comment = ''): Promise<void> => {
  const modal = await approvalTab(page, '我审批的');
  const task = modal.locator('.ant-table-row').filter({ hasText: docCode }).filter({ hasText: '未审核' });
  await task.waitFor();
  // antd spaces a two-character label ('同 意').
  const agree = { name: /(^|\s)同\s?意$/ };
  await task.getByRole('button', agree).click();
  const d = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '同意' }) });
  await d.waitFor();
  if (comment) await d.locator('textarea').fill(comment);
  await d.getByRole('button', agree).click();
  await toast(page, '审核成功').waitFor();
  await d.waitFor({ state: 'hidden' });
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'hidden' });
};

/** Only the console's own server: map tiles and other outside requests are refused (CI has no network). */
export const localOnly = async (e: E2E, page: Page): Promise<void> => {
  const origin = new URL(e.baseUrl).origin;
  await page.context().route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
};

/** A GET with the page's own session: for looking ids up and checking what the server stored. */
export const apiGet = async <T>(e: E2E, page: Page, url: string): Promise<T> => {
  const token = await localItem(page, 'access_token');
  expect(token).toBeTruthy();
  const res = await page.request.get(`${e.baseUrl}${url}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
};
