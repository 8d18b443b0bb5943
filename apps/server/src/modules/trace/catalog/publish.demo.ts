import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../../platform/db/client.js';
import { demoAdminCtx } from '../../../platform/db/seed.js';
import type { JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { demoPromoVideoId } from '../../content/media/index.js';
import { findBatch } from '../../farm/batch/index.js';
import { FarmLogService, farmLogsOfPlots } from '../../farm/farm-log/index.js';
import { cameras } from '../../iot/camera/index.js';
import { fileUrlOf, insertFile } from '../../messaging/file/index.js';
import { traceBatches, traceProducts } from './catalog.tables.js';
import { PublishService } from './publish.service.js';
import { sourcesOfTraceBatch } from './record.repository.js';

// The demo's published trace record (issue 18): the catalogue demo's first draft trace batch gets camera
// captures of its plot during the season (drawn here: the demo has no picture files), then is published —
// so the demo shows a record, a block on the ledger and, with the demo codes, a public page that opens.

const CAPTURES = 3;

/** A camera still of a tomato greenhouse row at growth `g` (0–1), drawn as SVG and encoded as JPEG. */
const drawCapture = (g: number, label: string): Promise<Buffer> => {
  const plants = Array.from({ length: 7 }, (_, i) => {
    const x = 50 + i * 90;
    const h = 80 + 200 * g;
    const fruit =
      g > 0.5
        ? Array.from(
            { length: 4 },
            (_, j) =>
              `<circle cx="${x + (j % 2 ? 14 : -14)}" cy="${460 - h * (0.3 + j * 0.15)}" r="${6 + 6 * g}" fill="${g > 0.8 ? '#d9412b' : '#8dbb4c'}"/>`,
          ).join('')
        : '';
    return `<rect x="${x - 3}" y="${460 - h}" width="6" height="${h}" fill="#4d7a2a"/><ellipse cx="${x}" cy="${460 - h}" rx="${18 + 20 * g}" ry="${12 + 14 * g}" fill="#5e9b36"/>${fruit}`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe9f2"/><stop offset="1" stop-color="#f4f1e4"/></linearGradient></defs>
<rect width="640" height="480" fill="url(#s)"/><path d="M0 120 L320 20 L640 120" stroke="#b9c3cc" stroke-width="6" fill="none"/>
<rect y="440" width="640" height="40" fill="#7a5a3a"/>${plants}
<rect x="8" y="8" width="230" height="26" fill="rgba(0,0,0,.45)"/><text x="16" y="27" font-size="16" fill="#fff" font-family="sans-serif">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 72 }).toBuffer();
};

/** The demo product shows the demo video unless someone chose another. */
const attachDemoVideo = async (tx: Db, tenantId: number, productId: number, videoId: number) => {
  await tx
    .update(traceProducts)
    .set({ promoVideoId: videoId })
    .where(
      and(
        eq(traceProducts.tenantId, tenantId),
        eq(traceProducts.id, productId),
        isNull(traceProducts.promoVideoId),
      ),
    );
};

/**
 * Publishes the demo tenant's first draft trace batch whose harvests are in (part A's catalogue demo makes
 * it), after drawing its plot's camera captures; answers the published version, or null when there is none.
 */
export const seedDemoTracePublication = async (
  platform: Platform,
  tenantId: number,
  /** How long to wait for the demo promo video (seeded in the background too); 0: only if ready now. */
  waitVideoMs = 0,
): Promise<number | null> => {
  const videoId = await demoPromoVideoId(platform.database, tenantId, waitVideoMs);
  return platform.database.withTenant(tenantId, async (tx) => {
    const ctx = demoAdminCtx(tx, tenantId, 0);
    const [batch] = await tx
      .select()
      .from(traceBatches)
      .where(and(eq(traceBatches.tenantId, tenantId), eq(traceBatches.status, 'draft')))
      .orderBy(asc(traceBatches.id))
      .limit(1);
    if (!batch) return null;
    const [source] = await sourcesOfTraceBatch(tx, tenantId, batch.id);
    const fb = source ? await findBatch(tx, tenantId, source.farmBatchId) : undefined;
    if (!fb?.harvestDate || fb.landId === null) return null;
    const from = new Date(`${fb.startDate}T00:00:00+08:00`);
    const to = new Date(`${fb.harvestDate}T00:00:00+08:00`);
    const logs = await farmLogsOfPlots(tx, tenantId, { landIds: [fb.landId], from, to, limit: 300 });
    const [cam] = await tx
      .select({ id: cameras.id })
      .from(cameras)
      .where(and(eq(cameras.tenantId, tenantId), eq(cameras.areaId, fb.areaId)))
      .limit(1);
    if (cam && !logs.some((l) => l.source === 'camera')) {
      const logSvc = new FarmLogService();
      for (let i = 0; i < CAPTURES; i++) {
        const g = (i + 1) / (CAPTURES + 0.2);
        // 10:00 farm time (UTC+8) of a day spread over the season.
        const day = Math.floor(((to.getTime() - from.getTime()) * g) / 86_400_000);
        const at = new Date(from.getTime() + day * 86_400_000 + 10 * 3_600_000);
        const jpeg = await drawCapture(g, `${fb.landName ?? ''} ${at.toISOString().slice(0, 10)}`);
        const fileId = randomUUID();
        const storageKey = `${tenantId}/camera/demo-trace/${fileId}`;
        await platform.storage.put(storageKey, Readable.from([jpeg]));
        await insertFile(tx, {
          tenantId,
          id: fileId,
          attachmentUuid: null,
          bucketName: 'camera',
          fileName: `capture-${i + 1}.jpg`,
          contentType: 'image/jpeg',
          fileSize: jpeg.length,
          storageKey,
          createdBy: null,
        });
        await logSvc.create(ctx, {
          title: ['缓苗期抓拍', '开花坐果期抓拍', '转色成熟期抓拍'][i] ?? '抓拍',
          level: 'daily',
          pictures: [fileUrlOf(tenantId, fileId)],
          areaId: fb.areaId,
          landId: fb.landId,
          source: 'camera',
          sourceId: cam.id,
          logTime: at.toISOString(),
        });
      }
    }
    // The demo product shows the demo promo video, attached before publishing so the record carries it.
    if (videoId !== undefined) await attachDemoVideo(tx, tenantId, batch.traceProductId, videoId);
    const published = await new PublishService().publish(ctx, batch.id, {
      objectVersionNumber: batch.objectVersionNumber,
    });
    return published.version;
  });
};

/** Runs seedDemoTracePublication in the background after start-up (the catalogue demo is seeded by then). */
export const seedDemoTracePublicationLater = (
  platform: Platform,
  tenantId: number,
  log: () => JobLog,
): void => {
  setTimeout(() => {
    // Waits (bounded) for the demo promo video, which the media demo makes a moment later.
    seedDemoTracePublication(platform, tenantId, 60_000).catch((err: unknown) =>
      log().error({ err }, 'demo trace publication failed'),
    );
  }, 1_500).unref();
};
