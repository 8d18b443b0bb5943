import { type DemoExtras, demoAdminCtx } from '../../../platform/db/seed.js';
import { FactorService } from '../factor/index.js';
import { EntryService } from './entry.service.js';
import { harvestedBatches } from './footprint.repository.js';

const addDays = (day: string, n: number): string => {
  const t = new Date(`${day}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + n);
  return t.toISOString().slice(0, 10);
};

/**
 * Carbon of 示范农场 (issue 18): the grid of Guangdong (China Southern), and what the records cannot tell
 * on the latest harvest — the packing shed's electricity bill, the delivery diesel — and a removal by the
 * shelter belt. Fertiliser use, rated powers and fuel rates come with the farm, task and device demo data.
 */
export const seedDemoCarbon: DemoExtras = async (database, ids) => {
  const factors = new FactorService();
  const entries = new EntryService();
  await database.withTenant(ids.demoTenant, async (tx) => {
    const ctx = demoAdminCtx(tx, ids.demoTenant, ids.users.demo ?? 0);
    await factors.saveSettings(ctx, { gridRegion: 'CN-SOUTH', dashboardYear: null, objectVersionNumber: 0 });
    const [batch] = await harvestedBatches(tx, ids.demoTenant);
    if (!batch?.harvestDate) return;
    const on = { areaId: batch.areaId, landId: batch.landId, batchId: batch.id };
    await entries.create(ctx, {
      kind: 'emission',
      entryDate: addDays(batch.harvestDate, 5),
      stage: 'processing',
      ...on,
      factorCode: 'electricity.grid',
      activityAmount: 850,
      evidence: [],
      description: '分拣包装车间电费（清洗、分级、预冷）/ Packing shed electricity bill',
    });
    await entries.create(ctx, {
      kind: 'emission',
      entryDate: addDays(batch.harvestDate, 7),
      stage: 'transport_sales',
      ...on,
      factorCode: 'fuel.diesel',
      activityAmount: 60,
      evidence: [],
      description: '冷链配送柴油 / Delivery truck diesel',
    });
    await entries.create(ctx, {
      kind: 'removal',
      entryDate: addDays(batch.harvestDate, -30),
      stage: 'planting',
      areaId: batch.areaId,
      factorCode: 'direct.co2e',
      activityAmount: 150,
      evidence: [],
      description: '田边防护林年固碳（第三方核算）/ Shelter belt uptake (third-party estimate)',
    });
  });
};
