import type { AlarmRule } from '@tilth/contracts/alarm.types';
import type { DeviceGroup, Strategy } from '@tilth/contracts/automation.types';
import type { Page } from '@tilth/contracts/common.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { seedDemoDevices } from '../../../demo/demo.devices.js';
import { demoExtras } from '../../../demo/demo.extras.js';
import { seedAlarms } from '../../alarm/alarm.demo.js';
import { seedAutomation } from '../automation.demo.js';

process.env.TILTH_STRATEGY_TICK = '0';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('demo alarms and smart control', () => {
  it('run after the demo devices', () => {
    const at = (f: unknown) => demoExtras.indexOf(f as (typeof demoExtras)[number]);
    expect(at(seedAlarms)).toBeGreaterThan(at(seedDemoDevices));
    expect(at(seedAutomation)).toBeGreaterThan(at(seedAlarms));
  });

  it('seed rules on the simulated devices, the valves group and the irrigation strategy', async () => {
    const demoTenant = s.fixtures.tenantA;
    const users = { demo: s.fixtures.users.adminA.id, operator: s.fixtures.users.operatorA.id };
    const ids = { demoTenant, secondTenant: s.fixtures.tenantB, users };
    for (const extra of demoExtras.slice(0, demoExtras.indexOf(seedAutomation) + 1)) {
      await extra(s.platform.database, ids);
    }
    const token = await login(s, 'adminA');
    const get = async <T>(path: string) =>
      json<T>(await s.inject({ method: 'GET', url: `/wfpe/v1/${demoTenant}/${path}`, headers: auth(token) }));
    const rules = await get<Page<AlarmRule>>('warning/rule?size=0');
    expect(rules.content.map((r) => r.kind)).toContain('offline');
    expect(rules.content.some((r) => r.metric === 'moisture0' && r.threshold === 25)).toBe(true);
    const groups = await get<Page<DeviceGroup>>('intelligent/group?kind=control');
    expect(groups.content[0]?.members.length).toBeGreaterThan(0);
    const strategies = await get<Page<Strategy>>('intelligent/strategy');
    const irrigation = strategies.content.find((x) => x.name === '缺水自动灌溉');
    expect(irrigation?.guards[0]?.kind).toBe('noRainToday');
    expect(irrigation?.action).toMatchObject({ action: 'open', durationMin: 20 });
  });
});
