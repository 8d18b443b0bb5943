import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  INVENTORY_PAGE_CODES,
  invBillDocTypeParam,
  invBillList,
  invBillPreview,
  invBillPreviewQuery,
  invBillRule,
  invBillUpdateBody,
  invDeleteQuery,
} from '@tilth/contracts/inventory.base.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import { buildWorkbook, sendXlsx } from '../../../platform/http/xlsx.js';
import type { Platform } from '../../../platform/platform.js';
import { BILL_ACCESS, NumberingService } from './numbering.service.js';
import { billSheet } from './numbering.xlsx.js';

const BASE = '/wfpf/v1/:tenantId/inventory/bill';

export const registerInvBillRoutes = (app: App, platform: Platform): void => {
  const bills = new NumberingService();
  addRoute(app, platform, {
    method: 'GET',
    url: BASE,
    access: INVENTORY_PAGE_CODES,
    summary:
      "Every document type's numbering: its rule or the built-in default (configured false), with today's next number",
    schema: { params: tenantParam, response: { 200: invBillList } },
    handler: (ctx) => bills.list(ctx),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/export`,
    access: INVENTORY_PAGE_CODES,
    summary: "Every document type's numbering (as the list answers it) as an Excel file",
    schema: { params: tenantParam },
    handler: async (ctx, _req, reply) =>
      sendXlsx(
        reply,
        'numbering.xlsx',
        await buildWorkbook(ctx.lang, billSheet(ctx.lang), await bills.list(ctx)),
      ),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/preview`,
    access: INVENTORY_PAGE_CODES,
    summary: 'The next number of a document type for a document date (not taken)',
    schema: { params: tenantParam, querystring: invBillPreviewQuery, response: { 200: invBillPreview } },
    handler: (ctx, req) => bills.preview(ctx, req.query.docType, req.query.docDate),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/:docType`,
    access: BILL_ACCESS,
    summary:
      'Sets up or changes the numbering of a document type (prefix unique: 409; objectVersionNumber of an existing rule)',
    schema: { params: invBillDocTypeParam, body: invBillUpdateBody, response: { 200: invBillRule } },
    handler: (ctx, req) => bills.save(ctx, req.params.docType, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/:docType`,
    access: BILL_ACCESS,
    summary: "Removes a type's rule: it numbers by the built-in default again (issued numbers stay issued)",
    schema: { params: invBillDocTypeParam, querystring: invDeleteQuery, response: { 200: okResult } },
    handler: (ctx, req) => bills.reset(ctx, req.params.docType, req.query.objectVersionNumber),
  });
};
