import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  catalogueIdParam,
  variety,
  varietyCreateBody,
  varietyPage,
  varietyPageQuery,
  varietyUpdateBody,
} from '@tilth/contracts/crop.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { VARIETY_ACCESS, VarietyService } from './variety.service.js';

export const registerVarietyRoutes = (app: App, platform: Platform): void => {
  const varieties = new VarietyService();

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/variety/page',
    access: VARIETY_ACCESS.read,
    summary: 'Varieties with their crop names (cropId; varietyName: contains, any case; size=0: all)',
    schema: { params: tenantParam, querystring: varietyPageQuery, response: { 200: varietyPage } },
    handler: (ctx, req) => varieties.page(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/variety/:id',
    access: VARIETY_ACCESS.read,
    summary: 'One variety with its crop names (the varieties/info page)',
    schema: { params: catalogueIdParam, response: { 200: variety } },
    handler: (ctx, req) => varieties.get(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/variety',
    access: VARIETY_ACCESS.create,
    summary: 'Adds a variety to a crop (name unique per crop, code unique in the tenant)',
    schema: { params: tenantParam, body: varietyCreateBody, response: { 200: variety } },
    handler: (ctx, req) => varieties.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/variety',
    access: VARIETY_ACCESS.edit,
    summary: 'Edits a variety (varietyId and objectVersionNumber required; omitted fields keep their value)',
    schema: { params: tenantParam, body: varietyUpdateBody, response: { 200: variety } },
    handler: (ctx, req) => varieties.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: '/wfpf/v1/:tenantId/variety/:id',
    access: VARIETY_ACCESS.delete,
    summary: 'Deletes a variety; refused (409) while a batch grows it',
    schema: { params: catalogueIdParam, response: { 200: okResult } },
    handler: (ctx, req) => varieties.remove(ctx, req.params.id),
  });
};
