import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../../../app/server.js';
import { type DemoTestServer, startDemoTestServer } from '../../../../test/demo-server.js';
import { auth, json, login } from '../../../../test/harness.js';
import { demoExtras } from '../../../demo/demo.extras.js';
import { seedDemo } from '../../../demo/demo.seed.js';
import { seedLands } from '../land.demo.js';

// A server of its own with no fixture tenants, as the demo seed expects (like demo/__tests__/demo.test.ts).
let demo: DemoTestServer;
let s: Started;
beforeAll(async () => {
  demo = await startDemoTestServer('land-demo');
  s = demo.server;
});
afterAll(async () => {
  await demo?.close();
});

interface Plot {
  landName: string;
  areaName: string;
  landUsage: string;
  areaM2: number;
  areaMu: number;
  landCenter: string;
}

describe('demo plots', () => {
  it('puts 4 fields on 番禺示范基地 and 2 ponds on 南沙水产基地, measured by the server', async () => {
    expect(demoExtras).toContain(seedLands);
    const ids = await seedDemo(s.platform.database, demoExtras);
    expect(ids.seeded).toBe(true);
    const token = await login(s, 'demo', 'demo1234');
    const res = await s.app.inject({
      method: 'GET',
      url: `/wfpf/v1/${ids.demoTenant}/land?size=0`,
      headers: auth(token),
    });
    const plots = json<{ content: Plot[] }>(res).content;
    const on = (base: string) => plots.filter((p) => p.areaName === base);
    expect(on('番禺示范基地').map((p) => p.landUsage)).toEqual(['plant', 'plant', 'plant', 'plant']);
    expect(on('南沙水产基地').map((p) => p.landUsage)).toEqual(['nurture', 'nurture']);
    for (const p of plots) {
      // Between 0.3 and 10 hectares, centred near their base.
      expect(p.areaM2).toBeGreaterThan(3_000);
      expect(p.areaM2).toBeLessThan(100_000);
      expect(p.areaMu).toBeCloseTo(p.areaM2 / (10_000 / 15), 3);
      const [lat, lng] = p.landCenter.split(',').map(Number) as [number, number];
      const [clat, clng] = p.areaName === '番禺示范基地' ? [22.96, 113.34] : [22.8, 113.55];
      expect(Math.abs(lat - clat)).toBeLessThan(0.01);
      expect(Math.abs(lng - clng)).toBeLessThan(0.01);
    }
  });
});

describe('demo season', () => {
  it('has growing batches on most plots, one idle field whose history shows the harvested batch', async () => {
    const token = await login(s, 'demo', 'demo1234');
    const self = json<{ tenantId: number }>(
      await s.app.inject({ method: 'GET', url: '/iam/stong/v1/users/self', headers: auth(token) }),
    );
    const t = self.tenantId;
    const plots = json<{
      content: (Plot & { landId: number; currentBatch: { batchName: string } | null })[];
    }>(await s.app.inject({ method: 'GET', url: `/wfpf/v1/${t}/land?size=0`, headers: auth(token) })).content;
    const growing = plots.filter((p) => p.currentBatch !== null).map((p) => p.landName);
    expect(growing).toEqual(expect.arrayContaining(['1号温室大棚', '2号温室大棚', '东片水稻田', '1号鱼塘']));
    const idle = plots.find((p) => p.landName === '西片蔬菜地');
    expect(idle?.currentBatch).toBeNull();
    const history = json<{ batchName: string; status: string }[]>(
      await s.app.inject({
        method: 'GET',
        url: `/wfpf/v1/${t}/land/history?landId=${idle?.landId}`,
        headers: auth(token),
      }),
    );
    expect(history).toEqual([expect.objectContaining({ batchName: '秋茬番茄', status: 'harvested' })]);
  });
});
