import sharp from 'sharp';
import { expect } from 'vitest';
import { json, type RoleTokens, type TestServer, uploadFile } from '../../../../test/harness.js';
import { agriculturalInputs } from '../../../farm/agricultural/agricultural.tables.js';
import { areas } from '../../../farm/area/index.js';
import { batches } from '../../../farm/batch/index.js';
import { crops, varieties } from '../../../farm/crop/index.js';
import { farmLogs } from '../../../farm/farm-log/index.js';
import { lands } from '../../../farm/land/index.js';
import { taskInputUsages, tasks } from '../../../farm/task/task.tables.js';
import {
  traceBatches,
  traceBatchSources,
  traceBusinessProfiles,
  traceGtins,
  traceOutlets,
  traceProducts,
} from '../../catalog/catalog.tables.js';
import { traceCodePackages, traceCodes } from '../../code/code.tables.js';

// Fixtures of the publish and public-page tests: a harvested season on a plot (tasks with inputs, logs,
// a camera capture with a real picture) and a trace batch over it, inserted directly in a tenant
// transaction as other modules' rows are in their tests; publishing itself goes through the API.

export interface Season {
  traceBatchId: number;
  batchCode: string;
  serial: string;
  gtin: string;
  farmBatchId: number;
  pictureUrl: string;
}

const HOSTILE = '<script>alert(1)</script>';

/** A JPEG uploaded through the real multipart route; its stored-file URL. */
export const picture = async (s: TestServer, token: string, tenant: number, colour = '#3a7') => {
  const jpg = await sharp({ create: { width: 32, height: 24, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const res = await uploadFile(s, token, tenant, 'capture.jpg', jpg);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ fileUrl: string }>(res).fileUrl;
};

/**
 * A harvested tomato season on 1号棚 of tenant `tenant`: a finished task with a registered fertiliser,
 * a manual log, a camera capture and a trace batch (status draft) of it with a code.
 */
export const seedSeason = async (
  s: TestServer,
  tok: RoleTokens,
  tenant: number,
  o: { suffix: string; hostile?: boolean; harvested?: boolean; gtin?: string; who?: keyof RoleTokens },
): Promise<Season> => {
  const pictureUrl = await picture(s, tok[o.who ?? 'admin'], tenant);
  const gtin = o.gtin ?? '';
  const name = (plain: string) => (o.hostile ? `${plain}${HOSTILE}` : plain);
  return s.platform.database.withTenant(tenant, async (tx) => {
    const [area] = await tx
      .insert(areas)
      .values({ tenantId: tenant, areaName: `番禺基地${o.suffix}`, areaCenter: '22.9400,113.3800' })
      .returning();
    const areaId = area?.id ?? 0;
    const [land] = await tx
      .insert(lands)
      .values({
        tenantId: tenant,
        areaId,
        landName: `1号棚${o.suffix}`,
        landCenter: '22.9405,113.3805',
        boundary: [
          [
            [113.38, 22.94],
            [113.381, 22.94],
            [113.381, 22.941],
            [113.38, 22.941],
            [113.38, 22.94],
          ],
        ],
      })
      .returning();
    const landId = land?.id ?? 0;
    const [crop] = await tx
      .insert(crops)
      .values({ tenantId: tenant, cropName: `番茄${o.suffix}` })
      .returning();
    const [variety] = await tx
      .insert(varieties)
      .values({ tenantId: tenant, cropId: crop?.id ?? 0, varietyName: '粉冠一号' })
      .returning();
    const harvested = o.harvested ?? true;
    const [fb] = await tx
      .insert(batches)
      .values({
        tenantId: tenant,
        batchCode: `FB${o.suffix}`,
        batchName: '秋茬番茄',
        areaId,
        landId,
        cropId: crop?.id ?? 0,
        varietyId: variety?.id ?? null,
        startDate: '2026-03-01',
        unit: 'kg',
        ...(harvested
          ? { status: 'harvested', harvestDate: '2026-06-20', harvestQuantity: '1200', endDate: '2026-06-20' }
          : {}),
      })
      .returning();
    const farmBatchId = fb?.id ?? 0;
    const [input] = await tx
      .insert(agriculturalInputs)
      .values({
        tenantId: tenant,
        inputCode: `NPK${o.suffix}`,
        inputName: name('复合肥 15-15-15'),
        category: 'fertilizer',
        registrationNo: '农肥(2023)准字1234号',
        unit: 'kg',
        nPercent: '15',
      })
      .returning();
    const [task] = await tx
      .insert(tasks)
      .values({
        tenantId: tenant,
        taskName: name('追肥'),
        areaId,
        landId,
        batchId: farmBatchId,
        startDate: '2026-04-10',
        endDate: '2026-04-11',
        status: 'finished',
        finishedAt: new Date('2026-04-11T03:00:00Z'),
        finishNote: '每亩 20 kg',
      })
      .returning();
    await tx
      .insert(taskInputUsages)
      .values({ tenantId: tenant, taskId: task?.id ?? 0, inputId: input?.id ?? 0, areaId, quantity: '40.5' });
    // A task after the harvest and a log before sowing are outside the season.
    await tx.insert(tasks).values({
      tenantId: tenant,
      taskName: '清园',
      areaId,
      landId,
      startDate: '2026-07-01',
      endDate: '2026-07-01',
      status: 'finished',
      finishedAt: new Date('2026-07-01T03:00:00Z'),
    });
    await tx.insert(farmLogs).values([
      {
        tenantId: tenant,
        title: name('定植完成'),
        description: name('定植 2600 株'),
        areaId,
        landId,
        logTime: new Date('2026-03-02T02:00:00Z'),
      },
      {
        tenantId: tenant,
        title: '棚内抓拍',
        areaId,
        landId,
        source: 'camera',
        sourceId: 1,
        pictures: [pictureUrl],
        logTime: new Date('2026-05-15T02:00:00Z'),
      },
      {
        tenantId: tenant,
        title: '去年的记录',
        areaId,
        landId,
        logTime: new Date('2025-10-01T02:00:00Z'),
      },
    ]);
    const [outlet] = await tx
      .insert(traceOutlets)
      .values({
        tenantId: tenant,
        kind: 'online',
        outletName: `示范农场旗舰店${o.suffix}`,
        platform: 'tmall',
        url: 'https://shop.example.com/farm',
      })
      .returning();
    const [store] = await tx
      .insert(traceOutlets)
      .values({
        tenantId: tenant,
        kind: 'store',
        outletName: `番禺门店${o.suffix}`,
        address: '广州市番禺区',
        phone: '020-12345678',
      })
      .returning();
    if (gtin) await tx.insert(traceGtins).values({ gtin, tenantId: tenant });
    const [product] = await tx
      .insert(traceProducts)
      .values({
        tenantId: tenant,
        productName: name(`粉冠番茄${o.suffix}`),
        productEnName: 'Pink tomato',
        gtin: gtin || null,
        placeOfOrigin: '广东广州',
        netWeight: '5',
        plantingStandard: 'green',
        certificates: [{ kind: 'green', name: '绿色食品证书', number: 'LB-44-123' }],
        outletIds: [outlet?.id ?? 0, store?.id ?? 0],
      })
      .returning();
    await tx
      .insert(traceBusinessProfiles)
      .values({ tenantId: tenant, businessName: `示范农场${o.suffix}`, phone: '020-88888888' })
      .onConflictDoNothing();
    const batchCode = `L${o.suffix}`;
    const [tb] = await tx
      .insert(traceBatches)
      .values({
        tenantId: tenant,
        traceProductId: product?.id ?? 0,
        batchCode,
        productionDate: '2026-06-22',
        inspections: [
          { name: '农残快检', agency: '番禺检测站', date: '2026-06-21', result: 'pass', items: '有机磷' },
        ],
      })
      .returning();
    const traceBatchId = tb?.id ?? 0;
    await tx.insert(traceBatchSources).values({ tenantId: tenant, traceBatchId, farmBatchId });
    const [pkg] = await tx
      .insert(traceCodePackages)
      .values({
        tenantId: tenant,
        packageCode: `P${o.suffix}`,
        traceBatchId,
        quantity: 1,
        codeScheme: gtin ? 'gs1' : 'tenant',
        status: 'ready',
      })
      .returning();
    const serial = `S${o.suffix}ABC234`;
    await tx
      .insert(traceCodes)
      .values({ tenantId: tenant, serial, packageId: pkg?.id ?? 0, traceBatchId, seq: 1 });
    return { traceBatchId, batchCode, serial, gtin, farmBatchId, pictureUrl };
  });
};
