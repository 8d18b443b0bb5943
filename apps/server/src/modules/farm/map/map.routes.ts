import { tenantParam } from '@tilth/contracts/common.types';
import { mapConfig, mapDigital, mapFeatures, mapFeaturesQuery } from '@tilth/contracts/map.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { loadMapConfig, mapTileOrigins } from './map.config.js';
import { MAP_ACCESS, MapService } from './map.service.js';

/** The tile settings are read once here: they are fixed for the life of the process. */
export const registerMapRoutes = (app: App, platform: Platform): void => {
  const config = loadMapConfig(platform.config.map);
  const maps = new MapService(config);
  // The browser fetches the tiles itself: the console's Content-Security-Policy lists their hosts.
  app.contentSources.allow('img-src', mapTileOrigins(config));

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/map/config',
    access: MAP_ACCESS.config,
    summary: 'Tile layers of the farm map (three satellite, one street by default), default centre and zooms',
    schema: { params: tenantParam, response: { 200: mapConfig } },
    handler: async (ctx) => maps.config(ctx),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/map/features',
    access: MAP_ACCESS.features,
    summary:
      'All bases and plots (boundary, area, growing batch) of the tenant, or of base areaId, in one answer',
    schema: { params: tenantParam, querystring: mapFeaturesQuery, response: { 200: mapFeatures } },
    handler: (ctx, req) => maps.features(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/map/digital',
    access: MAP_ACCESS.digital,
    summary:
      'Figures of the digital map: counts, area, tasks today, area by crop, plots by base, batches by month',
    schema: { params: tenantParam, response: { 200: mapDigital } },
    handler: (ctx) => maps.digital(ctx),
  });
};
