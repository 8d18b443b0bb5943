import type { ErrorBody, Page } from '@tilth/contracts';
import type { Device, DeviceCreated } from '@tilth/contracts/device.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';

// System deviceManager: every device of the tenant, bulk delete and transfer (base and land required).

let s: TestServer;
let tA: number;
let tB: number;
let tok: RoleTokens;
const ids = { base1: 0, base2: 0, land1: 0, land2: 0 };
const sys = (tenant: number, rest: string) => `/wfpe/v1/${tenant}/system/device${rest}`;
const call = (who: keyof RoleTokens, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  s.inject({
    method,
    url: path,
    headers: { ...auth(tok[who]), 'accept-language': 'en-US' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const code = (res: { body: string }) => (JSON.parse(res.body) as ErrorBody).code;
const make = async (deviceType: string, eui: string, extra: Record<string, unknown> = {}) => {
  const res = await call('admin', 'POST', `/wfpe/v1/${tA}/device`, { deviceType, eui, name: eui, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return json<DeviceCreated>(res).device;
};
const details = async (id: number) =>
  s.inject({ method: 'GET', url: `/wfpe/v1/${tA}/device/${id}/details`, headers: auth(tok.admin) });

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  tok = await signInRoles(s);
  const post = async (path: string, payload: Record<string, unknown>) =>
    json<Record<string, number>>(await call('admin', 'POST', path, payload));
  ids.base1 = (await post(`/wfpf/v1/${tA}/area`, { areaName: 'Base 1' })).areaId as number;
  ids.base2 = (await post(`/wfpf/v1/${tA}/area`, { areaName: 'Base 2' })).areaId as number;
  ids.land1 = (await post(`/wfpf/v1/${tA}/land`, { areaId: ids.base1, landName: 'L1' })).landId as number;
  ids.land2 = (await post(`/wfpf/v1/${tA}/land`, { areaId: ids.base2, landName: 'L2' })).landId as number;
});
afterAll(async () => {
  await s?.close();
});

describe('system deviceManager', () => {
  it('lists every type with filters; only holders of the deviceManager code', async () => {
    await make('gateway', 'SYS-GW-1', { areaId: ids.base1 });
    await make('weather-station', 'SYS-WS-1', { areaId: ids.base2 });
    const all = json<Page<Device>>(await call('admin', 'GET', sys(tA, '/page?size=0')));
    expect(all.content.map((d) => d.eui).sort()).toEqual(['SYS-GW-1', 'SYS-WS-1']);
    const ws = json<Page<Device>>(await call('admin', 'GET', sys(tA, '/page?deviceType=weather-station')));
    expect(ws.content.map((d) => d.eui)).toEqual(['SYS-WS-1']);
    const byEui = json<Page<Device>>(await call('admin', 'GET', sys(tA, '/page?eui=gw')));
    expect(byEui.content.map((d) => d.eui)).toEqual(['SYS-GW-1']);
    const base = json<Page<Device>>(
      await call('admin', 'GET', sys(tA, `/page?areaId=${ids.base2}&online=0`)),
    );
    expect(base.content.map((d) => d.eui)).toEqual(['SYS-WS-1']);
    // The farm operator and viewer hold farm codes only, not system administration.
    expect((await call('operator', 'GET', sys(tA, '/page'))).statusCode).toBe(403);
    expect((await call('viewer', 'GET', sys(tA, '/page'))).statusCode).toBe(403);
    const b = json<Page<Device>>(await call('adminB', 'GET', sys(tB, '/page?size=0')));
    expect(b.content).toEqual([]);
  });

  it('transfer needs a base and a land of it; then moves every listed device', async () => {
    const a = await make('gateway', 'TR-1', { areaId: ids.base1 });
    const b = await make('electric-valve', 'TR-2');
    const move = (payload: Record<string, unknown>, who: keyof RoleTokens = 'admin') =>
      call(who, 'POST', sys(tA, '/transfer'), payload);
    const noBase = await move({ ids: [a.id, b.id], landId: ids.land2 });
    expect(noBase.statusCode).toBe(400);
    expect(json<ErrorBody>(noBase).message).toBe('Please select base');
    const noLand = await move({ ids: [a.id], areaId: ids.base2 });
    expect(json<ErrorBody>(noLand).message).toBe('Please select land');
    expect(code(await move({ ids: [a.id], areaId: ids.base2, landId: ids.land1 }))).toBe(
      'wfpe.device.landNotInArea',
    );
    expect((await move({ ids: [], areaId: ids.base2, landId: ids.land2 })).statusCode).toBe(400);
    expect((await move({ ids: [a.id, 999_999], areaId: ids.base2, landId: ids.land2 })).statusCode).toBe(404);
    expect((await move({ ids: [a.id], areaId: ids.base2, landId: ids.land2 }, 'operator')).statusCode).toBe(
      403,
    );
    expect(json<Device>(await details(a.id))).toMatchObject({ areaId: ids.base1, landId: null });
    const ok = await move({ ids: [a.id, b.id], areaId: ids.base2, landId: ids.land2 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toBe(1);
    for (const id of [a.id, b.id]) {
      expect(json<Device>(await details(id))).toMatchObject({
        areaName: 'Base 2',
        landName: 'L2',
        objectVersionNumber: 2,
      });
    }
    const cross = await call('adminB', 'POST', sys(tB, '/transfer'), { ids: [a.id], areaId: 1, landId: 1 });
    expect([400, 404]).toContain(cross.statusCode);
  });

  it('bulk delete: all or nothing, refused while other devices hang off them', async () => {
    const gw = await make('gateway', 'DEL-GW');
    const node = await make('lorawan-node', 'DEL-N1', { parentId: gw.id });
    const lone = await make('spore-meter', 'DEL-S1');
    const del = (list: number[], who: keyof RoleTokens = 'admin') =>
      call(who, 'POST', sys(tA, '/batch/del'), { ids: list });
    const refused = await del([gw.id, lone.id]);
    expect(refused.statusCode).toBe(409);
    expect(code(refused)).toBe('wfpe.device.hasChildren');
    expect((await details(lone.id)).statusCode).toBe(200);
    expect((await del([lone.id, 999_999])).statusCode).toBe(404);
    expect((await details(lone.id)).statusCode).toBe(200);
    expect((await del([lone.id], 'operator')).statusCode).toBe(403);
    expect((await call('adminB', 'POST', sys(tB, '/batch/del'), { ids: [lone.id] })).statusCode).toBe(404);
    const ok = await del([gw.id, node.id, lone.id]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toBe(1);
    for (const id of [gw.id, node.id, lone.id]) expect((await details(id)).statusCode).toBe(404);
  });
});
