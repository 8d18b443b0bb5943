import {
  timelapse,
  timelapseCreateBody,
  timelapseDefaults,
  timelapseDefaultsQuery,
  timelapseDeleteQuery,
  timelapseIdParam,
  timelapseListQuery,
  timelapsePage,
} from '@tilth/contracts/camera-timelapse.types';
import { okResult, tenantParam } from '@tilth/contracts/common.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import { sendRanged } from '../../../platform/http/serve-file.js';
import type { Platform } from '../../../platform/platform.js';
import { CAMERA_ACCESS } from './camera.access.js';
import { timelapseRunnerOf } from './camera-timelapse.jobs.js';
import { CameraTimelapseService } from './camera-timelapse.service.js';

// Growth time-lapses of a plot or batch (issue 16 item 4): queue, poll, list, delete, and the MP4.

const TL = '/wfpe/v2/:tenantId/camera/timelapse';

export const registerTimelapseRoutes = (app: App, platform: Platform): void => {
  const svc = new CameraTimelapseService(platform.storage);
  const V = CAMERA_ACCESS.view;

  addRoute(app, platform, {
    method: 'GET',
    url: `${TL}/defaults`,
    access: V,
    summary: "A new time-lapse's range (the batch's period, else the plot's season) and the stills in it",
    schema: {
      params: tenantParam,
      querystring: timelapseDefaultsQuery,
      response: { 200: timelapseDefaults },
    },
    handler: (ctx, req) => svc.defaults(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: TL,
    access: V,
    summary:
      'Makes a time-lapse of a plot (landId; batchId, cameraId, from/to days, fps 6–30, quality sd/hd); 202 with the queued job; fewer than 2 stills → 400',
    schema: { params: tenantParam, body: timelapseCreateBody, response: { 202: timelapse } },
    noTransaction: true,
    handler: async (ctx, req, reply) => {
      const job = await svc.create(ctx, req.body);
      // Committed by now: the runner's own transaction sees the row.
      void timelapseRunnerOf(platform).kick(ctx.tenantId ?? undefined);
      reply.code(202);
      return job;
    },
  });
  addRoute(app, platform, {
    method: 'GET',
    url: TL,
    access: V,
    summary: 'Time-lapses, newest first (landId, batchId; paged)',
    schema: { params: tenantParam, querystring: timelapseListQuery, response: { 200: timelapsePage } },
    handler: (ctx, req) => svc.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${TL}/:id`,
    access: V,
    summary: 'One time-lapse: status queued / running / done / failed and progress 0–100',
    schema: { params: timelapseIdParam, response: { 200: timelapse } },
    handler: (ctx, req) => svc.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${TL}/:id`,
    access: V,
    summary:
      'Deletes a time-lapse and its video (one being made: 409; ?objectVersionNumber= refuses a stale one)',
    schema: { params: timelapseIdParam, querystring: timelapseDeleteQuery, response: { 200: okResult } },
    handler: (ctx, req) => svc.remove(ctx, req.params.id, req.query.objectVersionNumber),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${TL}/:id/video`,
    access: V,
    summary: 'The MP4 (H.264, faststart); one byte range per request (206) so players can seek',
    schema: { params: timelapseIdParam },
    noTransaction: true,
    serves: 'file',
    handler: async (ctx, req, reply) => {
      const v = await svc.video(ctx, req.params.id);
      return sendRanged(req, reply, v);
    },
  });
};
