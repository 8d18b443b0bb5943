import type { ErrorBody, Page } from '@tilth/contracts';
import type {
  CollectedDatum,
  Device,
  DeviceCreated,
  DeviceCredentials,
  DeviceOption,
} from '@tilth/contracts/device.types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeviceSecret } from '../../../../platform/iot/device-secret.js';
import {
  auth,
  json,
  login,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { deviceChannels } from '../../control/control.tables.js';
import { deviceSettings } from '../../device-family/device-family.tables.js';
import { devices } from '../device.tables.js';

let s: TestServer;
let tA: number;
let tB: number;
let tok: RoleTokens;
const ids = { base1: 0, base2: 0, land1: 0, land2: 0, baseB: 0 };
type Who = keyof RoleTokens | 'gatewayOnly';
const tokens: Partial<Record<Who, string>> = {};
const en = { 'accept-language': 'en-US' };
const url = (tenant: number, rest = '') => `/wfpe/v1/${tenant}/device${rest}`;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  s.inject({
    method,
    url: path,
    headers: { ...auth(tokens[who] ?? ''), ...en },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const code = (res: { body: string }) => (JSON.parse(res.body) as ErrorBody).code;
const message = (res: { body: string }) => (JSON.parse(res.body) as ErrorBody).message;
let serial = 0;
const make = async (payload: Record<string, unknown>, who: Who = 'admin') => {
  serial += 1;
  const res = await call(who, 'POST', url(tA), {
    eui: `SN-${serial}-0001`,
    name: `dev ${serial}`,
    ...payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<DeviceCreated>(res);
};
const rowOf = async (id: number) =>
  s.platform.database.withTenant(tA, async (tx) => {
    const [r] = await tx.select().from(devices).where(eq(devices.id, id));
    return r;
  });
const countDevices = async () =>
  s.platform.database.withTenant(
    tA,
    async (tx) => (await tx.select({ id: devices.id }).from(devices)).length,
  );

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  tok = await signInRoles(s);
  Object.assign(tokens, tok);
  const post = async (who: Who, path: string, payload: Record<string, unknown>) => {
    const res = await call(who, 'POST', path, payload);
    expect(res.statusCode, res.body).toBe(200);
    return json<Record<string, number>>(res);
  };
  ids.base1 = (await post('admin', `/wfpf/v1/${tA}/area`, { areaName: 'Panyu' })).areaId as number;
  ids.base2 = (await post('admin', `/wfpf/v1/${tA}/area`, { areaName: 'Nansha' })).areaId as number;
  ids.baseB = (await post('adminB', `/wfpf/v1/${tB}/area`, { areaName: 'B base' })).areaId as number;
  ids.land1 = (await post('admin', `/wfpf/v1/${tA}/land`, { areaId: ids.base1, landName: 'Plot 1' }))
    .landId as number;
  ids.land2 = (await post('admin', `/wfpf/v1/${tA}/land`, { areaId: ids.base2, landName: 'Pond 1' }))
    .landId as number;
  // A member who may see and manage gateways only.
  const role = await post('admin', `/iam/v1/${tA}/roles`, {
    code: 'gateway-only',
    nameZh: '网关',
    nameEn: 'Gateways',
    permissions: [
      'wfpf.farm.equipment.gateway',
      'wfpf.farm.equipment.gateway.ps.create',
      'wfpf.farm.equipment.gateway.ps.edit',
      'wfpf.farm.equipment.gateway.ps.delete',
    ],
  });
  const assigned = await call(
    'admin',
    'PUT',
    `/iam/v1/${tA}/members/${s.fixtures.users.operatorA.id}/roles`,
    {
      roleIds: [role.id],
    },
  );
  expect(assigned.statusCode, assigned.body).toBe(200);
  tokens.gatewayOnly = await login(s, 'operatorA');
});
afterAll(async () => {
  await s?.close();
});

describe('device registry: create', () => {
  it('registers a device with base, land, location and iccid; the secret is shown once, stored hashed', async () => {
    const created = await make({
      deviceType: 'weather-station',
      name: '  Station north  ',
      areaId: ids.base1,
      landId: ids.land1,
      lat: 22.96,
      lng: 113.34,
      iccid: '89860012345678901234',
      config: { uploadPeriodMin: 30 },
    });
    const d = created.device;
    expect(d).toMatchObject({
      deviceType: 'weather-station',
      name: 'Station north',
      areaName: 'Panyu',
      landName: 'Plot 1',
      latlng: '22.96,113.34',
      iccid: '89860012345678901234',
      online: 0,
      config: { uploadPeriodMin: 30 },
      objectVersionNumber: 1,
    });
    const c = created.credentials;
    expect(c.username).toBe(`${tA}/weather-station/${d.eui}`);
    expect(c.clientId).toBe(c.username);
    expect(c.topics.up).toBe(`tilth/${tA}/weather-station/${d.eui}/up`);
    expect(c.password.length).toBeGreaterThanOrEqual(40);
    expect(c.port).toBeGreaterThanOrEqual(0);
    const row = await rowOf(d.id);
    expect(row?.secretHash).toBe(hashDeviceSecret(c.password));
    const details = await call('viewer', 'GET', url(tA, `/${d.id}/details`));
    expect(details.statusCode).toBe(200);
    expect(details.body).not.toContain(c.password);
    expect(details.body).not.toContain(row?.secretHash ?? 'x');
    expect(details.body).not.toMatch(/secretHash|password/);
    expect(json<Device>(details).secretIssuedAt).toBeTruthy();
  });

  it('a land alone names its base; a gateway may be the parent of a node', async () => {
    const gw = (await make({ deviceType: 'gateway' })).device;
    const node = (await make({ deviceType: 'soil-moisture', landId: ids.land2, parentId: gw.id })).device;
    expect(node).toMatchObject({
      areaId: ids.base2,
      landId: ids.land2,
      parentId: gw.id,
      parentName: gw.name,
    });
    expect(node.config).toEqual({ surfaceFlag: 1 });
  });

  it('bad input is a 400 naming the problem and stores nothing', async () => {
    const before = await countDevices();
    const soil = (await make({ deviceType: 'soil-moisture' })).device;
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ deviceType: 'no-such-type', eui: 'ABCD-1' }, /unknown device type/],
      [{ deviceType: 'gateway', eui: 'a/b#' }, /serial/],
      [{ deviceType: 'gateway', eui: 'AB-X1', name: '   ' }, /name/],
      [{ deviceType: 'gateway', eui: 'AB-X2', iccid: '123' }, /IoT card/],
      [{ deviceType: 'gateway', eui: 'AB-X3', lat: 22.9 }, 'wfpe.device.latLngPair'],
      [{ deviceType: 'gateway', eui: 'AB-X4', lat: 91, lng: 0 }, /lat/],
      [{ deviceType: 'gateway', eui: 'AB-X5', areaId: ids.baseB }, 'wfpe.device.areaNotFound'],
      [
        { deviceType: 'gateway', eui: 'AB-X6', areaId: ids.base1, landId: ids.land2 },
        'wfpe.device.landNotInArea',
      ],
      [{ deviceType: 'gateway', eui: 'AB-X7', landId: 999_999 }, 'wfpe.device.landNotFound'],
      [{ deviceType: 'gateway', eui: 'AB-X8', parentId: soil.id }, 'wfpe.device.parentInvalid'],
      [{ deviceType: 'gateway', eui: 'AB-X9', parentId: 999_999 }, 'wfpe.device.parentInvalid'],
      [
        { deviceType: 'weather-station', eui: 'AB-XA', config: { uploadPeriodMin: 2 } },
        'wfpe.device.configInvalid',
      ],
      [{ deviceType: 'weather-station', eui: 'AB-XB', config: { bogus: 1 } }, 'wfpe.device.configInvalid'],
      [{ deviceType: 'electric-valve', eui: 'AB-XC', config: { highLevelCm: 50_001 } }, /50000/],
      [{ deviceType: 'gateway', eui: 'AB-XD', secretHash: 'x' }, /secretHash|Unrecognized|unrecognized/],
    ];
    for (const [payload, expected] of cases) {
      const res = await call('admin', 'POST', url(tA), { name: 'x', ...payload });
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      if (typeof expected === 'string') expect(code(res)).toBe(expected);
      else expect(message(res)).toMatch(expected);
    }
    expect(await countDevices()).toBe(before + 1);
  });

  it('a serial is unique per tenant and type: 409 with a clear message; other types and tenants may reuse it', async () => {
    await make({ deviceType: 'gateway', eui: 'DUP-0001' });
    const again = await call('admin', 'POST', url(tA), {
      deviceType: 'gateway',
      eui: 'DUP-0001',
      name: 'two',
    });
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe('wfpe.device.euiTaken');
    expect(message(again)).toContain('DUP-0001');
    await make({ deviceType: 'lora-4g', eui: 'DUP-0001' });
    const inB = await call('adminB', 'POST', url(tB), {
      deviceType: 'gateway',
      eui: 'DUP-0001',
      name: 'B gw',
    });
    expect(inB.statusCode, inB.body).toBe(200);
  });

  it("writes need the type's own code: 403 for a viewer and for a member holding other types' codes", async () => {
    const viewer = await call('viewer', 'POST', url(tA), {
      deviceType: 'gateway',
      eui: 'VW-0001',
      name: 'v',
    });
    expect(viewer.statusCode).toBe(403);
    const valve = await call('gatewayOnly', 'POST', url(tA), {
      deviceType: 'electric-valve',
      eui: 'GO-0001',
      name: 'v',
    });
    expect(valve.statusCode).toBe(403);
    const gw = await call('gatewayOnly', 'POST', url(tA), {
      deviceType: 'gateway',
      eui: 'GO-0002',
      name: 'g',
    });
    expect(gw.statusCode, gw.body).toBe(200);
  });
});

describe('device registry: read', () => {
  it('pages by type with filters, and only the types the caller may view', async () => {
    const page = json<Page<Device>>(
      await call('viewer', 'GET', url(tA, '/page?deviceType=gateway&size=100')),
    );
    expect(page.content.length).toBeGreaterThan(0);
    expect(page.content.every((d) => d.deviceType === 'gateway')).toBe(true);
    const named = json<Page<Device>>(await call('viewer', 'GET', url(tA, '/page?name=north&page=0&size=10')));
    expect(named.content.map((d) => d.name)).toEqual(['Station north']);
    expect(named).toMatchObject({ totalElements: 1, totalPages: 1, number: 0, size: 10 });
    const byArea = json<Page<Device>>(
      await call('viewer', 'GET', url(tA, `/page?areaId=${ids.base2}&size=0`)),
    );
    expect(byArea.content.every((d) => d.areaId === ids.base2)).toBe(true);
    expect(byArea.content.length).toBeGreaterThan(0);
    const mine = json<Page<Device>>(await call('gatewayOnly', 'GET', url(tA, '/page?size=0')));
    expect(mine.content.length).toBeGreaterThan(0);
    expect(mine.content.every((d) => d.deviceType === 'gateway')).toBe(true);
    expect((await call('gatewayOnly', 'GET', url(tA, '/page?deviceType=weather-station'))).statusCode).toBe(
      403,
    );
    expect((await call('viewer', 'GET', url(tA, '/page?deviceType=nope'))).statusCode).toBe(400);
    const empty = json<Page<Device>>(await call('viewer', 'GET', url(tA, '/page?name=zzzz-none')));
    expect(empty).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('all: a light list for selects; offline: devices offline now', async () => {
    const all = json<DeviceOption[]>(await call('viewer', 'GET', url(tA, '/all?deviceType=gateway')));
    expect(all.length).toBeGreaterThan(0);
    expect(all[0]).toMatchObject({ deviceType: 'gateway' });
    expect(all[0]?.concentratorId).toBe(all[0]?.id);
    const off = json<Device[]>(await call('viewer', 'GET', url(tA, '/offline')));
    expect(off.length).toBeGreaterThan(0);
    expect(off.every((d) => d.online === 0)).toBe(true);
  });

  it('collection: one card per metric of the type with the newest values, names in the request language', async () => {
    const d = (await make({ deviceType: 'weather-station' })).device;
    const at = new Date('2025-05-01T04:00:00Z');
    await s.platform.database.withTenant(tA, (tx) =>
      tx
        .update(devices)
        .set({ latest: { airTemp: 24.5 }, latestAt: at, online: true })
        .where(eq(devices.id, d.id)),
    );
    const cards = json<CollectedDatum[]>(await call('viewer', 'GET', url(tA, `/${d.id}/collection`)));
    const temp = cards.find((c) => c.id === 'airTemp');
    expect(temp).toMatchObject({ newestData: 24.5, unit: '°C', online: 1, newestTime: at.toISOString() });
    expect(cards.find((c) => c.id === 'rainfall')).toMatchObject({ newestData: null, newestTime: null });
    const zh = await s.inject({
      method: 'GET',
      url: url(tA, `/${d.id}/collection`),
      headers: { ...auth(tok.viewer), 'accept-language': 'zh-CN' },
    });
    expect(json<CollectedDatum[]>(zh).find((c) => c.id === 'airTemp')?.name).toMatch(/[\u4e00-\u9fff]/);
  });

  it("another tenant's device is a 404 on every device path; unknown ids too", async () => {
    const d = (await make({ deviceType: 'gateway' })).device;
    for (const path of [`/${d.id}/details`, `/${d.id}/collection`]) {
      const res = await call('adminB', 'GET', url(tB, path));
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain(d.eui);
    }
    const del = await call('adminB', 'DELETE', url(tB, `/${d.id}`));
    expect(del.statusCode).toBe(404);
    const rot = await call('adminB', 'POST', url(tB, `/${d.id}/credentials`));
    expect(rot.statusCode).toBe(404);
    const put = await call('adminB', 'PUT', url(tB), { id: d.id, objectVersionNumber: 1, name: 'hijack' });
    expect(put.statusCode).toBe(404);
    expect((await rowOf(d.id))?.name).toBe(d.name);
    expect((await call('admin', 'GET', url(tA, '/999999/details'))).statusCode).toBe(404);
  });
});

describe('device registry: update, rotate, delete', () => {
  it('edits with the current version; a stale version is a 409 and changes nothing', async () => {
    const d = (await make({ deviceType: 'electric-valve', areaId: ids.base1 })).device;
    const res = await call('admin', 'PUT', url(tA), {
      id: d.id,
      objectVersionNumber: 1,
      name: 'Valve 7',
      landId: ids.land1,
      config: { lowLevelCm: 100, highLevelCm: 200 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Device>(res)).toMatchObject({
      name: 'Valve 7',
      landName: 'Plot 1',
      areaId: ids.base1,
      objectVersionNumber: 2,
      config: { lowLevelCm: 100, highLevelCm: 200 },
      eui: d.eui,
    });
    const stale = await call('admin', 'PUT', url(tA), { id: d.id, objectVersionNumber: 1, name: 'Lost' });
    expect(stale.statusCode).toBe(409);
    expect(code(stale)).toBe('error.objectVersionNumber.stale');
    const gap = await call('admin', 'PUT', url(tA), {
      id: d.id,
      objectVersionNumber: 2,
      config: { lowLevelCm: 100, highLevelCm: 105 },
    });
    expect(gap.statusCode).toBe(400);
    const moved = await call('admin', 'PUT', url(tA), {
      id: d.id,
      objectVersionNumber: 2,
      areaId: ids.base2,
    });
    expect(code(moved)).toBe('wfpe.device.landNotInArea');
    // The type and serial are fixed at creation: read-only on PUT, ignored even when they differ (docs/api.md).
    const typeChange = await call('admin', 'PUT', url(tA), {
      id: d.id,
      objectVersionNumber: 2,
      deviceType: 'gateway',
      eui: 'OTHER-SERIAL',
    });
    expect(typeChange.statusCode, typeChange.body).toBe(200);
    expect(json<Device>(typeChange)).toMatchObject({ deviceType: d.deviceType, eui: d.eui });
    expect(await rowOf(d.id)).toMatchObject({
      name: 'Valve 7',
      objectVersionNumber: 3,
      typeKey: 'electric-valve',
      eui: d.eui,
    });
    const viewer = await call('viewer', 'PUT', url(tA), { id: d.id, objectVersionNumber: 3, name: 'v' });
    expect(viewer.statusCode).toBe(403);
    const other = await call('gatewayOnly', 'PUT', url(tA), { id: d.id, objectVersionNumber: 3, name: 'v' });
    expect(other.statusCode).toBe(403);
  });

  it('rotation issues a new secret and replaces the hash; viewers may not rotate', async () => {
    const created = await make({ deviceType: 'gateway' });
    const id = created.device.id;
    const res = await call('admin', 'POST', url(tA, `/${id}/credentials`));
    expect(res.statusCode, res.body).toBe(200);
    const fresh = json<DeviceCredentials>(res);
    expect(fresh.password).not.toBe(created.credentials.password);
    expect(fresh.username).toBe(created.credentials.username);
    expect((await rowOf(id))?.secretHash).toBe(hashDeviceSecret(fresh.password));
    expect((await call('viewer', 'POST', url(tA, `/${id}/credentials`))).statusCode).toBe(403);
    expect((await rowOf(id))?.secretHash).toBe(hashDeviceSecret(fresh.password));
  });

  it('delete refuses while devices hang off it, then removes the device with its switches and settings', async () => {
    const gw = (await make({ deviceType: 'gateway' })).device;
    const node = (await make({ deviceType: 'lorawan-node', parentId: gw.id })).device;
    await s.platform.database.withTenant(tA, async (tx) => {
      await tx
        .insert(deviceChannels)
        .values({ tenantId: tA, deviceId: gw.id, kind: 'switch', name: 'S1', circuit: 1 });
      await tx
        .insert(deviceSettings)
        .values({ tenantId: tA, deviceId: gw.id, kind: 'rtu-strategy', name: 'x' });
    });
    const refused = await call('admin', 'DELETE', url(tA, `/${gw.id}`));
    expect(refused.statusCode).toBe(409);
    expect(code(refused)).toBe('wfpe.device.hasChildren');
    expect(await rowOf(gw.id)).toBeDefined();
    expect((await call('viewer', 'DELETE', url(tA, `/${node.id}`))).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', url(tA, `/${node.id}`))).statusCode).toBe(200);
    const ok = await call('admin', 'DELETE', url(tA, `/${gw.id}`));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await rowOf(gw.id)).toBeUndefined();
    const left = await s.platform.database.withTenant(tA, async (tx) => ({
      ch: await tx.select().from(deviceChannels).where(eq(deviceChannels.deviceId, gw.id)),
      st: await tx.select().from(deviceSettings).where(eq(deviceSettings.deviceId, gw.id)),
    }));
    expect(left).toEqual({ ch: [], st: [] });
    expect((await call('admin', 'DELETE', url(tA, `/${gw.id}`))).statusCode).toBe(404);
  });
});
