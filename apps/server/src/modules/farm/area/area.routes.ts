import {
  area,
  areaCreateBody,
  areaDefaultQuery,
  areaDeleteBody,
  areaIdParam,
  areaList,
  areaListQuery,
  areaPage,
  areaUpdateBody,
} from '@tilth/contracts/area.types';
import { okResult, tenantParam } from '@tilth/contracts/common.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { TenantService } from '../../identity/tenant/index.js';
import { AREA_ACCESS, AreaService } from './area.service.js';

export const registerAreaRoutes = (app: App, platform: Platform): void => {
  const areas = new AreaService(new TenantService());

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v2/:tenantId/area',
    access: AREA_ACCESS.read,
    summary: 'Bases of the tenant, default first (size=0: all; areaName: contains, any case)',
    schema: { params: tenantParam, querystring: areaListQuery, response: { 200: areaPage } },
    handler: (ctx, req) => areas.list(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v2/:tenantId/area/default',
    access: AREA_ACCESS.read,
    summary: "Makes areaId the tenant's default base and answers it",
    schema: { params: tenantParam, querystring: areaDefaultQuery, response: { 200: area } },
    handler: (ctx, req) => areas.setDefault(ctx, req.query.areaId),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/area',
    access: AREA_ACCESS.create,
    summary: "Adds a base (the tenant's first base becomes the default)",
    schema: { params: tenantParam, body: areaCreateBody, response: { 200: area } },
    handler: (ctx, req) => areas.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/area/admin',
    access: AREA_ACCESS.read,
    summary: 'Bases the caller administers (all of them for base managers, none otherwise)',
    schema: { params: tenantParam, response: { 200: areaList } },
    handler: (ctx) => areas.administered(ctx),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/area/:id',
    access: AREA_ACCESS.read,
    summary: 'One base',
    schema: { params: areaIdParam, response: { 200: area } },
    handler: (ctx, req) => areas.get(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/area',
    access: AREA_ACCESS.edit,
    summary: 'Edits a base (areaId and objectVersionNumber required; omitted fields keep their value)',
    schema: { params: tenantParam, body: areaUpdateBody, response: { 200: area } },
    handler: (ctx, req) => areas.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: '/wfpf/v1/:tenantId/area',
    access: AREA_ACCESS.delete,
    summary:
      'Deletes one base, body {areaId, objectVersionNumber?}; a deleted default passes to the oldest base',
    schema: { params: tenantParam, body: areaDeleteBody, response: { 200: okResult } },
    handler: (ctx, req) => areas.remove(ctx, req.body),
  });
};
