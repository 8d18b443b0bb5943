import {
  AGRI_DOC_TYPES,
  agriDeleteQuery,
  agriDoc,
  agriDocCreateBody,
  agriDocListQuery,
  agriDocPage,
  agriDocUpdateBody,
  agriIdParam,
  agriInput,
  agriInputCreateBody,
  agriInputListQuery,
  agriInputPage,
  agriInputUpdateBody,
  agriMovementPage,
  agriStockListQuery,
  agriStockPage,
  agriStockRecordQuery,
} from '@tilth/contracts/agricultural.types';
import { okResult, tenantParam } from '@tilth/contracts/common.types';
import { approvalSubmitBody } from '@tilth/contracts/workflow.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { registerAgriApprovals } from './document.approval.js';
import { AgriDocService, DOC_ACCESS } from './document.service.js';
import { AgriInputService, INPUT_ACCESS, INPUT_READERS } from './input.service.js';
import { AgriStockService, STOCK_ACCESS } from './stock.service.js';

const BASE = '/wfpf/v1/:tenantId/agricultural';

export const registerAgriculturalRoutes = (app: App, platform: Platform): void => {
  const inputs = new AgriInputService();
  const stocks = new AgriStockService();
  const docs = new AgriDocService();
  registerAgriApprovals();

  // ---- Catalogue ----
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/input`,
    access: INPUT_READERS,
    summary:
      'Agricultural inputs, newest first (size=0: all; inputName / inputCode contain; category, enabledFlag)',
    schema: { params: tenantParam, querystring: agriInputListQuery, response: { 200: agriInputPage } },
    handler: (ctx, req) => inputs.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/input/:id`,
    access: INPUT_READERS,
    summary: 'One agricultural input',
    schema: { params: agriIdParam, response: { 200: agriInput } },
    handler: (ctx, req) => inputs.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/input`,
    access: INPUT_ACCESS.create,
    summary: 'Adds an agricultural input (unique code; registrationNo required for fertilizer and pesticide)',
    schema: { params: tenantParam, body: agriInputCreateBody, response: { 200: agriInput } },
    handler: (ctx, req) => inputs.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/input`,
    access: INPUT_ACCESS.edit,
    summary: 'Edits an agricultural input (inputId and objectVersionNumber required)',
    schema: { params: tenantParam, body: agriInputUpdateBody, response: { 200: agriInput } },
    handler: (ctx, req) => inputs.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/input/:id`,
    access: INPUT_ACCESS.delete,
    summary: 'Deletes an input that never moved (409 when it has stock or movements: disable it instead)',
    schema: { params: agriIdParam, querystring: agriDeleteQuery, response: { 200: okResult } },
    handler: (ctx, req) => inputs.remove(ctx, req.params.id, req.query.objectVersionNumber),
  });

  // ---- Stock ----
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/stock`,
    access: STOCK_ACCESS.read,
    summary:
      'Per-base stock with input and stock value (areaId, inputId, category, inputName; stockState zero|low|inStock, lowBelow)',
    schema: { params: tenantParam, querystring: agriStockListQuery, response: { 200: agriStockPage } },
    handler: (ctx, req) => stocks.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/stock/record`,
    access: STOCK_ACCESS.read,
    summary: 'The movement record of one stock (areaId, inputId), newest first, with source documents',
    schema: { params: tenantParam, querystring: agriStockRecordQuery, response: { 200: agriMovementPage } },
    handler: (ctx, req) => stocks.record(ctx, req.query),
  });

  // ---- Warehousing and shipment documents ----
  for (const type of AGRI_DOC_TYPES) {
    const access = DOC_ACCESS[type];
    const what = type === 'warehousing' ? 'receipt (warehousing)' : 'issue (shipment)';
    addRoute(app, platform, {
      method: 'GET',
      url: `${BASE}/${type}`,
      access: access.read,
      summary: `Agricultural ${what} documents, latest first (docCode contains, areaId, startDate..endDate)`,
      schema: { params: tenantParam, querystring: agriDocListQuery, response: { 200: agriDocPage } },
      handler: (ctx, req) => docs.list(ctx, type, req.query),
    });
    addRoute(app, platform, {
      method: 'GET',
      url: `${BASE}/${type}/:id`,
      access: access.read,
      summary: `One ${what} document with its lines`,
      schema: { params: agriIdParam, response: { 200: agriDoc } },
      handler: (ctx, req) => docs.get(ctx, type, req.params.id),
    });
    addRoute(app, platform, {
      method: 'POST',
      url: `${BASE}/${type}`,
      access: access.write,
      summary: `Adds a ${what} document and moves the stock (409 insufficientStock: nothing changes); with an approval flow bound it is 'submitted' and moves stock only when approved`,
      schema: { params: tenantParam, body: agriDocCreateBody, response: { 200: agriDoc } },
      handler: (ctx, req) => docs.create(ctx, type, req.body),
    });
    addRoute(app, platform, {
      method: 'PUT',
      url: `${BASE}/${type}`,
      access: access.write,
      summary: `Edits a ${what} document: old lines reversed, new ones applied in one transaction`,
      schema: { params: tenantParam, body: agriDocUpdateBody, response: { 200: agriDoc } },
      handler: (ctx, req) => docs.update(ctx, type, req.body),
    });
    addRoute(app, platform, {
      method: 'PUT',
      url: `${BASE}/${type}/submit/:id`,
      access: access.write,
      summary: `Submits a draft or rejected ${what} document for approval again (approved at once when no flow is bound)`,
      schema: {
        params: agriIdParam,
        querystring: agriDeleteQuery,
        body: approvalSubmitBody.nullish(),
        response: { 200: agriDoc },
      },
      handler: (ctx, req) =>
        docs.submit(ctx, type, req.params.id, req.query.objectVersionNumber, req.body?.chosen),
    });
    addRoute(app, platform, {
      method: 'DELETE',
      url: `${BASE}/${type}/:id`,
      access: access.write,
      summary: `Deletes a ${what} document and reverses its stock (refused when stock would go below zero)`,
      schema: { params: agriIdParam, querystring: agriDeleteQuery, response: { 200: okResult } },
      handler: (ctx, req) => docs.remove(ctx, type, req.params.id, req.query.objectVersionNumber),
    });
  }
};
