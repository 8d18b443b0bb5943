import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8390';
const out = '/tmp/tour';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const page = await ctx.newPage();
page.on('response', (r) => { if (r.status() >= 400) console.log('resp', r.status(), r.url()); });
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text().slice(0, 200)); });
await page.goto(`${base}/login`);
await page.locator('input').first().fill('demo');
await page.locator('input[type=password]').fill('demo1234');
await page.locator('button[type=submit]').click();
await page.waitForURL(/web\/farm/, { timeout: 20000 });
await page.waitForTimeout(1500);
const ok = page.getByRole('button', { name: '我知道了' });
if (await ok.isVisible()) await ok.click();
for (const [path, name] of [['/system/panorama', 'library'], ['/system/vr-video', 'list']]) {
  await page.goto(`${base}${path}`);
  await page.waitForTimeout(3500);
  await page.screenshot({ path: `${out}/${name}.png` });
}
const href = await page.evaluate(async () => {
  const r = await fetch('/wfpf/v1/1001/panorama-vr?page=0&size=10', { headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } });
  return r.json();
});
console.log(JSON.stringify(href).slice(0, 400));
const vr = href.content[0];
await page.goto(`${base}/preview-vr/${vr.vrId}`);
await page.waitForTimeout(5000);
await page.screenshot({ path: `${out}/preview.png` });
console.log('markers', await page.evaluate(() => [...document.querySelectorAll('.psv-marker')].map((m) => m.outerHTML.slice(0, 300)).join('\n')));
const sc = await page.evaluate(async (id) => { const r = await fetch(`/wfpf/v1/1001/panorama-scenes?vrId=${id}`, { headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } }); const j = await r.json(); return j.map((s) => [s.scenesName, s.visualJson, s.hotSpotJson.length]); }, vr.vrId);
console.log(JSON.stringify(sc));
if (vr.publicPath) {
  const anon = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const p2 = await anon.newPage();
  await p2.goto(`${base}${vr.publicPath}`);
  await p2.waitForTimeout(5000);
  await p2.screenshot({ path: `${out}/public.png` });
}
await browser.close();
