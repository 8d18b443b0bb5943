import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import type { Db } from '../../../../platform/db/client.js';
import type { Ctx } from '../../../../platform/http/context.js';
import type { TestServer } from '../../../../test/harness.js';
import { agriculturalInputs } from '../../../farm/agricultural/index.js';
import { areas } from '../../../farm/area/index.js';
import { batches } from '../../../farm/batch/index.js';
import { lands } from '../../../farm/land/index.js';
import { taskInputUsages, tasks } from '../../../farm/task/index.js';
import { devices } from '../../../iot/device/index.js';
import { telemetryHourly } from '../../../iot/telemetry/index.js';
import { carbonEntries } from '../footprint.tables.js';

/** What the scenario made, for the expectations. */
export interface Scenario {
  areaId: number;
  landId: number;
  batchId: number;
  taskId: number;
  inputId: number;
  deviceId: number;
  entryIds: number[];
}

const hour = (day: string, h: number) => new Date(`${day}T${String(h).padStart(2, '0')}:00:00Z`);

/**
 * A demo-like season in 2023: a base with a plot and a batch (1 Mar – harvest 31 Oct, 1000 kg); a finished
 * task used 100 kg urea (46 % N); an aerator (2 kW per pump) on the plot ran 12 h in May and 5 h in
 * December (after the harvest, so not the batch's); a processing electricity bill of 100 kWh and a removal
 * of 10 kg CO2e on the batch.
 */
export const seedScenario = async (s: TestServer, tenantId: number, tag = 'A'): Promise<Scenario> =>
  s.platform.database.withTenant(tenantId, async (db: Db) => {
    const [area] = await db
      .insert(areas)
      .values({ tenantId, areaName: `Tea base ${tag}` })
      .returning();
    const areaId = (area as { id: number }).id;
    const [land] = await db
      .insert(lands)
      .values({ tenantId, areaId, landName: `Plot ${tag}1` })
      .returning();
    const landId = (land as { id: number }).id;
    const [batch] = await db
      .insert(batches)
      .values({
        tenantId,
        batchCode: `B-${tag}-2023`,
        batchName: `Spring tea ${tag}`,
        areaId,
        landId,
        cropId: 1,
        startDate: '2023-03-01',
        harvestDate: '2023-10-31',
        harvestQuantity: '1000',
        unit: 'kg',
        status: 'harvested',
      })
      .returning();
    const batchId = (batch as { id: number }).id;
    const [input] = await db
      .insert(agriculturalInputs)
      .values({
        tenantId,
        inputCode: `UREA-${tag}`,
        inputName: 'Urea',
        category: 'fertilizer',
        unit: 'kg',
        nPercent: '46.00',
        nitrogenSource: 'synthetic',
      })
      .returning();
    const inputId = (input as { id: number }).id;
    const [task] = await db
      .insert(tasks)
      .values({
        tenantId,
        taskName: 'Top dressing',
        areaId,
        landId,
        batchId,
        startDate: '2023-04-10',
        endDate: '2023-04-10',
        status: 'finished',
        finishedAt: new Date('2023-04-10T08:00:00Z'),
      })
      .returning();
    const taskId = (task as { id: number }).id;
    await db.insert(taskInputUsages).values({ tenantId, taskId, inputId, areaId, quantity: '100' });
    const [device] = await db
      .insert(devices)
      .values({
        tenantId,
        typeKey: 'aerator',
        name: `Aerator ${tag}`,
        eui: `AER${tag}`,
        areaId,
        landId,
        config: { ratedPowerKw: 2 },
      })
      .returning();
    const deviceId = (device as { id: number }).id;
    // May: 10 hours fully on, 4 hours half on = 12 h; December: 5 hours on (after the harvest).
    const rows = [
      ...Array.from({ length: 10 }, (_, i) => ({ at: hour('2023-05-01', i), sum: 6, count: 6 })),
      ...Array.from({ length: 4 }, (_, i) => ({ at: hour('2023-05-02', i), sum: 3, count: 6 })),
      ...Array.from({ length: 5 }, (_, i) => ({ at: hour('2023-12-01', i), sum: 6, count: 6 })),
    ];
    await db.insert(telemetryHourly).values(
      rows.map((r) => ({
        tenantId,
        deviceId,
        metric: 'pump1On',
        bucket: r.at,
        count: r.count,
        sum: r.sum,
        min: 0,
        max: 1,
        last: 1,
        lastTs: r.at,
      })),
    );
    const entries = await db
      .insert(carbonEntries)
      .values([
        {
          tenantId,
          kind: 'emission',
          entryDate: '2023-11-05',
          stage: 'processing',
          areaId,
          batchId,
          factorCode: 'electricity.grid',
          activityAmount: '100',
          activityUnit: 'kWh',
          description: 'Withering and rolling, November bill',
        },
        {
          tenantId,
          kind: 'removal',
          entryDate: '2023-06-01',
          stage: 'planting',
          areaId,
          landId,
          batchId,
          factorCode: 'direct.co2e',
          activityAmount: '10',
          activityUnit: 'kgCO2e',
          description: 'Shade trees planted',
        },
      ])
      .returning();
    return { areaId, landId, batchId, taskId, inputId, deviceId, entryIds: entries.map((e) => e.id) };
  });

/** A service context of a tenant on a transaction (what a route gives a service), English. */
export const ctxOf = (s: TestServer, tenantId: number, db: Db): Ctx => ({
  user: { id: 1, loginName: 'test', realName: 'test', platformAdmin: false, sessionId: 'x' },
  tenantId,
  lang: 'en-US',
  timeZone: DEFAULT_TIME_ZONE,
  db,
  permissions: new Set(),
  log: s.app.log,
  transact: (fn) => fn(db),
});
