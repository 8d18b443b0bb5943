import type { FarmLog, FarmOverview, Page } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../../../app/server.js';
import { type DemoTestServer, startDemoTestServer } from '../../../../test/demo-server.js';
import { auth, json, login } from '../../../../test/harness.js';
import { demoExtras } from '../../../demo/demo.extras.js';
import { seedDemo } from '../../../demo/demo.seed.js';

// A server of its own with no fixture tenants, as the demo seed expects (like land.demo.test.ts).
let demo: DemoTestServer;
let s: Started;
beforeAll(async () => {
  demo = await startDemoTestServer('log-demo');
  s = demo.server;
});
afterAll(async () => {
  await demo?.close();
});

describe('demo farm logs', () => {
  it('seeds about 15 logs of the last weeks on both bases, with warnings and a weather log from the rain', async () => {
    const ids = await seedDemo(s.platform.database, demoExtras);
    expect(ids.seeded).toBe(true);
    const token = await login(s, 'demo', 'demo1234');
    const res = await s.app.inject({
      method: 'GET',
      url: `/wfpf/v1/${ids.demoTenant}/log?size=0`,
      headers: auth(token),
    });
    const logs = json<Page<FarmLog>>(res).content;
    // 14 routine logs, and up to two weather logs when the demo's own rain series had a wet day
    // (demo.agreement.test.ts checks they agree with the rainfall report).
    expect(logs.length).toBeGreaterThanOrEqual(14);
    expect(logs.length).toBeLessThanOrEqual(16);
    expect(new Set(logs.map((l) => l.areaName))).toEqual(new Set(['番禺示范基地', '南沙水产基地']));
    expect(logs.filter((l) => l.level === 'emergency').length).toBeLessThanOrEqual(1);
    expect(logs.filter((l) => l.level === 'warning').length).toBeGreaterThanOrEqual(3);
    expect(logs.filter((l) => l.landName !== null).length).toBeGreaterThan(10);
    const now = Date.now();
    for (const l of logs) {
      expect(Date.parse(l.logTime)).toBeLessThanOrEqual(now);
      // The oldest is "30 farm days ago at 15:00", so up to 31 days depending on the hour it runs.
      expect(now - Date.parse(l.logTime)).toBeLessThan(31 * 24 * 3600 * 1000);
    }
    const home = await s.app.inject({
      method: 'GET',
      url: `/wfpf/v1/${ids.demoTenant}/farm/overview`,
      headers: auth(token),
    });
    expect(json<FarmOverview>(home).logs.latest).toHaveLength(5);
  });
});
