import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { seedSeedProducts } from '../../seed/seed.demo.js';
import { seedCropCatalogue } from '../crop.demo.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

interface Page<T> {
  content: T[];
  totalElements: number;
}

describe('demo farm catalogue', () => {
  it('seeds crops, varieties, task types and a public seed product in the demo tenant', async () => {
    // The harness's tenants stand in for the demo tenants (seedDemo itself would find 1001 taken).
    const demoTenant = s.fixtures.tenantA;
    const secondTenant = s.fixtures.tenantB;
    const ids = { demoTenant, secondTenant, users: { demo: s.fixtures.users.adminA.id } };
    for (const extra of [seedCropCatalogue, seedSeedProducts]) await extra(s.platform.database, ids);
    const token = await login(s, 'adminA');
    const get = async <T>(path: string, tenant = demoTenant) => {
      const res = await s.inject({ method: 'GET', url: `/wfpf/v1/${tenant}/${path}`, headers: auth(token) });
      expect(res.statusCode, res.body).toBe(200);
      return json<T>(res);
    };
    const crops =
      await get<Page<{ cropName: string; cropEnName: string; cropType: string }>>('crop/page?size=0');
    expect(crops.content.map((c) => [c.cropName, c.cropEnName, c.cropType])).toEqual([
      ['番茄', 'Tomato', 'plant'],
      ['水稻', 'Rice', 'plant'],
      ['草鱼', 'Grass carp', 'nurture'],
    ]);
    const varieties = await get<Page<{ cropName: string }>>('variety/page?size=0');
    expect(varieties.content.map((v) => v.cropName)).toEqual([
      '番茄',
      '番茄',
      '水稻',
      '水稻',
      '草鱼',
      '草鱼',
    ]);
    const types = await get<Page<{ typeName: string }>>('task-type/page?size=0');
    expect(types.content.map((t) => t.typeName)).toEqual(['播种', '施肥', '灌溉', '植保', '采收', '巡田']);
    const seeds = await get<Page<{ seedId: number; seedName: string; practiceCount: number }>>('seed/page');
    expect(seeds.content).toMatchObject([{ seedName: '番茄种子', practiceCount: 2, attributeCount: 2 }]);
    const pub = await s.inject({
      method: 'GET',
      url: `/wfpf/v1/${demoTenant}/seed/public/${seeds.content[0]?.seedId}`,
    });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({ seedName: '番茄种子', seedEnName: 'Tomato seed' });
    // The second demo tenant is left alone.
    const tokenB = await login(s, 'adminB');
    const other = await s.inject({
      method: 'GET',
      url: `/wfpf/v1/${secondTenant}/crop/page`,
      headers: auth(tokenB),
    });
    expect(json<Page<unknown>>(other).totalElements).toBe(0);
  });
});
