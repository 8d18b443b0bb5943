import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  INVENTORY_PAGE_CODES,
  invDeleteQuery,
  invIdParam,
  invStandard,
  invStandardCreateBody,
  invStandardListFilter,
  invStandardListQuery,
  invStandardPage,
  invStandardUpdateBody,
} from '@tilth/contracts/inventory.base.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import { answerExport } from '../../../platform/http/xlsx.js';
import type { Platform } from '../../../platform/platform.js';
import { STANDARD_ACCESS, StandardService } from './standard.service.js';
import { standardSheet } from './standard.xlsx.js';

const BASE = '/wfpf/v1/:tenantId/inventory/standard';

export const registerInvStandardRoutes = (app: App, platform: Platform): void => {
  const standards = new StandardService();
  addRoute(app, platform, {
    method: 'GET',
    url: BASE,
    access: INVENTORY_PAGE_CODES,
    summary: 'Specification attributes with their values (standardName contains, enabledFlag; size=0: all)',
    schema: { params: tenantParam, querystring: invStandardListQuery, response: { 200: invStandardPage } },
    handler: (ctx, req) => standards.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/export`,
    access: INVENTORY_PAGE_CODES,
    summary:
      'The filtered specification attributes as an Excel file (same filters as the list; at most 50,000 rows)',
    schema: { params: tenantParam, querystring: invStandardListFilter },
    handler: (ctx, req, reply) =>
      answerExport(reply, ctx, 'attributes.xlsx', standardSheet(ctx.lang), (w) =>
        standards.list(ctx, { ...req.query, ...w }),
      ),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id`,
    access: INVENTORY_PAGE_CODES,
    summary: 'One attribute with its values',
    schema: { params: invIdParam, response: { 200: invStandard } },
    handler: (ctx, req) => standards.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: BASE,
    access: STANDARD_ACCESS,
    summary: 'Adds an attribute with its values (unique name: 409; a value twice: 400)',
    schema: { params: tenantParam, body: invStandardCreateBody, response: { 200: invStandard } },
    handler: (ctx, req) => standards.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/:id`,
    access: STANDARD_ACCESS,
    summary:
      'Edits an attribute; the values sent replace its values (kept by id, new added, missing removed unless a SKU uses them: 409)',
    schema: { params: invIdParam, body: invStandardUpdateBody, response: { 200: invStandard } },
    handler: (ctx, req) => standards.update(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/:id`,
    access: STANDARD_ACCESS,
    summary: 'Deletes an attribute and its values (409 while a product uses them)',
    schema: { params: invIdParam, querystring: invDeleteQuery, response: { 200: okResult } },
    handler: (ctx, req) => standards.remove(ctx, req.params.id, req.query.objectVersionNumber),
  });
};
