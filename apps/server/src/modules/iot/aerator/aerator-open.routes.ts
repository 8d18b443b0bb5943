import { tenantIdParam, tenantParam } from '@tilth/contracts/common.types';
import {
  aeratorItem,
  aeratorItems,
  commandIssued,
  pumpCreateBody,
  pumpUpdateBody,
} from '@tilth/contracts/control.types';
import {
  aeratorFormControlBody,
  aeratorOpenQuery,
  familyDeleted,
} from '@tilth/contracts/device-family-paths.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { AERATOR_TYPES, addTypedRegistryRoutes, familyCrudService } from '../device/index.js';
import { AERATOR_ACCESS, type AeratorService } from './aerator.service.js';

// Spec 02 §7 aerator: regulator CRUD (v1 /aerator, v2 /regulator/open) on the device registry, and v2
// /aerator/open pump CRUD plus the form-encoded control, through the same AeratorService as v1.

export const registerAeratorOpenRoutes = (app: App, platform: Platform, svc: AeratorService): void => {
  const registry = familyCrudService(platform);
  addTypedRegistryRoutes(app, platform, registry, {
    types: AERATOR_TYPES,
    label: 'aerator regulators',
    details: '/wfpe/v1/:tenantId/aerator/:id',
    create: '/wfpe/v1/:tenantId/aerator',
    update: '/wfpe/v1/:tenantId/aerator',
    remove: '/wfpe/v1/:tenantId/aerator/:id',
  });
  const regulator = '/wfpe/v2/:tenantId/regulator/open';
  addTypedRegistryRoutes(app, platform, registry, {
    types: AERATOR_TYPES,
    label: 'aerator regulators',
    page: regulator,
    details: `${regulator}/:id`,
    create: regulator,
    update: regulator,
    remove: `${regulator}/:id`,
  });

  const open = '/wfpe/v2/:tenantId/aerator/open';
  addRoute(app, platform, {
    method: 'GET',
    url: open,
    access: AERATOR_ACCESS.view,
    summary: 'Pumps of a regulator (regulatorId): an array of aerator items',
    schema: { params: tenantParam, querystring: aeratorOpenQuery, response: { 200: aeratorItems } },
    handler: (ctx, req) => svc.pumps(ctx, req.query.regulatorId),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: open,
    access: AERATOR_ACCESS.create,
    summary: 'Adds a pump on a free port (node 1–4) of a regulator; at most 4 per regulator (409)',
    schema: { params: tenantParam, body: pumpCreateBody, response: { 200: aeratorItem } },
    handler: (ctx, req) => svc.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: open,
    access: AERATOR_ACCESS.edit,
    summary: 'Edits a pump (id and objectVersionNumber required; stale → 409)',
    schema: { params: tenantParam, body: pumpUpdateBody, response: { 200: aeratorItem } },
    handler: (ctx, req) => svc.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${open}/:id`,
    access: AERATOR_ACCESS.delete,
    summary: 'Deletes a pump; answers 1',
    schema: { params: tenantIdParam, response: { 200: familyDeleted } },
    handler: (ctx, req) => svc.remove(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${open}/control`,
    access: AERATOR_ACCESS.control,
    summary:
      'Form-encoded pump control (application/x-www-form-urlencoded pumpId=…&on=1|0|true|false; JSON too); offline → 409',
    schema: { params: tenantParam, body: aeratorFormControlBody, response: { 200: commandIssued } },
    handler: (ctx, req) => svc.control(ctx, req.body),
  });
};
