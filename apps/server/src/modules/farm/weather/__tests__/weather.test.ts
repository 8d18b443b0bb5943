import { createServer as createNetServer } from 'node:net';
import type { ErrorBody, WeatherCity, WeatherNow } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { weatherText } from '../weather.codes.js';
import { OfflineWeatherProvider, OpenMeteoProvider, type WeatherProvider } from '../weather.provider.js';

/** An in-process weather service: remembers where it was asked about. */
class FakeWeather implements WeatherProvider {
  readonly name = 'fake';
  readonly asked: { lat: number; lng: number }[] = [];
  async cities(keyword: string): Promise<WeatherCity[]> {
    return keyword === '广州'
      ? [{ name: '广州', admin: '广东', country: '中国', lat: 23.13, lng: 113.26 }]
      : [];
  }
  async now(lat: number, lng: number): Promise<WeatherNow> {
    this.asked.push({ lat, lng });
    return {
      lat,
      lng,
      temperature: 24.5,
      humidity: 70,
      windSpeed: 3.2,
      windDirection: 90,
      weatherCode: 2,
      text: weatherText(2),
      observedAt: '2026-05-01T04:00:00.000Z',
      forecast: [
        {
          date: '2026-05-01',
          weatherCode: 61,
          text: weatherText(61),
          tempMin: 20,
          tempMax: 27,
          precipitationProbability: 60,
        },
      ],
    };
  }
}

const fake = new FakeWeather();
let s: TestServer;
let tok: RoleTokens;
let A: number;
const base = { withCenter: 0, without: 0 };

beforeAll(async () => {
  s = await startTestServer({}, { weather: fake });
  tok = await signInRoles(s);
  A = s.fixtures.tenantA;
  const mk = async (body: Record<string, unknown>) => {
    const res = await s.inject({
      method: 'POST',
      url: `/wfpf/v1/${A}/area`,
      headers: auth(tok.admin),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ areaId: number }>(res).areaId;
  };
  base.withCenter = await mk({ areaName: '北坡基地', areaCenter: '23.1291,113.2644' });
  base.without = await mk({ areaName: '无中心基地' });
});
afterAll(async () => {
  await s.close();
});

const get = (url: string, token = tok.viewer, lang = 'zh-CN') =>
  s.inject({ method: 'GET', url, headers: { ...auth(token), 'accept-language': lang } });

describe('weather', () => {
  it("answers the current weather at a base's centre, with texts in both languages", async () => {
    const res = await get(`/wfpf/v1/${A}/weather/now?areaId=${base.withCenter}`);
    expect(res.statusCode, res.body).toBe(200);
    const w = json<WeatherNow>(res);
    expect(w).toMatchObject({ temperature: 24.5, humidity: 70, windSpeed: 3.2, weatherCode: 2 });
    expect(w.text).toEqual({ 'zh-CN': '多云', 'en-US': 'Partly cloudy' });
    expect(w.forecast[0]?.text['zh-CN']).toBe('小雨');
    expect(fake.asked.at(-1)).toEqual({ lat: 23.1291, lng: 113.2644 });
  });

  it('answers the weather at lat/lng, and looks cities up by keyword', async () => {
    const res = await get(`/wfpf/v1/${A}/weather/now?lat=39.9&lng=116.4`);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.asked.at(-1)).toEqual({ lat: 39.9, lng: 116.4 });
    const cities = await get(`/wfpf/v1/${A}/weather/city?keyword=${encodeURIComponent(' 广州 ')}`);
    expect(cities.statusCode, cities.body).toBe(200);
    expect(json<WeatherCity[]>(cities)).toEqual([
      { name: '广州', admin: '广东', country: '中国', lat: 23.13, lng: 113.26 },
    ]);
  });

  it('refuses a base without a centre (400 saying so), an unknown base (404) and bad input (400)', async () => {
    const none = await get(`/wfpf/v1/${A}/weather/now?areaId=${base.without}`, tok.viewer, 'en-US');
    expect(none.statusCode).toBe(400);
    expect(json<ErrorBody>(none).message).toMatch(/no centre/);
    const missing = await get(`/wfpf/v1/${A}/weather/now?areaId=999999`);
    expect(missing.statusCode).toBe(404);
    for (const q of ['', '?lat=30', '?lat=91&lng=0', '?lat=x&lng=1', '?areaId=0']) {
      const bad = await get(`/wfpf/v1/${A}/weather/now${q}`);
      expect(bad.statusCode, q).toBe(400);
    }
    const blank = await get(`/wfpf/v1/${A}/weather/city?keyword=%20%20`);
    expect(blank.statusCode).toBe(400);
  });

  it("another tenant's base is not found from that tenant, and non-members are refused", async () => {
    const B = s.fixtures.tenantB;
    const other = await get(`/wfpf/v1/${B}/weather/now?areaId=${base.withCenter}`, tok.adminB);
    expect(other.statusCode).toBe(404);
    const foreign = await get(`/wfpf/v1/${A}/weather/now?areaId=${base.withCenter}`, tok.adminB);
    expect(foreign.statusCode).toBe(403);
    const anon = await s.inject({ method: 'GET', url: `/wfpf/v1/${A}/weather/now?lat=1&lng=1` });
    expect(anon.statusCode).toBe(401);
  });
});

describe('weather providers', () => {
  it('an unreachable service fails fast with a plain 503 message', async () => {
    // A port that was just free: nothing listens on it, so connections are refused.
    const probe = createNetServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const url = `http://127.0.0.1:${port}`;
    const down = await startTestServer(
      {},
      { weather: new OpenMeteoProvider({ geocodingUrl: url, forecastUrl: url, timeoutMs: 4000 }) },
    );
    try {
      const viewer = await signInRoles(down);
      const t0 = Date.now();
      const res = await down.inject({
        method: 'GET',
        url: `/wfpf/v1/${down.fixtures.tenantA}/weather/now?lat=23.1&lng=113.3`,
        headers: { ...auth(viewer.viewer), 'accept-language': 'en-US' },
      });
      expect(Date.now() - t0).toBeLessThan(4500);
      expect(res.statusCode).toBe(503);
      expect(json<ErrorBody>(res)).toMatchObject({ code: 'wfpf.weather.unavailable' });
      expect(json<ErrorBody>(res).message).toMatch(/Weather is unavailable/);
      const city = await down.inject({
        method: 'GET',
        url: `/wfpf/v1/${down.fixtures.tenantA}/weather/city?keyword=x`,
        headers: auth(viewer.viewer),
      });
      expect(city.statusCode).toBe(503);
      expect(json<ErrorBody>(city).message).toContain('天气');
    } finally {
      await down.close();
    }
  });

  it('a service that never answers is given up on after the timeout', async () => {
    const silent = createNetServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    try {
      const p = new OpenMeteoProvider({ forecastUrl: url, geocodingUrl: url, timeoutMs: 300 });
      const t0 = Date.now();
      await expect(p.now(1, 1)).rejects.toMatchObject({ code: 'wfpf.weather.unavailable', status: 503 });
      expect(Date.now() - t0).toBeLessThan(2000);
    } finally {
      silent.close();
    }
  });

  it("the offline provider says weather isn't configured", async () => {
    await expect(new OfflineWeatherProvider().now()).rejects.toMatchObject({
      code: 'wfpf.weather.notConfigured',
      status: 503,
    });
  });
});
