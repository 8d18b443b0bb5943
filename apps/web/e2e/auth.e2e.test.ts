import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCaptcha } from '../../server/src/modules/identity/identity/identity.repository.js';
import { type E2E, startE2E } from './harness.js';
import {
  FARM_HOME,
  fillAndSubmitLogin,
  localItem,
  loginForm,
  settledScreenshot,
  settleLatestAnnouncement,
  signIn,
  signInIdle,
  toast,
  userPanelItem,
  waitForPath,
  withPage,
} from './helpers.js';

// Sign-in, captcha after failures, registration with the new-user guide, log out (spec 01 §2.7–2.9, §4).

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

describe('sign-in', () => {
  it('signs demo in and lands on the farm home showing the user and the enterprise', async () => {
    await withPage(e, 'sign-in', async (page) => {
      await page.goto(`${e.baseUrl}/login`);
      const form = loginForm(page);
      await expect.poll(() => form.submit.isDisabled()).toBe(true);
      await form.username.fill('demo');
      await form.password.fill('demo1234');
      await expect.poll(() => form.submit.isEnabled()).toBe(true);
      await form.submit.click();
      await waitForPath(page, FARM_HOME);

      expect(await localItem(page, 'access_token')).toBeTruthy();
      expect(await localItem(page, 'refresh_token')).toBeTruthy();
      await settleLatestAnnouncement(page);
      const hero = page.locator('.tl-hero');
      await hero.getByText('演示管理员').waitFor();
      await hero.getByText('示范农场 / Demo Farm').waitFor();
      // The default base of the tenant is picked and shown.
      await page.locator('.tl-base-card').getByText('番禺示范基地').waitFor();
      await settledScreenshot(page, 'farm-home');
    });
  });

  it('asks for the captcha after three wrong passwords, and signs in with it', async () => {
    await withPage(e, 'captcha', async (page) => {
      await page.goto(`${e.baseUrl}/login`);
      const form = loginForm(page);
      for (let attempt = 1; attempt <= 3; attempt++) {
        const [answer] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith('/oauth/oauth/token')),
          fillAndSubmitLogin(page, 'operator', `wrong-${attempt}`),
        ]);
        expect(answer.status()).toBe(400);
        await toast(page, '用户名或密码错误').first().waitFor();
        // The attempt is over (the captcha check after it included) before the next one.
        await expect.poll(() => signInIdle(page)).toBe(true);
        if (attempt < 3) expect(await form.captcha.count()).toBe(0);
      }
      await form.captcha.waitFor();
      const image = page.locator('.tl-auth__captcha-image img');
      await image.waitFor();
      // The picture has really loaded (a person can read it).
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await settledScreenshot(page, 'login-captcha');

      // Without the captcha the form does not go out.
      await form.password.fill('operator1234');
      await form.submit.click();
      await page.getByRole('alert').getByText('请输入验证码').waitFor();

      const src = (await image.getAttribute('src')) ?? '';
      const key = decodeURIComponent(src.split('/').pop() ?? '');
      const stored = await findCaptcha(e.server.platform.database.db, key);
      expect(stored?.code).toBeTruthy();
      await form.captcha.fill(stored?.code ?? '');
      await form.submit.click();
      await waitForPath(page, FARM_HOME);
      await settleLatestAnnouncement(page);
      await page.locator('.tl-hero').getByText('李农').waitFor();
    });
  });
});

describe('registration and the new-user guide', () => {
  it('registers an enterprise with the SMS code, signs in with the phone and creates the first base', async () => {
    const phone = '13912345678';
    const password = 'green2026farm';
    await withPage(e, 'register', async (page) => {
      await page.goto(`${e.baseUrl}/login`);
      await page.getByRole('link', { name: '注册账号' }).click();
      await waitForPath(page, '/register');

      await page.getByPlaceholder('姓名').fill('张青山');
      await page.getByPlaceholder('密码（至少 8 位，包含字母和数字）').fill(password);
      await page.getByPlaceholder('企业 / 组织名称').fill('青山农场');
      await page.getByPlaceholder('手机号').fill(phone);

      // Applying with a code but before one was sent is refused on the spot.
      await page.getByPlaceholder('短信验证码').fill('123456');
      await page.getByRole('button', { name: '申请账号' }).click();
      await page.getByText('请先获取验证码').waitFor();

      const send = page.getByRole('button', { name: '获取验证码' });
      await send.click();
      await toast(page, '验证码').first().waitFor();
      // The 60 s countdown replaces the label and blocks a second send.
      // (Its name may still carry the leaving 'loading' icon's label, hence no ^ anchor.)
      const countdown = page.getByRole('button', { name: /\d+ 秒后重发$/ });
      await countdown.waitFor();
      expect(await countdown.isDisabled()).toBe(true);
      const seconds = async () => Number((await countdown.textContent())?.match(/(\d+) 秒/)?.[1]);
      const first = await seconds();
      expect(first).toBeGreaterThan(50);
      expect(first).toBeLessThanOrEqual(60);
      await expect.poll(seconds, { timeout: 5000 }).toBeLessThan(first);

      const code = e.server.sms.lastCodeFor(phone);
      expect(code).toMatch(/^\d{6}$/);
      await page.getByPlaceholder('短信验证码').fill(code ?? '');
      await settledScreenshot(page, 'register');
      const [registered] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/wfpf/v1/tenant/register')),
        page.getByRole('button', { name: '申请账号' }).click(),
      ]);
      expect(registered.status(), await registered.text()).toBe(200);
      await waitForPath(page, '/login');
      await toast(page, '注册成功，请登录').waitFor();

      // Sign in with the phone: the farm sends a new tenant through the full-screen guide first.
      await fillAndSubmitLogin(page, phone, password);
      await waitForPath(page, '/home');
      const guide = page.locator('.tl-guide');
      await guide.getByRole('heading', { name: '欢迎，张青山' }).waitFor();
      await guide.getByText('青山农场').first().waitFor();
      await settledScreenshot(page, 'novice-guide');

      // The short name is required.
      await guide.getByRole('button', { name: /^完\s?成$/ }).click();
      await guide.getByText('请输入基地简称').waitFor();
      await guide.getByPlaceholder('例如：东湖示范基地').fill('青山一号基地');
      await guide.getByPlaceholder('字母、数字、下划线或中划线').fill('QS-01');
      await guide.getByRole('button', { name: /^完\s?成$/ }).click();
      await toast(page, '基地创建成功').waitFor();
      await waitForPath(page, FARM_HOME);
      await settleLatestAnnouncement(page);
      await page.locator('.tl-hero').getByText('张青山').waitFor();
      await page.locator('.tl-hero').getByText('青山农场').waitFor();
      await page.locator('.tl-base-card').getByText('青山一号基地').waitFor();
      // The guide is done for good: /home goes straight on to the farm.
      await page.goto(`${e.baseUrl}/home`);
      await waitForPath(page, FARM_HOME);
    });
  });
});

describe('log out', () => {
  it('signs out from the user panel to /login and forgets the tokens', async () => {
    await withPage(e, 'logout', async (page) => {
      await signIn(e, page, 'viewer', 'viewer1234');
      await settleLatestAnnouncement(page);
      expect(await localItem(page, 'access_token')).toBeTruthy();
      expect(await localItem(page, 'refresh_token')).toBeTruthy();
      // The base chosen for the visit is kept in the tab's session.
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('area'))).not.toBeNull();

      await userPanelItem(page, '退出登录');
      await waitForPath(page, '/login');
      await loginForm(page).username.waitFor();
      const left = await page.evaluate(() => ({
        access: localStorage.getItem('access_token'),
        refresh: localStorage.getItem('refresh_token'),
        notice: localStorage.getItem('notice_token'),
        language: localStorage.getItem('language'),
        area: sessionStorage.getItem('area'),
      }));
      expect(left).toEqual({ access: null, refresh: null, notice: null, language: 'zh-CN', area: null });

      // The console is closed again: a page of it sends the visitor to sign in.
      await page.goto(`${e.baseUrl}${FARM_HOME}`);
      await waitForPath(page, '/login');
    });
  });
});
