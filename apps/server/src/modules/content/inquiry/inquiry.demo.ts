import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Database } from '../../../platform/db/client.js';
import type { JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { findUserByLogin } from '../../identity/identity/index.js';
import { fileUrlOf, insertFile } from '../../messaging/file/index.js';
import { askOptions, insertInquiry, listInquiries } from './inquiry.repository.js';
import { closeInquiry, expertSays, type Scope } from './inquiry.thread.js';

// Demo inquiries (issue 19 item 5): one answered and rated, one asked back by the pool expert, one open
// with two photos drawn here (a leaf with spots, a leaf with an aphid colony).

const leafSvg = (spots: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
<rect width="640" height="480" fill="#6b8e4e"/>
<ellipse cx="320" cy="240" rx="250" ry="140" fill="#3f8f3a" transform="rotate(-20 320 240)"/>
<path d="M110 320 L540 160" stroke="#2d6a2a" stroke-width="8"/>${spots}</svg>`;
const SPOTS = [
  [250, 200],
  [330, 260],
  [410, 190],
  [290, 300],
  [380, 230],
]
  .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="22" fill="#8b5a2b" stroke="#d4c26a" stroke-width="6"/>`)
  .join('');
const APHIDS = Array.from({ length: 40 }, (_, i) => {
  const x = 230 + ((i * 37) % 180);
  const y = 180 + ((i * 53) % 110);
  return `<ellipse cx="${x}" cy="${y}" rx="7" ry="5" fill="#b5d94a" stroke="#44551a"/>`;
}).join('');

const storePhoto = async (
  platform: Platform,
  tenantId: number,
  userId: number,
  name: string,
  svg: string,
) => {
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  const id = randomUUID();
  const storageKey = `${tenantId}/public/demo-inquiry/${id}`;
  await platform.storage.put(storageKey, Readable.from([jpeg]));
  await platform.database.withTenant(tenantId, (tx) =>
    insertFile(tx, {
      tenantId,
      id,
      attachmentUuid: null,
      bucketName: 'public',
      fileName: name,
      contentType: 'image/jpeg',
      fileSize: jpeg.length,
      storageKey,
      createdBy: userId,
    }),
  );
  return { fileId: id, fileUrl: fileUrlOf(tenantId, id) };
};

const userId = async (database: Database, login: string) =>
  (await database.transaction((tx) => findUserByLogin(tx, login)))?.id;

const HOUR = 3_600_000;

/** Seeds the three demo inquiries once (nothing when the tenant already has an inquiry or lacks the demo users). */
export const seedDemoInquiries = async (platform: Platform, tenantId: number): Promise<number> => {
  const db = platform.database;
  const [farmer, expert, poolExpert] = [
    await userId(db, 'operator'),
    await userId(db, 'expert'),
    await userId(db, 'poolexpert'),
  ];
  if (!farmer || !expert || !poolExpert) return 0;
  const opts = await db.withTenant(tenantId, async (tx) => {
    const any = await listInquiries(tx, tenantId, 'zh-CN', {}, 1, 0);
    return any.total > 0 ? null : askOptions(tx, tenantId, 'zh-CN');
  });
  const crop = opts?.crops[0];
  const batch = opts?.batches.find((b) => b.landId !== null);
  const landId = batch?.landId ?? opts?.lands[0]?.id;
  if (!opts || !crop || !landId) return 0;
  const cropId = batch?.cropId ?? crop.id;
  const photos = [
    await storePhoto(platform, tenantId, farmer, 'leaf-spots.jpg', leafSvg(SPOTS)),
    await storePhoto(platform, tenantId, farmer, 'aphids.jpg', leafSvg(APHIDS)),
  ];
  const now = Date.now();
  const base = {
    cropId,
    landId,
    batchId: batch?.id ?? null,
    askerId: farmer,
    askerName: '李农',
    identificationNote: '',
  };
  return db.withTenant(tenantId, async (tx) => {
    const s: Scope = { db: tx, tenantId, lang: 'zh-CN' };
    const rated = await insertInquiry(
      tx,
      tenantId,
      {
        ...base,
        title: '叶片发黄卷曲是什么原因？',
        question: '最近一周下部叶片发黄、边缘卷曲，浇水正常，请问是缺肥还是病害？',
        urgency: 'normal',
        audience: 'tenant',
        photos: [],
      },
      new Date(now - 72 * HOUR),
    );
    await expertSays(s, { id: expert, name: '张农技', tenantId }, rated.id, 'answer', {
      body: '<p>从描述看像是<strong>缺镁</strong>：老叶先黄、叶脉仍绿。建议叶面喷施 0.2% 硫酸镁，7 天一次，连喷两次；同时检查土壤 pH。</p>',
      objectVersionNumber: 1,
    });
    await closeInquiry(s, { id: farmer, name: '李农', tenantId }, 'farmer', rated.id, {
      rating: 5,
      comment: '按建议喷施后新叶正常了，谢谢！',
      objectVersionNumber: 2,
    });
    const askedBack = await insertInquiry(
      tx,
      tenantId,
      {
        ...base,
        title: '果实表面出现褐色斑点',
        question: '部分果实表面出现褐色凹陷斑点，最近雨水较多。',
        urgency: 'urgent',
        audience: 'pool',
        photos: [],
      },
      new Date(now - 20 * HOUR),
    );
    await expertSays(s, { id: poolExpert, name: '刘专家', tenantId: 0 }, askedBack.id, 'ask_back', {
      body: '<p>请补充：斑点是否有轮纹？果柄附近是否也有？最好拍一张斑点的近照。</p>',
      objectVersionNumber: 1,
    });
    await insertInquiry(
      tx,
      tenantId,
      {
        ...base,
        title: '叶片上有褐色斑点和小虫',
        question: '叶片上出现褐色圆斑，叶背有很多绿色小虫，附两张照片，请专家看看怎么防治。',
        urgency: 'normal',
        audience: 'tenant',
        photos,
      },
      new Date(now - 3 * HOUR),
    );
    return 3;
  });
};

/** Seeds the demo inquiries in the background at start-up (after the demo farm's crops and plots). */
export const seedDemoInquiriesLater = (platform: Platform, tenantId: number, log: () => JobLog): void => {
  setTimeout(() => {
    seedDemoInquiries(platform, tenantId).catch((err: unknown) =>
      log().error({ err }, 'demo inquiries failed'),
    );
  }, 2_500).unref();
};
