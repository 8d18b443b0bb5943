import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  catalogueIdParam,
  crop,
  cropCreateBody,
  cropPage,
  cropPageQuery,
  cropUpdateBody,
} from '@tilth/contracts/crop.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { CROP_ACCESS, CropService } from './crop.service.js';
import { registerTaskTypeRoutes } from './task-type.routes.js';
import { registerVarietyRoutes } from './variety.routes.js';

/** The farm catalogue of the system module: crops, varieties, task types. */
export const registerCropRoutes = (app: App, platform: Platform): void => {
  const crops = new CropService();

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/crop/page',
    access: CROP_ACCESS.read,
    summary: 'Crops of the tenant in creation order (size=0: all; cropName: contains, any case)',
    schema: { params: tenantParam, querystring: cropPageQuery, response: { 200: cropPage } },
    handler: (ctx, req) => crops.page(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/crop/:id',
    access: CROP_ACCESS.read,
    summary: 'One crop',
    schema: { params: catalogueIdParam, response: { 200: crop } },
    handler: (ctx, req) => crops.get(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/crop',
    access: CROP_ACCESS.create,
    summary: 'Adds a crop (cropName unique in the tenant)',
    schema: { params: tenantParam, body: cropCreateBody, response: { 200: crop } },
    handler: (ctx, req) => crops.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/crop',
    access: CROP_ACCESS.edit,
    summary: 'Edits a crop (cropId and objectVersionNumber required; omitted fields keep their value)',
    schema: { params: tenantParam, body: cropUpdateBody, response: { 200: crop } },
    handler: (ctx, req) => crops.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: '/wfpf/v1/:tenantId/crop/:id',
    access: CROP_ACCESS.delete,
    summary: 'Deletes a crop; refused (409) while it has varieties or a batch grows it',
    schema: { params: catalogueIdParam, response: { 200: okResult } },
    handler: (ctx, req) => crops.remove(ctx, req.params.id),
  });

  registerVarietyRoutes(app, platform);
  registerTaskTypeRoutes(app, platform);
};
