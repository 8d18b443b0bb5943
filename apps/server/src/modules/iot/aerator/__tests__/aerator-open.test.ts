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
import { checkFamilyCrud, FamilyApi } from '../../device/__tests__/family-paths.helpers.js';

// Spec 02 §7 aerator: regulator CRUD (v1 /aerator, v2 /regulator/open), v2 /aerator/open pump CRUD and
// the form-encoded control.

let s: TestServer;
let t: RoleTokens;
let api: FamilyApi;
let A: number;
let reg: FakeDevice;

const v2 = (path: string, tenant = A) => `/wfpe/v2/${tenant}/${path}`;
const form = (token: string, url: string, body: string) =>
  s.inject({
    method: 'POST',
    url,
    headers: { ...auth(token), 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

beforeAll(async () => {
  s = await startTestServer();
  t = await signInRoles(s);
  api = new FamilyApi(s, t);
  A = s.fixtures.tenantA;
  reg = await FakeDevice.online(s, A, { typeKey: 'aerator', name: 'Pond 1 regulator' });
});
afterAll(async () => {
  await reg?.close();
  await s?.close();
});

describe('regulators on the registry', () => {
  it('v1 /aerator: POST, GET {id}, PUT, DELETE {id} → 1; aerators only', async () => {
    await checkFamilyCrud(api, {
      types: ['aerator'],
      other: 'inverter',
      details: '/wfpe/v1/{t}/aerator/{id}',
      create: '/wfpe/v1/{t}/aerator',
      update: '/wfpe/v1/{t}/aerator',
      remove: '/wfpe/v1/{t}/aerator/{id}',
    });
  });

  it('v2 /regulator/open: page, GET {id}, POST, PUT, DELETE {id}', async () => {
    await checkFamilyCrud(api, {
      types: ['aerator'],
      other: 'electric-valve',
      list: '/wfpe/v2/{t}/regulator/open',
      details: '/wfpe/v2/{t}/regulator/open/{id}',
      create: '/wfpe/v2/{t}/regulator/open',
      update: '/wfpe/v2/{t}/regulator/open',
      remove: '/wfpe/v2/{t}/regulator/open/{id}',
    });
  });

  it('deleting a regulator takes its pumps with it', async () => {
    const r = await api.make('aerator');
    const p = await api.call('admin', 'POST', v2('aerator/open'), { regulatorId: r.id, name: 'P', node: 1 });
    expect(p.statusCode, p.body).toBe(200);
    const del = await api.call('admin', 'DELETE', `/wfpe/v1/${A}/aerator/${r.id}`);
    expect(del.json()).toBe(1);
    expect((await api.call('admin', 'GET', v2(`aerator/open?regulatorId=${r.id}`))).statusCode).toBe(404);
  });
});

describe('v2 /aerator/open pumps', () => {
  it('CRUD: at most 4 per regulator, list by regulatorId is an array, stale 409, delete 1, viewer 403', async () => {
    const bad = await api.call('admin', 'POST', v2('aerator/open'), {
      regulatorId: reg.id,
      name: 'x',
      node: 5,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await api.call('viewer', 'POST', v2('aerator/open'), { regulatorId: reg.id, name: 'v', node: 1 }))
        .statusCode,
    ).toBe(403);
    for (const node of [1, 2, 3, 4]) {
      const res = await api.call('admin', 'POST', v2('aerator/open'), {
        regulatorId: reg.id,
        name: `泵${node}`,
        node,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const fifth = await api.call('admin', 'POST', v2('aerator/open'), {
      regulatorId: reg.id,
      name: '5',
      node: 1,
    });
    expect(fifth.statusCode).toBe(409);
    const list = await api.call('viewer', 'GET', v2(`aerator/open?regulatorId=${reg.id}`));
    const pumps = list.json() as AeratorItem[];
    expect(pumps.map((p) => [p.node, p.onlineFlag, p.regulatorId])).toEqual([
      [1, 1, reg.id],
      [2, 1, reg.id],
      [3, 1, reg.id],
      [4, 1, reg.id],
    ]);
    const four = pumps[3] as AeratorItem;
    const renamed = await api.call('admin', 'PUT', v2('aerator/open'), {
      id: four.id,
      objectVersionNumber: four.objectVersionNumber,
      name: '四号泵',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stale = await api.call('admin', 'PUT', v2('aerator/open'), {
      id: four.id,
      objectVersionNumber: four.objectVersionNumber,
      name: 'lost',
    });
    expect(stale.statusCode).toBe(409);
    expect((await api.call('viewer', 'DELETE', v2(`aerator/open/${four.id}`))).statusCode).toBe(403);
    expect((await api.call('adminB', 'DELETE', v2(`aerator/open/${four.id}`, api.B))).statusCode).toBe(404);
    const del = await api.call('admin', 'DELETE', v2(`aerator/open/${four.id}`));
    expect(del.json()).toBe(1);
    const inv = await api.make('inverter');
    // Another type named as the regulator: the v1 "not a regulator" answer.
    const notReg = await api.call('admin', 'GET', v2(`aerator/open?regulatorId=${inv.id}`));
    expect(notReg.statusCode).toBe(400);
    expect(notReg.json()).toMatchObject({ code: 'wfpe.aerator.notRegulator' });
  });

  it('form-encoded control switches a pump; bad fields 400; offline regulator 409; viewer 403', async () => {
    const pumps = (
      await api.call('admin', 'GET', v2(`aerator/open?regulatorId=${reg.id}`))
    ).json() as AeratorItem[];
    const pump = pumps.find((p) => p.node === 2) as AeratorItem;
    const res = await form(t.admin, v2('aerator/open/control'), `pumpId=${pump.id}&on=1`);
    expect(res.statusCode, res.body).toBe(200);
    const { cmdId } = res.json() as { cmdId: string };
    await waitFor(
      async () => {
        const c = await api.call('admin', 'GET', `/wfpe/v1/${A}/device/command/${cmdId}`);
        return (c.json() as CommandView).state === 'done' ? true : undefined;
      },
      5000,
      'pump command done',
    );
    expect(reg.received.at(-1)).toMatchObject({ action: 'pump', params: { port: 2, on: true } });
    const off = await form(t.admin, v2('aerator/open/control'), `pumpId=${pump.id}&on=false`);
    expect(off.statusCode, off.body).toBe(200);
    await waitFor(() => (reg.received.length >= 2 ? true : undefined), 5000, 'off command');
    expect(reg.received.at(-1)).toMatchObject({ params: { port: 2, on: false } });

    for (const body of [
      `pumpId=${pump.id}&on=maybe`,
      `pumpId=abc&on=1`,
      `on=1`,
      `pumpId=${pump.id}&on=1&x=2`,
    ]) {
      const bad = await form(t.admin, v2('aerator/open/control'), body);
      expect(bad.statusCode, body).toBe(400);
    }
    expect((await form(t.viewer, v2('aerator/open/control'), `pumpId=${pump.id}&on=1`)).statusCode).toBe(403);
    const json = await api.call('admin', 'POST', v2('aerator/open/control'), { pumpId: pump.id, on: true });
    expect(json.statusCode, json.body).toBe(200);

    const dark = await registerDevice(s, A, { typeKey: 'aerator' });
    const p = await api.call('admin', 'POST', v2('aerator/open'), {
      regulatorId: dark.id,
      name: 'D',
      node: 1,
    });
    const darkPump = p.json() as AeratorItem;
    expect(darkPump.onlineFlag).toBe(0);
    const refused = await form(t.admin, v2('aerator/open/control'), `pumpId=${darkPump.id}&on=1`);
    expect(refused.statusCode, refused.body).toBe(409);
  });
});
