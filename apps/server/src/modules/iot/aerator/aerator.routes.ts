import { tenantIdParam, tenantParam } from '@tilth/contracts/common.types';
import {
  aeratorControlBody,
  aeratorItem,
  aeratorItems,
  aeratorLogPage,
  aeratorLogQuery,
  commandIssued,
  pumpCreateBody,
  pumpUpdateBody,
  regulatorIdParam,
} from '@tilth/contracts/control.types';
import { z } from 'zod';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { AERATOR_ACCESS, AeratorService } from './aerator.service.js';
import { registerAeratorOpenRoutes } from './aerator-open.routes.js';

export const registerAeratorRoutes = (app: App, platform: Platform): void => {
  const svc = new AeratorService(platform);

  const base = '/wfpe/v1/:tenantId/aerator';

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:regulatorId/pumps`,
    access: AERATOR_ACCESS.view,
    summary: 'Aerator pumps of a regulator (array of aerator items: node, onlineFlag, faultFlag, statusFlag)',
    schema: { params: regulatorIdParam, response: { 200: aeratorItems } },
    handler: (ctx, req) => svc.pumps(ctx, req.params.regulatorId),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/pump`,
    access: AERATOR_ACCESS.create,
    summary: 'Adds a pump on a free port (node 1–4) of a regulator; at most 4 per regulator (409)',
    schema: { params: tenantParam, body: pumpCreateBody, response: { 200: aeratorItem } },
    handler: (ctx, req) => svc.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: `${base}/pump`,
    access: AERATOR_ACCESS.edit,
    summary: 'Edits a pump (id and objectVersionNumber required; omitted fields keep their value)',
    schema: { params: tenantParam, body: pumpUpdateBody, response: { 200: aeratorItem } },
    handler: (ctx, req) => svc.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: `${base}/pump/:id`,
    access: AERATOR_ACCESS.delete,
    summary: 'Deletes a pump; answers 1',
    schema: { params: tenantIdParam, response: { 200: z.literal(1) } },
    handler: (ctx, req) => svc.remove(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/control`,
    access: AERATOR_ACCESS.control,
    summary: 'Turns a pump on or off through its regulator (409 when the regulator is offline)',
    schema: { params: tenantParam, body: aeratorControlBody, response: { 200: commandIssued } },
    handler: (ctx, req) => svc.control(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:regulatorId/control-log`,
    access: AERATOR_ACCESS.view,
    summary: "Commands sent to a regulator's pumps, newest first (default: last 30 days)",
    schema: { params: regulatorIdParam, querystring: aeratorLogQuery, response: { 200: aeratorLogPage } },
    handler: (ctx, req) => svc.controlLog(ctx, req.params.regulatorId, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:regulatorId/fault-log`,
    access: AERATOR_ACCESS.view,
    summary: 'Pump fault and recovery events, from the pumpNFault readings of the regulator',
    schema: { params: regulatorIdParam, querystring: aeratorLogQuery, response: { 200: aeratorLogPage } },
    handler: (ctx, req) => svc.faultLog(ctx, req.params.regulatorId, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:regulatorId/offline-log`,
    access: AERATOR_ACCESS.view,
    summary: "The regulator's online and offline transitions",
    schema: { params: regulatorIdParam, querystring: aeratorLogQuery, response: { 200: aeratorLogPage } },
    handler: (ctx, req) => svc.offlineLog(ctx, req.params.regulatorId, req.query),
  });

  registerAeratorOpenRoutes(app, platform, svc);
};
