import type { WeatherCity, WeatherNow } from '@tilth/contracts/weather.types';
import { api } from '../../../shared/api/client';

export type { WeatherCity, WeatherNow } from '@tilth/contracts/weather.types';

/** Where to look: a base (the server uses its centre) or a place picked in the city search. */
export type WeatherPlace = { kind: 'area'; areaId: number } | { kind: 'point'; lat: number; lng: number };

// The card shows its own 'weather unavailable' state: no global error notice for these calls.
export const weatherApi = {
  now: (tenantId: number, place: WeatherPlace) =>
    api.get<WeatherNow>(`/wfpf/v1/${tenantId}/weather/now`, {
      query: place.kind === 'area' ? { areaId: place.areaId } : { lat: place.lat, lng: place.lng },
      globalErrors: false,
      timeoutMs: 10_000,
    }),
  cities: (tenantId: number, keyword: string) =>
    api.get<WeatherCity[]>(`/wfpf/v1/${tenantId}/weather/city`, {
      query: { keyword },
      globalErrors: false,
      timeoutMs: 10_000,
    }),
};

export const weatherKeys = {
  now: (tenantId: number, place: WeatherPlace) => ['weather', 'now', tenantId, place] as const,
  cities: (tenantId: number, keyword: string) => ['weather', 'city', tenantId, keyword] as const,
};

/** The 16-point compass name of a wind direction in degrees (where the wind comes from). */
export const compassPoint = (deg: number): string => {
  const points = [
    'N',
    'NNE',
    'NE',
    'ENE',
    'E',
    'ESE',
    'SE',
    'SSE',
    'S',
    'SSW',
    'SW',
    'WSW',
    'W',
    'WNW',
    'NW',
    'NNW',
  ];
  return points[Math.round((((deg % 360) + 360) % 360) / 22.5) % 16] ?? 'N';
};

/** Beaufort force of a wind speed in m/s (Chinese forecasts give wind as 'N 级'). */
export const beaufort = (ms: number): number => {
  const limits = [0.3, 1.6, 3.4, 5.5, 8.0, 10.8, 13.9, 17.2, 20.8, 24.5, 28.5, 32.7];
  const i = limits.findIndex((l) => ms < l);
  return i === -1 ? 12 : i;
};

/** The icon family of a WMO weather code. */
export type WeatherKind = 'clear' | 'partly' | 'cloudy' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'thunder';
export const weatherKind = (code: number): WeatherKind => {
  if (code === 0) return 'clear';
  if (code === 1 || code === 2) return 'partly';
  if (code === 3) return 'cloudy';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return 'rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95) return 'thunder';
  return 'cloudy';
};
