import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  INVENTORY_PAGE_CODES,
  invDeleteQuery,
  invIdParam,
  invUnit,
  invUnitCreateBody,
  invUnitListFilter,
  invUnitListQuery,
  invUnitPage,
  invUnitUpdateBody,
} from '@tilth/contracts/inventory.base.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import { answerExport } from '../../../platform/http/xlsx.js';
import type { Platform } from '../../../platform/platform.js';
import { UNIT_ACCESS, UnitService } from './unit.service.js';
import { unitSheet } from './unit.xlsx.js';

const BASE = '/wfpf/v1/:tenantId/inventory/unit';

export const registerInvUnitRoutes = (app: App, platform: Platform): void => {
  const units = new UnitService();
  addRoute(app, platform, {
    method: 'GET',
    url: BASE,
    access: INVENTORY_PAGE_CODES,
    summary: 'Units of measure, newest first (unitName contains, enabledFlag; size=0: all)',
    schema: { params: tenantParam, querystring: invUnitListQuery, response: { 200: invUnitPage } },
    handler: (ctx, req) => units.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/export`,
    access: INVENTORY_PAGE_CODES,
    summary: 'The filtered units as an Excel file (same filters as the list; at most 50,000 rows, more: 400)',
    schema: { params: tenantParam, querystring: invUnitListFilter },
    handler: (ctx, req, reply) =>
      answerExport(reply, ctx, 'units.xlsx', unitSheet(ctx.lang), (w) =>
        units.list(ctx, { ...req.query, ...w }),
      ),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id`,
    access: INVENTORY_PAGE_CODES,
    summary: 'One unit',
    schema: { params: invIdParam, response: { 200: invUnit } },
    handler: (ctx, req) => units.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: BASE,
    access: UNIT_ACCESS,
    summary: 'Adds a unit (code letters/digits/underscore; code and name unique: 409)',
    schema: { params: tenantParam, body: invUnitCreateBody, response: { 200: invUnit } },
    handler: (ctx, req) => units.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/:id`,
    access: UNIT_ACCESS,
    summary: 'Edits, enables or disables a unit (objectVersionNumber: stale → 409)',
    schema: { params: invIdParam, body: invUnitUpdateBody, response: { 200: invUnit } },
    handler: (ctx, req) => units.update(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/:id`,
    access: UNIT_ACCESS,
    summary: 'Deletes a unit no product uses (409 naming what uses it)',
    schema: { params: invIdParam, querystring: invDeleteQuery, response: { 200: okResult } },
    handler: (ctx, req) => units.remove(ctx, req.params.id, req.query.objectVersionNumber),
  });
};
