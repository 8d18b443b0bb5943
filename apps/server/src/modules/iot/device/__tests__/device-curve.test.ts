import type { Page } from '@tilth/contracts';
import type { Curve, DeviceCreated, DeviceStatusLogItem } from '@tilth/contracts/device.types';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { insertReadingsForTest } from '../../telemetry/telemetry-backfill.repository.js';
import { deviceStatusLog } from '../device.tables.js';
import { readSeries } from '../device-series.repository.js';

let s: TestServer;
let tA: number;
let tok: RoleTokens;
let deviceId = 0;
/** 2025-05-01 00:00 in China time (tenant A is on Asia/Shanghai). */
const DAY_START = Date.parse('2025-04-30T16:00:00Z');
const MIN = 60_000;
/** airTemp of minute i of the day: a saw tooth, so bucket min / max are easy to predict. */
const valueAt = (i: number) => (i % 100) / 2;

const get = (path: string, who: keyof RoleTokens = 'viewer') =>
  s.inject({
    method: 'GET',
    url: `/wfpe/v1/${tA}/device${path}`,
    headers: { ...auth(tok[who]), 'accept-language': 'en-US' },
  });
const curveOf = async (query: string) => {
  const res = await get(`/${deviceId}/curve?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<Curve>(res);
};
const DAY = 'metric=airTemp&startTime=2025-05-01%2000:00:00&endTime=2025-05-01%2023:59:59';

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tok = await signInRoles(s);
  const res = await s.inject({
    method: 'POST',
    url: `/wfpe/v1/${tA}/device`,
    headers: auth(tok.admin),
    payload: { deviceType: 'weather-station', eui: 'CURVE-0001', name: 'Curve station' },
  });
  expect(res.statusCode, res.body).toBe(200);
  deviceId = json<DeviceCreated>(res).device.id;
  // A day of 1-minute readings, plus one reading a year earlier (for the long ranges).
  const readings = Array.from({ length: 1440 }, (_, i) => ({
    seq: i + 1,
    ts: new Date(DAY_START + i * MIN),
    values: { airTemp: valueAt(i), airHumidity: 60 },
  }));
  readings.push({
    seq: 5000,
    ts: new Date(DAY_START - 365 * 86_400_000),
    values: { airTemp: 5, airHumidity: 60 },
  });
  await s.platform.database.withTenant(tA, (tx) => insertReadingsForTest(tx, tA, deviceId, readings));
});
afterAll(async () => {
  await s?.close();
});

describe('device curve', () => {
  it('a day that fits comes back raw, oldest first, every reading', async () => {
    const c = await curveOf(DAY);
    expect(c).toMatchObject({ metric: 'airTemp', unit: '°C', resolution: 'raw' });
    expect(c.points).toHaveLength(1440);
    expect(c.points[0]).toEqual({ collectionTime: new Date(DAY_START).toISOString(), collectionData: 0 });
    const times = c.points.map((p) => Date.parse(p.collectionTime));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('bucketed into at most maxPoints equal buckets with avg, min and max of each', async () => {
    const c = await curveOf(`${DAY}&maxPoints=100`);
    expect(c.resolution).toBe('raw-buckets');
    expect(c.points.length).toBeLessThanOrEqual(100);
    expect(c.points.length).toBeGreaterThan(90);
    const bucketMs = 864_000; // 86,400 s / 100
    const expected = new Map<number, number[]>();
    for (let i = 0; i < 1440; i++) {
      const b = Math.floor((i * MIN) / bucketMs);
      expected.set(b, [...(expected.get(b) ?? []), valueAt(i)]);
    }
    for (const p of c.points) {
      const b = Math.round((Date.parse(p.collectionTime) - DAY_START) / bucketMs);
      const vals = expected.get(b) ?? [];
      expect(p.min).toBe(Math.min(...vals));
      expect(p.max).toBe(Math.max(...vals));
      // Averages are rounded to the metric's decimals (airTemp: 1).
      const avg = vals.reduce((a, v) => a + v, 0) / vals.length;
      expect(Math.abs(p.collectionData - avg)).toBeLessThanOrEqual(0.05 + 1e-9);
    }
    const times = c.points.map((p) => Date.parse(p.collectionTime));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('long ranges read the hourly rollup, multi-year ranges the daily one, never more than maxPoints', async () => {
    const month = await curveOf('metric=airTemp&startTime=2025-04-15&endTime=2025-05-14&maxPoints=200');
    // 30 days / 200 points → 3.6 h, rounded up to 4-hour buckets: the one day of data fills 6 of them.
    expect(month.resolution).toBe('hourly');
    expect(month.points.length).toBe(6);
    expect(month.points.map((p) => Date.parse(p.collectionTime) % (4 * 3600_000))).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
    expect(Math.min(...month.points.map((p) => p.min ?? 99))).toBe(0);
    expect(Math.max(...month.points.map((p) => p.max ?? 0))).toBe(49.5);
    // Beyond a week the raw rows are not read at all: hour buckets (the day of data fills 24).
    const weeks = await curveOf('metric=airTemp&startTime=2025-04-20&endTime=2025-05-10');
    expect(weeks).toMatchObject({ resolution: 'hourly' });
    expect(weeks.points).toHaveLength(24);
    expect(weeks.points[0]).toMatchObject({ min: 0, max: 29.5, collectionData: 14.8 });
    const years = await curveOf('metric=airTemp&startTime=2023-01-01&endTime=2025-12-31&maxPoints=50');
    expect(years.resolution).toBe('daily');
    expect(years.points.length).toBe(2);
    expect(years.points.length).toBeLessThanOrEqual(50);
    expect(years.points[0]?.collectionData).toBe(5);
    const year = await readSeries(s.platform.database.db, {
      tenantId: tA,
      deviceId,
      metric: 'airTemp',
      from: new Date('2024-05-01T00:00:00Z'),
      to: new Date('2025-05-02T00:00:00Z'),
      maxPoints: 2000,
      timeZone: 'Asia/Shanghai',
    });
    // Outside a tenant transaction row-level security shows nothing: the function never leaks.
    expect(year.points).toEqual([]);
  });

  it('refuses unknown metrics, impossible times and inverted ranges with a 400', async () => {
    const cases = [
      'metric=soilTemp1&startTime=2025-05-01&endTime=2025-05-01',
      'metric=airTemp&startTime=2025-02-30&endTime=2025-05-01',
      'metric=airTemp&startTime=2025-05-02&endTime=2025-05-01',
      'metric=airTemp&startTime=yesterday&endTime=2025-05-01',
      'metric=airTemp&startTime=2025-05-01&endTime=2025-05-01&maxPoints=5000',
      'metric=airTemp&startTime=1990-01-01&endTime=2025-05-01',
    ];
    for (const q of cases) {
      const res = await get(`/${deviceId}/curve?${q}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(400);
    }
    const other = await s.inject({
      method: 'GET',
      url: `/wfpe/v1/${s.fixtures.tenantB}/device/${deviceId}/curve?${DAY}`,
      headers: auth(tok.adminB),
    });
    expect(other.statusCode).toBe(404);
  });

  it('exports the raw readings of the range to Excel', async () => {
    const res = await get(`/${deviceId}/curve/export?startTime=2025-05-01&endTime=2025-05-01`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('CURVE-0001-20250501-20250501.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet?.rowCount).toBe(1441);
    expect(sheet?.getRow(1).getCell(2).value).toBe('Air temperature (°C)');
    expect(sheet?.getRow(2).values).toEqual([undefined, '2025-05-01 00:00:00', 0, 60]);
    const one = await get(
      `/${deviceId}/curve/export?metric=airHumidity&startTime=2025-05-01&endTime=2025-05-01`,
    );
    const wb1 = new ExcelJS.Workbook();
    await wb1.xlsx.load(one.rawPayload as unknown as ArrayBuffer);
    expect(wb1.worksheets[0]?.columnCount).toBe(2);
  });

  it('exports enumerated metrics as the state in words and keeps numbers numeric', async () => {
    const created = await s.inject({
      method: 'POST',
      url: `/wfpe/v1/${tA}/device`,
      headers: auth(tok.admin),
      payload: { deviceType: 'electric-valve', eui: 'CURVE-VALVE', name: 'Curve valve' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const valveId = json<DeviceCreated>(created).device.id;
    await s.platform.database.withTenant(tA, (tx) =>
      insertReadingsForTest(tx, tA, valveId, [
        { seq: 1, ts: new Date(DAY_START), values: { valveOpen: 1, liquidLevel: 12.5 } },
        { seq: 2, ts: new Date(DAY_START + MIN), values: { valveOpen: 0, liquidLevel: 12 } },
      ]),
    );
    const res = await get(`/${valveId}/curve/export?startTime=2025-05-01&endTime=2025-05-01`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).value).toBe('Valve open');
    expect(sheet?.getRow(2).getCell(2).value).toBe('Open');
    expect(sheet?.getRow(3).getCell(2).value).toBe('Closed');
    expect(sheet?.getRow(2).getCell(3).value).toBe(12.5);
  });
});

describe('device status log', () => {
  it('pages the online / offline log newest first with device, state and time filters', async () => {
    await s.platform.database.withTenant(tA, (tx) =>
      tx.insert(deviceStatusLog).values([
        { tenantId: tA, deviceId, online: true, source: 'status', at: new Date('2025-05-01T01:00:00Z') },
        {
          tenantId: tA,
          deviceId,
          online: false,
          source: 'will',
          reason: 'lost',
          at: new Date('2025-05-01T02:00:00Z'),
        },
        { tenantId: tA, deviceId, online: true, source: 'status', at: new Date('2025-05-03T01:00:00Z') },
      ]),
    );
    const all = json<Page<DeviceStatusLogItem>>(await get(`/status-log?deviceId=${deviceId}`));
    expect(all.totalElements).toBe(3);
    expect(all.content[0]).toMatchObject({ deviceName: 'Curve station', eui: 'CURVE-0001', online: 1 });
    expect(all.content.map((r) => r.at)).toEqual([
      '2025-05-03T01:00:00.000Z',
      '2025-05-01T02:00:00.000Z',
      '2025-05-01T01:00:00.000Z',
    ]);
    const off = json<Page<DeviceStatusLogItem>>(await get(`/status-log?online=0`));
    expect(off.content.map((r) => r.source)).toEqual(['will']);
    const day = json<Page<DeviceStatusLogItem>>(
      await get('/status-log?startTime=2025-05-01%2000:00:00&endTime=2025-05-01%2023:59:59'),
    );
    expect(day.totalElements).toBe(2);
    expect((await get('/status-log?startTime=2025-13-01')).statusCode).toBe(400);
    const other = await s.inject({
      method: 'GET',
      url: `/wfpe/v1/${s.fixtures.tenantB}/device/status-log?size=0`,
      headers: auth(tok.adminB),
    });
    expect(json<Page<DeviceStatusLogItem>>(other).content).toEqual([]);
  });
});

describe('device history in the tenant time zone', () => {
  it('reads and writes history times in New York time and names the zone in the export', async () => {
    const B = s.fixtures.tenantB;
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      s.inject({
        method,
        url,
        headers: { ...auth(tok.adminB), 'accept-language': 'en-US' },
        ...(payload ? { payload } : {}),
      });
    const settings = json<object>(await call('GET', `/wfpf/v1/${B}/tenant/settings`));
    const put = await call('PUT', `/wfpf/v1/${B}/tenant/settings`, {
      ...settings,
      timeZone: 'America/New_York',
    });
    expect(put.statusCode, put.body).toBe(200);
    const created = await call('POST', `/wfpe/v1/${B}/device`, {
      deviceType: 'weather-station',
      eui: 'NY-CURVE-1',
      name: 'NY station',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = json<DeviceCreated>(created).device.id;
    // 02:00Z is 30 April 22:00 in New York (1 May 10:00 in Shanghai); 06:00Z is 1 May 02:00 in New York.
    await s.platform.database.withTenant(B, (tx) =>
      insertReadingsForTest(tx, B, id, [
        { seq: 1, ts: new Date('2025-05-01T02:00:00Z'), values: { airTemp: 10 } },
        { seq: 2, ts: new Date('2025-05-01T06:00:00Z'), values: { airTemp: 12 } },
      ]),
    );
    const res = await call(
      'GET',
      `/wfpe/v1/${B}/device/${id}/curve/export?startTime=2025-05-01&endTime=2025-05-01`,
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('NY-CURVE-1-20250501-20250501.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(1).value).toBe('2025-05-01 02:00:00');
    expect(wb.worksheets[1]?.getRow(3).values).toEqual([undefined, 'Time zone', 'America/New_York']);
    const curve = await call(
      'GET',
      `/wfpe/v1/${B}/device/${id}/curve?metric=airTemp&startTime=2025-04-30%2022:00:00&endTime=2025-04-30%2023:59:59`,
    );
    expect(json<Curve>(curve).points).toEqual([
      { collectionTime: '2025-05-01T02:00:00.000Z', collectionData: 10 },
    ]);
  });
});
