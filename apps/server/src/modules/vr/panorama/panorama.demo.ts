import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { assetKeys, assetPrefix, makePanoramaAssets } from './panorama.assets.js';
import { panoramaTempDir } from './panorama.jobs.js';
import { findPanoramaByName, insertPanorama } from './panorama.repository.js';

// Two demo panoramas drawn from SVG (equirectangular: the horizon is the middle row, the sky above, the
// ground below; x is the heading), tiled by the same code as uploads and stored ready.

const W = 4096;
const H = 2048;
const HORIZON = H / 2;

const sky = (sun: { x: number; y: number }) => `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2f6fbf"/><stop offset="0.75" stop-color="#9cc9ee"/><stop offset="1" stop-color="#dcefff"/>
    </linearGradient>
    <radialGradient id="sun"><stop offset="0" stop-color="#fffbe0"/><stop offset="0.4" stop-color="#ffe680"/><stop offset="1" stop-color="#ffe680" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${HORIZON}" fill="url(#sky)"/>
  <circle cx="${sun.x}" cy="${sun.y}" r="150" fill="url(#sun)"/>
  <circle cx="${sun.x}" cy="${sun.y}" r="48" fill="#fff8d0"/>`;

/** Distant hills along the whole horizon (the path wraps: x 0 and x W meet). */
const hills = (color: string, amp: number, seed: number) => {
  const pts: string[] = [];
  for (let x = 0; x <= W; x += 64) {
    const y =
      HORIZON -
      40 -
      amp * (0.5 + 0.5 * Math.sin((x / W) * Math.PI * 2 * 3 + seed)) -
      30 * Math.sin((x / W) * Math.PI * 2 * 7 + seed * 2);
    pts.push(`${x},${y.toFixed(0)}`);
  }
  return `<polygon points="0,${HORIZON} ${pts.join(' ')} ${W},${HORIZON}" fill="${color}"/>`;
};

const paddySvg = (): string => {
  const rows: string[] = [];
  // Rows of rice run towards the horizon; in equirectangular they bunch up near it.
  for (let i = 0; i < 60; i += 1) {
    const y = HORIZON + 8 + (H - HORIZON) * (1 - Math.exp(-i / 14));
    rows.push(
      `<rect x="0" y="${y.toFixed(0)}" width="${W}" height="${(4 + i / 3).toFixed(0)}" fill="#3f8f2f" opacity="0.55"/>`,
    );
  }
  const ridges = Array.from(
    { length: 16 },
    (_, i) =>
      `<rect x="${i * 256}" y="${HORIZON}" width="6" height="${H - HORIZON}" fill="#8a6a3a" opacity="0.5"/>`,
  );
  const pump = `
    <rect x="2900" y="${HORIZON - 120}" width="220" height="150" fill="#e8e2d0" stroke="#6b5b45" stroke-width="4"/>
    <polygon points="2880,${HORIZON - 120} 3010,${HORIZON - 190} 3140,${HORIZON - 120}" fill="#9b3b2b"/>
    <rect x="2985" y="${HORIZON - 50}" width="50" height="80" fill="#5b4a35"/>
    <rect x="3120" y="${HORIZON - 10}" width="260" height="18" fill="#7a7a7a"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    ${sky({ x: 1100, y: 380 })}
    ${hills('#7d9fb0', 90, 0.3)}${hills('#5f8a6a', 50, 1.7)}
    <rect y="${HORIZON}" width="${W}" height="${H - HORIZON}" fill="#6fae4a"/>
    ${rows.join('')}${ridges.join('')}${pump}
  </svg>`;
};

const pondSvg = (): string => {
  const aerators = Array.from({ length: 6 }, (_, i) => {
    const x = 400 + i * 620;
    const y = HORIZON + 160 + (i % 2) * 140;
    return `<ellipse cx="${x}" cy="${y}" rx="90" ry="26" fill="#e9f6ff" opacity="0.85"/>
      <rect x="${x - 14}" y="${y - 40}" width="28" height="34" fill="#f2c230" stroke="#6b5b20" stroke-width="3"/>
      <ellipse cx="${x}" cy="${y}" rx="150" ry="40" fill="none" stroke="#ffffff" stroke-width="5" opacity="0.6"/>`;
  });
  const greenhouse = `
    <rect x="1700" y="${HORIZON - 110}" width="520" height="130" fill="#d8eef0" opacity="0.9" stroke="#8fb0b5" stroke-width="4"/>
    <path d="M1700,${HORIZON - 110} Q1960,${HORIZON - 260} 2220,${HORIZON - 110} Z" fill="#e6f5f6" stroke="#8fb0b5" stroke-width="4"/>
    ${Array.from({ length: 8 }, (_, i) => `<line x1="${1700 + i * 65}" y1="${HORIZON - 170 + Math.abs(i - 4) * 14}" x2="${1700 + i * 65}" y2="${HORIZON + 20}" stroke="#8fb0b5" stroke-width="3"/>`).join('')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    ${sky({ x: 3000, y: 300 })}
    ${hills('#86a4b8', 70, 2.1)}${hills('#6d9478', 40, 0.9)}
    ${greenhouse}
    <rect y="${HORIZON}" width="${W}" height="40" fill="#7da35a"/>
    <defs><linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b8fa8"/><stop offset="1" stop-color="#2d5d75"/></linearGradient></defs>
    <rect y="${HORIZON + 40}" width="${W}" height="${H - HORIZON - 40}" fill="url(#water)"/>
    ${aerators.join('')}
  </svg>`;
};

export const DEMO_PANORAMAS = [
  { name: '稻田全景', svg: paddySvg },
  { name: '鱼塘全景', svg: pondSvg },
] as const;

const seeding = new WeakMap<Platform, Map<number, Promise<number[]>>>();

const seedOne = async (platform: Platform, tenantId: number, d: (typeof DEMO_PANORAMAS)[number]) => {
  const db = platform.database;
  const found = await db.withTenant(tenantId, (tx) => findPanoramaByName(tx, tenantId, d.name));
  if (found) return found.id;
  const assetKey = randomUUID();
  const prefix = assetPrefix(tenantId, assetKey);
  const work = path.join(panoramaTempDir(platform.config.scratchDir), `demo-${tenantId}-${assetKey}`);
  await mkdir(work, { recursive: true });
  try {
    const jpeg = await sharp(Buffer.from(d.svg())).jpeg({ quality: 88 }).toBuffer();
    const source = path.join(work, 'source.jpg');
    await writeFile(source, jpeg);
    const storageKey = `${prefix}/original.jpg`;
    await platform.storage.put(storageKey, Readable.from([jpeg]));
    const made = await makePanoramaAssets(platform.storage, source, prefix, {
      maxPixels: platform.config.panoramaMaxPixels,
      workDir: path.join(work, 'tiles'),
    });
    try {
      const row = await db.withTenant(tenantId, (tx) =>
        insertPanorama(
          tx,
          tenantId,
          null,
          {
            name: d.name,
            width: W,
            height: H,
            fileSize: jpeg.length,
            contentType: 'image/jpeg',
            storageKey,
            assetKey,
          },
          { tiles: made.tiles },
        ),
      );
      return row.id;
    } catch (err) {
      await Promise.all(
        [storageKey, ...assetKeys(prefix, W)].map((k) => platform.storage.remove(k).catch(() => undefined)),
      );
      throw err;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
};

/**
 * The demo panoramas of a tenant, made ready (稻田全景, 鱼塘全景); answers their ids. Idempotent (found by
 * name), and calls at the same time in this process share one run (the tours' demo seed calls it too).
 */
export const seedDemoPanoramas = (platform: Platform, tenantId: number): Promise<number[]> => {
  let byTenant = seeding.get(platform);
  if (!byTenant) {
    byTenant = new Map();
    seeding.set(platform, byTenant);
  }
  const running = byTenant.get(tenantId);
  if (running) return running;
  const run = (async () => {
    const ids: number[] = [];
    for (const d of DEMO_PANORAMAS) ids.push(await seedOne(platform, tenantId, d));
    return ids;
  })().finally(() => byTenant.delete(tenantId));
  byTenant.set(tenantId, run);
  return run;
};

/** Runs seedDemoPanoramas for the demo tenant in the background (never delays start-up); failures are logged. */
export const seedDemoPanoramasLater = (platform: Platform, tenantId: number, log: () => JobLog): void => {
  setTimeout(() => {
    seedDemoPanoramas(platform, tenantId).catch((err: unknown) =>
      log().error({ err }, 'demo panoramas failed'),
    );
  }, 1_500).unref();
};
