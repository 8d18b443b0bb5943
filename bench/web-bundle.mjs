// Web console weight and first paint, as a browser meets them (issue 3). Starts the real server with the
// demo data on a free port (the e2e harness), serving the BUILT console (npm run build -w apps/web first),
// and drives headless Chromium:
//   1. /login in a fresh context: every JavaScript response the page loads, its body gzipped here (the
//      server sends assets uncompressed; a front proxy would gzip them), until the network is idle;
//   2. signing in there and landing on /web/farm/home: all JavaScript loaded by then (sign-in page included);
//   3. largest contentful paint of /login: median of 5 cold loads, each in a new context (empty cache).
// Targets (issue 20): sign-in ≤ 150 KB gzip, farm home ≤ 400 KB gzip, LCP ≤ 0.5 s (issue 3's were 250 KB,
// 600 KB, 1.5 s). Prints a markdown table; exits 1 when a target is missed. DETAIL=1 also lists every
// file of both figures and names the LCP element.
// Usage: node bench/web-bundle.mjs        (LCP_RUNS=5 by default)
import { gzipSync } from 'node:zlib';
import { register } from 'tsx/esm/api';

register();
const { startE2E, newPage } = await import('../apps/web/e2e/harness.ts');

const KB = 1024;
const LCP_RUNS = Number(process.env.LCP_RUNS ?? 5);
const TARGETS = { login: 150 * KB, home: 400 * KB, lcp: 500 };

/** Collects the JavaScript responses of a page: url → { raw, gzip } bytes. */
const collectScripts = (page) => {
  const scripts = new Map();
  const pending = [];
  page.on('response', (response) => {
    const url = response.url();
    const type = response.headers()['content-type'] ?? '';
    const isJs = response.request().resourceType() === 'script' || /javascript/.test(type);
    if (!isJs || scripts.has(url) || response.status() !== 200) return;
    scripts.set(url, null);
    pending.push(
      response.body().then(
        (body) => {
          scripts.set(url, { raw: body.length, gzip: gzipSync(body).length });
        },
        // A response still arriving when the tab closes (a loaded machine): it was not part of the figure.
        () => scripts.delete(url),
      ),
    );
  });
  return {
    settle: () => Promise.all(pending),
    total: () => {
      let raw = 0;
      let gzip = 0;
      for (const size of scripts.values()) {
        if (!size) continue;
        raw += size.raw;
        gzip += size.gzip;
      }
      return { files: scripts.size, raw, gzip };
    },
    /** Each file with its sizes, largest first (for DETAIL=1). */
    list: () =>
      [...scripts.entries()]
        .filter(([, size]) => size)
        .map(([url, size]) => ({ file: new URL(url).pathname, ...size }))
        .sort((a, b) => b.gzip - a.gzip),
  };
};

const lcpOfLogin = async (e) => {
  const page = await newPage(e);
  try {
    await page.goto(`${e.baseUrl}/login`, { waitUntil: 'load' });
    await page.getByPlaceholder('用户名 / 手机号').waitFor();
    await page.waitForLoadState('networkidle');
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            const last = entries[entries.length - 1];
            const el = last?.element;
            const what = el ? `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}` : '?';
            resolve({ at: last ? last.renderTime || last.loadTime || last.startTime : Number.NaN, what });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await page.context().close();
  }
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const main = async () => {
  const e = await startE2E();
  try {
    const page = await newPage(e);
    const scripts = collectScripts(page);
    await page.goto(`${e.baseUrl}/login`);
    await page.getByPlaceholder('用户名 / 手机号').waitFor();
    await page.waitForLoadState('networkidle');
    await scripts.settle();
    const login = scripts.total();
    const loginFiles = scripts.list();

    await page.getByPlaceholder('用户名 / 手机号').fill('demo');
    await page.getByPlaceholder('密码', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: /^登\s?录$/ }).click();
    await page.waitForURL((url) => url.pathname === '/web/farm/home');
    await page.locator('.tl-hero').getByText('示范农场 / Demo Farm').waitFor();
    await page.locator('.tl-area-select').getByText('番禺示范基地').waitFor();
    await page.waitForLoadState('networkidle');
    await scripts.settle();
    const home = scripts.total();
    const homeFiles = scripts.list().filter((f) => !loginFiles.some((l) => l.file === f.file));
    await page.context().close();

    const lcps = [];
    const lcpElements = new Set();
    for (let i = 0; i < LCP_RUNS; i++) {
      const { at, what } = await lcpOfLogin(e);
      lcps.push(at);
      lcpElements.add(what);
    }
    const lcp = median(lcps);

    const ok = (value, target) => (value <= target ? 'ok' : '**over**');
    const rows = [
      [
        'JS for /login (gzip)',
        `${kb(login.gzip)} (${login.files} files, ${kb(login.raw)} raw)`,
        '≤ 150 KB',
        ok(login.gzip, TARGETS.login),
      ],
      [
        'JS by /web/farm/home after sign-in (gzip)',
        `${kb(home.gzip)} (${home.files} files, ${kb(home.raw)} raw)`,
        '≤ 400 KB',
        ok(home.gzip, TARGETS.home),
      ],
      [
        `LCP of /login, median of ${lcps.length} cold loads`,
        `${Math.round(lcp)} ms (runs: ${lcps.map((v) => Math.round(v)).join(', ')} ms)`,
        '≤ 500 ms',
        ok(lcp, TARGETS.lcp),
      ],
    ];
    console.log('| measure | value | target | |');
    console.log('| --- | --- | --- | --- |');
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
    if (process.env.DETAIL) {
      console.log(`\nLCP element: ${[...lcpElements].join(', ')}`);
      // Which files make up each figure: the sign-in page's, then what signing in added.
      for (const [title, files] of [
        ['/login', loginFiles],
        ['added by /web/farm/home', homeFiles],
      ]) {
        console.log(`\n| ${title}: file | gzip | raw |\n| --- | --- | --- |`);
        for (const f of files) console.log(`| ${f.file} | ${kb(f.gzip)} | ${kb(f.raw)} |`);
      }
    }
    const failed = login.gzip > TARGETS.login || home.gzip > TARGETS.home || !(lcp <= TARGETS.lcp);
    process.exitCode = failed ? 1 : 0;
  } finally {
    await e.close();
  }
};

await main();
