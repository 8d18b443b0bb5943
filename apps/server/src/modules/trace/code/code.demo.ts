import type { JobLog } from '../../../platform/jobs.js';
import type { Platform } from '../../../platform/platform.js';
import { DEMO_TRACE_LOT } from '../catalog/index.js';
import { jobCtx, traceCodeRunnerOf } from './code.jobs.js';
import { batchIdByLot, firstCodes, insertPackage, packagesOfBatch } from './code.repository.js';
import { backdateScan } from './scan.repository.js';
import { recordTraceScan } from './scan.service.js';

// Demo codes (issue 18): one ready package of 50 codes for the demo trace batch, and a handful of scans of
// them — a first scan and a repeat in Guangzhou, one in Shenzhen, and one copied label scanned in Beijing
// minutes after Guangzhou (flagged). Only when the catalogue's demo batch exists; once.

const DEMO_QUANTITY = 50;
const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

/** Makes the demo package (through the runner, as a console create would) and its scans; the package id. */
export const seedDemoTraceCodes = async (
  platform: Platform,
  tenantId: number,
): Promise<number | undefined> => {
  const db = platform.database;
  const made = await db.withTenant(tenantId, async (tx) => {
    const batchId = await batchIdByLot(tx, tenantId, DEMO_TRACE_LOT);
    if (batchId === undefined || (await packagesOfBatch(tx, tenantId, batchId)) > 0) return undefined;
    const row = await insertPackage(tx, tenantId, null, {
      packageCode: 'CP-DEMO-0001',
      traceBatchId: batchId,
      quantity: DEMO_QUANTITY,
      codeScheme: 'gs1',
      remark: '演示码包：首批包装箱标签',
    });
    return row.id;
  });
  if (made === undefined) return undefined;
  await traceCodeRunnerOf(platform).kick(tenantId);
  const serials = (await db.withTenant(tenantId, (tx) => firstCodes(tx, tenantId, made, 3))).map(
    (c) => c.serial,
  );
  const [a, b, c] = serials;
  if (!a || !b || !c) return made;
  const scans = [
    {
      serial: a,
      lat: 23.13,
      lng: 113.26,
      region: '广东 广州',
      userAgent: IPHONE_WECHAT,
      clientIp: '198.51.100.10',
    },
    {
      serial: a,
      lat: 23.13,
      lng: 113.26,
      region: '广东 广州',
      userAgent: IPHONE_WECHAT,
      clientIp: '198.51.100.10',
    },
    {
      serial: b,
      lat: 22.54,
      lng: 114.06,
      region: '广东 深圳',
      userAgent: ANDROID_CHROME,
      clientIp: '198.51.100.20',
    },
    {
      serial: c,
      lat: 23.12,
      lng: 113.32,
      region: '广东 广州',
      userAgent: ANDROID_CHROME,
      clientIp: '198.51.100.30',
    },
    { serial: c, lat: 39.9, lng: 116.4, region: '北京', userAgent: IPHONE_WECHAT, clientIp: '203.0.113.40' },
  ];
  // Spread over the last days as a season's sales would be; the Beijing copy stays within the hour of the
  // Guangzhou scan of its code, so it is the flagged one.
  const minutesAgo = [3 * 1440 + 125, 2 * 1440 + 310, 1440 + 65, 50, 20];
  const now = Date.now();
  for (const [i, s] of scans.entries()) {
    await db.withTenant(tenantId, async (tx) => {
      const got = await recordTraceScan(jobCtx(tx, tenantId), s);
      if (got)
        await backdateScan(tx, tenantId, s.serial, got.scanNo, new Date(now - (minutesAgo[i] ?? 0) * 60_000));
    });
  }
  return made;
};

/** At start in the background (the job's PDF takes a moment), like the other demo media. */
export const seedDemoTraceCodesLater = (platform: Platform, tenantId: number, log: () => JobLog): void => {
  setTimeout(() => {
    seedDemoTraceCodes(platform, tenantId).catch((err: unknown) =>
      log().error({ err }, 'demo trace codes failed'),
    );
  }, 2_000).unref();
};
