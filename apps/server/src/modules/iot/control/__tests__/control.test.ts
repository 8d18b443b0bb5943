import type { CommandView, SwitchItem, SwitchType } from '@tilth/contracts/control.types';
import type { DeviceStreamEvent } from '@tilth/contracts/live-events.types';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { registerDevice, waitFor } from '../../../../test/iot.js';
import { sweepCommands } from '../control.runtime.js';
import { FakeDevice } from './fake-device.js';

let s: TestServer;
let t: RoleTokens;
let A: number;
let gw: FakeDevice;
const sw: Partial<Record<SwitchType, SwitchItem>> = {};

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  s.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
const api = (path: string) => `/wfpe/v1/${A}/${path}`;

const commandOf = async (cmdId: string): Promise<CommandView> =>
  (await call(t.admin, 'GET', api(`device/command/${cmdId}`))).json() as CommandView;
const finished = (cmdId: string, state: string) =>
  waitFor(async () => ((await commandOf(cmdId)).state === state ? commandOf(cmdId) : undefined), 5000, state);
const logCount = async () =>
  ((await call(t.admin, 'GET', api('device/control-log?size=1'))).json() as { totalElements: number })
    .totalElements;

beforeAll(async () => {
  s = await startTestServer();
  t = await signInRoles(s);
  A = s.fixtures.tenantA;
  gw = await FakeDevice.online(s, A, { typeKey: 'gateway' });
  for (const [i, type] of (['regular', 'motorised', 'curtain'] as const).entries()) {
    const res = await call(t.admin, 'POST', api('device/switch'), {
      concentratorId: gw.id,
      name: `${type} switch`,
      circuit: i + 1,
      switchTypeName: type,
    });
    expect(res.statusCode, res.body).toBe(200);
    sw[type] = res.json() as SwitchItem;
  }
});
afterAll(async () => {
  await gw?.close();
  await s?.close();
});

describe('gateway switches', () => {
  it('lists switches paged by 20 with status, eui and online; a used circuit is refused', async () => {
    const page = (await call(t.viewer, 'GET', api(`device/switch?concentratorId=${gw.id}`))).json() as {
      content: SwitchItem[];
      size: number;
      totalElements: number;
    };
    expect(page.size).toBe(20);
    expect(page.totalElements).toBe(3);
    expect(page.content.map((x) => [x.circuit, x.switchTypeName, x.status, x.online, x.eui])).toEqual([
      [1, 'regular', 0, 1, gw.device.eui],
      [2, 'motorised', 0, 1, gw.device.eui],
      [3, 'curtain', 0, 1, gw.device.eui],
    ]);
    const dup = await call(t.admin, 'POST', api('device/switch'), {
      concentratorId: gw.id,
      name: 'again',
      circuit: 1,
      switchTypeName: 'regular',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'wfpe.channel.circuitTaken' });
    const viewer = await call(t.viewer, 'POST', api('device/switch'), {
      concentratorId: gw.id,
      name: 'viewer',
      circuit: 9,
      switchTypeName: 'regular',
    });
    expect(viewer.statusCode).toBe(403);
  });

  it('edits with optimistic locking and deletes (1)', async () => {
    const made = (
      await call(t.admin, 'POST', api('device/switch'), {
        concentratorId: gw.id,
        name: 'temp',
        circuit: 7,
        switchTypeName: 'regular',
      })
    ).json() as SwitchItem;
    const ok = await call(t.admin, 'PUT', api('device/switch'), {
      switchId: made.switchId,
      objectVersionNumber: made.objectVersionNumber,
      name: 'renamed',
    });
    expect(ok.json()).toMatchObject({ name: 'renamed', objectVersionNumber: made.objectVersionNumber + 1 });
    const stale = await call(t.admin, 'PUT', api('device/switch'), {
      switchId: made.switchId,
      objectVersionNumber: made.objectVersionNumber,
      name: 'stale',
    });
    expect(stale.statusCode).toBe(409);
    const del = await call(t.admin, 'DELETE', api(`device/switch/${made.switchId}/del`));
    expect(del.json()).toBe(1);
    expect((await call(t.admin, 'DELETE', api(`device/switch/${made.switchId}/del`))).statusCode).toBe(404);
  });

  it('switch control: queued → sent → done, the device gets {cmdId, action, params}, status follows', async () => {
    const target = sw.regular as SwitchItem;
    const res = await call(t.operator, 'POST', api('device/mqtt/control/switch'), {
      switchId: target.switchId,
      sw: 1,
      eui: gw.device.eui,
      circuit: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { cmdId, state } = res.json() as { cmdId: string; state: string };
    expect(state).toBe('sent');
    const done = await finished(cmdId, 'done');
    expect(done).toMatchObject({ action: 'switch', source: 'user', params: { sw: 1, circuit: 1 } });
    expect(done.sentAt && done.finishedAt).toBeTruthy();
    expect(gw.received.find((c) => c.cmdId === cmdId)).toEqual({
      cmdId,
      action: 'switch',
      params: { switchId: target.switchId, circuit: 1, sw: 1 },
    });
    const list = (await call(t.admin, 'GET', api(`device/switch?concentratorId=${gw.id}`))).json() as {
      content: SwitchItem[];
    };
    expect(list.content.find((x) => x.switchId === target.switchId)).toMatchObject({
      status: 1,
      pendingCmdId: null,
    });
  });

  it('sw values per switch type: regular 0/1, motorised and curtain 0/1/2', async () => {
    const control = (item: SwitchItem | undefined, value: number) =>
      call(t.admin, 'POST', api('device/mqtt/control/switch'), { switchId: item?.switchId, sw: value });
    const reg = await control(sw.regular, 2);
    expect(reg.statusCode).toBe(400);
    expect(reg.json()).toMatchObject({ code: 'wfpe.switch.value' });
    expect((await control(sw.regular, 3)).statusCode).toBe(400);
    for (const type of ['motorised', 'curtain'] as const) {
      const res = await control(sw[type], 2);
      expect(res.statusCode, res.body).toBe(200);
      await finished((res.json() as { cmdId: string }).cmdId, 'done');
    }
    const wrongEui = await call(t.admin, 'POST', api('device/mqtt/control/switch'), {
      switchId: sw.curtain?.switchId,
      sw: 0,
      eui: 'SOMEOTHER',
    });
    expect(wrongEui.statusCode).toBe(400);
  });

  it('a viewer may not switch (403) and nothing is stored', async () => {
    const before = await logCount();
    const res = await call(t.viewer, 'POST', api('device/mqtt/control/switch'), {
      switchId: sw.regular?.switchId,
      sw: 0,
    });
    expect(res.statusCode).toBe(403);
    expect(await logCount()).toBe(before);
  });
});

describe('command lifecycle', () => {
  it('accepted then done: sent → acked → done, each state on the live stream', async () => {
    const states: string[] = [];
    const off = s.platform.iot.events.subscribe(A, (e: DeviceStreamEvent) => {
      if (e.type === 'command') states.push(e.state);
    });
    gw.behaviour = 'twoStage';
    try {
      const res = await call(t.admin, 'POST', api(`device/${gw.id}/command`), { action: 'refresh' });
      const { cmdId } = res.json() as { cmdId: string };
      const done = await finished(cmdId, 'done');
      expect(done.ackedAt).not.toBeNull();
      expect(new Date(done.ackedAt as string).getTime()).toBeLessThan(
        new Date(done.finishedAt as string).getTime(),
      );
      expect(states).toEqual(['sent', 'acked', 'done']);
    } finally {
      off();
      gw.behaviour = 'ok';
    }
  });

  it('a refusing device: failed with its message', async () => {
    gw.behaviour = 'fail';
    try {
      const res = await call(t.admin, 'POST', api(`device/${gw.id}/command`), {
        action: 'configure',
        params: { uploadPeriodMin: 30 },
      });
      const failed = await finished((res.json() as { cmdId: string }).cmdId, 'failed');
      expect(failed.message).toBe('relay stuck');
    } finally {
      gw.behaviour = 'ok';
    }
  });

  it('no answer: timeout after 30 s, and a late ack does not move it back', async () => {
    gw.behaviour = 'silent';
    try {
      const res = await call(t.admin, 'POST', api(`device/${gw.id}/command`), { action: 'refresh' });
      const { cmdId } = res.json() as { cmdId: string };
      expect((await sweepCommands(s.platform, new Date(Date.now() + 10_000))).timedOut).toBe(0);
      expect((await commandOf(cmdId)).state).toBe('sent');
      expect((await sweepCommands(s.platform, new Date(Date.now() + 31_000))).timedOut).toBe(1);
      const timedOut = await commandOf(cmdId);
      expect(timedOut).toMatchObject({ state: 'timeout', message: 'no response from the device' });
      await gw.ack({ cmdId, ok: true });
      await new Promise((r) => setTimeout(r, 300));
      expect((await commandOf(cmdId)).state).toBe('timeout');
    } finally {
      gw.behaviour = 'ok';
    }
  });

  it('an offline device: 409 device not connected, no command stored', async () => {
    const offline = await registerDevice(s, A, { typeKey: 'electric-valve' });
    const before = await logCount();
    const res = await call(t.admin, 'POST', api(`device/${offline.id}/command`), {
      action: 'open',
      params: { durationMin: 60 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'wfpe.device.notConnected', message: '设备未连接' });
    const en = await s.inject({
      method: 'POST',
      url: api(`device/${offline.id}/command`),
      headers: { ...auth(t.admin), 'accept-language': 'en-US' },
      payload: { action: 'close' },
    });
    expect(en.json()).toMatchObject({ message: 'device not connected' });
    expect(await logCount()).toBe(before);
  });

  it('validates against the registry: unknown action, missing / extra param, range, values, rules', async () => {
    const valve = await FakeDevice.online(s, A, { typeKey: 'electric-valve' });
    const inverter = await FakeDevice.online(s, A, { typeKey: 'inverter' });
    try {
      const before = await logCount();
      const cases: [number, object, RegExp][] = [
        [valve.id, { action: 'explode' }, /unknown action 'explode'/],
        [valve.id, { action: 'setLevels', params: { lowCm: 10 } }, /missing param 'highCm'/],
        [valve.id, { action: 'close', params: { force: 1 } }, /unknown param 'force'/],
        [valve.id, { action: 'open', params: { durationMin: 30 } }, /durationMin must be at least 60/],
        [valve.id, { action: 'open', params: { durationMin: 481 } }, /durationMin must be at most 480/],
        [valve.id, { action: 'open', params: { durationMin: 60.5 } }, /whole number/],
        [valve.id, { action: 'setLevels', params: { lowCm: 100, highCm: 105 } }, /at least 10 cm/],
        [valve.id, { action: 'setLevels', params: { lowCm: 0, highCm: 50_001 } }, /at most 50000/],
        [inverter.id, { action: 'setPressure', params: { pressure: 0 } }, /above 0/],
        [inverter.id, { action: 'setPressure', params: { pressure: 16.5 } }, /at most 16/],
        [inverter.id, { action: 'start', params: { durationMin: '60' } }, /must be a number/],
        [gw.id, { action: 'switch', params: { switchId: sw.regular?.switchId, sw: 2 } }, /regular/],
      ];
      for (const [id, body, message] of cases) {
        const res = await call(t.admin, 'POST', api(`device/${id}/command`), body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect((res.json() as { message: string }).message, JSON.stringify(body)).toMatch(message);
      }
      expect(await logCount()).toBe(before);
      const ok = await call(t.admin, 'POST', api(`device/${valve.id}/command`), {
        action: 'setLevels',
        params: { lowCm: 100, highCm: 110 },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const viewer = await call(t.viewer, 'POST', api(`device/${valve.id}/command`), { action: 'close' });
      expect(viewer.statusCode).toBe(403);
    } finally {
      await valve.close();
      await inverter.close();
    }
  });

  it('another tenant finds neither the device nor the command (404)', async () => {
    const res = await call(t.admin, 'POST', api(`device/${gw.id}/command`), { action: 'refresh' });
    const { cmdId } = res.json() as { cmdId: string };
    const B = s.fixtures.tenantB;
    const cmd = await call(t.adminB, 'GET', `/wfpe/v1/${B}/device/command/${cmdId}`);
    expect(cmd.statusCode).toBe(404);
    const send = await call(t.adminB, 'POST', `/wfpe/v1/${B}/device/${gw.id}/command`, { action: 'refresh' });
    expect(send.statusCode).toBe(404);
    const sws = await call(t.adminB, 'GET', `/wfpe/v1/${B}/device/switch?concentratorId=${gw.id}`);
    expect(sws.statusCode).toBe(404);
    const ctl = await call(t.adminB, 'POST', `/wfpe/v1/${B}/device/mqtt/control/switch`, {
      switchId: sw.regular?.switchId,
      sw: 1,
    });
    expect(ctl.statusCode).toBe(404);
    const log = (await call(t.adminB, 'GET', `/wfpe/v1/${B}/device/control-log`)).json() as {
      totalElements: number;
    };
    expect(log.totalElements).toBe(0);
    await finished(cmdId, 'done');
  });
});

describe('control log', () => {
  it('filters by state, user (mine), device type and time, joins names, exports .xlsx', async () => {
    const all = (await call(t.viewer, 'GET', api('device/control-log?size=0'))).json() as {
      content: { state: string; userName: string | null; deviceName: string; channelName: string | null }[];
      totalElements: number;
    };
    expect(all.totalElements).toBeGreaterThan(5);
    expect(all.content.some((c) => c.channelName === 'regular switch' && c.userName === 'operatorA')).toBe(
      true,
    );
    const failed = (await call(t.admin, 'GET', api('device/control-log?state=failed'))).json() as {
      content: { state: string }[];
    };
    expect(failed.content.length).toBeGreaterThan(0);
    expect(failed.content.every((c) => c.state === 'failed')).toBe(true);
    const mine = (await call(t.operator, 'GET', api('device/control-log?mine=1'))).json() as {
      content: { userId: number }[];
    };
    expect(mine.content.length).toBeGreaterThan(0);
    expect(mine.content.every((c) => c.userId === s.fixtures.users.operatorA.id)).toBe(true);
    const valves = (
      await call(t.admin, 'GET', api('device/control-log?deviceType=electric-valve'))
    ).json() as {
      content: { deviceType: string }[];
    };
    expect(valves.content.every((c) => c.deviceType === 'electric-valve')).toBe(true);
    const future = (await call(t.admin, 'GET', api('device/control-log?startTime=2099-01-01'))).json() as {
      totalElements: number;
    };
    expect(future.totalElements).toBe(0);
    expect((await call(t.admin, 'GET', api('device/control-log?startTime=yesterday'))).statusCode).toBe(400);

    const xlsx = await call(t.admin, 'GET', api('device/control-log/export?state=failed'));
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.getRow(1).getCell(1).value).toBe('时间');
    expect(ws?.rowCount).toBe(failed.content.length + 1);
    expect(ws?.getRow(2).getCell(8).value).toBe('失败');
  });
});
