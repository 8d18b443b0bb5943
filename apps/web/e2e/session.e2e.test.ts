import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, screenshot, startE2E } from './harness.js';
import {
  animationsDone,
  fillAndSubmitLogin,
  localItem,
  pathOf,
  sessionItem,
  settleLatestAnnouncement,
  signIn,
  toast,
  userPanelItem,
  waitForPath,
  withPage,
} from './helpers.js';

// An access token that runs out (spec 01 §4, §8): refreshed silently while a refresh token is there; when
// the refresh fails too, the next call ends the session with the 'authentication expired' notice, and
// signing in again returns to the page the user was on. Access tokens live 2 s on this server.

let e: E2E;
beforeAll(async () => {
  e = await startE2E({ TILTH_ACCESS_TOKEN_TTL: '2' });
});
afterAll(async () => {
  await e?.close();
});

const ACCOUNT_PAGE = '/web/user?type=password';

/** The expiry (ms since epoch) of the access token the console holds now, from the JWT's exp claim. */
const accessTokenExpiry = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const token = localStorage.getItem('access_token') ?? '';
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
    return claims.exp * 1000;
  });

/** Waits, by the browser's clock, until the current access token has expired. */
const waitUntilExpired = async (page: Page): Promise<void> => {
  const expiry = await accessTokenExpiry(page);
  expect(expiry).toBeGreaterThan(Date.now() - 5000);
  await page.waitForFunction((at) => Date.now() > at + 250, expiry, { polling: 100, timeout: 10_000 });
};

const openNotices = async (page: Page): Promise<void> => {
  await page.getByRole('button', { name: /^消息通知/ }).click();
};

describe('the live device stream across token expiries', () => {
  it('is ended by the server at each expiry and reconnected with a fresh token, staying live', async () => {
    await withPage(e, 'stream-refresh', async (page) => {
      const opened: { token: string; status: number }[] = [];
      page.on('response', (r) => {
        if (!r.url().includes('/device/stream')) return;
        const token = r.request().headers().authorization ?? '';
        opened.push({ token, status: r.status() });
      });
      await signIn(e, page, 'demo', 'demo1234');
      await settleLatestAnnouncement(page);
      await page.goto(`${e.baseUrl}/web/equipment/gateway`);
      await waitForPath(page, '/web/equipment/gateway');
      const live = page.locator('[data-testid=device-live][data-state=live]').first();
      await live.waitFor();
      // Tokens live 2 s: within a few lifetimes the stream was reopened with at least two newer tokens.
      await expect
        .poll(() => new Set(opened.filter((o) => o.status === 200).map((o) => o.token)).size, {
          timeout: 20_000,
        })
        .toBeGreaterThanOrEqual(3);
      // Without the user noticing: same page, still live, no 'authentication expired' notice.
      expect(pathOf(page)).toBe('/web/equipment/gateway');
      await live.waitFor();
      expect(await toast(page, '认证过期，请重新登录').count()).toBe(0);
      expect(await localItem(page, 'access_token')).toBeTruthy();
    });
  });
});

describe('an expired session', () => {
  it('refreshes silently; when the refresh fails, sends to /login and back to the page after sign-in', async () => {
    await withPage(e, 'session-expiry', async (page) => {
      await signIn(e, page, 'demo', 'demo1234');
      await settleLatestAnnouncement(page);

      // A page with a query of its own: the password section of the account settings.
      await userPanelItem(page, '账号设置');
      await waitForPath(page, '/web/user');
      await page.getByRole('tab', { name: '修改密码' }).click();
      await waitForPath(page, ACCOUNT_PAGE);
      await page.getByPlaceholder('原密码').or(page.getByLabel('原密码')).first().waitFor();

      // 1. The token runs out while a refresh token is kept: the next call goes through after a refresh.
      const firstToken = await localItem(page, 'access_token');
      await waitUntilExpired(page);
      const [refreshed] = await Promise.all([
        page.waitForResponse(
          (r) => r.url().endsWith('/oauth/oauth/token') && r.request().method() === 'POST',
        ),
        openNotices(page),
      ]);
      expect(refreshed.status()).toBe(200);
      const center = page.getByRole('dialog', { name: '消息中心' });
      // The centre opens on its first tab with something waiting: the demo's receipt in approval.
      await center.getByRole('tab', { name: /平台公告/ }).click();
      await center.getByText('Tilth 平台上线公告 / Tilth is live').waitFor();
      expect(await localItem(page, 'access_token')).not.toBe(firstToken);
      expect(pathOf(page)).toBe(ACCOUNT_PAGE);
      await center.getByRole('button', { name: /^(关闭|Close)$/ }).click();
      await center.waitFor({ state: 'hidden' });

      // 2. The token runs out again and the refresh cannot happen (no refresh token any more).
      await page.evaluate(() => localStorage.removeItem('refresh_token'));
      await waitUntilExpired(page);
      await openNotices(page);

      await waitForPath(page, '/login');
      const notice = toast(page, '认证过期，请重新登录');
      await notice.waitFor();
      await animationsDone(notice);
      await screenshot(page, 'session-expired');
      expect(await localItem(page, 'access_token')).toBeNull();
      expect(await sessionItem(page, 'redirect')).toBe(ACCOUNT_PAGE);

      // 3. Signing in again returns to where the user was.
      await fillAndSubmitLogin(page, 'demo', 'demo1234');
      await waitForPath(page, ACCOUNT_PAGE);
      await page.getByRole('tab', { name: '修改密码', selected: true }).waitFor();
      expect(await sessionItem(page, 'redirect')).toBeNull();
      expect(await localItem(page, 'access_token')).toBeTruthy();
    });
  });
});
