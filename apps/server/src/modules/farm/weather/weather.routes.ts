import { errorBody, tenantParam } from '@tilth/contracts/common.types';
import {
  weatherCityList,
  weatherCityQuery,
  weatherNow,
  weatherNowQuery,
} from '@tilth/contracts/weather.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { type WeatherProvider, weatherProviderFor } from './weather.provider.js';
import { WEATHER_ACCESS, WeatherService } from './weather.service.js';

/**
 * GET /wfpf/v1/{t}/weather/city and /weather/now (docs/api.md 'Weather'). The provider is the one
 * TILTH_WEATHER_PROVIDER names, unless the app passes another (tests inject a fake).
 */
export const registerWeatherRoutes = (
  app: App,
  platform: Platform,
  provider: WeatherProvider = weatherProviderFor(platform.config.weatherProvider),
): void => {
  const weather = new WeatherService(provider);

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/weather/city',
    access: WEATHER_ACCESS,
    summary:
      'Places whose name matches keyword (name, province, country, lat, lng); 503 when weather is unavailable',
    schema: {
      params: tenantParam,
      querystring: weatherCityQuery,
      response: { 200: weatherCityList, 503: errorBody },
    },
    noTransaction: true,
    handler: (ctx, req) => weather.cities(ctx, req.query.keyword),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/weather/now',
    access: WEATHER_ACCESS,
    summary:
      'Current weather and a 3-day forecast at a base (areaId: its centre) or at lat/lng; 503 when weather is unavailable',
    schema: {
      params: tenantParam,
      querystring: weatherNowQuery,
      response: { 200: weatherNow, 503: errorBody },
    },
    noTransaction: true,
    handler: (ctx, req) => weather.now(ctx, req.query),
  });
};
