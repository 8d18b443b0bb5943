import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../../../platform/time/zone.js';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { insertDevice, insertHourly } from './fixtures.js';

let s: TestServer;
let tk: RoleTokens;
let A: number;
let s1: number;
let s2: number;
let areaId: number;

const get = (token: string, url: string, lang = 'zh-CN') =>
  s.inject({ method: 'GET', url, headers: { ...auth(token), 'accept-language': lang } });

beforeAll(async () => {
  s = await startTestServer();
  tk = await signInRoles(s);
  A = s.fixtures.tenantA;
  const area = await s.inject({
    method: 'POST',
    url: `/wfpf/v1/${A}/area`,
    headers: auth(tk.admin),
    payload: { areaName: '气象基地', areaNum: 'WX1' },
  });
  expect(area.statusCode, area.body).toBe(200);
  areaId = (area.json() as { areaId: number }).areaId;
  s1 = await insertDevice(s, A, { typeKey: 'weather-station', name: '一号气象站', eui: 'WS0001', areaId });
  s2 = await insertDevice(s, A, { typeKey: 'weather-station', name: '二号气象站', eui: 'WS0002', areaId });
  // A soil station in the same base is never a report station.
  await insertDevice(s, A, { typeKey: 'soil-moisture', name: 'soil', eui: 'SM0001', areaId });

  // Rainfall: amounts per reporting interval, so an hour's sum is what fell in it.
  await insertHourly(s, A, s1, 'rainfall', [
    { hour: '2024-04-30T16:00:00Z', sum: 2.0, count: 4 }, // 1 May 00:00 local
    { hour: '2024-04-30T17:00:00Z', sum: 3.5, count: 2 },
    { hour: '2024-05-01T15:00:00Z', sum: 1.0, count: 1 }, // 1 May 23:00 local: still 1 May
    { hour: '2024-05-01T16:00:00Z', sum: 0.04, count: 1 }, // 2 May 00:00 local
    { hour: '2024-05-03T02:00:00Z', sum: 0, count: 10 },
    { hour: '2024-06-15T06:00:00Z', sum: 12.0, count: 6 },
  ]);
  await insertHourly(s, A, s2, 'rainfall', [{ hour: '2024-05-01T02:00:00Z', sum: 2.5, count: 5 }]);

  // Temperature: hourly means 8 and 14 on 1 May (daily mean 11), 9 on 2 May, nothing on 3 May, 20 on 4 May.
  await insertHourly(s, A, s1, 'airTemp', [
    { hour: '2024-05-01T00:00:00Z', sum: 16, count: 2, min: 7, max: 9 },
    { hour: '2024-05-01T06:00:00Z', sum: 14, count: 1, min: 14, max: 14 },
    { hour: '2024-05-02T06:00:00Z', sum: 18, count: 2, min: 8.5, max: 9.5 },
    { hour: '2024-05-04T06:00:00Z', sum: 60, count: 3, min: 18, max: 22 },
  ]);

  // Light on 1 May: hourly means 20000, 5000 and 13200 lux.
  await insertHourly(s, A, s1, 'illuminance', [
    { hour: '2024-05-01T02:00:00Z', sum: 40_000, count: 2, min: 15_000, max: 25_000 },
    { hour: '2024-05-01T10:00:00Z', sum: 5_000, count: 1, min: 5_000, max: 6_000 },
    { hour: '2024-05-01T04:00:00Z', sum: 13_200, count: 1, min: 13_200, max: 13_200 },
  ]);
});
afterAll(async () => {
  await s.close();
});

interface Period {
  period: string;
  rainfall: number | null;
  rainDays: number | null;
  maxHourly: number | null;
  daysWithData: number;
}

/** Today as a farm day (tenant A is on Asia/Shanghai, UTC+8), plus n days. */
const farmDay = (n = 0) => addDays(dayOf(new Date(), 'Asia/Shanghai'), n);

describe('rainfall report', () => {
  it('sums a station by farm day (Asia/Shanghai, UTC+8) with rain days from 0.1 mm and the heaviest hour', async () => {
    const res = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/rainfall?deviceId=${s1}&granularity=day&startDate=2024-05-01&endDate=2024-05-04`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { periods: Period[]; totals: Record<string, number>; stations: unknown[] };
    expect(body.stations).toHaveLength(1);
    expect(body.periods).toEqual([
      { period: '2024-05-01', rainfall: 6.5, rainDays: 1, maxHourly: 3.5, daysWithData: 1 },
      { period: '2024-05-02', rainfall: 0, rainDays: 0, maxHourly: 0, daysWithData: 1 },
      { period: '2024-05-03', rainfall: 0, rainDays: 0, maxHourly: 0, daysWithData: 1 },
      // No reading that day: no data, not 0 mm.
      { period: '2024-05-04', rainfall: null, rainDays: null, maxHourly: null, daysWithData: 0 },
    ]);
    expect(body.totals).toEqual({ rainfall: 6.5, rainDays: 1, maxHourly: 3.5 });
  });

  it('averages the stations of a base per day; months and years fold the days', async () => {
    const day = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/rainfall?areaId=${areaId}&granularity=day&startDate=2024-05-01&endDate=2024-05-01`,
    );
    const d = day.json() as { periods: Period[]; stations: unknown[] };
    expect(d.stations).toHaveLength(2);
    // (6.5 + 2.5) / 2
    expect(d.periods[0]).toMatchObject({ rainfall: 4.5, maxHourly: 3.5, rainDays: 1 });

    const month = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/rainfall?deviceId=${s1}&granularity=month&startDate=2024-04-01&endDate=2024-06-30`,
    );
    // April is before the station's first reading (1 May, farm day): not answered.
    expect(month.json()).toMatchObject({ startDate: '2024-05-01', endDate: '2024-06-30' });
    expect((month.json() as { periods: Period[] }).periods).toEqual([
      { period: '2024-05', rainfall: 6.5, rainDays: 1, maxHourly: 3.5, daysWithData: 3 },
      { period: '2024-06', rainfall: 12, rainDays: 1, maxHourly: 12, daysWithData: 1 },
    ]);

    const year = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/rainfall?deviceId=${s1}&granularity=year&startDate=2023-01-01&endDate=2024-12-31`,
    );
    const y = year.json() as { periods: Period[]; totals: { rainfall: number; rainDays: number } };
    // 2023 is before any reading: the year view starts where the data does.
    expect(y.periods.map((p) => [p.period, p.rainfall, p.rainDays])).toEqual([['2024', 18.5, 2]]);
    expect(y.totals).toMatchObject({ rainfall: 18.5, rainDays: 2 });
  });

  it('answers no future period and nulls for days without data up to today', async () => {
    const res = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/rainfall?deviceId=${s1}&granularity=day&startDate=${farmDay(-2)}&endDate=${farmDay(3)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { periods: Period[]; totals: unknown; endDate: string };
    expect(body.endDate).toBe(farmDay());
    expect(body.periods.map((p) => p.period)).toEqual([farmDay(-2), farmDay(-1), farmDay()]);
    expect(body.periods.every((p) => p.rainfall === null && p.rainDays === null)).toBe(true);
    expect(body.totals).toEqual({ rainfall: null, rainDays: null, maxHourly: null });
    const future = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/ari?deviceId=${s1}&startDate=${farmDay(1)}&endDate=${farmDay(5)}`,
    );
    expect((future.json() as { days: unknown[] }).days).toEqual([]);
  });

  it('a range before the first reading answers no periods, not an error; bad ranges are 400', async () => {
    const empty = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/rainfall?deviceId=${s1}&granularity=day&startDate=2020-02-27&endDate=2020-03-01`,
    );
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      startDate: '2020-02-27',
      endDate: '2020-03-01',
      periods: [],
      totals: { rainfall: null, rainDays: null, maxHourly: null },
    });
    const ok366 = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/rainfall?granularity=day&startDate=2024-01-01&endDate=2024-12-31`,
    );
    expect(ok366.statusCode).toBe(200);
    for (const q of [
      'granularity=day&startDate=2023-01-01&endDate=2024-01-02', // 367 days
      'granularity=month&startDate=2010-01-01&endDate=2020-01-01', // 121 months
      'granularity=day&startDate=2024-05-02&endDate=2024-05-01',
      'granularity=day&startDate=2024-02-30&endDate=2024-03-01',
      'granularity=week&startDate=2024-01-01&endDate=2024-01-02',
      'granularity=day&startDate=2024-01-01',
    ]) {
      const res = await get(tk.viewer, `/wfpe/v1/${A}/report/rainfall?${q}`, 'en-US');
      expect(res.statusCode, q).toBe(400);
      expect((res.json() as { message: string }).message, q).toBeTruthy();
    }
  });

  it("another tenant cannot read a station (404 in its own tenant, 403 in A's)", async () => {
    const B = s.fixtures.tenantB;
    const q = `deviceId=${s1}&granularity=day&startDate=2024-05-01&endDate=2024-05-02`;
    expect((await get(tk.adminB, `/wfpe/v1/${B}/report/rainfall?${q}`)).statusCode).toBe(404);
    expect((await get(tk.adminB, `/wfpe/v1/${A}/report/rainfall?${q}`)).statusCode).toBe(403);
    const stations = await get(tk.adminB, `/wfpe/v1/${B}/report/stations`);
    expect(stations.json()).toEqual([]);
    // A soil station is not a weather station.
    const all = await get(tk.viewer, `/wfpe/v1/${A}/report/stations`);
    expect((all.json() as { name: string }[]).map((x) => x.name)).toEqual(['一号气象站', '二号气象站']);
  });

  it('exports a valid .xlsx with localized headers and the same numbers', async () => {
    const res = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/rainfall/export?deviceId=${s1}&granularity=day&startDate=2024-05-01&endDate=2024-05-02`,
      'en-US',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no sheet');
    const header = ws.getRow(4).values as unknown[];
    expect(header.slice(1, 4)).toEqual(['Period', 'Rainfall (mm)', 'Rain days']);
    expect((ws.getRow(5).values as unknown[]).slice(1, 5)).toEqual(['2024-05-01', 6.5, 1, 3.5]);
    const zh = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/rainfall/export?deviceId=${s1}&granularity=day&startDate=2024-05-01&endDate=2024-05-02`,
    );
    const wz = new ExcelJS.Workbook();
    await wz.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
    expect(wz.worksheets[0]?.getRow(4).getCell(2).value).toBe('降雨量 (mm)');
    // '<report name in the caller's language>-<from>-<to>.xlsx'; Chinese as RFC 5987 filename*.
    expect(res.headers['content-disposition']).toContain(
      'filename="Rainfall report-2024-05-01-2024-05-02.xlsx"',
    );
    expect(zh.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('降雨量报表-2024-05-01-2024-05-02.xlsx')}`,
    );
  });
});

describe('accumulated temperature report', () => {
  it('daily mean of hourly means; effective and active sums with running totals', async () => {
    const res = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/ari?deviceId=${s1}&startDate=2024-05-01&endDate=2024-05-04`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      base: number;
      days: Record<string, unknown>[];
      totals: Record<string, number>;
    };
    expect(body.base).toBe(10);
    expect(body.days).toEqual([
      {
        date: '2024-05-01',
        meanTemp: 11,
        minTemp: 7,
        maxTemp: 14,
        hours: 2,
        effective: 1,
        active: 11,
        effectiveTotal: 1,
        activeTotal: 11,
      },
      {
        date: '2024-05-02',
        meanTemp: 9,
        minTemp: 8.5,
        maxTemp: 9.5,
        hours: 1,
        effective: 0,
        active: 0,
        effectiveTotal: 1,
        activeTotal: 11,
      },
      {
        date: '2024-05-03',
        meanTemp: null,
        minTemp: null,
        maxTemp: null,
        hours: 0,
        effective: null,
        active: null,
        effectiveTotal: null,
        activeTotal: null,
      },
      {
        date: '2024-05-04',
        meanTemp: 20,
        minTemp: 18,
        maxTemp: 22,
        hours: 1,
        effective: 10,
        active: 20,
        effectiveTotal: 11,
        activeTotal: 31,
      },
    ]);
    expect(body.totals).toEqual({ effective: 11, active: 31, daysAtOrAboveBase: 2, daysWithData: 3 });
  });

  it('starts at the first reading, not at the asked 1 January; totals over days with data only', async () => {
    const res = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/ari?deviceId=${s1}&startDate=2024-01-01&endDate=2024-05-04`,
    );
    const body = res.json() as { startDate: string; days: { date: string }[]; totals: unknown };
    expect(body.startDate).toBe('2024-05-01');
    expect(body.days.map((d) => d.date)).toEqual(['2024-05-01', '2024-05-02', '2024-05-03', '2024-05-04']);
    expect(body.totals).toEqual({ effective: 11, active: 31, daysAtOrAboveBase: 2, daysWithData: 3 });
    const none = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/ari?deviceId=${s2}&startDate=2024-05-01&endDate=2024-05-04`,
    );
    expect((none.json() as { days: unknown[]; totals: unknown }).totals).toEqual({
      effective: null,
      active: null,
      daysAtOrAboveBase: 0,
      daysWithData: 0,
    });
  });

  it('takes a base from 0 to 30 °C', async () => {
    const zero = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/ari?deviceId=${s1}&startDate=2024-05-01&endDate=2024-05-04&base=0`,
    );
    expect((zero.json() as { totals: Record<string, number> }).totals).toMatchObject({
      effective: 40,
      active: 40,
    });
    for (const base of ['-1', '31', 'abc']) {
      const res = await get(
        tk.viewer,
        `/wfpe/v1/${A}/report/ari?startDate=2024-05-01&endDate=2024-05-04&base=${base}`,
      );
      expect(res.statusCode, base).toBe(400);
    }
    const long = await get(tk.viewer, `/wfpe/v1/${A}/report/ari?startDate=2023-01-01&endDate=2024-01-02`);
    expect(long.statusCode).toBe(400);
  });

  it('exports the days as .xlsx', async () => {
    const res = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/ari/export?deviceId=${s1}&startDate=2024-05-01&endDate=2024-05-04`,
    );
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no sheet');
    expect(ws.getRow(5).getCell(1).value).toBe('日期');
    expect(ws.getRow(9).getCell(1).value).toBe('2024-05-04');
    expect(ws.getRow(9).getCell(7).value).toBe(11);
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('积温报表-2024-05-01-2024-05-04.xlsx')}`,
    );
  });
});

describe('light report', () => {
  it('mean, peak and sunshine hours (hourly mean ≥ threshold lux)', async () => {
    const res = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/light?deviceId=${s1}&granularity=day&startDate=2024-05-01&endDate=2024-05-02`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { periods: Record<string, unknown>[]; totals: Record<string, unknown> };
    expect(body.periods).toEqual([
      {
        period: '2024-05-01',
        avgIlluminance: 12733,
        maxIlluminance: 25000,
        sunshineHours: 2,
        daysWithData: 1,
      },
      {
        period: '2024-05-02',
        avgIlluminance: null,
        maxIlluminance: null,
        sunshineHours: null,
        daysWithData: 0,
      },
    ]);
    expect(body.totals).toEqual({ avgIlluminance: 12733, maxIlluminance: 25000, sunshineHours: 2 });
    const strict = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/light?deviceId=${s1}&granularity=month&startDate=2024-05-01&endDate=2024-05-31&sunshineLux=15000`,
    );
    expect((strict.json() as { periods: Record<string, unknown>[] }).periods).toEqual([
      { period: '2024-05', avgIlluminance: 12733, maxIlluminance: 25000, sunshineHours: 1, daysWithData: 1 },
    ]);
    const yearly = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/light?granularity=year&startDate=2024-01-01&endDate=2024-12-31`,
    );
    expect(yearly.statusCode).toBe(400);
  });

  it('exports as .xlsx', async () => {
    const res = await get(
      tk.viewer,
      `/wfpe/v1/${A}/report/light/export?deviceId=${s1}&granularity=day&startDate=2024-05-01&endDate=2024-05-01`,
      'en-US',
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.getRow(5).getCell(4).value).toBe('Sunshine hours (h)');
    expect(ws?.getRow(6).getCell(2).value).toBe(12733);
    expect(res.headers['content-disposition']).toContain(
      'filename="Light report-2024-05-01-2024-05-01.xlsx"',
    );
  });
});

describe('report days in the tenant time zone', () => {
  it("buckets days at the tenant's midnight (America/New_York), not Shanghai's", async () => {
    const B = s.fixtures.tenantB;
    const settings = await s.inject({
      method: 'GET',
      url: `/wfpf/v1/${B}/tenant/settings`,
      headers: auth(tk.adminB),
    });
    const put = await s.inject({
      method: 'PUT',
      url: `/wfpf/v1/${B}/tenant/settings`,
      headers: auth(tk.adminB),
      payload: { ...(settings.json() as object), timeZone: 'America/New_York' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const ny = await insertDevice(s, B, { typeKey: 'weather-station', name: 'NY station', eui: 'WSNY01' });
    // Both are 1 May in Shanghai (10:00, 14:00); in New York 30 April 22:00 and 1 May 02:00 (EDT, UTC-4).
    await insertHourly(s, B, ny, 'rainfall', [
      { hour: '2024-05-01T02:00:00Z', sum: 1.5, count: 1 },
      { hour: '2024-05-01T06:00:00Z', sum: 2.0, count: 1 },
    ]);
    const res = await get(
      tk.adminB,
      `/wfpe/v1/${B}/report/rainfall?deviceId=${ny}&granularity=day&startDate=2024-04-29&endDate=2024-05-02`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { periods: Period[]; startDate: string };
    expect(body.startDate).toBe('2024-04-30');
    expect(body.periods.map((p) => [p.period, p.rainfall])).toEqual([
      ['2024-04-30', 1.5],
      ['2024-05-01', 2],
      ['2024-05-02', null],
    ]);
  });
});
