import type { ControlLogItem, SwitchItem } from '@tilth/contracts/control.types';
import type { DeviceStatusLogItem } from '@tilth/contracts/device.types';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../../../platform/time/zone.js';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { waitFor } from '../../../../test/iot.js';
import { FakeDevice } from './fake-device.js';

// The control log and the online log as the report pages read them: switch names and types for the
// humanised params, the header's base as a filter, and exports named '<report>-<from>-<to>.xlsx'.

let s: TestServer;
let t: RoleTokens;
let A: number;
let base1: number;
let base2: number;
let gw: FakeDevice;
let valve: FakeDevice;
let curtain: SwitchItem;

const call = (
  token: string,
  url: string,
  o: { method?: 'GET' | 'POST'; payload?: object; lang?: string } = {},
) =>
  s.inject({
    method: o.method ?? 'GET',
    url,
    headers: { ...auth(token), 'accept-language': o.lang ?? 'zh-CN' },
    ...(o.payload ? { payload: o.payload } : {}),
  });
const api = (path: string) => `/wfpe/v1/${A}/${path}`;
const page = async <T>(url: string, token = t.admin) =>
  (await call(token, url)).json() as { content: T[]; totalElements: number };
const sheetOf = async (payload: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  return ws;
};
// Today in tenant A's zone, Asia/Shanghai.
const today = () => dayOf(new Date(), 'Asia/Shanghai');

const settle = (cmdId: string) =>
  waitFor(
    async () => {
      const c = (await call(t.admin, api(`device/command/${cmdId}`))).json() as { state: string };
      return c.state === 'done' ? c : undefined;
    },
    5000,
    'command done',
  );

beforeAll(async () => {
  s = await startTestServer();
  t = await signInRoles(s);
  A = s.fixtures.tenantA;
  const base = async (areaName: string) =>
    (
      (await call(t.admin, `/wfpf/v1/${A}/area`, { method: 'POST', payload: { areaName } })).json() as {
        areaId: number;
      }
    ).areaId;
  base1 = await base('东区基地');
  base2 = await base('西区基地');
  gw = await FakeDevice.online(s, A, { typeKey: 'gateway', areaId: base1 });
  valve = await FakeDevice.online(s, A, { typeKey: 'electric-valve', areaId: base2 });
  const res = await call(t.admin, api('device/switch'), {
    method: 'POST',
    payload: { concentratorId: gw.id, name: '东棚卷帘', circuit: 2, switchTypeName: 'curtain' },
  });
  expect(res.statusCode, res.body).toBe(200);
  curtain = res.json() as SwitchItem;
  const unfold = await call(t.operator, api('device/mqtt/control/switch'), {
    method: 'POST',
    payload: { switchId: curtain.switchId, sw: 1, eui: gw.device.eui, circuit: 2 },
  });
  expect(unfold.statusCode, unfold.body).toBe(200);
  await settle((unfold.json() as { cmdId: string }).cmdId);
  const open = await call(t.admin, api(`device/${valve.id}/command`), {
    method: 'POST',
    payload: { action: 'open', params: { durationMin: 90 } },
  });
  expect(open.statusCode, open.body).toBe(200);
  await settle((open.json() as { cmdId: string }).cmdId);
});
afterAll(async () => {
  await gw?.close();
  await valve?.close();
  await s?.close();
});

describe('control log items', () => {
  it('carry the switch type and circuit, so sw reads as the switch type’s word', async () => {
    const log = await page<ControlLogItem>(api(`device/control-log?deviceId=${gw.id}`));
    expect(log.content).toHaveLength(1);
    expect(log.content[0]).toMatchObject({
      channelName: '东棚卷帘',
      channelCircuit: 2,
      switchType: 'curtain',
      params: { sw: 1, circuit: 2 },
    });
    const own = await page<ControlLogItem>(api(`device/control-log?deviceId=${valve.id}`));
    expect(own.content[0]).toMatchObject({ channelName: null, channelCircuit: null, switchType: null });
  });

  it('follow the base chosen in the header (areaId); bad ids are 400, another tenant sees nothing', async () => {
    const east = await page<ControlLogItem>(api(`device/control-log?areaId=${base1}&size=0`));
    expect(east.content.map((c) => c.deviceId)).toEqual([gw.id]);
    const west = await page<ControlLogItem>(api(`device/control-log?areaId=${base2}&size=0`));
    expect(west.content.map((c) => c.deviceId)).toEqual([valve.id]);
    expect((await call(t.admin, api('device/control-log?areaId=abc'))).statusCode).toBe(400);
    expect((await call(t.admin, api('device/control-log?areaId=0'))).statusCode).toBe(400);
    const other = await page<ControlLogItem>(
      `/wfpe/v1/${s.fixtures.tenantB}/device/control-log?areaId=${base1}`,
      t.adminB,
    );
    expect(other.totalElements).toBe(0);
  });
});

describe('control log export', () => {
  it('writes the page’s words and is named 控制日志-<from>-<to>.xlsx (RFC 5987 filename*)', async () => {
    const res = await call(
      t.admin,
      api(
        `device/control-log/export?areaId=${base1}&startTime=2026-01-01 00:00:00&endTime=${today()} 23:59:59`,
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`控制日志-2026-01-01-${today()}.xlsx`)}`,
    );
    const ws = await sheetOf(res.rawPayload);
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(6).value).toBe('开关控制');
    expect(ws.getRow(2).getCell(7).value).toBe('东棚卷帘（回路 2）：展开');
  });

  it('in English without a range: Control log-<oldest row>-<today>.xlsx, English words and units', async () => {
    const res = await call(t.admin, api(`device/control-log/export?areaId=${base2}`), { lang: 'en-US' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="Control log-${today()}-${today()}.xlsx"`);
    const ws = await sheetOf(res.rawPayload);
    expect(ws.getRow(1).getCell(7).value).toBe('Parameters');
    expect(ws.getRow(2).getCell(7).value).toBe('Run time: 1 h 30 min');
  });
});

describe('online log', () => {
  it('follows the base chosen in the header too (areaId)', async () => {
    const east = await page<DeviceStatusLogItem>(api(`device/status-log?areaId=${base1}&size=0`));
    expect(east.content.length).toBeGreaterThan(0);
    expect(new Set(east.content.map((r) => r.deviceId))).toEqual(new Set([gw.id]));
    const west = await page<DeviceStatusLogItem>(api(`device/status-log?areaId=${base2}&size=0`));
    expect(new Set(west.content.map((r) => r.deviceId))).toEqual(new Set([valve.id]));
    expect((await call(t.admin, api('device/status-log?areaId=-1'))).statusCode).toBe(400);
  });
});
