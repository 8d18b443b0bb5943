import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolationsOf, type E2E, newPage, startE2E } from './harness.js';

// The console's Content-Security-Policy as a browser applies it (issue 10 item 2): injected inline script
// and eval do not run, another site cannot frame the console (clickjacking), the console itself can; and
// the stories' violation guard (harness.ts) does see a violation when there is one.

let e: E2E;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  e = await startE2E();
});
afterAll(async () => {
  // The violations below were provoked on purpose; close() fails on any other.
  e.cspViolations.length = 0;
  for (const close of closers) await close();
  await e?.close();
});

describe('Content-Security-Policy in the browser', () => {
  it('refuses injected inline script and eval, and the stories’ guard reports both', async () => {
    const page = await newPage(e);
    try {
      await page.goto(`${e.baseUrl}/login`);
      await page.getByPlaceholder('用户名 / 手机号').waitFor();
      expect(cspViolationsOf(page)).toEqual([]);
      const inline = await page.evaluate(() => {
        const s = document.createElement('script');
        s.textContent = 'window.injected = true';
        document.head.append(s);
        return (window as unknown as { injected?: boolean }).injected === true;
      });
      // A string handed to setTimeout is compiled by the page itself, as eval would be.
      await page.evaluate(() => {
        (setTimeout as unknown as (code: string, ms: number) => void)('window.evaluated = true', 0);
      });
      await page.waitForTimeout(300);
      const evaluated = await page.evaluate(
        () => (window as unknown as { evaluated?: boolean }).evaluated === true,
      );
      expect({ inline, evaluated }).toEqual({ inline: false, evaluated: false });
      await expect.poll(() => cspViolationsOf(page).length).toBeGreaterThanOrEqual(2);
      expect(cspViolationsOf(page).join('\n')).toMatch(/script-src|unsafe-eval/);
    } finally {
      await page.context().close();
    }
  });

  it('cannot be framed by another site, and can be by itself', async () => {
    const page = await newPage(e);
    try {
      // Another site: another origin (a port of its own) on the same machine, serving a page that frames
      // the console's sign-in. On loopback too, so Chromium's local-network checks do not interfere.
      const attackerServer = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          `<!doctype html><iframe id="victim" src="${e.baseUrl}/login" width="800" height="600"></iframe>`,
        );
      });
      await new Promise<void>((resolve) => attackerServer.listen(0, '127.0.0.1', () => resolve()));
      closers.push(() => new Promise<void>((resolve) => attackerServer.close(() => resolve())));
      const attacker = `http://127.0.0.1:${(attackerServer.address() as AddressInfo).port}/`;
      const answered = page.waitForResponse((r) => r.url() === `${e.baseUrl}/login`);
      await page.goto(attacker);
      // The console's answer reached the browser (so nothing blocked the request)...
      expect((await answered).status()).toBe(200);
      // ...and the browser refused to show it in the other site's frame (an error page instead).
      await expect
        .poll(() =>
          page
            .frames()
            .find((f) => f !== page.mainFrame())
            ?.url(),
        )
        .toBe('chrome-error://chromewebdata/');
      expect(await page.locator('#victim').contentFrame().getByPlaceholder('用户名 / 手机号').count()).toBe(
        0,
      );

      // The console's own pages may frame it ('self').
      const own = await newPage(e);
      try {
        await own.goto(`${e.baseUrl}/login`);
        await own.evaluate(() => {
          const f = document.createElement('iframe');
          f.id = 'own';
          f.src = '/login';
          document.body.append(f);
        });
        await own.locator('#own').contentFrame().getByPlaceholder('用户名 / 手机号').waitFor();
        expect(cspViolationsOf(own)).toEqual([]);
      } finally {
        await own.context().close();
      }
    } finally {
      await page.context().close();
    }
  });
});
