import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../modules/demo/demo.devices.js';
import { seedDemo } from '../../modules/demo/demo.seed.js';
import { createTenant } from '../../modules/demo/seed.helpers.js';
import { HARNESS_TENANT_IDS, login, startTestServer, type TestServer } from '../harness.js';

// The fixtures' tenants used to take the first identity values, 1001 and 1002 — the demo tenants' fixed
// ids — so a test seeding demo data next to them found "the demo tenant" already there (Farm A).

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('test harness tenants', () => {
  it('never take the demo tenants’ ids, nor do tenants a test creates', async () => {
    expect([s.fixtures.tenantA, s.fixtures.tenantB]).toEqual([HARNESS_TENANT_IDS.a, HARNESS_TENANT_IDS.b]);
    expect(s.fixtures.tenantA).not.toBe(DEMO_TENANT_ID);
    const extra = await createTenant(s.platform.database, 'Farm C');
    expect(extra).toBeGreaterThan(1002);
  });

  it('leave room for the demo seed, which creates its own tenants beside them', async () => {
    const seeded = await seedDemo(s.platform.database);
    expect(seeded).toEqual({ seeded: true, demoTenant: DEMO_TENANT_ID, secondTenant: 1002 });
    expect(await login(s, 'demo', 'demo1234')).toBeTruthy();
    expect(await login(s, 'adminA')).toBeTruthy();
  });
});
