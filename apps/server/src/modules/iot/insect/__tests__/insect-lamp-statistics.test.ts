import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../../../platform/time/zone.js';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { registerDevice, type TestDevice } from '../../../../test/iot.js';
import { renderTrapBoard, scatterDots, seeded } from '../insect.board.js';
import { insertTypes, listTypes } from '../insect-type.repository.js';

// Spec 02 §7 "Pest statistics": the per-trap calls insect-statistics/{id}/…, the pest-statistics overview
// and the v2 insect type / identification look-ups.

let s: TestServer;
let tk: RoleTokens;
let A: number;
let B: number;
let trap: TestDevice;
let lamp: TestDevice;
let weather: TestDevice;
let foreignTrap: TestDevice;
let planthopper: number;
let borer: number;
let manualId: number;
let photoId: number;

const V1 = () => `/wfpe/v1/${A}/insect-statistics`;
const V2 = () => `/wfpe/v2/${A}/insect`;
const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  s.inject({
    method,
    url,
    headers: auth(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const get = <T>(token: string, url: string) => call(token, 'GET', url).then((r) => r.json() as T);

const manual = async (deviceId: number, takenAt: string, counts: { name: string; count: number }[]) => {
  const res = await call(tk.admin, 'POST', V1(), { deviceId, takenAt, counts });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }).id;
};
const MAY = 'startTime=2024-05-01&endTime=2024-05-05';

beforeAll(async () => {
  s = await startTestServer();
  tk = await signInRoles(s);
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
  trap = await registerDevice(s, A, { typeKey: 'pest-station', name: '一号测报站' });
  lamp = await registerDevice(s, A, { typeKey: 'forecast-lamp', name: '性诱灯' });
  weather = await registerDevice(s, A, { typeKey: 'weather-station' });
  foreignTrap = await registerDevice(s, B, { typeKey: 'pest-station' });
  await s.platform.database.withTenant(0, (tx) =>
    insertTypes(tx, 0, [
      {
        name: '稻飞虱',
        nameEn: 'Rice planthopper',
        latinName: 'Nilaparvata lugens',
        category: 'pest',
        description: null,
      },
      { name: '玉米螟', nameEn: 'Corn borer', latinName: null, category: 'pest', description: null },
    ]),
  );
  const types = await s.platform.database.withTenant(A, (tx) => listTypes(tx, A, undefined, undefined, 0));
  planthopper = types.rows.find((t) => t.name === '稻飞虱')?.id ?? 0;
  borer = types.rows.find((t) => t.name === '玉米螟')?.id ?? 0;
  manualId = await manual(trap.id, '2024-05-01 20:00:00', [
    { name: '稻飞虱', count: 10 },
    { name: '玉米螟', count: 2 },
  ]);
  await manual(trap.id, '2024-05-03 21:00:00', [{ name: '稻飞虱', count: 4 }]);
  await manual(trap.id, '2024-05-03 23:00:00', [{ name: '稻飞虱', count: 6 }]);
  await manual(lamp.id, '2024-05-02 20:00:00', [{ name: '玉米螟', count: 7 }]);
  // A photo of the trap today, counted on upload.
  const image = await renderTrapBoard({ width: 800, height: 600, dots: scatterDots(9, seeded(3)) });
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'trap.jpg');
  const up = await s.inject({
    method: 'POST',
    url: `/wfpe/v1/${A}/insect/device-photo`,
    headers: { authorization: `Basic ${Buffer.from(`${trap.username}:${trap.secret}`).toString('base64')}` },
    payload: fd,
  });
  expect(up.statusCode, up.body).toBe(200);
  photoId = (up.json() as { id: number }).id;
});
afterAll(async () => {
  await s?.close();
});

describe('per-trap statistics', () => {
  it('{id}/trend/all is the pest trend call: concentrator id and range → name, insectQuantity, creationDate', async () => {
    const res = await call(tk.viewer, 'GET', `${V1()}/${trap.id}/trend/all?${MAY}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { name: '玉米螟', insectQuantity: 2, creationDate: '2024-05-01' },
      { name: '稻飞虱', insectQuantity: 10, creationDate: '2024-05-01' },
      { name: '稻飞虱', insectQuantity: 10, creationDate: '2024-05-03' },
    ]);
    const one = await get(tk.viewer, `${V1()}/${trap.id}/trend/${borer}?${MAY}`);
    expect(one).toEqual([{ name: '玉米螟', insectQuantity: 2, creationDate: '2024-05-01' }]);
    expect((await call(tk.viewer, 'GET', `${V1()}/${trap.id}/trend/abc`)).statusCode).toBe(400);
    expect((await call(tk.viewer, 'GET', `${V1()}/${trap.id}/trend/999999`)).statusCode).toBe(404);
    const inverted = await call(
      tk.viewer,
      'GET',
      `${V1()}/${trap.id}/trend/all?startTime=2024-05-05&endTime=2024-05-01`,
    );
    expect(inverted.statusCode).toBe(400);
  });

  it('{id}/pie-chart, {id}/list and {id}/aggregate-bug summarise one trap', async () => {
    expect(await get(tk.viewer, `${V1()}/${trap.id}/pie-chart?${MAY}`)).toEqual([
      { name: '稻飞虱', value: 20, percent: 90.9 },
      { name: '玉米螟', value: 2, percent: 9.1 },
    ]);
    const days = await get<{ creationDate: string; insectQuantity: number; counts: unknown[] }[]>(
      tk.viewer,
      `${V1()}/${trap.id}/list?${MAY}`,
    );
    expect(days.map((d) => [d.creationDate, d.insectQuantity])).toEqual([
      ['2024-05-01', 12],
      ['2024-05-02', 0],
      ['2024-05-03', 10],
      ['2024-05-04', 0],
      ['2024-05-05', 0],
    ]);
    expect(days[0]?.counts).toEqual([
      { name: '稻飞虱', count: 10 },
      { name: '玉米螟', count: 2 },
    ]);
    expect(await get(tk.viewer, `${V1()}/${trap.id}/aggregate-bug?${MAY}`)).toEqual([
      {
        name: '稻飞虱',
        typeId: planthopper,
        nameEn: 'Rice planthopper',
        latinName: 'Nilaparvata lugens',
        insectQuantity: 20,
        percent: 90.9,
        days: 2,
        peakDate: '2024-05-01',
        peakQuantity: 10,
      },
      {
        name: '玉米螟',
        typeId: borer,
        nameEn: 'Corn borer',
        latinName: null,
        insectQuantity: 2,
        percent: 9.1,
        days: 1,
        peakDate: '2024-05-01',
        peakQuantity: 2,
      },
    ]);
  });

  it('{id}/count gives today, the week and the month of one trap', async () => {
    expect(await get(tk.viewer, `${V1()}/${trap.id}/count`)).toEqual({ today: 9, week: 9, month: 9 });
    expect(await get(tk.viewer, `${V1()}/${lamp.id}/count`)).toEqual({ today: 0, week: 0, month: 0 });
  });

  it('another tenant’s trap, a weather station and an unknown id are 404; bad ids 400', async () => {
    for (const id of [foreignTrap.id, weather.id, 999_999]) {
      for (const path of ['pie-chart', 'list', 'count', 'aggregate-bug', 'trend/all']) {
        expect((await call(tk.admin, 'GET', `${V1()}/${id}/${path}`)).statusCode, `${id} ${path}`).toBe(404);
      }
    }
    const fromB = await call(tk.adminB, 'GET', `/wfpe/v1/${B}/insect-statistics/${trap.id}/pie-chart`);
    expect(fromB.statusCode).toBe(404);
    expect((await call(tk.admin, 'GET', `${V1()}/0/list`)).statusCode).toBe(400);
    expect((await call(tk.admin, 'GET', `${V1()}/${trap.id}/list?startTime=yesterday`)).statusCode).toBe(400);
  });
});

describe('pest-statistics overview', () => {
  it('totals, the pie and each trap’s catch over a range', async () => {
    const o = await get<Record<string, unknown>>(tk.viewer, `${V1()}/pest-statistics?${MAY}`);
    expect(o).toMatchObject({ startDay: '2024-05-01', endDay: '2024-05-05', total: 29, records: 4 });
    expect(o.insects).toEqual([
      { name: '稻飞虱', value: 20, percent: 69 },
      { name: '玉米螟', value: 9, percent: 31 },
    ]);
    expect(o.devices).toEqual([
      expect.objectContaining({
        concentratorId: trap.id,
        name: '一号测报站',
        insectQuantity: 22,
        records: 3,
      }),
      expect.objectContaining({ concentratorId: lamp.id, deviceType: 'forecast-lamp', insectQuantity: 7 }),
    ]);
    const none = await get<{ total: number }>(tk.viewer, `${V1()}/pest-statistics?areaId=999999&${MAY}`);
    expect(none.total).toBe(0);
  });
});

describe('v2 insect types and identification', () => {
  it('type/organization lists the catalogue the tenant can use', async () => {
    const list = await get<{ name: string; platform: boolean }[]>(tk.viewer, `${V2()}/type/organization`);
    expect(list.map((t) => t.name)).toEqual(['稻飞虱', '玉米螟']);
    expect(list.every((t) => t.platform)).toBe(true);
    const found = await get<unknown[]>(tk.viewer, `${V2()}/type/organization?name=corn`);
    expect(found).toHaveLength(1);
  });

  it('type/{id}/details/organization gives the type and what the tenant caught of it', async () => {
    const d = await get<Record<string, unknown>>(
      tk.viewer,
      `${V2()}/type/${borer}/details/organization?${MAY}`,
    );
    expect(d).toMatchObject({ id: borer, name: '玉米螟', insectQuantity: 9, records: 2 });
    expect(d.lastTakenAt).toBe('2024-05-02T12:00:00.000Z');
    expect((await call(tk.viewer, 'GET', `${V2()}/type/999999/details/organization`)).statusCode).toBe(404);
  });

  it('maintenance/is-identify/{id} tells photos identified on upload from manual entries', async () => {
    expect(await get(tk.viewer, `${V2()}/maintenance/is-identify/${photoId}`)).toEqual({
      id: photoId,
      identified: true,
      identifiedFlag: 1,
      source: 'device',
      hasPhoto: true,
      total: 9,
    });
    expect(await get(tk.viewer, `${V2()}/maintenance/is-identify/${manualId}`)).toMatchObject({
      identified: false,
      hasPhoto: false,
      total: 12,
    });
    const fromB = await call(tk.adminB, 'GET', `/wfpe/v2/${B}/insect/maintenance/is-identify/${photoId}`);
    expect(fromB.statusCode).toBe(404);
  });

  it('the photo was taken today (farm time)', async () => {
    const rec = await get<{ takenAt: string }>(tk.viewer, `/wfpe/v1/${A}/insect/${photoId}`);
    expect(dayOf(new Date(rec.takenAt), 'Asia/Shanghai')).toBe(dayOf(new Date(), 'Asia/Shanghai'));
  });
});
