import type { Page } from '@tilth/contracts/common.types';
import type { Curve, DeviceStatusLogItem } from '@tilth/contracts/device.types';
import type { FamilyArea, FamilyDevice } from '@tilth/contracts/device-family-paths.types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../../../platform/time/zone.js';
import { signInRoles, startTestServer, type TestServer } from '../../../../test/harness.js';
import { registerDevice, waitFor } from '../../../../test/iot.js';
import { FakeDevice } from '../../control/__tests__/fake-device.js';
import { FamilyApi } from './family-paths.helpers.js';

// Spec 02 §7 family paths beyond CRUD: base and plot, children of a gateway, gateway selects, LoRa
// gateway status history, insecticidal lamp control and telemetry history, lookups by IMEI.

let s: TestServer;
let api: FamilyApi;
let A: number;
let B: number;
const fakes: FakeDevice[] = [];
const ids = { base: 0, land: 0 };

beforeAll(async () => {
  s = await startTestServer();
  api = new FamilyApi(s, await signInRoles(s));
  A = api.A;
  B = api.B;
  const base = await api.call('admin', 'POST', `/wfpf/v1/${A}/area`, { areaName: 'Paths base' });
  ids.base = (base.json() as { areaId: number }).areaId;
  const land = await api.call('admin', 'POST', `/wfpf/v1/${A}/land`, {
    areaId: ids.base,
    landName: 'Plot 7',
  });
  ids.land = (land.json() as { landId: number }).landId;
});
afterAll(async () => {
  for (const f of fakes) await f.close();
  await s?.close();
});

const names = (body: unknown) => (body as FamilyDevice[]).map((d) => d.name).sort();

describe('base and plot (GET …/{id}/area)', () => {
  it('soil and inverter answer the base and plot; another type is 404', async () => {
    const soil = await api.make('soil-moisture', { landId: ids.land });
    const inv = await api.make('inverter', { areaId: ids.base });
    const a = await api.call('viewer', 'GET', `/wfpe/v1/${A}/device/soil/${soil.id}/area`);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json() as FamilyArea).toMatchObject({
      id: soil.id,
      concentratorId: soil.id,
      areaId: ids.base,
      areaName: 'Paths base',
      landId: ids.land,
      landName: 'Plot 7',
    });
    const b = await api.call('viewer', 'GET', `/wfpe/v1/${A}/inverter/${inv.id}/area`);
    expect(b.json()).toMatchObject({ areaName: 'Paths base', landId: null });
    expect((await api.call('admin', 'GET', `/wfpe/v1/${A}/device/soil/${inv.id}/area`)).statusCode).toBe(404);
    expect((await api.call('admin', 'GET', `/wfpe/v1/${A}/inverter/${soil.id}/area`)).statusCode).toBe(404);
    expect((await api.call('adminB', 'GET', `/wfpe/v1/${B}/inverter/${inv.id}/area`)).statusCode).toBe(404);
  });
});

describe('gateways and what hangs off them', () => {
  it('inverter/{x}/all: inverters under a concentrator (name, online, eui); device/gateway/{id}/list: all of them', async () => {
    const gw = await api.make('gateway', { name: 'Pump house gw' });
    const i1 = await api.make('inverter', { name: 'Inv 1', parentId: gw.id });
    await api.make('inverter', { name: 'Inv elsewhere' });
    await api.make('soil-moisture', { name: 'Soil under gw', parentId: gw.id });
    const all = await api.call('viewer', 'GET', `/wfpe/v1/${A}/inverter/${gw.id}/all`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual([
      expect.objectContaining({ id: i1.id, name: 'Inv 1', online: 0, eui: i1.eui, parentId: gw.id }),
    ]);
    const list = await api.call('viewer', 'GET', `/wfpe/v1/${A}/device/gateway/${gw.id}/list`);
    expect(names(list.json())).toEqual(['Inv 1', 'Soil under gw']);
    // Not a gateway, or another tenant's: 404.
    expect((await api.call('admin', 'GET', `/wfpe/v1/${A}/inverter/${i1.id}/all`)).statusCode).toBe(404);
    expect((await api.call('admin', 'GET', `/wfpe/v1/${A}/device/gateway/${i1.id}/list`)).statusCode).toBe(
      404,
    );
    expect((await api.call('adminB', 'GET', `/wfpe/v1/${B}/inverter/${gw.id}/all`)).statusCode).toBe(404);
    expect((await api.call('adminB', 'GET', `/wfpe/v1/${A}/inverter/${gw.id}/all`)).statusCode).toBe(403);
  });

  it('gateway/tenant-all lists every gateway type; device/gateway/offline only the offline ones', async () => {
    const online = await FakeDevice.online(s, A, { typeKey: 'gateway', name: 'Online gw' });
    fakes.push(online);
    const lora = await api.make('lora-4g', { name: 'Lora gw', areaId: ids.base });
    const all = await api.call('viewer', 'GET', `/wfpe/v2/${A}/gateway/tenant-all`);
    expect(all.statusCode, all.body).toBe(200);
    const items = all.json() as FamilyDevice[];
    expect(items.map((d) => d.name)).toEqual(
      expect.arrayContaining(['Online gw', 'Lora gw', 'Pump house gw']),
    );
    for (const d of items)
      expect(['gateway', 'lora-4g', 'lorawan-gateway', 'acquisition-control']).toContain(d.deviceType);
    const inBase = await api.call('viewer', 'GET', `/wfpe/v2/${A}/gateway/tenant-all?areaId=${ids.base}`);
    expect((inBase.json() as FamilyDevice[]).map((d) => d.id)).toEqual([lora.id]);
    const notGw = await api.call('viewer', 'GET', `/wfpe/v2/${A}/gateway/tenant-all?deviceType=inverter`);
    expect(notGw.statusCode).toBe(400);
    const off = await api.call('viewer', 'GET', `/wfpe/v1/${A}/device/gateway/offline`);
    expect(off.statusCode, off.body).toBe(200);
    const offNames = (off.json() as FamilyDevice[]).map((d) => d.name);
    expect(offNames).toEqual(expect.arrayContaining(['Lora gw', 'Pump house gw']));
    expect(offNames).not.toContain('Online gw');
    for (const d of off.json() as FamilyDevice[]) expect(d.online).toBe(0);
  });
});

describe('LoRa v2', () => {
  it('lora-gateway/history: the online / offline transitions of one gateway; another type is 404', async () => {
    const gw = await FakeDevice.online(s, A, { typeKey: 'lora-4g', name: 'History gw' });
    fakes.push(gw);
    await gw.goOffline();
    const url = `/wfpe/v2/${A}/lora-gateway/history?id=${gw.id}&size=0`;
    const page = await waitFor(
      async () => {
        const res = await api.call('viewer', 'GET', url);
        const p = res.json() as Page<DeviceStatusLogItem>;
        return p.totalElements >= 2 ? p : undefined;
      },
      5000,
      'status history',
    );
    expect(page.content.map((r) => r.online)).toEqual([0, 1]);
    expect(page.content.every((r) => r.deviceId === gw.id)).toBe(true);
    const onlyOnline = await api.call('viewer', 'GET', `${url}&online=1`);
    expect((onlyOnline.json() as Page<DeviceStatusLogItem>).content.map((r) => r.online)).toEqual([1]);
    const inv = await api.make('inverter');
    expect(
      (await api.call('admin', 'GET', `/wfpe/v2/${A}/lora-gateway/history?id=${inv.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await api.call('adminB', 'GET', `/wfpe/v2/${B}/lora-gateway/history?id=${gw.id}`)).statusCode,
    ).toBe(404);
  });

  it('lora-node/list by deviceType and areaId: concentratorId, name, eui, totalElements', async () => {
    const gw = await api.make('lorawan-gateway');
    const node = await api.make('lorawan-node', { name: 'Node in base', areaId: ids.base, parentId: gw.id });
    await api.make('lorawan-node', { name: 'Node elsewhere' });
    const res = await api.call(
      'viewer',
      'GET',
      `/wfpe/v2/${A}/lora-node/list?deviceType=lorawan-node&areaId=${ids.base}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as Page<FamilyDevice>;
    expect(p.totalElements).toBe(1);
    expect(p.content[0]).toMatchObject({
      concentratorId: node.id,
      name: 'Node in base',
      eui: node.eui,
      parentId: gw.id,
    });
  });
});

describe('insecticidal lamp v2 control and history', () => {
  it('control: offline → 409 and nothing stored; online → sent and done; bad action 400; viewer 403; other type 404', async () => {
    const offline = await registerDevice(s, A, { typeKey: 'pest-lamp', name: 'Dark lamp' });
    const url = (id: number) => `/wfpe/v2/${A}/device/insecticidal/${id}/control`;
    const refused = await api.call('admin', 'POST', url(offline.id), { action: 'turnOn' });
    expect(refused.statusCode, refused.body).toBe(409);
    const log = await api.call('admin', 'GET', `/wfpe/v1/${A}/device/control-log?deviceId=${offline.id}`);
    expect((log.json() as Page<unknown>).totalElements).toBe(0);

    const lamp = await FakeDevice.online(s, A, { typeKey: 'pest-lamp', name: 'Lit lamp' });
    fakes.push(lamp);
    expect((await api.call('viewer', 'POST', url(lamp.id), { action: 'turnOn' })).statusCode).toBe(403);
    expect((await api.call('admin', 'POST', url(lamp.id), { action: 'fly' })).statusCode).toBe(400);
    expect(
      (
        await api.call('admin', 'POST', url(lamp.id), {
          action: 'schedule',
          params: { startHour: 25, endHour: 5 },
        })
      ).statusCode,
    ).toBe(400);
    const ok = await api.call('admin', 'POST', url(lamp.id), { action: 'turnOn' });
    expect(ok.statusCode, ok.body).toBe(200);
    const { cmdId } = ok.json() as { cmdId: string };
    await waitFor(
      async () => {
        const c = await api.call('admin', 'GET', `/wfpe/v1/${A}/device/command/${cmdId}`);
        return (c.json() as { state: string }).state === 'done' ? true : undefined;
      },
      5000,
      'lamp command done',
    );
    expect(lamp.received.map((c) => c.action)).toEqual(['turnOn']);

    const station = await FakeDevice.online(s, A, { typeKey: 'pest-station' });
    fakes.push(station);
    expect((await api.call('admin', 'POST', url(station.id), { action: 'capture' })).statusCode).toBe(404);
    expect(station.received).toEqual([]);
    expect(
      (
        await api.call('adminB', 'POST', `/wfpe/v2/${B}/device/insecticidal/${lamp.id}/control`, {
          action: 'turnOn',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('history/data: the series of one metric over a range; unknown metric 400', async () => {
    const lamp = await FakeDevice.online(s, A, { typeKey: 'pest-lamp', name: 'Counting lamp' });
    fakes.push(lamp);
    const t0 = Date.now() - 3600_000;
    await lamp.publish(1, t0, { killCount: 10 });
    await lamp.publish(2, t0 + 60_000, { killCount: 14 });
    // Days of tenant A's zone, Asia/Shanghai.
    const day = dayOf(new Date(), 'Asia/Shanghai');
    const yesterday = addDays(day, -1);
    const q = `metric=killCount&startTime=${yesterday}%2000:00:00&endTime=${day}%2023:59:59`;
    const res = await api.call(
      'viewer',
      'GET',
      `/wfpe/v2/${A}/device/insecticidal/${lamp.id}/history/data?${q}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as Curve;
    expect(c.points.map((p) => p.collectionData)).toEqual([10, 14]);
    const bad = await api.call(
      'viewer',
      'GET',
      `/wfpe/v2/${A}/device/insecticidal/${lamp.id}/history/data?metric=nope&startTime=${day}&endTime=${day}`,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('insect-situation lamp lookups by IMEI', () => {
  it('yf/…/get?imeI= and …/device/{imei} find a lamp of the family; other types and unknown serials 404', async () => {
    const st = await api.make('pest-station', { name: 'Station by imei' });
    const get = await api.call('viewer', 'GET', `/wfpe/v1/${A}/yf/insect-situation-lamp/get?imeI=${st.eui}`);
    expect(get.json()).toMatchObject({ id: st.id, imeI: st.eui, deviceType: 'pest-station' });
    const byPath = await api.call('viewer', 'GET', `/wfpe/v1/${A}/insect-situation-lamp/device/${st.eui}`);
    expect(byPath.json()).toMatchObject({ id: st.id });
    const spore = await api.make('spore-meter');
    expect(
      (await api.call('admin', 'GET', `/wfpe/v1/${A}/insect-situation-lamp/device/${spore.eui}`)).statusCode,
    ).toBe(404);
    expect(
      (await api.call('admin', 'GET', `/wfpe/v1/${A}/yf/insect-situation-lamp/get?imeI=NOPE-0000`))
        .statusCode,
    ).toBe(404);
    expect(
      (await api.call('admin', 'GET', `/wfpe/v1/${A}/yf/insect-situation-lamp/get?imeI=a%20b`)).statusCode,
    ).toBe(400);
  });
});
