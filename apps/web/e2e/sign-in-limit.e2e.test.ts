import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness.js';
import { fillAndSubmitLogin, loginForm, signInIdle, toast, withPage } from './helpers.js';

// Issue 10 item 10: when the per-address sign-in limit is reached, the sign-in page says so in the
// user's language, with the wait, and the form stays usable.

let e: E2E;
beforeAll(async () => {
  // A small limit keeps the story short; the shipped one has its own server test.
  e = await startE2E({ TILTH_RATE_LIMIT_SIGN_IN: '2/60' });
});
afterAll(async () => {
  await e?.close();
});

describe('sign-in limit per address', () => {
  it('shows the wait in Chinese, then in English', async () => {
    await withPage(e, 'sign-in-limit-zh', async (page) => {
      await page.goto(`${e.baseUrl}/login`);
      const form = loginForm(page);
      for (let attempt = 1; attempt <= 3; attempt++) {
        const [answer] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith('/oauth/oauth/token')),
          fillAndSubmitLogin(page, 'operator', `wrong-${attempt}`),
        ]);
        expect(answer.status()).toBe(attempt <= 2 ? 400 : 429);
        if (attempt === 3) expect(Number(answer.headers()['retry-after'])).toBeGreaterThan(0);
        await expect.poll(() => signInIdle(page)).toBe(true);
      }
      await toast(page, '操作过于频繁').first().waitFor();
      const text = await toast(page, '操作过于频繁').first().innerText();
      expect(text).toMatch(/操作过于频繁，请 \d+ 秒后再试/);
      // The limit is not a failed password: no captcha is asked for.
      expect(await form.captcha.count()).toBe(0);
      expect(await form.submit.isEnabled()).toBe(true);
    });

    await withPage(e, 'sign-in-limit-en', async (page) => {
      await page.addInitScript(() => localStorage.setItem('language', 'en-US'));
      await page.goto(`${e.baseUrl}/login`);
      await page.getByPlaceholder('Username / phone').fill('operator');
      await page.getByPlaceholder('Password', { exact: true }).fill('operator1234');
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/oauth/oauth/token')),
        page.getByRole('button', { name: 'Sign in' }).click(),
      ]);
      expect(answer.status()).toBe(429);
      const notice = toast(page, 'Too many attempts').first();
      await notice.waitFor();
      expect(await notice.innerText()).toMatch(/Too many attempts from your network; try again in \d+ s/);
      expect(page.url()).toContain('/login');
    });
  });
});
