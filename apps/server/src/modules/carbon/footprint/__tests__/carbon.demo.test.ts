import type { CarbonMonitor, CarbonSettings } from '@tilth/contracts/carbon.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../../../app/server.js';
import { type DemoTestServer, startDemoTestServer } from '../../../../test/demo-server.js';
import { auth, login } from '../../../../test/harness.js';
import { demoExtras } from '../../../demo/demo.extras.js';
import { seedDemo } from '../../../demo/demo.seed.js';

// The demo seed needs an empty database (the harness's fixtures would stop it), as in demo.test.ts.
let demo: DemoTestServer;
let s: Started;
beforeAll(async () => {
  demo = await startDemoTestServer('carbon-demo');
  s = demo.server;
});
afterAll(async () => {
  await demo?.close();
});

describe('carbon demo', () => {
  it('gives the dashboard fertiliser, manual entries, removals, a grid region and a per-kg figure', async () => {
    const { demoTenant } = await seedDemo(s.platform.database, demoExtras);
    const token = await login(s, 'demo', 'demo1234');
    const get = async <T>(path: string) => {
      const res = await s.app.inject({
        method: 'GET',
        url: `/wfpf/v1/${demoTenant}/carbon/${path}`,
        headers: auth(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };
    expect((await get<CarbonSettings>('settings')).gridRegion).toBe('CN-SOUTH');
    // The demo is dated relative to today: its season spans this year and possibly the last.
    const y = new Date().getUTCFullYear();
    const m = await get<CarbonMonitor>(`monitor?from=${y - 1}-01-01&to=${y}-12-31`);
    const sources = m.bySource.map((x) => x.source);
    expect(sources).toEqual(
      expect.arrayContaining(['fertilizer_n2o_direct', 'fertilizer_manufacture', 'manual']),
    );
    expect(Number(m.totals.removals)).toBe(150);
    expect(m.byStage.filter((x) => Number(x.emissions) > 0).map((x) => x.stage)).toEqual(
      expect.arrayContaining(['planting', 'processing', 'transport_sales']),
    );
    expect(m.byBatch.some((b) => b.kgCo2ePerKg !== null && Number(b.kgCo2ePerKg) > 0)).toBe(true);
    // Urea 1 bag of 40 kg at 46 % N and NPK 2 bags of 50 kg at 15 %: 18.4 + 15 = 33.4 kg N.
    const nLines = m.lines.filter((l) => l.source === 'fertilizer_n2o_direct');
    expect(nLines.reduce((n, l) => n + Number(l.activity.amount), 0)).toBeCloseTo(33.4, 6);
    expect(m.notCounted).toEqual([]);
  });
});
