import { okResult, tenantIdParam, tenantParam } from '@tilth/contracts/common.types';
import {
  land,
  landCreateBody,
  landDeleteBody,
  landFreeBody,
  landHistory,
  landHistoryQuery,
  landIdParam,
  landList,
  landListQuery,
  landPage,
  landUpdateBody,
} from '@tilth/contracts/land.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { LAND_ACCESS, LandService } from './land.service.js';

export const registerLandRoutes = (app: App, platform: Platform): void => {
  const lands = new LandService();

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/land',
    access: LAND_ACCESS.read,
    summary:
      'Plots (size=0: all; areaId; landName contains, any case; landUsage; bound 1|0: with or without a growing batch)',
    schema: { params: tenantParam, querystring: landListQuery, response: { 200: landPage } },
    handler: (ctx, req) => lands.list(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/land/un-bound/:id',
    access: LAND_ACCESS.read,
    summary: 'Enabled plots of base {id} with no growing batch (the plot picker of the batch form)',
    schema: { params: tenantIdParam, response: { 200: landList } },
    handler: (ctx, req) => lands.unbound(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/land/history',
    access: LAND_ACCESS.read,
    summary: 'What was grown on plot landId, latest start first',
    schema: { params: tenantParam, querystring: landHistoryQuery, response: { 200: landHistory } },
    handler: (ctx, req) => lands.history(ctx, req.query.landId),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/land/:id',
    access: LAND_ACCESS.read,
    summary: 'One plot, with the batch growing on it',
    schema: { params: landIdParam, response: { 200: land } },
    handler: (ctx, req) => lands.get(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/land',
    access: LAND_ACCESS.create,
    summary: 'Adds a plot; area (m², mu) and centre are computed from the boundary',
    schema: { params: tenantParam, body: landCreateBody, response: { 200: land } },
    handler: (ctx, req) => lands.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/land',
    access: LAND_ACCESS.edit,
    summary: 'Edits a plot (landId and objectVersionNumber required; omitted fields keep their value)',
    schema: { params: tenantParam, body: landUpdateBody, response: { 200: land } },
    handler: (ctx, req) => lands.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: '/wfpf/v1/:tenantId/land',
    access: LAND_ACCESS.delete,
    summary: 'Deletes a plot, body {landId, objectVersionNumber?}; refused while a batch grows on it',
    schema: { params: tenantParam, body: landDeleteBody, response: { 200: okResult } },
    handler: (ctx, req) => lands.remove(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/land/free',
    access: LAND_ACCESS.edit,
    summary: 'Frees a plot, body {landId}: its growing batch ends (closed, end date today if unset)',
    schema: { params: tenantParam, body: landFreeBody, response: { 200: land } },
    handler: (ctx, req) => lands.free(ctx, req.body),
  });
};
