import { z } from 'zod';
import { tenantParam } from './common.types.js';

// Weather for the farm home page (spec 01 §2.2 'a weather lookup (city and current weather, from an
// external weather service)'). The provider is chosen by TILTH_WEATHER_PROVIDER on the server.

export const WEATHER_KEYWORD_MAX = 60;

export const weatherCityQuery = z.strictObject({
  keyword: z
    .string()
    .max(WEATHER_KEYWORD_MAX * 4)
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'required, may not be blank' })
        .max(WEATHER_KEYWORD_MAX, { error: `text too long (at most ${WEATHER_KEYWORD_MAX} characters)` }),
    ),
});
export type WeatherCityQuery = z.infer<typeof weatherCityQuery>;

export const weatherCity = z.object({
  name: z.string(),
  /** Province / state, when the service knows it. */
  admin: z.string().nullable(),
  country: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
});
export type WeatherCity = z.infer<typeof weatherCity>;
export const weatherCityList = z.array(weatherCity);

const lat = z.coerce.number().min(-90).max(90);
const lng = z.coerce.number().min(-180).max(180);
const areaId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Either a base (its areaCenter is used) or a place by latitude and longitude. */
export const weatherNowQuery = z
  .strictObject({ areaId: areaId.optional(), lat: lat.optional(), lng: lng.optional() })
  .refine((q) => q.areaId !== undefined || (q.lat !== undefined && q.lng !== undefined), {
    error: 'give areaId, or both lat and lng',
  });
export type WeatherNowQuery = z.infer<typeof weatherNowQuery>;

export const weatherText = z.object({ 'zh-CN': z.string(), 'en-US': z.string() });

export const weatherDay = z.object({
  /** YYYY-MM-DD, local to the place. */
  date: z.string(),
  weatherCode: z.number().int(),
  text: weatherText,
  tempMin: z.number(),
  tempMax: z.number(),
  /** Chance of precipitation in %, when known. */
  precipitationProbability: z.number().nullable(),
});
export type WeatherDay = z.infer<typeof weatherDay>;

export const weatherNow = z.object({
  lat: z.number(),
  lng: z.number(),
  /** °C */
  temperature: z.number(),
  /** % */
  humidity: z.number().nullable(),
  /** m/s */
  windSpeed: z.number().nullable(),
  /** Degrees the wind comes from (0 = north), when known. */
  windDirection: z.number().nullable(),
  weatherCode: z.number().int(),
  text: weatherText,
  /** ISO-8601 time of the observation. */
  observedAt: z.string(),
  forecast: z.array(weatherDay),
});
export type WeatherNow = z.infer<typeof weatherNow>;

export const weatherParams = tenantParam;
