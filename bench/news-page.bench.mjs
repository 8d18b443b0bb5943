// The public news page /information (issue 19 "Benchmark": first paint ≤ 1 s on localhost). Starts the real
// server with the demo data and the demo articles (the e2e harness) serving the BUILT console, and opens
// /information?tenantId=<demo> signed out in headless Chromium at 1440×900, the HTTP cache emptied before
// each load:
//   first paint / first contentful paint — the browser's paint timings (navigation start = 0);
//   news shown — until the 'latest information' list has its first item (wall, from navigation);
//   JS — encoded bytes of every script loaded by then (the server sends brotli when asked).
// One uncounted load first, then 5 measured; medians printed. Exits 1 when the target is missed.
// Usage: npm run build -w apps/web && node bench/news-page.bench.mjs
import os from 'node:os';
import { register } from 'tsx/esm/api';

register();
const { startE2E, newPage } = await import('../apps/web/e2e/harness.ts');
const { DEMO_TENANT_ID: T } = await import('../apps/server/src/modules/demo/demo.devices.ts');
const { seedDemoArticles } = await import('../apps/server/src/modules/content/article/index.ts');

const TARGET = { firstPaint: 1000 };
const RUNS = 5;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : Number.NaN;
};
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

const e = await startE2E();
let failed = false;
try {
  if (!(await seedDemoArticles(e.server.platform, T))) throw new Error('no demo articles');
  const url = `${e.baseUrl}/information?tenantId=${T}`;
  const page = await newPage(e, { width: 1440, height: 900 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const samples = [];
  for (let i = 0; i <= RUNS; i++) {
    await cdp.send('Network.clearBrowserCache');
    const t0 = Date.now();
    const res = await page.goto(url, { waitUntil: 'commit' });
    if (res?.status() !== 200) throw new Error(`page answered ${res?.status()}`);
    await page.getByTestId('news-latest').locator('li').first().waitFor({ timeout: 30_000 });
    const shownMs = Date.now() - t0;
    const m = await page.evaluate(() => {
      const paint = Object.fromEntries(
        performance.getEntriesByType('paint').map((p) => [p.name, p.startTime]),
      );
      const scripts = performance
        .getEntriesByType('resource')
        .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'))
        .map((r) => r.encodedBodySize);
      return {
        fp: paint['first-paint'] ?? Number.NaN,
        fcp: paint['first-contentful-paint'] ?? Number.NaN,
        js: scripts.reduce((a, b) => a + b, 0),
        scripts: scripts.length,
      };
    });
    if (i > 0) samples.push({ ...m, shownMs });
  }
  const fp = median(samples.map((s) => s.fp));
  const fcp = median(samples.map((s) => s.fcp));
  const shown = median(samples.map((s) => s.shownMs));
  const js = median(samples.map((s) => s.js));
  console.log(`/information signed out — ${RUNS} cold loads, 1440×900, no throttle, load ${load()}`);
  console.log(`  first paint             ${Math.round(fp)} ms  (target ≤ ${TARGET.firstPaint} ms)`);
  console.log(`  first contentful paint  ${Math.round(fcp)} ms`);
  console.log(`  news shown              ${Math.round(shown)} ms (wall, from navigation)`);
  console.log(`  JS                      ${(js / 1024).toFixed(1)} KB in ${samples[0]?.scripts} script(s)`);
  if (!(fp <= TARGET.firstPaint)) failed = true;
} finally {
  await e.close();
}
if (failed) {
  console.error('the target was missed');
  process.exit(1);
}
