import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness.js';
import { carbonFactors, carbonSettings } from '../../factor/index.js';
import { footprintOfFarmBatches } from '../index.js';
import { ctxOf, type Scenario, seedScenario } from './carbon-scenario.js';

// The footprint part D freezes into a published trace record, computed from the season's records.
// Expected figures by hand (AR5, IPCC 2019 Tier 1, MEE/NBS grid 2023 national 0.5306):
//   urea 100 kg × 46 % = 46 kg N
//     direct    46 × 0.01 × 44/28 × 265            = 191.5571
//     volatil.  46 × 0.11 × 0.01 × 44/28 × 265     =  21.0713
//     leached   46 × 0.24 × 0.011 × 44/28 × 265    =  50.5711
//     N made    46 × 4.95 (Lal 2004)               = 227.7
//   aerator 12 h × 2 kW = 24 kWh × 0.5306            =  12.7344  (the 5 h in December are after harvest)
//   processing bill 100 kWh × 0.5306                =  53.06
//   removal                                          = −10
//   total 546.6939 kg CO2e ÷ 1000 kg                 = 0.546694 kg CO2e/kg
//   planting 490.8995 + 12.7344 − 10 = 493.6339; processing 53.06

let s: TestServer;
let a: Scenario;
let b: Scenario;
const tA = () => s.fixtures.tenantA;
const tB = () => s.fixtures.tenantB;

beforeAll(async () => {
  s = await startTestServer();
  a = await seedScenario(s, tA(), 'A');
  b = await seedScenario(s, tB(), 'B');
});
afterAll(async () => s?.close());

const footprint = (tenantId: number, ids: number[]) =>
  s.platform.database.withTenant(tenantId, (db) => footprintOfFarmBatches(ctxOf(s, tenantId, db), ids));

describe('footprintOfFarmBatches', () => {
  it('computes the per-kg footprint of a harvested batch from its records', async () => {
    const f = await footprint(tA(), [a.batchId]);
    expect(f).toMatchObject({
      totalKgCo2e: '546.6939',
      harvestKg: '1000',
      kgCo2ePerKg: '0.546694',
    });
    expect(f?.byStage).toEqual([
      { stage: 'planting', kgCo2e: '493.6339' },
      { stage: 'processing', kgCo2e: '53.06' },
    ]);
    expect(f?.method).toBe('tilth-carbon-v1');
  });

  it("another tenant's batch gives nothing, even by id", async () => {
    expect(await footprint(tA(), [b.batchId])).toBeNull();
    expect(await footprint(tB(), [a.batchId])).toBeNull();
  });

  it('is null when the harvest weight is not known (a unit that is not a mass)', async () => {
    await s.platform.database.withTenant(tA(), async (db) => {
      const { batches } = await import('../../../farm/batch/index.js');
      const [x] = await db
        .insert(batches)
        .values({
          tenantId: tA(),
          batchCode: 'B-CRATES',
          batchName: 'In crates',
          areaId: a.areaId,
          cropId: 1,
          startDate: '2023-03-01',
          harvestQuantity: '40',
          unit: 'crate',
          status: 'harvested',
        })
        .returning();
      expect(
        await footprintOfFarmBatches(ctxOf(s, tA(), db), [a.batchId, (x as { id: number }).id]),
      ).toBeNull();
    });
  });

  it("uses the tenant's grid region and its own override of a default", async () => {
    await s.platform.database.withTenant(tA(), async (db) => {
      await db.insert(carbonSettings).values({ tenantId: tA(), gridRegion: 'CN-EAST' });
      // East China 2023: 0.55 → 24 × 0.55 = 13.2 and 100 × 0.55 = 55; override EF1 with 0.02 → direct doubles.
      await db.insert(carbonFactors).values({
        tenantId: tA(),
        factorCode: 'n2o.ef1',
        category: 'fertilizer',
        factorName: 'EF1 wet climate',
        gas: 'N2O',
        value: '0.02',
        unit: 'kgN2O-N/kgN',
        activityUnit: 'kgN',
        source: 'test override',
        region: 'GLOBAL',
        validYear: 2019,
      });
      const f = await footprintOfFarmBatches(ctxOf(s, tA(), db), [a.batchId]);
      // 383.1143 + 21.0713 + 50.5711 + 227.7 + 13.2 + 55 − 10 = 740.6567
      expect(f?.totalKgCo2e).toBe('740.6567');
    });
  });
});
