import type { WeatherCity, WeatherDay, WeatherNow } from '@tilth/contracts/weather.types';
import { weatherText } from './weather.codes.js';
import { WeatherErrors } from './weather.errors.js';

/**
 * A weather service: place lookup and current weather with a short forecast. Chosen by
 * TILTH_WEATHER_PROVIDER (open-meteo | offline); tests inject a fake through StartOptions.weather.
 * Implementations throw WeatherErrors (503) when the service cannot answer — never hang.
 */
export interface WeatherProvider {
  readonly name: string;
  cities(keyword: string, lang: 'zh-CN' | 'en-US'): Promise<WeatherCity[]>;
  now(lat: number, lng: number): Promise<WeatherNow>;
}

/** Answers 'weather service not configured' to everything: for installations without internet. */
export class OfflineWeatherProvider implements WeatherProvider {
  readonly name = 'offline';
  async cities(): Promise<WeatherCity[]> {
    throw WeatherErrors.notConfigured();
  }
  async now(): Promise<WeatherNow> {
    throw WeatherErrors.notConfigured();
  }
}

/** A small time-limited map; old entries are dropped first once it is full. */
class TtlCache<T> {
  private readonly entries = new Map<string, { at: number; value: T }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 500,
  ) {}
  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }
  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { at: Date.now(), value });
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

export interface OpenMeteoOptions {
  geocodingUrl?: string;
  forecastUrl?: string;
  timeoutMs?: number;
  cacheMs?: number;
}

interface GeoResult {
  name?: string;
  latitude?: number;
  longitude?: number;
  country?: string;
  admin1?: string;
}

interface ForecastResult {
  utc_offset_seconds?: number;
  current?: {
    time?: string;
    temperature_2m?: number;
    relative_humidity_2m?: number;
    wind_speed_10m?: number;
    wind_direction_10m?: number;
    weather_code?: number;
  };
  daily?: {
    time?: string[];
    weather_code?: number[];
    temperature_2m_max?: number[];
    temperature_2m_min?: number[];
    precipitation_probability_max?: (number | null)[];
  };
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Open-Meteo (open-meteo.com): free, no key. Current weather is cached 10 minutes per ~1 km cell. */
export class OpenMeteoProvider implements WeatherProvider {
  readonly name = 'open-meteo';
  private readonly geocodingUrl: string;
  private readonly forecastUrl: string;
  private readonly timeoutMs: number;
  private readonly nowCache: TtlCache<WeatherNow>;
  private readonly cityCache: TtlCache<WeatherCity[]>;

  constructor(opts: OpenMeteoOptions = {}) {
    this.geocodingUrl = opts.geocodingUrl ?? 'https://geocoding-api.open-meteo.com/v1/search';
    this.forecastUrl = opts.forecastUrl ?? 'https://api.open-meteo.com/v1/forecast';
    this.timeoutMs = opts.timeoutMs ?? 4000;
    this.nowCache = new TtlCache(opts.cacheMs ?? 10 * 60_000);
    this.cityCache = new TtlCache(opts.cacheMs ?? 10 * 60_000);
  }

  private async getJson(url: string): Promise<unknown> {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return await res.json();
    } catch {
      // Network down, timeout, bad gateway or garbled JSON all mean the same to the farmer.
      throw WeatherErrors.unavailable();
    }
  }

  async cities(keyword: string, lang: 'zh-CN' | 'en-US'): Promise<WeatherCity[]> {
    const key = `${lang}:${keyword.toLowerCase()}`;
    const hit = this.cityCache.get(key);
    if (hit) return hit;
    const q = new URLSearchParams({
      name: keyword,
      count: '10',
      language: lang === 'zh-CN' ? 'zh' : 'en',
      format: 'json',
    });
    const body = (await this.getJson(`${this.geocodingUrl}?${q}`)) as { results?: GeoResult[] } | null;
    const out: WeatherCity[] = [];
    for (const r of body?.results ?? []) {
      const lat = num(r.latitude);
      const lng = num(r.longitude);
      if (lat === null || lng === null || typeof r.name !== 'string') continue;
      out.push({ name: r.name, admin: r.admin1 ?? null, country: r.country ?? null, lat, lng });
    }
    this.cityCache.set(key, out);
    return out;
  }

  async now(lat: number, lng: number): Promise<WeatherNow> {
    // Two decimals ≈ 1 km: nearby bases share one lookup.
    const rlat = Math.round(lat * 100) / 100;
    const rlng = Math.round(lng * 100) / 100;
    const key = `${rlat},${rlng}`;
    const hit = this.nowCache.get(key);
    if (hit) return hit;
    const q = new URLSearchParams({
      latitude: String(rlat),
      longitude: String(rlng),
      current: 'temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m,wind_direction_10m',
      daily: 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max',
      timezone: 'auto',
      forecast_days: '3',
      wind_speed_unit: 'ms',
    });
    const body = (await this.getJson(`${this.forecastUrl}?${q}`)) as ForecastResult | null;
    const cur = body?.current;
    const temperature = num(cur?.temperature_2m);
    const code = num(cur?.weather_code);
    if (!cur || temperature === null || code === null) throw WeatherErrors.unavailable();
    const offset = num(body?.utc_offset_seconds) ?? 0;
    // Open-Meteo answers local wall time with timezone=auto; turn it into an instant.
    const local = Date.parse(`${cur.time ?? ''}Z`);
    const observedAt = Number.isNaN(local)
      ? new Date().toISOString()
      : new Date(local - offset * 1000).toISOString();
    const d = body?.daily;
    const forecast: WeatherDay[] = (d?.time ?? []).slice(0, 3).flatMap((date, i) => {
      const dc = num(d?.weather_code?.[i]);
      const max = num(d?.temperature_2m_max?.[i]);
      const min = num(d?.temperature_2m_min?.[i]);
      if (dc === null || max === null || min === null) return [];
      return [
        {
          date,
          weatherCode: dc,
          text: weatherText(dc),
          tempMin: min,
          tempMax: max,
          precipitationProbability: num(d?.precipitation_probability_max?.[i]),
        },
      ];
    });
    const out: WeatherNow = {
      lat: rlat,
      lng: rlng,
      temperature,
      humidity: num(cur.relative_humidity_2m),
      windSpeed: num(cur.wind_speed_10m),
      windDirection: num(cur.wind_direction_10m),
      weatherCode: code,
      text: weatherText(code),
      observedAt,
      forecast,
    };
    this.nowCache.set(key, out);
    return out;
  }
}

/** The provider TILTH_WEATHER_PROVIDER names. */
export const weatherProviderFor = (name: string): WeatherProvider => {
  if (name === 'offline') return new OfflineWeatherProvider();
  if (name === 'open-meteo' || name === '') return new OpenMeteoProvider();
  throw new Error(`TILTH_WEATHER_PROVIDER must be open-meteo or offline, got "${name}"`);
};
