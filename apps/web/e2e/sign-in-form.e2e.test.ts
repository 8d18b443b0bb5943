import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import { FARM_HOME, loginForm, toast, waitForPath, withPage } from './helpers.js';

// The sign-in form drawn without antd (issue 20 item 7): what a person relies on — Enter moves on and
// submits, the button shows the attempt in progress and takes no second press, the error toast is
// announced (role=alert) in the interface language, the password can be shown — and the front door
// stays free of antd (no antd element, no style antd injects on /login).

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  await e?.close();
});

const TOKEN = '/oauth/oauth/token';

describe('sign-in form', () => {
  it('Enter moves to the password and submits; busy while the answer is on its way; error toast in Chinese', async () => {
    await withPage(e, 'sign-in-form-zh', async (page) => {
      await page.goto(`${e.baseUrl}/login`);
      const form = loginForm(page);
      await form.username.waitFor();
      // Nothing typed: the button cannot be pressed.
      expect(await form.submit.isDisabled()).toBe(true);
      expect(await form.submit.innerText()).toBe('登 录');

      // The answer is held back until the busy state has been seen.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let posts = 0;
      await page.route(`**${TOKEN}`, async (route) => {
        posts++;
        await held;
        await route.continue();
      });

      await form.username.focus();
      await page.keyboard.type('demo');
      await page.keyboard.press('Enter');
      // Enter in the username field moves on without submitting.
      expect(await form.password.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(posts).toBe(0);
      await page.keyboard.type('wrong-password');
      await page.keyboard.press('Enter');

      await expect.poll(() => form.submit.getAttribute('aria-busy')).toBe('true');
      expect(await form.submit.innerText()).toContain('登录中');
      // A second press while busy sends nothing more.
      await form.submit.click({ force: true });
      expect(posts).toBe(1);

      release();
      const notice = toast(page, '用户名或密码错误').first();
      await notice.waitFor();
      expect(await notice.getAttribute('role')).toBe('alert');
      await expect.poll(() => form.submit.getAttribute('aria-busy')).toBeNull();
      expect(await form.submit.innerText()).toBe('登 录');
      expect(posts).toBe(1);
      // The toast goes away by itself (antd's 3 s).
      await notice.waitFor({ state: 'detached', timeout: 6000 });
      await page.unroute(`**${TOKEN}`);

      // No antd on the front door: no antd element or style in the page.
      expect(await page.locator('[class*="ant-"]').count()).toBe(0);
      // antd's CSS-in-JS injects <style> elements; the console's own stylesheets are files.
      const antdStyles = await page.evaluate(
        () =>
          Array.from(document.querySelectorAll('style')).filter((el) => el.textContent?.includes('.ant-'))
            .length,
      );
      expect(antdStyles).toBe(0);
    });
  });

  it('shows the password on the eye, says the error in English, then signs in with Enter', async () => {
    await withPage(e, 'sign-in-form-en', async (page) => {
      await page.addInitScript(() => localStorage.setItem('language', 'en-US'));
      await page.goto(`${e.baseUrl}/login`);
      const password = page.getByPlaceholder('Password', { exact: true });
      await page.getByPlaceholder('Username / phone').fill('operator');
      await password.fill('not-it');

      const eye = page.getByRole('button', { name: 'Show password' });
      expect(await password.getAttribute('type')).toBe('password');
      await eye.click();
      expect(await password.getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Hide password', pressed: true }).click();
      expect(await password.getAttribute('type')).toBe('password');

      await password.press('Enter');
      const notice = toast(page, 'Incorrect username or password').first();
      await notice.waitFor();
      expect(await notice.getAttribute('role')).toBe('alert');

      await password.fill('operator1234');
      await password.press('Enter');
      await waitForPath(page, FARM_HOME);
    });
  });
});
