import { tenantParam } from '@tilth/contracts/common.types';
import { farmOverview, farmOverviewQuery } from '@tilth/contracts/farm-home.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { FARM_HOME_ACCESS, FarmHomeService } from './farm-home.service.js';

export const registerFarmHomeRoutes = (app: App, platform: Platform): void => {
  const home = new FarmHomeService();

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/farm/overview',
    access: FARM_HOME_ACCESS.read,
    summary:
      "The farm home dashboard of base areaId (absent: all bases): plots, growing batches by crop, today's and overdue tasks (a day of the tenant's time zone), latest logs",
    schema: { params: tenantParam, querystring: farmOverviewQuery, response: { 200: farmOverview } },
    handler: (ctx, req) => home.overview(ctx, req.query),
  });
};
