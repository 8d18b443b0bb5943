import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInRoles, startTestServer, type TestServer } from '../../../../test/harness.js';
import { checkFamilyCrud, FamilyApi, type FamilyCase } from './family-paths.helpers.js';

// Spec 02 §7: each family's own CRUD paths, type fixed by the path (the shared scenario in the helpers).

let s: TestServer;
let api: FamilyApi;

beforeAll(async () => {
  s = await startTestServer();
  api = new FamilyApi(s, await signInRoles(s));
});
afterAll(async () => {
  await s?.close();
});

const V1 = '/wfpe/v1/{t}';
const V2 = '/wfpe/v2/{t}';

const FAMILIES: Record<string, FamilyCase> = {
  'robotic arm /device/mar': {
    types: ['robotic-arm'],
    other: 'gateway',
    list: `${V1}/device/mar/list`,
    details: `${V1}/device/mar/{id}/details`,
    create: `${V1}/device/mar/add`,
    update: `${V1}/device/mar/edit`,
    remove: `${V1}/device/mar/{id}`,
  },
  'soil /device/soil': {
    types: ['soil-moisture', 'tubular-soil'],
    other: 'weather-station',
    details: `${V1}/device/soil/{id}`,
    create: `${V1}/device/soil`,
    update: `${V1}/device/soil`,
    remove: `${V1}/device/soil/{id}`,
  },
  'LoRa gateway v2': {
    types: ['lora-4g', 'lorawan-gateway'],
    other: 'gateway',
    list: `${V2}/lora-gateway/list`,
    details: `${V2}/lora-gateway/{id}/details`,
    create: `${V2}/lora-gateway`,
    update: `${V2}/lora-gateway`,
    remove: `${V2}/lora-gateway/{id}`,
  },
  'LoRa node v2': {
    types: ['lorawan-node'],
    other: 'lorawan-gateway',
    list: `${V2}/lora-node/list`,
    details: `${V2}/lora-node/{id}/details`,
    create: `${V2}/lora-node`,
    update: `${V2}/lora-node`,
    remove: `${V2}/lora-node/{id}`,
  },
  'insecticidal lamp v2 (page)': {
    types: ['pest-lamp'],
    other: 'pest-station',
    list: `${V2}/device/insecticidal/page`,
    details: `${V2}/device/insecticidal/{id}/details`,
    create: `${V2}/device/insecticidal`,
    update: `${V2}/device/insecticidal`,
    remove: `${V2}/device/insecticidal/{id}`,
  },
  'insecticidal lamp v2 (list)': {
    types: ['pest-lamp'],
    other: 'forecast-lamp',
    list: `${V2}/device/insecticidal/list`,
    details: `${V2}/device/insecticidal/{id}/details`,
    create: `${V2}/device/insecticidal`,
    update: `${V2}/device/insecticidal`,
    remove: `${V2}/device/insecticidal/{id}`,
  },
  'insect-situation lamp (page/isl)': {
    types: ['pest-station', 'pest-lamp'],
    other: 'forecast-lamp',
    list: `${V1}/yf/insect-situation-lamp/page/isl`,
    details: `${V1}/insect-situation-lamp/device/{eui}`,
    create: `${V1}/insect-situation-lamp`,
    update: `${V1}/insect-situation-lamp`,
    remove: `${V1}/insect-situation-lamp/{id}`,
  },
  'insect-situation lamp (GET list, get?imeI=)': {
    types: ['pest-station', 'pest-lamp'],
    other: 'spore-meter',
    list: `${V1}/insect-situation-lamp`,
    details: `${V1}/yf/insect-situation-lamp/get?imeI={eui}`,
    create: `${V1}/insect-situation-lamp`,
    update: `${V1}/insect-situation-lamp`,
    remove: `${V1}/insect-situation-lamp/{id}`,
  },
  'inverter /inverter': {
    types: ['inverter'],
    other: 'electric-valve',
    details: `${V1}/inverter/{id}`,
    create: `${V1}/inverter`,
    update: `${V1}/inverter`,
    remove: `${V1}/inverter/{id}`,
  },
};

describe('spec 02 §7 family CRUD paths', () => {
  for (const [name, c] of Object.entries(FAMILIES)) {
    it(`${name}: own types only; create → details → edit (stale 409) → delete; 404 / 403 / 400`, async () => {
      await checkFamilyCrud(api, c);
    });
  }

  it('a second type of a family is created when asked for, and listed with the first', async () => {
    const res = await api.call('admin', 'POST', `/wfpe/v1/${api.A}/device/soil`, {
      deviceType: 'tubular-soil',
      name: 'Tube',
      eui: api.nextEui(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { device: { id: number } }).device.id;
    const got = await api.call('viewer', 'GET', `/wfpe/v1/${api.A}/device/soil/${id}`);
    expect(got.json()).toMatchObject({ deviceType: 'tubular-soil', name: 'Tube' });
    const lora = await api.call('admin', 'POST', `/wfpe/v2/${api.A}/lora-gateway`, {
      deviceType: 'lorawan-gateway',
      name: 'WAN gw',
      eui: api.nextEui(),
    });
    expect(lora.statusCode, lora.body).toBe(200);
    const list = await api.call('viewer', 'GET', `/wfpe/v2/${api.A}/lora-gateway/list?size=0`);
    const types = new Set(
      (list.json() as { content: { deviceType: string }[] }).content.map((d) => d.deviceType),
    );
    expect([...types].sort()).toEqual(['lora-4g', 'lorawan-gateway']);
  });
});
