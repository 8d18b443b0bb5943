import sharp from 'sharp';
import type { JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { addDays, dayStart, today } from '../../../platform/time/zone.js';
import { plotHistory } from '../../farm/batch/index.js';
import { listTenantIds, tenantTimeZone } from '../../identity/tenant/index.js';
import { ensureScene } from '../camera-media/index.js';
import { listCameras } from './camera.repository.js';
import { storeStill } from './camera.still.js';
import { insertSeedling, listSeedlings } from './camera-capture.repository.js';

// A season of seedling stills for the demo cameras marked `demoStills` by seedCameras, so a new user can
// make a growth time-lapse at once. Made in the background after start-up, once (a camera with any still
// is left alone): small JPEGs cut from the demo scene, zooming in on the crop and greening as it grows,
// morning to evening light.

export const DEMO_STILLS = 36;
const W = 480;
const H = 270;
const SEASON_DAYS = 90;

/** The source decoded once at a reduced size; each still is a crop of it. */
const decoded = async (file: string) => {
  const { data, info } = await sharp(file)
    .resize({ width: 1920 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** Still i of n for the camera's view `slot` (0–4). */
const still = async (src: Awaited<ReturnType<typeof decoded>>, slot: number, i: number, n: number) => {
  const growth = i / Math.max(1, n - 1);
  // The view narrows on the field as the season goes (zoom 1 → 1.6), centred low in the picture.
  const cropW = Math.round(src.width / 5 / (1 + 0.6 * growth));
  const cropH = Math.min(src.height, Math.round((cropW * H) / W));
  const left = Math.min(
    src.width - cropW,
    Math.round((slot % 5) * (src.width / 5) + (src.width / 5 - cropW) / 2),
  );
  const top = Math.max(0, src.height - cropH - Math.round(src.height * 0.05));
  return sharp(src.data, { raw: { width: src.width, height: src.height, channels: 3 } })
    .extract({ left: Math.max(0, left), top, width: cropW, height: cropH })
    .resize(W, H)
    .modulate({ brightness: 0.85 + 0.3 * Math.sin((i * 2.3) % Math.PI), saturation: 0.6 + 0.8 * growth })
    .jpeg({ quality: 70 })
    .toBuffer();
};

/** Fills the marked demo cameras' plots with stills; answers how many were made. */
export const seedDemoStills = async (platform: Platform, sceneFile?: string): Promise<number> => {
  const db = platform.database;
  let made = 0;
  let src: Awaited<ReturnType<typeof decoded>> | undefined;
  for (const tenantId of await listTenantIds(db.db)) {
    const marked = await db.withTenant(tenantId, async (tx) => {
      const { rows } = await listCameras(tx, tenantId, { relation: 'owner' }, 200);
      const out: typeof rows = [];
      for (const c of rows) {
        if (c.provider !== 'demo' || !c.config.demoStills || c.landId === null) continue;
        if ((await listSeedlings(tx, tenantId, { cameraId: c.id }, 1)).total === 0) out.push(c);
      }
      return out;
    });
    if (marked.length === 0) continue;
    const tz = (await tenantTimeZone(db.db, tenantId)) ?? 'Asia/Shanghai';
    src ??= await decoded(sceneFile ?? (await ensureScene(platform.config.dataDir)).day);
    for (const cam of marked) {
      const landId = cam.landId as number;
      const season = await db.withTenant(tenantId, (tx) => plotHistory(tx, tenantId, landId, 'zh-CN'));
      const end = today(tz);
      const from =
        season[0]?.startDate && season[0].startDate < end ? season[0].startDate : addDays(end, -SEASON_DAYS);
      const span = dayStart(end, tz).getTime() - dayStart(from, tz).getTime();
      for (let i = 0; i < DEMO_STILLS; i += 1) {
        // Spread over the season, between 08:00 and 16:00 of the day.
        const day =
          dayStart(from, tz).getTime() + Math.floor((span * i) / DEMO_STILLS / 86_400_000) * 86_400_000;
        const takenAt = new Date(day + (8 + ((i * 5) % 9)) * 3_600_000);
        const data = await still(src, Number(cam.config.scene ?? cam.id) || 0, i, DEMO_STILLS);
        await db.withTenant(tenantId, async (tx) => {
          const stored = await storeStill(tx, platform.storage, tenantId, null, cam, { data, takenAt });
          await insertSeedling(tx, tenantId, {
            cameraId: cam.id,
            areaId: cam.areaId,
            landId,
            fileId: stored.fileId,
            takenAt,
            source: 'schedule',
            createdBy: null,
          });
        });
        made += 1;
      }
    }
  }
  return made;
};

/** Runs seedDemoStills in the background (never delays start-up); failures are logged. */
export const seedDemoStillsLater = (platform: Platform, log: () => JobLog): void => {
  setTimeout(() => {
    seedDemoStills(platform).catch((err: unknown) => log().error({ err }, 'demo seedling stills failed'));
  }, 1_000).unref();
};
