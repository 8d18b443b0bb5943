import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { storeFile, withScratchDir } from '../../../platform/files/scratch.js';
import type { JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { insertFile } from '../../messaging/file/index.js';
import { insertBanner, nextSortOrder } from './banner.repository.js';
import { findFolderByName, insertFolder, insertPicture, replaceUsages } from './picture.repository.js';
import { makeThumb, PICTURE_BUCKET } from './picture.service.js';
import { videoKey } from './video.files.js';
import { videoRunnerOf } from './video.jobs.js';
import { attachDemoSeedVideo, findVideoByAsset, insertVideo } from './video.repository.js';

// Demo media (issue 19 item 4): a folder tree with eight pictures drawn by sharp, two banners per
// placement, and a 5 s 16:9 promo video made by ffmpeg's test source, its poster made by the runner.
// Seeded in the background so start-up stays fast; a tenant that has the demo folder is left alone.

const run = promisify(execFile);
const W = 1200;
const H = 500;
const ROOT = '农场风光';
/** The demo promo video; the seed and trace demos attach it once ready (video.public.ts). */
export const DEMO_VIDEO_NAME = '农场宣传片（演示）';

/** A flat landscape: sky, sun, ground and a few shapes of the scene. */
const scene = (sky: string, ground: string, extra: string, label: string) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#eef6ff"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#s)"/>
  <circle cx="1020" cy="90" r="46" fill="#fff3b0"/>
  <rect y="300" width="${W}" height="200" fill="${ground}"/>
  ${extra}
  <text x="40" y="470" font-family="sans-serif" font-size="34" fill="#ffffff" fill-opacity="0.85">${label}</text>
</svg>`;

const rows = (color: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `<rect x="0" y="${310 + i * 24}" width="${W}" height="8" fill="${color}"/>`,
  ).join('');
const trees = (color: string) =>
  Array.from(
    { length: 9 },
    (_, i) =>
      `<circle cx="${80 + i * 130}" cy="300" r="44" fill="${color}"/><rect x="${76 + i * 130}" y="300" width="8" height="40" fill="#6b4a2b"/>`,
  ).join('');

const PICTURES: { folder: string; name: string; svg: string }[] = [
  {
    folder: '大田',
    name: '麦田',
    svg: scene('#7fb2e5', '#d9b44a', rows('#c49a2c', 8), '麦田'),
  },
  {
    folder: '大田',
    name: '稻田',
    svg: scene('#8cc0ea', '#5aa55a', rows('#3f8f4a', 8), '稻田'),
  },
  {
    folder: '大田',
    name: '茶园',
    svg: scene('#9ccbe8', '#3f7d3a', rows('#5fa35a', 6), '茶园'),
  },
  {
    folder: '温室',
    name: '温室大棚',
    svg: scene(
      '#a8d0ee',
      '#8a8f7a',
      '<path d="M150 300 Q600 60 1050 300 Z" fill="#e8f4f8" fill-opacity="0.8" stroke="#9fb8c4" stroke-width="6"/>',
      '温室',
    ),
  },
  {
    folder: '温室',
    name: '番茄藤架',
    svg: scene('#b5d8f0', '#4f8a3c', trees('#3c7a2f').replaceAll('#3c7a2f', '#d8452f'), '番茄'),
  },
  {
    folder: '水产',
    name: '鱼塘',
    svg: scene(
      '#86bde8',
      '#6f9a5a',
      '<ellipse cx="600" cy="390" rx="460" ry="90" fill="#2f7fb5"/><ellipse cx="480" cy="380" rx="40" ry="12" fill="#f0a040"/>',
      '鱼塘',
    ),
  },
  { folder: ROOT, name: '果园', svg: scene('#7db4e6', '#6aa84f', trees('#2f7a34'), '果园') },
  {
    folder: ROOT,
    name: '农场日出',
    svg: scene(
      '#f2a65a',
      '#55803f',
      '<rect x="820" y="230" width="120" height="80" fill="#a0412d"/><polygon points="810,230 880,180 950,230" fill="#6b2a1e"/>',
      '日出',
    ),
  },
];

const BANNERS: { placement: string; title: string; picture: number; linkUrl: string | null }[] = [
  { placement: 'login', title: '欢迎使用智慧农业平台', picture: 7, linkUrl: null },
  { placement: 'login', title: '丰收季到了', picture: 0, linkUrl: '/web/farm/home' },
  { placement: 'home', title: '温室新传感器上线', picture: 3, linkUrl: '/web/farm/home' },
  { placement: 'home', title: '鱼塘水质周报', picture: 5, linkUrl: null },
  { placement: 'news', title: '茶园开放日', picture: 2, linkUrl: 'https://example.org/tea' },
  { placement: 'news', title: '果园修剪指南', picture: 6, linkUrl: null },
];

export const seedDemoMedia = async (platform: Platform, tenantId: number): Promise<void> => {
  const { storage, database, config } = platform;
  const seeded = await database.withTenant(tenantId, (tx) => findFolderByName(tx, tenantId, null, ROOT));
  if (seeded) return;
  const drawn = await Promise.all(
    PICTURES.map(async (p) => {
      const bytes = await sharp(Buffer.from(p.svg)).jpeg({ quality: 82 }).toBuffer();
      return { ...p, bytes, thumb: await makeThumb(bytes) };
    }),
  );
  const stored = drawn.map((p) => {
    const fileId = randomUUID();
    return {
      ...p,
      fileId,
      storageKey: `${tenantId}/${PICTURE_BUCKET}/demo/${fileId}`,
      thumbKey: `content-media/${tenantId}/pictures/${randomUUID()}/thumb.jpg`,
    };
  });
  for (const p of stored) {
    await storage.put(p.storageKey, Readable.from([p.bytes]));
    await storage.put(p.thumbKey, Readable.from([p.thumb]));
  }
  await database.withTenant(tenantId, async (tx) => {
    const root = await insertFolder(tx, tenantId, null, null, ROOT);
    const folders = new Map<string, number>([[ROOT, root.id]]);
    for (const name of ['大田', '温室', '水产'])
      folders.set(name, (await insertFolder(tx, tenantId, null, root.id, name)).id);
    const ids: number[] = [];
    for (const p of stored) {
      await insertFile(tx, {
        tenantId,
        id: p.fileId,
        attachmentUuid: null,
        bucketName: PICTURE_BUCKET,
        fileName: `${p.name}.jpg`,
        contentType: 'image/jpeg',
        fileSize: p.bytes.length,
        storageKey: p.storageKey,
        createdBy: null,
      });
      const row = await insertPicture(tx, tenantId, {
        folderId: folders.get(p.folder) ?? null,
        pictureName: p.name,
        fileId: p.fileId,
        contentType: 'image/jpeg',
        width: W,
        height: H,
        fileSize: p.bytes.length,
        thumbKey: p.thumbKey,
        createdBy: null,
      });
      ids.push(row.id);
    }
    for (const b of BANNERS) {
      const pictureId = ids[b.picture] as number;
      const banner = await insertBanner(tx, tenantId, null, {
        pictureId,
        title: b.title,
        linkUrl: b.linkUrl,
        placement: b.placement,
        startAt: null,
        endAt: null,
        enabledFlag: 1,
        sortOrder: await nextSortOrder(tx, tenantId, b.placement),
      });
      await replaceUsages(tx, tenantId, 'banner', banner.id, [pictureId]);
    }
  });
  // The promo video: 5 s of ffmpeg's test pattern at 640×360, its poster made by the runner.
  const assetKey = randomUUID();
  const size = await withScratchDir(config.scratchDir, 'demo-video', async (dir) => {
    const file = path.join(dir, 'video.mp4');
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=640x360:rate=25',
      '-t',
      '5',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      file,
    ]);
    await storeFile(storage, videoKey(tenantId, assetKey, 'video/mp4'), file);
    return (await stat(file)).size;
  });
  await database.withTenant(tenantId, (tx) =>
    insertVideo(tx, tenantId, null, {
      videoName: DEMO_VIDEO_NAME,
      contentType: 'video/mp4',
      fileSize: size,
      durationMs: 5000,
      width: 640,
      height: 360,
      assetKey,
    }),
  );
  // The runner's drain has made the poster by now: the demo seed product's public page plays it. (The
  // trace demo attaches it to its product itself before publishing, so the frozen record carries it.)
  await videoRunnerOf(platform).kick(tenantId);
  await database.withTenant(tenantId, async (tx) => {
    const v = await findVideoByAsset(tx, tenantId, assetKey);
    if (v?.status === 'ready') await attachDemoSeedVideo(tx, tenantId, v.id);
  });
};

/** Seeds the demo media a moment after start-up, off the start path. */
export const seedDemoMediaLater = (platform: Platform, tenantId: number, log: () => JobLog): void => {
  setTimeout(() => {
    seedDemoMedia(platform, tenantId).catch((err: unknown) => log().error({ err }, 'demo media failed'));
  }, 2_000).unref();
};
