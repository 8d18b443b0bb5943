import { tenantIdParam, tenantParam } from '@tilth/contracts/common.types';
import { commandIssued } from '@tilth/contracts/control.types';
import { curve, curveQuery, deviceStatusLogPage } from '@tilth/contracts/device.types';
import {
  familyArea,
  familyControlBody,
  familyCreateBody,
  familyDeleted,
  familyDevice,
  familyDeviceCreated,
  familyDeviceList,
  familyDevicePage,
  familyListQuery,
  familyPageQuery,
  familyStatusQuery,
  familyUpdateBody,
} from '@tilth/contracts/device-family-paths.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { type FamilyCrudService, type FamilyTypes, familyCodes } from './device-family-crud.service.js';

// The one builder behind every spec 02 §7 family path: give it the family's types and the paths the
// spec names, and it registers list / details / create / edit / delete (and history, status log,
// control) on the registry with the type fixed and the family's permission codes.

export interface FamilyPaths {
  types: FamilyTypes;
  /** What summaries call the devices, e.g. 'robotic arms'. */
  label: string;
  /** GET: one page (page, size, name, eui, areaId, landId, parentId, online, deviceType). */
  page?: string;
  /** GET: every match, unpaged (same filters). */
  list?: string;
  /** GET, with :id. */
  details?: string;
  /** GET, with :id: the device's base and plot. */
  area?: string;
  /** POST: registers one; answers it and its broker credentials, shown this once. */
  create?: string;
  /** PUT: id and objectVersionNumber; stale → 409. */
  update?: string;
  /** DELETE, with :id: answers 1. */
  remove?: string;
  /** GET, with :id: one metric's history (metric, startTime, endTime, maxPoints). */
  history?: string;
  /** GET ?id=: online / offline history. */
  statusLog?: string;
  /** POST, with :id: a registry command of the type. */
  control?: string;
}

export const addTypedRegistryRoutes = (
  app: App,
  platform: Platform,
  svc: FamilyCrudService,
  p: FamilyPaths,
): void => {
  const { types, label } = p;
  const only = `(${types.join(', ')} only; another type is 404)`;
  if (p.page) {
    addRoute(app, platform, {
      method: 'GET',
      url: p.page,
      access: familyCodes(types, 'view'),
      summary: `Page of ${label} (page, size, name, eui, areaId, landId, parentId, online, deviceType)`,
      schema: { params: tenantParam, querystring: familyPageQuery, response: { 200: familyDevicePage } },
      handler: (ctx, req) => svc.page(ctx, types, req.query),
    });
  }
  if (p.list) {
    addRoute(app, platform, {
      method: 'GET',
      url: p.list,
      access: familyCodes(types, 'view'),
      summary: `All ${label} matching the filters, unpaged (name, eui, areaId, parentId, online)`,
      schema: { params: tenantParam, querystring: familyListQuery, response: { 200: familyDeviceList } },
      handler: (ctx, req) => svc.list(ctx, types, req.query),
    });
  }
  if (p.details) {
    addRoute(app, platform, {
      method: 'GET',
      url: p.details,
      access: familyCodes(types, 'view'),
      summary: `One of the ${label} ${only}`,
      schema: { params: tenantIdParam, response: { 200: familyDevice } },
      handler: (ctx, req) => svc.details(ctx, types, req.params.id),
    });
  }
  if (p.area) {
    addRoute(app, platform, {
      method: 'GET',
      url: p.area,
      access: familyCodes(types, 'view'),
      summary: `Base and plot of one of the ${label} ${only}`,
      schema: { params: tenantIdParam, response: { 200: familyArea } },
      handler: (ctx, req) => svc.area(ctx, types, req.params.id),
    });
  }
  if (p.create) {
    addRoute(app, platform, {
      method: 'POST',
      url: p.create,
      access: familyCodes(types, 'create'),
      summary: `Registers one of the ${label} (deviceType defaults to ${types[0]}); credentials shown once`,
      schema: { params: tenantParam, body: familyCreateBody, response: { 200: familyDeviceCreated } },
      handler: (ctx, req) => svc.create(ctx, types, req.body),
    });
  }
  if (p.update) {
    addRoute(app, platform, {
      method: 'PUT',
      url: p.update,
      access: familyCodes(types, 'edit'),
      summary: `Edits one of the ${label} (id, objectVersionNumber; type and serial fixed) ${only}`,
      schema: { params: tenantParam, body: familyUpdateBody, response: { 200: familyDevice } },
      handler: (ctx, req) => svc.update(ctx, types, req.body),
    });
  }
  if (p.remove) {
    addRoute(app, platform, {
      method: 'DELETE',
      url: p.remove,
      access: familyCodes(types, 'delete'),
      summary: `Deletes one of the ${label}; 1 on success, else 404 / 409 with a message ${only}`,
      schema: { params: tenantIdParam, response: { 200: familyDeleted } },
      noTransaction: true,
      handler: (ctx, req) => svc.remove(ctx, types, req.params.id),
    });
  }
  if (p.history) {
    addRoute(app, platform, {
      method: 'GET',
      url: p.history,
      access: familyCodes(types, 'view'),
      summary: `History of one metric of one of the ${label}, ≤ maxPoints points ${only}`,
      schema: { params: tenantIdParam, querystring: curveQuery, response: { 200: curve } },
      handler: (ctx, req) => svc.history(ctx, types, req.params.id, req.query),
    });
  }
  if (p.statusLog) {
    addRoute(app, platform, {
      method: 'GET',
      url: p.statusLog,
      access: familyCodes(types, 'view'),
      summary: `Online / offline history of one of the ${label} (id, online, startTime, endTime) ${only}`,
      schema: { params: tenantParam, querystring: familyStatusQuery, response: { 200: deviceStatusLogPage } },
      handler: (ctx, req) => svc.statusLog(ctx, types, req.query),
    });
  }
  if (p.control) {
    addRoute(app, platform, {
      method: 'POST',
      url: p.control,
      access: familyCodes(types, 'control'),
      summary: `A command to one of the ${label} (action, params); offline → 409, nothing sent ${only}`,
      schema: { params: tenantIdParam, body: familyControlBody, response: { 200: commandIssued } },
      handler: (ctx, req) => svc.command(ctx, types, req.params.id, req.body),
    });
  }
};
