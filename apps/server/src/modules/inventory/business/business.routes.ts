import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  INVENTORY_PAGE_CODES,
  invBusiness,
  invBusinessCreateBody,
  invBusinessListFilter,
  invBusinessListQuery,
  invBusinessPage,
  invBusinessUpdateBody,
  invDeleteQuery,
  invIdParam,
} from '@tilth/contracts/inventory.base.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import { answerExport } from '../../../platform/http/xlsx.js';
import type { Platform } from '../../../platform/platform.js';
import { BUSINESS_ACCESS, BusinessService } from './business.service.js';
import { businessSheet } from './business.xlsx.js';

const BASE = '/wfpf/v1/:tenantId/inventory/businesses';

export const registerInvBusinessRoutes = (app: App, platform: Platform): void => {
  const businesses = new BusinessService();
  addRoute(app, platform, {
    method: 'GET',
    url: BASE,
    access: INVENTORY_PAGE_CODES,
    summary:
      "Counterparties, newest first (keyword in name / code; category supplier|customer also answers 'both'; enabledFlag; size=0: all)",
    schema: { params: tenantParam, querystring: invBusinessListQuery, response: { 200: invBusinessPage } },
    handler: (ctx, req) => businesses.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/export`,
    access: INVENTORY_PAGE_CODES,
    summary: 'The filtered counterparties as an Excel file (same filters as the list; at most 50,000 rows)',
    schema: { params: tenantParam, querystring: invBusinessListFilter },
    handler: (ctx, req, reply) =>
      answerExport(reply, ctx, 'counterparties.xlsx', businessSheet(ctx.lang), (w) =>
        businesses.list(ctx, { ...req.query, ...w }),
      ),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id`,
    access: INVENTORY_PAGE_CODES,
    summary: 'One counterparty',
    schema: { params: invIdParam, response: { 200: invBusiness } },
    handler: (ctx, req) => businesses.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: BASE,
    access: BUSINESS_ACCESS,
    summary: 'Adds a counterparty (unique code and name: 409)',
    schema: { params: tenantParam, body: invBusinessCreateBody, response: { 200: invBusiness } },
    handler: (ctx, req) => businesses.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/:id`,
    access: BUSINESS_ACCESS,
    summary: 'Edits, enables or disables a counterparty (objectVersionNumber: stale → 409)',
    schema: { params: invIdParam, body: invBusinessUpdateBody, response: { 200: invBusiness } },
    handler: (ctx, req) => businesses.update(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/:id`,
    access: BUSINESS_ACCESS,
    summary: 'Deletes a counterparty no document names (409 naming what does)',
    schema: { params: invIdParam, querystring: invDeleteQuery, response: { 200: okResult } },
    handler: (ctx, req) => businesses.remove(ctx, req.params.id, req.query.objectVersionNumber),
  });
};
