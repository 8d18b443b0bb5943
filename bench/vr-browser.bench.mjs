// VR tours in the browser (issue 17, Benchmark). Starts the real server with the demo data (the e2e harness)
// serving the BUILT console, seeds the demo tour (two 4096×2048 panoramas) and a tour of one 16384×8192
// panorama (Gaussian noise, tiled by the upload's own code), signs in as demo in headless Chromium at
// 1280×720 and, for each tour's first scene on /preview-vr/{id}:
//   first view — navigation start → the frame after PSV drew the scene (the viewer's User Timing mark
//     'tl-vr-scene-shown'), with the HTTP cache emptied (cold) and again from the cache (warm); the time the
//     first view's tiles are all in is printed beside it;
//   360° turn — from an empty cache, zoomed out to the widest view (fovmax), dragged round in steps until every
//     column of the level shown has been fetched; the bytes of every tile response (CDP
//     Network.loadingFinished encodedDataLength), the initial view's tiles included;
//   zoom in — a fresh load zoomed in to fovmin: the tiles of the deepest level fetched for that one view
//     against the level's total (only the visible ones should come).
// Targets: first view ≤ 1 s; a turn ≤ 3 MB. Exits 1 when one is missed.
// One uncounted load of each page comes first; then 5 cold and 5 warm loads each.
// Usage: npm run bench:vr-browser  (= npm run build -w apps/web && node bench/vr-browser.bench.mjs)
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { register } from 'tsx/esm/api';

register();
const { startE2E, newPage } = await import('../apps/web/e2e/harness.ts');
const { signIn } = await import('../apps/web/e2e/helpers.ts');
const { DEMO_TENANT_ID: T } = await import('../apps/server/src/modules/demo/demo.devices.ts');
const { seedDemoTour } = await import('../apps/server/src/modules/vr/tour/index.ts');
const { assetPrefix, makePanoramaAssets } = await import(
  '../apps/server/src/modules/vr/panorama/panorama.assets.ts'
);
const { insertPanorama } = await import('../apps/server/src/modules/vr/panorama/panorama.repository.ts');

const TARGET = { first: 1000, turnBytes: 3 * 1024 * 1024 };
const BIG = 16384;
const RUNS = 5;
const TILE = /\/tiles\/(\d+)\/(\d+)_(\d+)\.jpg(?:\?|$)/;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : Number.NaN;
};
const ms = (x) => `${Math.round(x)} ms`;
const mb = (x) => `${(x / 1024 / 1024).toFixed(2)} MB`;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** A 16384×8192 panorama of noise (as bench:panorama), tiled and stored as an upload would be. */
const seedBigPanorama = async (platform) => {
  const dir = path.join(os.tmpdir(), 'tilth-bench-panorama');
  await mkdir(dir, { recursive: true });
  const source = path.join(dir, `noise-${BIG}.jpg`);
  if (!existsSync(source)) {
    await sharp({
      create: {
        width: BIG,
        height: BIG / 2,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 92 })
      .toFile(source);
  }
  const assetKey = randomUUID();
  const prefix = assetPrefix(T, assetKey);
  const storageKey = `${prefix}/original.jpg`;
  await platform.storage.put(storageKey, createReadStream(source));
  const workDir = path.join(os.tmpdir(), `tilth-bench-vr-${assetKey}`);
  try {
    const made = await makePanoramaAssets(platform.storage, source, prefix, {
      maxPixels: platform.config.panoramaMaxPixels,
      workDir,
    });
    const fileSize = (await stat(source)).size;
    const row = await platform.database.withTenant(T, (tx) =>
      insertPanorama(
        tx,
        T,
        null,
        {
          name: '噪声 16384',
          width: BIG,
          height: BIG / 2,
          fileSize,
          contentType: 'image/jpeg',
          storageKey,
          assetKey,
        },
        { tiles: made.tiles },
      ),
    );
    return row.id;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
};

const e = await startE2E();
const failures = [];
try {
  const demoVrId = await seedDemoTour(e.server.platform, T);
  if (!demoVrId) throw new Error('the demo tour could not be seeded');
  const bigId = await seedBigPanorama(e.server.platform);

  const page = await newPage(e, { width: 1280, height: 720 });
  await signIn(e, page, 'demo', 'demo1234');
  await page.evaluate(() => localStorage.setItem('notice_token', 'false'));
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { Authorization: `Bearer ${token}` };
  const demo = await (
    await page.request.get(`${e.baseUrl}/wfpf/v1/${T}/panorama-vr/${demoVrId}`, { headers })
  ).json();
  const created = await page.request.post(`${e.baseUrl}/wfpf/v1/${T}/panorama-vr`, {
    headers,
    data: {
      vrName: '噪声 16384 VR',
      vrCover: demo.vrCover,
      description: '',
      areaId: demo.areaId,
      panoramaIds: [bigId],
    },
  });
  if (created.status() >= 300) throw new Error(`tour: ${created.status()} ${await created.text()}`);
  const bigVrId = (await created.json()).vrId;

  // Every tile response's bytes on the wire, and the requests still in flight.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map();
  let tiles = [];
  let inFlight = 0;
  let lastEvent = Date.now();
  cdp.on('Network.requestWillBeSent', (ev) => {
    if (!TILE.test(ev.request.url)) return;
    urls.set(ev.requestId, ev.request.url);
    inFlight++;
    lastEvent = Date.now();
  });
  const done = (ev, bytes) => {
    const url = urls.get(ev.requestId);
    if (!url) return;
    urls.delete(ev.requestId);
    inFlight--;
    lastEvent = Date.now();
    const [, level, col, row] = TILE.exec(url).map(Number);
    tiles.push({ level, col, row, bytes });
  };
  cdp.on('Network.loadingFinished', (ev) => done(ev, ev.encodedDataLength));
  cdp.on('Network.loadingFailed', (ev) => done(ev, 0));
  const quiet = async (ms = 700) => {
    const t0 = Date.now();
    while (inFlight > 0 || Date.now() - lastEvent < ms) {
      if (Date.now() - t0 > 60_000) throw new Error('tiles never settled');
      await page.waitForTimeout(100);
    }
  };

  const open = async (vrId, cold) => {
    if (cold) await cdp.send('Network.clearBrowserCache');
    tiles = [];
    await page.goto(`${e.baseUrl}/preview-vr/${vrId}`);
    await page.waitForFunction(
      () => performance.getEntriesByName('tl-vr-scene-shown').length > 0,
      undefined,
      {
        timeout: 30_000,
      },
    );
    await quiet();
    return page.evaluate(() => ({
      shown: performance.getEntriesByName('tl-vr-scene-shown')[0].startTime,
      dom: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? 0,
      preview: Math.max(
        0,
        ...performance
          .getEntriesByType('resource')
          .filter((r) => /\/preview\.jpg/.test(r.name))
          .map((r) => r.responseEnd),
      ),
      tilesIn: Math.max(
        0,
        ...performance
          .getEntriesByType('resource')
          .filter((r) => /\/tiles\/\d+\/\d+_\d+\.jpg/.test(r.name))
          .map((r) => r.responseEnd),
      ),
    }));
  };

  const canvasCentre = async () => {
    const box = await page.locator('.tl-vr-viewer canvas').first().boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  // Each wheel event is one zoom step of PSV (5 of its 0…100), animated: spaced so every one lands.
  const wheel = async (dy, times) => {
    const c = await canvasCentre();
    await page.mouse.move(c.x, c.y);
    for (let i = 0; i < times; i++) {
      await page.mouse.wheel(0, dy);
      await page.waitForTimeout(120);
    }
    await page.waitForTimeout(1000);
  };

  const measure = async (label, vrId) => {
    const scenes = await (
      await page.request.get(`${e.baseUrl}/wfpf/v1/${T}/panorama-scenes?vrId=${vrId}`, { headers })
    ).json();
    const levels = [...scenes[0].panorama.tiles.levels].sort((a, b) => a.width - b.width);
    const visual = JSON.parse(scenes[0].visualJson || '{}');
    const cold = [];
    const warm = [];
    const coldTiles = [];
    const coldDom = [];
    const coldPreview = [];
    for (let i = 0; i < RUNS; i++) {
      const c = await open(vrId, true);
      cold.push(c.shown);
      coldTiles.push(c.tilesIn);
      coldDom.push(c.dom);
      coldPreview.push(c.preview);
      warm.push((await open(vrId, false)).shown);
    }
    // The turn: from an empty cache, widest view, dragged leftwards until a whole ring is in.
    await open(vrId, true);
    await wheel(400, 25);
    await quiet();
    const c = await canvasCentre();
    let steps = 0;
    let ring = null;
    for (; steps < 40; steps++) {
      await page.mouse.move(c.x + 250, c.y);
      await page.mouse.down();
      await page.mouse.move(c.x - 250, c.y, { steps: 8 });
      await page.mouse.up();
      await page.waitForTimeout(250);
      const top = Math.max(...tiles.map((t) => t.level));
      const cols = new Set(tiles.filter((t) => t.level === top).map((t) => t.col));
      ring = { level: top, cols: cols.size, of: levels[top]?.cols };
      if (steps >= 3 && ring.cols === ring.of) break;
    }
    await quiet();
    const turn = tiles.reduce((s, t) => s + t.bytes, 0);
    const turnCount = tiles.length;
    // A fresh load zoomed in to fovmin: the deepest level's tiles fetched for that one view (the initial
    // view's included — on a small pyramid it already shows the deepest level) against the level's total.
    await open(vrId, true);
    await wheel(-400, 40);
    await quiet(1200);
    const canvas = await page.locator('.tl-vr-viewer canvas').first().boundingBox();
    const deepest = Math.max(...tiles.map((t) => t.level));
    const deep = tiles.filter((t) => t.level === deepest);
    const lv = levels[deepest];
    const row = {
      label,
      cold,
      warm,
      coldTiles,
      coldDom,
      coldPreview,
      visual,
      canvas: `${Math.round(canvas.width)}×${Math.round(canvas.height)}`,
      turn,
      turnCount,
      ring,
      steps: steps + 1,
      zoom: { level: deepest, width: lv?.width, fetched: deep.length, of: lv ? lv.cols * lv.rows : 0 },
    };
    if (!(median(cold) <= TARGET.first)) failures.push(`${label}: first view cold`);
    if (!(median(warm) <= TARGET.first)) failures.push(`${label}: first view warm`);
    if (!(turn <= TARGET.turnBytes)) failures.push(`${label}: 360° turn bytes`);
    if (ring.cols !== ring.of) failures.push(`${label}: the turn did not cover the ring`);
    return row;
  };

  // One load of each page first (server routes, the bundle's first compile), not counted.
  await open(demoVrId, true);
  await open(bigVrId, true);
  const rows = [await measure('demo tour (4096×2048)', demoVrId), await measure('16384×8192 noise', bigVrId)];
  console.log(`Node ${process.version}; ${os.cpus().length} cores; load ${load()}`);
  console.log(
    '| panorama | first view cold | first view warm | first-view tiles in (cold) | 360° turn at fovmax | zoom in to fovmin |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${r.cold.map(ms).join(', ')} (median ${ms(median(r.cold))}) | ${r.warm.map(ms).join(', ')} (median ${ms(median(r.warm))}) | ${ms(median(r.coldTiles))} | ${r.turnCount} tiles, ${mb(r.turn)} (level ${r.ring.level}: ${r.ring.cols}/${r.ring.of} columns, ${r.steps} drags) | level ${r.zoom.level} (${r.zoom.width} px): ${r.zoom.fetched} of ${r.zoom.of} tiles |`,
    );
  }
  for (const r of rows) {
    console.log(
      `${r.label}: canvas ${r.canvas}; view fov ${r.visual.fovmin}…${r.visual.fovmax} (initial ${r.visual.fov}); cold medians: DOMContentLoaded ${ms(median(r.coldDom))}, preview.jpg in ${ms(median(r.coldPreview))}, scene drawn ${ms(median(r.cold))}`,
    );
  }
  console.log(`targets: first view ≤ ${TARGET.first} ms; turn ≤ ${mb(TARGET.turnBytes)}`);
} finally {
  await e.close();
}
if (failures.length) {
  console.log(`MISSED: ${failures.join('; ')}`);
  process.exit(1);
}
