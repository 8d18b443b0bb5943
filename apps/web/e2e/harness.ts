import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { createServer, type Started } from '../../server/src/app/server.js';
import { demoExtras } from '../../server/src/modules/demo/demo.extras.js';
import { seedDemo } from '../../server/src/modules/demo/demo.seed.js';
import { createTenant, PLATFORM_TENANT_NAME } from '../../server/src/modules/demo/seed.helpers.js';
import { loadConfig } from '../../server/src/platform/config.js';

export const OUTPUT = path.resolve(import.meta.dirname, '../../../test-output/e2e');

export interface E2E {
  server: Started;
  baseUrl: string;
  browser: Browser;
  /** Content-Security-Policy violations any page of this run reported; close() fails when there are any. */
  cspViolations: string[];
  close(): Promise<void>;
}

const chromePath = (): string => {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => Boolean(p && existsSync(p)));
  if (!found) throw new Error('Chromium not found: install Debian chromium or set CHROME_PATH');
  return found;
};

/**
 * The built console served by a real server on a free port, on a fresh in-memory database with the demo
 * data, and a headless Chromium to drive it. Extra env (e.g. a short token lifetime) goes to the server.
 */
export const startE2E = async (env: Record<string, string> = {}): Promise<E2E> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tilth-e2e-'));
  const config = loadConfig({
    ...process.env,
    TILTH_DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: '0',
    MQTT_PORT: '0',
    // Data push goes to a receiver the story starts on 127.0.0.1 (plain http, a private address), and the
    // delivery worker runs on its own clock as in production (the API tests turn it off and drive it).
    TILTH_PUSH_ALLOW_PRIVATE: '1',
    TILTH_PUSH_TICK_MS: '250',
    // Scratch (tiling, video) of this server alone, removed with its data.
    TILTH_SCRATCH_DIR: path.join(dataDir, 'tmp'),
    ...env,
  });
  if (!existsSync(path.join(config.webDist, 'index.html'))) {
    throw new Error(`the console is not built (${config.webDist}); run npm run build -w apps/web`);
  }
  const server = await createServer(config, {
    pgliteDir: 'memory://',
    logger: false,
    smsLog: { info: () => undefined },
  });
  await createTenant(server.platform.database, PLATFORM_TENANT_NAME, { id: 0 });
  await seedDemo(server.platform.database, demoExtras);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (server.app.server.address() as { port: number }).port;
  const browser = await chromium.launch({
    executablePath: chromePath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  await mkdir(OUTPUT, { recursive: true });
  const cspViolations: string[] = [];
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    browser,
    cspViolations,
    close: async () => {
      await browser.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
      if (cspViolations.length > 0) {
        throw new Error(`the console broke its Content-Security-Policy:\n${cspViolations.join('\n')}`);
      }
    },
  };
};

const pageViolations = new WeakMap<Page, string[]>();

/** What a page reported against the Content-Security-Policy (withPage fails its story on any). */
export const cspViolationsOf = (page: Page): readonly string[] => pageViolations.get(page) ?? [];

// Chromium reports a violation twice: as a `securitypolicyviolation` event and as a console error
// "Refused to …"; both are collected, so neither an event listener nor a console filter can miss one.
const watchPolicy = async (e: E2E, page: Page): Promise<void> => {
  const list: string[] = [];
  pageViolations.set(page, list);
  const record = (text: string) => {
    list.push(text);
    e.cspViolations.push(`${page.url()}: ${text}`);
  };
  await page.exposeFunction('__tilthCspViolation', record);
  await page.addInitScript(() => {
    window.addEventListener(
      'securitypolicyviolation',
      (ev) => {
        const report = (window as unknown as { __tilthCspViolation?: (t: string) => void })
          .__tilthCspViolation;
        report?.(
          `${ev.effectiveDirective} blocked ${ev.blockedURI || '(inline)'} at ${ev.sourceFile}:${ev.lineNumber}`,
        );
      },
      true,
    );
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Refused to |Content Security Policy/.test(msg.text())) record(msg.text());
  });
};

export const newPage = async (e: E2E, opts: { width?: number; height?: number } = {}): Promise<Page> => {
  const context = await e.browser.newContext({
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    locale: 'zh-CN',
    // The console honours the setting (app/Providers.tsx): dialogs open without zooming, so a click under
    // CI load cannot land beside a button still moving into place.
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await watchPolicy(e, page);
  return page;
};

export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(OUTPUT, `${name}.png`) });
