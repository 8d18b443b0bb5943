import { Readable } from 'node:stream';
import { type Hotspot, VISUAL_DEFAULT, type Visual } from '@tilth/contracts/vr.types';
import sharp from 'sharp';
import { demoAdminCtx } from '../../../platform/db/seed.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { FARM_BASE, listAreas } from '../../farm/area/index.js';
import { findUserByLogin } from '../../identity/identity/index.js';
import { devicesOfTypes } from '../../iot/device/index.js';
import { FileService } from '../../messaging/file/index.js';
import { seedDemoPanoramas } from '../panorama/index.js';
import { SceneService } from './scene.service.js';
import { listTours } from './tour.repository.js';
import { TourService } from './tour.service.js';
import { firstCamera } from './tour-refs.repository.js';

// The demo tour (issue 17): "示范农场 VR" over the two demo panoramas, with a scene link each way, a text,
// a hyperlink, an album, an aerator and a camera, published. Made through the services, so it obeys every
// rule an editor's tour does. Idempotent by name.

export const DEMO_TOUR_NAME = '示范农场 VR';

/** The demo administrator acting in its own tenant transactions (the pictures are stored outside one). */
const demoCtx = (platform: Platform, tenantId: number, userId: number): TenantCtx => {
  const transact: Ctx['transact'] = (fn) => platform.database.withTenant(tenantId, fn);
  return { ...demoAdminCtx(platform.database.db, tenantId, userId), transact } as TenantCtx;
};

/** A small JPEG drawn from an SVG caption, stored through the file domain; answers its URL. */
const picture = async (files: FileService, ctx: Ctx, name: string, colour: string, caption: string) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="${colour}"/>
    <text x="320" y="215" font-size="44" text-anchor="middle" fill="#fff" font-family="sans-serif">${caption}</text></svg>`;
  const jpg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const view = await files.upload(ctx, { stream: Readable.from([jpg]), partFileName: name, options: {} });
  return view.fileUrl;
};

/** The editor's icon for each hotspot type. */
const ICON_OF: Record<Hotspot['HType'], string> = {
  1: 'arrow',
  2: 'device',
  3: 'image',
  4: 'info',
  5: 'link',
};

let n = 0;
const spot = (
  HType: Hotspot['HType'],
  at: { ath: number; atv: number },
  text: string,
  content: Hotspot['content'],
): Hotspot => {
  n += 1;
  return {
    name: `hs-demo${n}`,
    width: '50',
    height: '50',
    ...at,
    url: ICON_OF[HType],
    style: 'front',
    HType,
    content,
    text,
  };
};

/** The demo tour of `tenantId` (after its demo panoramas); answers its id, or undefined when it cannot be made. */
export const seedDemoTour = async (
  platform: Platform,
  tenantId: number,
  login = 'demo',
): Promise<number | undefined> => {
  const panoramaIds = await seedDemoPanoramas(platform, tenantId);
  if (panoramaIds.length < 2) return undefined;
  const db = platform.database;
  const found = await db.withTenant(tenantId, (tx) =>
    listTours(tx, tenantId, { vrName: DEMO_TOUR_NAME }, 1, 0),
  );
  const existing = found.rows.find((r) => r.name === DEMO_TOUR_NAME);
  if (existing) return existing.id;
  const user = await db.withTenant(tenantId, (tx) => findUserByLogin(tx, login));
  if (!user) return undefined;
  const ctx = demoCtx(platform, tenantId, user.id);
  const files = new FileService(platform.storage, platform.config);
  const cover = await picture(files, ctx, 'vr-cover.jpg', '#3f8f2f', '示范农场 VR');
  const album = [
    await picture(files, ctx, 'rice-1.jpg', '#6fae4a', '稻田 · 分蘖期'),
    await picture(files, ctx, 'rice-2.jpg', '#2f6fbf', '鱼塘 · 增氧'),
  ];
  return db.withTenant(tenantId, async (tx) => {
    const c = demoAdminCtx(tx, tenantId, user.id) as TenantCtx;
    const bases = (await listAreas(tx, tenantId, {})).rows.filter((a) => a.organizationType === FARM_BASE);
    const base = bases.find((a) => a.areaName === '番禺示范基地') ?? bases[0];
    if (!base) return undefined;
    const tours = new TourService();
    const scenes = new SceneService();
    const vr = await tours.create(c, {
      vrName: DEMO_TOUR_NAME,
      vrCover: cover,
      description: '番禺示范基地的稻田与鱼塘：点击箭头在两处之间走动，点击设备查看实时数据。',
      areaId: [base.id],
      panoramaIds: panoramaIds.slice(0, 2),
    });
    const [paddy, pond] = await scenes.list(c, vr.vrId);
    if (!paddy || !pond) return vr.vrId;
    const aerator = (await devicesOfTypes(tx, tenantId, ['aerator']))[0];
    const camera = await firstCamera(tx, tenantId);
    const view = (v: Partial<Visual>): string => JSON.stringify({ ...VISUAL_DEFAULT, ...v });
    const paddySpots: Hotspot[] = [
      spot(1, { ath: 40, atv: 5 }, '去鱼塘', {
        scenesId: pond.scenesId,
        arriveHlookat: -150,
        arriveVlookat: 0,
      }),
      spot(4, { ath: -20, atv: -10 }, '稻田简介', {
        text: '示范稻田面积 120 亩，采用稻鱼共生模式。\n水稻品种：美香占 2 号。\n当前处于分蘖期，水层保持 3–5 厘米。',
      }),
      spot(3, { ath: -80, atv: 0 }, '稻田相册', { images: album }),
      spot(5, { ath: 120, atv: 8 }, '基地介绍', { link: 'https://www.example.com/tilth/demo-farm' }),
    ];
    const pondSpots: Hotspot[] = [
      spot(1, { ath: -150, atv: 5 }, '回稻田', {
        scenesId: paddy.scenesId,
        arriveHlookat: 40,
        arriveVlookat: 0,
      }),
    ];
    if (aerator)
      pondSpots.push(
        spot(2, { ath: 20, atv: -15 }, aerator.name, {
          realName: aerator.name,
          device: {
            deviceType: 'aerator_ii',
            concentratorId: aerator.id,
            name: aerator.name,
            eui: aerator.eui,
          },
        }),
      );
    if (camera)
      pondSpots.push({
        ...spot(2, { ath: 75, atv: 0 }, camera.name, {
          realName: camera.name,
          device: {
            deviceType: 'camera',
            id: camera.id,
            name: camera.name,
            deviceSerial: camera.deviceSerial,
          },
        }),
        url: 'camera',
      });
    const save = (s: typeof paddy, hotspots: Hotspot[], v: string) =>
      scenes.update(c, {
        scenesId: s.scenesId,
        vrId: vr.vrId,
        panoramaId: s.panoramaId,
        scenesName: s.scenesName,
        visualJson: v,
        hotSpotJson: JSON.stringify(hotspots),
        objectVersionNumber: s.objectVersionNumber,
      });
    await save(
      paddy,
      paddySpots,
      view({ fov: 90, fovmin: 40, fovmax: 110, vlookatmin: -60, vlookatmax: 60 }),
    );
    await save(
      pond,
      pondSpots,
      view({ fov: 85, hlookat: 20, fovmin: 40, fovmax: 110, vlookatmin: -50, vlookatmax: 50 }),
    );
    await tours.publish(c, vr.vrId);
    return vr.vrId;
  });
};

/** Runs seedDemoTour for the demo tenant in the background (never delays start-up); failures are logged. */
export const seedDemoTourLater = (platform: Platform, tenantId: number, log: () => JobLog): void => {
  setTimeout(() => {
    seedDemoTour(platform, tenantId).catch((err: unknown) => log().error({ err }, 'demo VR tour failed'));
  }, 2_000).unref();
};
