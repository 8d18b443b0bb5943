import type { DeviceGroup, Strategy, StrategyRun } from '@tilth/contracts/automation.types';
import type { Page } from '@tilth/contracts/common.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, atWallTime, dayOf, startOfDayAt } from '../../../../platform/time/zone.js';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { waitFor } from '../../../../test/iot.js';
import { FakeDevice } from '../../control/__tests__/fake-device.js';
import { findCommand } from '../../control/control.repository.js';
import { strategyEngineOf } from '../automation.jobs.js';
import type { StrategyEngine } from '../strategy.engine.js';

// The engine is driven here with an injected clock; the server's own timer stays off.
process.env.TILTH_STRATEGY_TICK = '0';

let s: TestServer;
let tok: RoleTokens;
let A: number;
let engine: StrategyEngine;
let soil: FakeDevice;
let valve: FakeDevice;
let dryStation: FakeDevice;
let wetStation: FakeDevice;
let seq = 1;
const MIN = 60_000;

const call = (token: string, method: string, url: string, payload?: unknown) =>
  s.inject({
    method: method as 'GET',
    url,
    headers: auth(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const I = () => `/wfpe/v1/${A}/intelligent`;
const runsOf = async (id: number) =>
  json<Page<StrategyRun>>(await call(tok.admin, 'GET', `${I()}/strategy/${id}/runs?size=50`)).content;
const commandState = (cmdId: string) =>
  s.platform.database.withTenant(A, async (tx) => (await findCommand(tx, A, cmdId))?.state);

/** "soil moisture < 25 % for 10 min → open valve 20 min unless it rained today" */
const irrigation = (name: string, stationId: number) => ({
  name,
  trigger: { kind: 'condition', deviceId: soil.id, metric: 'moisture0', op: 'lt', threshold: 25, forMin: 10 },
  guards: [{ kind: 'noRainToday', deviceId: stationId }],
  action: { targetKind: 'device', targetId: valve.id, action: 'open', durationMin: 20 },
});

beforeAll(async () => {
  s = await startTestServer();
  tok = await signInRoles(s);
  A = s.fixtures.tenantA;
  const e = strategyEngineOf(s.platform);
  if (!e) throw new Error('no strategy engine');
  engine = e;
  soil = await FakeDevice.online(s, A, { typeKey: 'soil-moisture', name: '1号墒情站' });
  valve = await FakeDevice.online(s, A, { typeKey: 'electric-valve', name: '东区电磁阀' });
  dryStation = await FakeDevice.online(s, A, { typeKey: 'weather-station', name: '北区气象站' });
  wetStation = await FakeDevice.online(s, A, { typeKey: 'weather-station', name: '南区气象站' });
  await soil.publish(seq++, Date.now(), { moisture0: 20.5 });
  await wetStation.publish(seq++, Date.now(), { rainfall: 2.5 });
  await dryStation.publish(seq++, Date.now(), { rainfall: 0, airTemp: 21 });
  await s.iot.settle();
});
afterAll(async () => {
  for (const d of [soil, valve, dryStation, wetStation]) await d?.close();
  await s.close();
});

describe('strategy validation and access', () => {
  it('refuses a metric the sensor lacks, an unknown command, a rain guard on a valve, bad times (400)', async () => {
    const good = irrigation('x', dryStation.id);
    const bad = [
      { ...good, trigger: { ...good.trigger, metric: 'windSpeed' } },
      { ...good, trigger: { ...good.trigger, threshold: 101 } },
      { ...good, action: { ...good.action, action: 'fly' } },
      { ...good, action: { ...good.action, params: { lowCm: 5 } } },
      { ...good, guards: [{ kind: 'noRainToday', deviceId: valve.id }] },
      { ...good, guards: [{ kind: 'timeWindow', from: '25:00', to: '06:00' }] },
      { ...good, trigger: { kind: 'schedule', times: ['6:30'] } },
      { ...good, action: { ...good.action, targetId: 999_999 } },
    ];
    for (const b of bad) {
      const res = await call(tok.admin, 'POST', `${I()}/strategy`, b);
      expect(res.statusCode, `${JSON.stringify(b)} → ${res.body}`).toBe(400);
    }
    expect(json<Page<Strategy>>(await call(tok.admin, 'GET', `${I()}/strategy`)).totalElements).toBe(0);
  });

  it('a viewer (no valve control code) may read but not create or run strategies (403)', async () => {
    expect((await call(tok.viewer, 'GET', `${I()}/strategy`)).statusCode).toBe(200);
    const res = await call(tok.viewer, 'POST', `${I()}/strategy`, irrigation('viewer', dryStation.id));
    expect(res.statusCode).toBe(403);
  });
});

describe('condition strategy end to end', () => {
  let strategy: Strategy;

  it('fires after forMin, opens the real valve, then sends the close after the run time', async () => {
    const res = await call(tok.admin, 'POST', `${I()}/strategy`, irrigation('东区自动灌溉', dryStation.id));
    expect(res.statusCode, res.body).toBe(200);
    strategy = json<Strategy>(res);
    expect(strategy).toMatchObject({ targetName: '东区电磁阀', enabledFlag: 1, lastRun: null });

    const t = Date.now();
    await engine.runOnce(new Date(t), [A]);
    await engine.runOnce(new Date(t + 5 * MIN), [A]);
    expect(await runsOf(strategy.id)).toHaveLength(0);
    expect(valve.received).toHaveLength(0);

    await engine.runOnce(new Date(t + 10 * MIN), [A]);
    const [fired] = await runsOf(strategy.id);
    expect(fired).toMatchObject({ outcome: 'fired' });
    expect(fired?.commandIds).toHaveLength(1);
    const cmdId = fired?.commandIds[0] ?? '';
    await waitFor(() => valve.received.find((c) => c.cmdId === cmdId), 5000, 'valve got open');
    expect(valve.received.at(-1)).toMatchObject({ action: 'open' });
    await waitFor(async () => (await commandState(cmdId)) === 'done', 5000, 'open done');

    // Quiet during the run time even though the soil is still dry.
    await engine.runOnce(new Date(t + 25 * MIN), [A]);
    expect(await runsOf(strategy.id)).toHaveLength(1);

    await engine.runOnce(new Date(t + 31 * MIN), [A]);
    const [stopped] = await runsOf(strategy.id);
    expect(stopped).toMatchObject({ outcome: 'stopped' });
    const closeId = stopped?.commandIds[0] ?? '';
    await waitFor(() => valve.received.find((c) => c.cmdId === closeId), 5000, 'valve got close');
    expect(valve.received.at(-1)).toMatchObject({ action: 'close' });
    const view = json<Strategy>(await call(tok.admin, 'GET', `${I()}/strategy/${strategy.id}`));
    expect(view.lastRun?.outcome).toBe('stopped');
    await call(tok.admin, 'POST', `${I()}/strategy/${strategy.id}/enabled`, { enabledFlag: 0 });
  });

  it('the rain guard skips and logs why; no command is sent', async () => {
    const res = await call(tok.admin, 'POST', `${I()}/strategy`, {
      ...irrigation('雨天跳过', wetStation.id),
      trigger: {
        kind: 'condition',
        deviceId: soil.id,
        metric: 'moisture0',
        op: 'lt',
        threshold: 25,
        forMin: 0,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = json<Strategy>(res).id;
    const before = valve.received.length;
    await engine.runOnce(new Date(), [A]);
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ outcome: 'skipped', commandIds: [] });
    expect(run?.message).toContain('2.5 mm');
    expect(valve.received).toHaveLength(before);
    // Cool-down: not tried again on the next tick.
    await engine.runOnce(new Date(Date.now() + MIN), [A]);
    expect(await runsOf(id)).toHaveLength(1);
    // Run now with force ignores the guard.
    const forced = await call(tok.admin, 'POST', `${I()}/strategy/${id}/run`, { force: true });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(json<StrategyRun>(forced)).toMatchObject({ outcome: 'fired' });
    await call(tok.admin, 'POST', `${I()}/strategy/${id}/enabled`, { enabledFlag: 0 });
  });

  it('an offline target is a failed run with the reason', async () => {
    const res = await call(tok.admin, 'POST', `${I()}/strategy`, {
      name: '离线测试',
      trigger: { kind: 'schedule', times: ['06:00'] },
      action: { targetKind: 'device', targetId: valve.id, action: 'close' },
    });
    const id = json<Strategy>(res).id;
    await valve.goOffline();
    await s.iot.settle();
    const run = await call(tok.admin, 'POST', `${I()}/strategy/${id}/run`, {});
    expect(json<StrategyRun>(run)).toMatchObject({ outcome: 'failed', commandIds: [] });
    expect(json<StrategyRun>(run).message).toContain('东区电磁阀');
    await call(tok.admin, 'DELETE', `${I()}/strategy/${id}`);
  });
});

describe('schedule strategy', () => {
  it('fires once per slot on the allowed days, not late beyond the grace period', async () => {
    const v2 = await FakeDevice.online(s, A, { typeKey: 'electric-valve', name: '西区电磁阀' });
    const res = await call(tok.admin, 'POST', `${I()}/strategy`, {
      name: '早晨关阀',
      trigger: { kind: 'schedule', times: ['06:30', '18:00'] },
      action: { targetKind: 'device', targetId: v2.id, action: 'close' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = json<Strategy>(res).id;
    const tomorrow = startOfDayAt(new Date(), 'Asia/Shanghai').getTime() + 24 * 60 * MIN;
    const slot = tomorrow + (6 * 60 + 30) * MIN;
    await engine.runOnce(new Date(slot - MIN), [A]);
    expect(await runsOf(id)).toHaveLength(0);
    await engine.runOnce(new Date(slot + MIN), [A]);
    await engine.runOnce(new Date(slot + 2 * MIN), [A]);
    await engine.runOnce(new Date(slot + 10 * MIN), [A]);
    expect((await runsOf(id)).map((r) => r.outcome)).toEqual(['fired']);
    // 18:00 missed by 20 minutes (server down): not fired late.
    await engine.runOnce(new Date(tomorrow + (18 * 60 + 20) * MIN), [A]);
    expect(await runsOf(id)).toHaveLength(1);
    // Next day, next slot.
    await engine.runOnce(new Date(slot + 24 * 60 * MIN), [A]);
    expect(await runsOf(id)).toHaveLength(2);
    await v2.close();
  });
});

describe('schedule strategy in the tenant time zone', () => {
  it("fires a slot at the tenant's wall clock (America/New_York), not Shanghai's", async () => {
    const B = s.fixtures.tenantB;
    const NY = 'America/New_York';
    const settings = await call(tok.adminB, 'GET', `/wfpf/v1/${B}/tenant/settings`);
    const put = await call(tok.adminB, 'PUT', `/wfpf/v1/${B}/tenant/settings`, {
      ...json<object>(settings),
      timeZone: NY,
    });
    expect(put.statusCode, put.body).toBe(200);
    const v = await FakeDevice.online(s, B, { typeKey: 'electric-valve', name: 'NY valve' });
    const res = await call(tok.adminB, 'POST', `/wfpe/v1/${B}/intelligent/strategy`, {
      name: 'evening close',
      trigger: { kind: 'schedule', times: ['22:00'] },
      action: { targetKind: 'device', targetId: v.id, action: 'close' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = json<Strategy>(res).id;
    const runs = async () =>
      json<Page<StrategyRun>>(
        await call(tok.adminB, 'GET', `/wfpe/v1/${B}/intelligent/strategy/${id}/runs?size=50`),
      ).content;
    // 22:00 tomorrow in New York is 10:00 or 11:00 the day after in Shanghai: another day there.
    const [y, m, d] = addDays(dayOf(new Date(), NY), 1).split('-').map(Number) as [number, number, number];
    const slot = atWallTime(NY, y, m, d, 22, 0).getTime();
    expect(dayOf(new Date(slot), 'Asia/Shanghai')).not.toBe(dayOf(new Date(slot), NY));
    await engine.runOnce(new Date(atWallTime('Asia/Shanghai', y, m, d, 22, 1).getTime()), [B]);
    expect(await runs()).toHaveLength(0);
    await engine.runOnce(new Date(slot + MIN), [B]);
    expect((await runs()).map((r) => r.outcome)).toEqual(['fired']);
    // Tenant B stays without strategies for the cross-tenant checks below.
    expect((await call(tok.adminB, 'DELETE', `/wfpe/v1/${B}/intelligent/strategy/${id}`)).statusCode).toBe(
      200,
    );
    await v.close();
  });
});

describe('groups', () => {
  it('control groups take actuators only; a strategy on a group commands every member', async () => {
    const sensor = await call(tok.admin, 'POST', `${I()}/group`, {
      kind: 'control',
      name: '灌溉组',
      members: [{ deviceId: soil.id }],
    });
    expect(sensor.statusCode).toBe(400);
    const ok = await call(tok.admin, 'POST', `${I()}/group`, {
      kind: 'control',
      name: '灌溉组',
      members: [{ deviceId: valve.id }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const group = json<DeviceGroup>(ok);
    expect(group.members).toMatchObject([{ deviceId: valve.id, deviceName: '东区电磁阀' }]);
    const dup = await call(tok.admin, 'POST', `${I()}/group`, { kind: 'control', name: '灌溉组' });
    expect(dup.statusCode).toBe(409);
    const overview = await call(tok.admin, 'POST', `${I()}/group`, {
      kind: 'device',
      name: '东区设备',
      members: [{ deviceId: soil.id }, { deviceId: valve.id }],
    });
    expect(overview.statusCode, overview.body).toBe(200);
    const list = json<Page<DeviceGroup>>(await call(tok.admin, 'GET', `${I()}/group?kind=device`));
    expect(list.content.map((g) => g.name)).toEqual(['东区设备']);

    const notControl = await call(tok.admin, 'POST', `${I()}/strategy`, {
      name: '分组错误',
      trigger: { kind: 'schedule', times: ['07:00'] },
      action: { targetKind: 'group', targetId: json<DeviceGroup>(overview).id, action: 'close' },
    });
    expect(notControl.statusCode).toBe(400);
    const st = await call(tok.admin, 'POST', `${I()}/strategy`, {
      name: '分组关阀',
      trigger: { kind: 'schedule', times: ['07:00'] },
      action: { targetKind: 'group', targetId: group.id, action: 'close' },
    });
    expect(st.statusCode, st.body).toBe(200);
    expect(json<Strategy>(st).targetName).toBe('灌溉组');
    const inUse = await call(tok.admin, 'DELETE', `${I()}/group/${group.id}`);
    expect(inUse.statusCode).toBe(409);

    const stale = await call(tok.admin, 'PUT', `${I()}/group`, {
      id: group.id,
      objectVersionNumber: group.objectVersionNumber + 1,
      name: '改名',
    });
    expect(stale.statusCode).toBe(409);
  });

  it('another tenant gets 404 for our strategies and groups', async () => {
    const B = s.fixtures.tenantB;
    const [st] = json<Page<Strategy>>(await call(tok.admin, 'GET', `${I()}/strategy`)).content;
    const [g] = json<Page<DeviceGroup>>(await call(tok.admin, 'GET', `${I()}/group?kind=control`)).content;
    const base = `/wfpe/v1/${B}/intelligent`;
    expect((await call(tok.adminB, 'GET', `${base}/strategy/${st?.id}`)).statusCode).toBe(404);
    expect((await call(tok.adminB, 'POST', `${base}/strategy/${st?.id}/run`, {})).statusCode).toBe(404);
    expect((await call(tok.adminB, 'GET', `${base}/strategy/${st?.id}/runs`)).statusCode).toBe(404);
    expect((await call(tok.adminB, 'GET', `${base}/group/${g?.id}`)).statusCode).toBe(404);
    expect((await call(tok.adminB, 'DELETE', `${base}/group/${g?.id}`)).statusCode).toBe(404);
    expect(json<Page<Strategy>>(await call(tok.adminB, 'GET', `${base}/strategy`)).totalElements).toBe(0);
  });
});

describe('write codes (issue 10: a viewer could delete strategies and groups)', () => {
  it('a viewer reads strategies and groups, but every write is 403 and changes nothing', async () => {
    const [st] = json<Page<Strategy>>(await call(tok.admin, 'GET', `${I()}/strategy`)).content;
    const made = await call(tok.admin, 'POST', `${I()}/group`, { kind: 'device', name: '只读测试' });
    expect(made.statusCode, made.body).toBe(200);
    const g = json<DeviceGroup>(made);
    if (!st) throw new Error('no strategy');
    const runsBefore = (await runsOf(st.id)).length;
    expect((await call(tok.viewer, 'GET', `${I()}/strategy/${st.id}`)).statusCode).toBe(200);
    expect((await call(tok.viewer, 'GET', `${I()}/group/${g.id}`)).statusCode).toBe(200);
    const version = { id: st.id, objectVersionNumber: st.objectVersionNumber };
    const writes: [string, string, unknown][] = [
      ['DELETE', `${I()}/strategy/${st.id}`, undefined],
      ['POST', `${I()}/strategy/${st.id}/enabled`, { enabledFlag: 0 }],
      ['POST', `${I()}/strategy/${st.id}/run`, { force: true }],
      ['PUT', `${I()}/strategy`, { ...version, name: '改名' }],
      ['DELETE', `${I()}/group/${g.id}`, undefined],
      ['PUT', `${I()}/group`, { id: g.id, objectVersionNumber: g.objectVersionNumber, name: '改名' }],
      ['PUT', `${I()}/group/${g.id}/members`, { members: [{ deviceId: valve.id }] }],
      ['POST', `${I()}/group`, { kind: 'device', name: '观察者的组' }],
    ];
    for (const [method, url, body] of writes) {
      const res = await call(tok.viewer, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
    const after = json<Strategy>(await call(tok.admin, 'GET', `${I()}/strategy/${st.id}`));
    expect(after).toMatchObject({
      name: st.name,
      enabledFlag: st.enabledFlag,
      objectVersionNumber: st.objectVersionNumber,
    });
    expect((await runsOf(st.id)).length).toBe(runsBefore);
    const group = json<DeviceGroup>(await call(tok.admin, 'GET', `${I()}/group/${g.id}`));
    expect(group).toMatchObject({
      name: '只读测试',
      members: [],
      objectVersionNumber: g.objectVersionNumber,
    });
    const groups = json<Page<DeviceGroup>>(await call(tok.admin, 'GET', `${I()}/group?kind=device&size=0`));
    expect(groups.content.map((x) => x.name)).not.toContain('观察者的组');
  });

  it('the farm operator keeps its writes: enable, edit, add and delete groups', async () => {
    const [st] = json<Page<Strategy>>(await call(tok.admin, 'GET', `${I()}/strategy`)).content;
    if (!st) throw new Error('no strategy');
    const off = await call(tok.operator, 'POST', `${I()}/strategy/${st.id}/enabled`, { enabledFlag: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect(json<Strategy>(off).enabledFlag).toBe(0);
    const made = await call(tok.operator, 'POST', `${I()}/group`, { kind: 'device', name: '操作员的组' });
    expect(made.statusCode, made.body).toBe(200);
    const g = json<DeviceGroup>(made);
    const renamed = await call(tok.operator, 'PUT', `${I()}/group`, {
      id: g.id,
      objectVersionNumber: g.objectVersionNumber,
      name: '操作员的组 2',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call(tok.operator, 'DELETE', `${I()}/group/${g.id}`)).statusCode).toBe(200);
    expect((await call(tok.admin, 'GET', `${I()}/group/${g.id}`)).statusCode).toBe(404);
  });
});
