import type { AeratorItem, CommandView } from '@tilth/contracts/control.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { registerDevice, waitFor } from '../../../../test/iot.js';
import { FakeDevice } from '../../control/__tests__/fake-device.js';
import { sweepCommands } from '../../control/control.runtime.js';

let s: TestServer;
let t: RoleTokens;
let A: number;
let reg: FakeDevice;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  s.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
const api = (path: string) => `/wfpe/v1/${A}/${path}`;
const pumps = async (regulatorId = reg.id) =>
  (await call(t.viewer, 'GET', api(`aerator/${regulatorId}/pumps`))).json() as AeratorItem[];
const commandOf = async (cmdId: string) =>
  (await call(t.admin, 'GET', api(`device/command/${cmdId}`))).json() as CommandView;
const finished = (cmdId: string, state: string) =>
  waitFor(async () => ((await commandOf(cmdId)).state === state ? true : undefined), 5000, state);

beforeAll(async () => {
  s = await startTestServer();
  t = await signInRoles(s);
  A = s.fixtures.tenantA;
  reg = await FakeDevice.online(s, A, { typeKey: 'aerator' });
});
afterAll(async () => {
  await reg?.close();
  await s?.close();
});

describe('aerator pumps', () => {
  it('at most 4 per regulator (409), one per port; edit, delete answers 1', async () => {
    for (const node of [1, 2, 3, 4]) {
      const res = await call(t.admin, 'POST', api('aerator/pump'), {
        regulatorId: reg.id,
        name: `泵${node}`,
        node,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const fifth = await call(t.admin, 'POST', api('aerator/pump'), {
      regulatorId: reg.id,
      name: 'five',
      node: 2,
    });
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json()).toMatchObject({
      code: 'wfpe.aerator.tooManyPumps',
      message: '每个控制器最多 4 台增氧泵',
    });
    const bad = await call(t.admin, 'POST', api('aerator/pump'), { regulatorId: reg.id, name: 'x', node: 5 });
    expect(bad.statusCode).toBe(400);
    const list = await pumps();
    expect(list.map((p) => [p.node, p.onlineFlag, p.faultFlag, p.statusFlag])).toEqual([
      [1, 1, 0, 0],
      [2, 1, 0, 0],
      [3, 1, 0, 0],
      [4, 1, 0, 0],
    ]);
    const four = list[3] as AeratorItem;
    const moved = await call(t.admin, 'PUT', api('aerator/pump'), {
      id: four.id,
      objectVersionNumber: four.objectVersionNumber,
      node: 1,
    });
    expect(moved.statusCode).toBe(409);
    const renamed = await call(t.admin, 'PUT', api('aerator/pump'), {
      id: four.id,
      objectVersionNumber: four.objectVersionNumber,
      name: '四号泵',
    });
    expect(renamed.json()).toMatchObject({ name: '四号泵', node: 4 });
    expect((await call(t.viewer, 'DELETE', api(`aerator/pump/${four.id}`))).statusCode).toBe(403);
    expect((await call(t.admin, 'DELETE', api(`aerator/pump/${four.id}`))).json()).toBe(1);
    expect(await pumps()).toHaveLength(3);
    const again = await call(t.admin, 'POST', api('aerator/pump'), {
      regulatorId: reg.id,
      name: 'new 4',
      node: 4,
    });
    expect(again.statusCode).toBe(200);
  });

  it('not a regulator: 400; another tenant: 404', async () => {
    const gw = await registerDevice(s, A, { typeKey: 'gateway' });
    expect((await call(t.admin, 'GET', api(`aerator/${gw.id}/pumps`))).statusCode).toBe(400);
    const B = s.fixtures.tenantB;
    expect((await call(t.adminB, 'GET', `/wfpe/v1/${B}/aerator/${reg.id}/pumps`)).statusCode).toBe(404);
  });

  it('control: pump on is confirmed, statusFlag follows; the device gets pump {port, on}', async () => {
    const [p1] = await pumps();
    const res = await call(t.operator, 'POST', api('aerator/control'), { pumpId: p1?.id, on: true });
    expect(res.statusCode, res.body).toBe(200);
    const { cmdId } = res.json() as { cmdId: string };
    await finished(cmdId, 'done');
    expect(reg.received.find((c) => c.cmdId === cmdId)).toMatchObject({
      action: 'pump',
      params: { port: 1, on: true },
    });
    expect((await pumps())[0]).toMatchObject({ statusFlag: 1, pendingCmdId: null });
    const cmd = await commandOf(cmdId);
    // Safety: a started pump gets an automatic off at the default maximum run time (480 min).
    const runMin = (new Date(cmd.autoOffAt as string).getTime() - new Date(cmd.createdAt).getTime()) / 60_000;
    expect(runMin).toBe(480);
    const log = (await call(t.viewer, 'GET', api(`aerator/${reg.id}/control-log`))).json() as {
      content: { event: string; node: number; userName: string }[];
    };
    expect(log.content[0]).toMatchObject({ event: 'open', node: 1, userName: 'operatorA' });
    expect(
      (await call(t.viewer, 'POST', api('aerator/control'), { pumpId: p1?.id, on: false })).statusCode,
    ).toBe(403);
  });

  it('pump status and faults follow telemetry; the fault log lists transitions', async () => {
    const now = Date.now();
    const send = (seq: number, ms: number, values: Record<string, number>) =>
      reg.publish(seq, now - ms, values);
    await send(1, 60_000 * 3, { pump2On: 1, pump2Fault: 0 });
    await send(2, 60_000 * 2, { pump2On: 1, pump2Fault: 1 });
    await send(3, 60_000, { pump2On: 0, pump2Fault: 0 });
    await send(4, 30_000, { pump3Fault: 1 });
    await waitFor(async () => ((await pumps())[2]?.faultFlag === 1 ? true : undefined), 5000, 'fault flag');
    const list = await pumps();
    expect(list[1]).toMatchObject({ node: 2, statusFlag: 0, faultFlag: 0 });
    expect(list[2]).toMatchObject({ node: 3, faultFlag: 1 });
    const faults = (await call(t.viewer, 'GET', api(`aerator/${reg.id}/fault-log`))).json() as {
      content: { node: number; event: string }[];
      totalElements: number;
    };
    expect(faults.content.map((f) => [f.node, f.event])).toEqual([
      [3, 'fault'],
      [2, 'recovered'],
      [2, 'fault'],
    ]);
    const paged = (await call(t.viewer, 'GET', api(`aerator/${reg.id}/fault-log?size=1&page=1`))).json() as {
      content: { node: number; event: string }[];
      totalElements: number;
    };
    expect(paged.totalElements).toBe(3);
    expect(paged.content).toMatchObject([{ node: 2, event: 'recovered' }]);
  });

  it('offline log lists the regulator going offline', async () => {
    const other = await FakeDevice.online(s, A, { typeKey: 'aerator' });
    await other.goOffline();
    const log = await waitFor(async () => {
      const r = (await call(t.viewer, 'GET', api(`aerator/${other.id}/offline-log`))).json() as {
        content: { event: string }[];
      };
      return r.content.some((e) => e.event === 'offline') ? r : undefined;
    });
    expect(log.content[0]?.event).toBe('offline');
    const pump = await call(t.admin, 'POST', api('aerator/pump'), {
      regulatorId: other.id,
      name: 'p',
      node: 1,
    });
    const off = await call(t.admin, 'POST', api('aerator/control'), {
      pumpId: (pump.json() as AeratorItem).id,
      on: true,
    });
    expect(off.statusCode).toBe(409);
    await other.close();
  });
});

describe('automatic off', () => {
  it('a valve opened for 60 min gets exactly one close from the server after 60 min', async () => {
    const valve = await FakeDevice.online(s, A, { typeKey: 'electric-valve' });
    try {
      const res = await call(t.admin, 'POST', api(`device/${valve.id}/command`), {
        action: 'open',
        params: { durationMin: 60 },
      });
      const { cmdId } = res.json() as { cmdId: string };
      await finished(cmdId, 'done');
      expect((await sweepCommands(s.platform, new Date(Date.now() + 59 * 60_000))).autoOffs).toBe(0);
      const first = await sweepCommands(s.platform, new Date(Date.now() + 61 * 60_000));
      expect(first.autoOffs).toBe(1);
      const log = (
        await call(t.admin, 'GET', api(`device/control-log?deviceId=${valve.id}&source=auto-off`))
      ).json() as {
        content: { cmdId: string; action: string; userId: number | null }[];
      };
      expect(log.content).toHaveLength(1);
      expect(log.content[0]).toMatchObject({ action: 'close', userId: null });
      await finished(log.content[0]?.cmdId as string, 'done');
      expect((await sweepCommands(s.platform, new Date(Date.now() + 120 * 60_000))).autoOffs).toBe(0);
      expect(valve.received.filter((c) => c.action === 'close')).toHaveLength(1);
    } finally {
      await valve.close();
    }
  });

  it('no automatic off when the user already switched the pump off', async () => {
    const [, p2] = await pumps();
    const on = await call(t.admin, 'POST', api('aerator/control'), { pumpId: p2?.id, on: true });
    await finished((on.json() as { cmdId: string }).cmdId, 'done');
    const off = await call(t.admin, 'POST', api('aerator/control'), { pumpId: p2?.id, on: false });
    await finished((off.json() as { cmdId: string }).cmdId, 'done');
    const before = reg.received.length;
    const r = await sweepCommands(s.platform, new Date(Date.now() + 481 * 60_000));
    expect(r.superseded).toBeGreaterThanOrEqual(1);
    // Pump 1 (switched on earlier and never off) does get its automatic off; pump 2 does not.
    await waitFor(() => (reg.received.length > before ? true : undefined), 3000, 'auto off sent');
    const sent = reg.received.slice(before);
    expect(sent.map((c) => c.params)).toEqual([{ port: 1, on: false }]);
  });
});
