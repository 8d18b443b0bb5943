import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  farmLog,
  farmLogDeleteQuery,
  farmLogIdParam,
  farmLogListQuery,
  farmLogPage,
  farmLogPostBody,
  farmLogUpdateBody,
} from '@tilth/contracts/farm-log.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { FARM_LOG_ACCESS, FarmLogService } from './farm-log.service.js';

export const registerFarmLogRoutes = (app: App, platform: Platform): void => {
  const logs = new FarmLogService();

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/log',
    access: FARM_LOG_ACCESS.read,
    summary:
      "Farm logs, newest first (size=0: all; title contains; level, areaId, landId, source; startDate..endDate days of the tenant's time zone)",
    schema: { params: tenantParam, querystring: farmLogListQuery, response: { 200: farmLogPage } },
    handler: (ctx, req) => logs.list(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/log/:id',
    access: FARM_LOG_ACCESS.read,
    summary: 'One farm log',
    schema: { params: farmLogIdParam, response: { 200: farmLog } },
    handler: (ctx, req) => logs.get(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/log',
    access: FARM_LOG_ACCESS.create,
    summary:
      "Adds a farm log (console: source manual; cameras: source camera with sourceId = the device id), or the camera's capture-upload form (logTitle, description ≤ 180, content, areaId, logType image, logLevel info / warn / error, cameraId)",
    schema: { params: tenantParam, body: farmLogPostBody, response: { 200: farmLog } },
    handler: (ctx, req) => logs.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/log',
    access: FARM_LOG_ACCESS.edit,
    summary: 'Edits a farm log (logId and objectVersionNumber required; omitted fields keep their value)',
    schema: { params: tenantParam, body: farmLogUpdateBody, response: { 200: farmLog } },
    handler: (ctx, req) => logs.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: '/wfpf/v1/:tenantId/log/:id',
    access: FARM_LOG_ACCESS.delete,
    summary: 'Deletes a farm log (?objectVersionNumber= refuses a stale one)',
    schema: { params: farmLogIdParam, querystring: farmLogDeleteQuery, response: { 200: okResult } },
    handler: (ctx, req) => logs.remove(ctx, req.params.id, req.query.objectVersionNumber),
  });
};
