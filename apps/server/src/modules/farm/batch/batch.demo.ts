import { batchCreateBody } from '@tilth/contracts/batch.types';
import { cropPageQuery, varietyPageQuery } from '@tilth/contracts/crop.types';
import { landListQuery } from '@tilth/contracts/land.types';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import type { Ctx } from '../../../platform/http/context.js';
import { addDays, today as todayIn } from '../../../platform/time/zone.js';
import { CropService, VarietyService } from '../crop/index.js';
import { LandService } from '../land/index.js';
import { BatchService } from './batch.service.js';

interface DemoBatch {
  plot: string;
  name: string;
  crop: string;
  variety: string;
  /** Days before today the batch started. */
  startedDaysAgo: number;
  standard: 'normal' | 'organic' | 'green' | 'pollution_free';
  planned?: number;
  stockCount?: number;
  unit: string;
  /** A past batch: harvested this many days ago, with this quantity. */
  harvest?: { daysAgo: number; quantity: number };
}

// A season in progress: most plots carry a growing batch, one field was harvested and is idle, and the
// plots' history (land/history) has something to show.
const BATCHES: DemoBatch[] = [
  {
    plot: '西片蔬菜地',
    name: '秋茬番茄',
    crop: '番茄',
    variety: '粉冠一号',
    startedDaysAgo: 200,
    standard: 'normal',
    planned: 30000,
    unit: 'kg',
    harvest: { daysAgo: 70, quantity: 28650 },
  },
  {
    plot: '1号温室大棚',
    name: '冬春茬番茄',
    crop: '番茄',
    variety: '粉冠一号',
    startedDaysAgo: 45,
    standard: 'green',
    planned: 9000,
    unit: 'kg',
  },
  {
    plot: '2号温室大棚',
    name: '樱桃番茄',
    crop: '番茄',
    variety: '千禧樱桃番茄',
    startedDaysAgo: 30,
    standard: 'organic',
    planned: 6000,
    unit: 'kg',
  },
  {
    plot: '东片水稻田',
    name: '晚稻',
    crop: '水稻',
    variety: '美香占2号',
    startedDaysAgo: 95,
    standard: 'pollution_free',
    planned: 32000,
    unit: 'kg',
  },
  {
    plot: '1号鱼塘',
    name: '草鱼 2026 春放',
    crop: '草鱼',
    variety: '珠江草鱼',
    startedDaysAgo: 210,
    standard: 'normal',
    stockCount: 12000,
    planned: 15000,
    unit: 'kg',
  },
];

const one = <T>(rows: T[], what: string): T => {
  const row = rows[0];
  if (!row) throw new Error(`demo batches: no ${what}`);
  return row;
};

const seedOne = async (ctx: Ctx, b: DemoBatch): Promise<void> => {
  const crops = new CropService();
  const varieties = new VarietyService();
  const lands = new LandService();
  const batches = new BatchService();
  const crop = one(
    (await crops.page(ctx, cropPageQuery.parse({ size: 0, cropName: b.crop }))).content,
    b.crop,
  );
  const variety = one(
    (
      await varieties.page(
        ctx,
        varietyPageQuery.parse({ size: 0, cropId: crop.cropId, varietyName: b.variety }),
      )
    ).content,
    b.variety,
  );
  const plot = one(
    (await lands.list(ctx, landListQuery.parse({ size: 0, landName: b.plot }))).content,
    b.plot,
  );
  const today = todayIn(DEFAULT_TIME_ZONE);
  const created = await batches.create(
    ctx,
    batchCreateBody.parse({
      batchName: b.name,
      landId: plot.landId,
      cropId: crop.cropId,
      varietyId: variety.varietyId,
      plantingStandard: b.standard,
      startDate: addDays(today, -b.startedDaysAgo),
      plannedQuantity: b.planned ?? null,
      stockCount: b.stockCount ?? null,
      unit: b.unit,
    }),
  );
  if (b.harvest) {
    await batches.harvest(ctx, {
      batchId: created.batchId,
      harvestQuantity: b.harvest.quantity,
      unit: b.unit,
      harvestDate: addDays(today, -b.harvest.daysAgo),
    });
  }
};

/** Batches on the demo plots (after the plots and the crop catalogue; before plans, which use them). */
export const seedBatches: DemoExtras = async (database, ids) => {
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0);
    for (const b of BATCHES) await seedOne(ctx, b);
  });
};
