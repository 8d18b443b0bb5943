import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  invAdjustAnswer,
  invAdjustBody,
  invConvertAnswer,
  invConvertQuery,
  invDeleteQuery,
  invDocCreateBody,
  invDocDetail,
  invDocIdParam,
  invDocListFilter,
  invDocListQuery,
  invDocPage,
  invDocPermission,
  invDocUpdateBody,
  invExecuteBody,
  invLegsAnswer,
  invLegsBody,
  invReverseBody,
  invStocktakeBook,
  invStocktakeBookQuery,
  invSubmitBody,
} from '@tilth/contracts/inventory.document.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { type App, addRoute } from '../../../platform/http/route.js';
import { answerExport } from '../../../platform/http/xlsx.js';
import type { Platform } from '../../../platform/platform.js';
import { registerInvApprovals } from './document.approval.js';
import { InvExecService } from './document.execute.js';
import { docExportPage } from './document.export.js';
import { registerDocumentReferences } from './document.references.js';
import { ANY_DOC_ACCESS, InvDocService } from './document.service.js';
import { docSheet } from './document.xlsx.js';

const BASE = '/wfpf/v1/:tenantId/inventory';

// Every document route admits any document page's code; the service then asks for the document type's
// (and a conversion's target's).
export const registerInventoryDocumentRoutes = (app: App, platform: Platform): void => {
  const docs = new InvDocService();
  const exec = new InvExecService();
  registerInvApprovals();
  registerDocumentReferences();

  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/documents`,
    access: ANY_DOC_ACCESS,
    summary:
      'Inventory documents, latest date first (docType, bizType, auditState, execState, warehouseId (either end), businessId, sourceDocId, docCode contains, dateFrom..dateTo)',
    schema: { params: tenantParam, querystring: invDocListQuery, response: { 200: invDocPage } },
    handler: (ctx, req) => docs.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/documents/export`,
    access: ANY_DOC_ACCESS,
    summary:
      'The filtered documents as an Excel file, one row per document (same filters and permissions as the list; at most 50,000 rows, more: 400)',
    schema: { params: tenantParam, querystring: invDocListFilter },
    handler: (ctx, req, reply) =>
      answerExport(reply, ctx, `${req.query.docType ?? 'documents'}.xlsx`, docSheet(ctx.lang), (w) =>
        docExportPage(ctx, docs, { ...req.query, ...w }),
      ),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/documents/:id`,
    access: ANY_DOC_ACCESS,
    summary: 'One document with lines (converted / done / remaining), source, children and reversal links',
    schema: { params: invDocIdParam, response: { 200: invDocDetail } },
    handler: (ctx, req) => docs.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/documents`,
    access: ANY_DOC_ACCESS,
    summary:
      'Adds a document (a draft; submit: true submits it). sourceDocId + lines[].sourceLineId convert a source (409 overConversion)',
    schema: { params: tenantParam, body: invDocCreateBody, response: { 200: invDocDetail } },
    handler: (ctx, req) => docs.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/documents/:id`,
    access: ANY_DOC_ACCESS,
    summary: 'Edits a draft or rejected document (header and all lines; objectVersionNumber required)',
    schema: { params: invDocIdParam, body: invDocUpdateBody, response: { 200: invDocDetail } },
    handler: (ctx, req) => docs.update(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/documents/:id`,
    access: ANY_DOC_ACCESS,
    summary: 'Deletes a draft or rejected document (its conversion is given back to the source)',
    schema: { params: invDocIdParam, querystring: invDeleteQuery, response: { 200: okResult } },
    handler: (ctx, req) => docs.remove(ctx, req.params.id, req.query.objectVersionNumber),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/documents/:id/submit`,
    access: ANY_DOC_ACCESS,
    summary: 'Submits a draft or resubmits a rejected document (approved at once when no flow is bound)',
    schema: { params: invDocIdParam, body: invSubmitBody.nullish(), response: { 200: invDocDetail } },
    handler: (ctx, req) => docs.submit(ctx, req.params.id, req.body?.objectVersionNumber, req.body?.chosen),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/documents/:id/convert`,
    access: ANY_DOC_ACCESS,
    summary:
      'A create body converting this approved document (to=warehousing|shipment|return), with what remains',
    schema: { params: invDocIdParam, querystring: invConvertQuery, response: { 200: invConvertAnswer } },
    handler: (ctx, req) => docs.convert(ctx, req.params.id, req.query.to),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/documents/:id/legs`,
    access: ANY_DOC_ACCESS,
    summary: "An approved transfer's outbound and inbound legs for what remains, both submitted",
    schema: { params: invDocIdParam, body: invLegsBody.nullish(), response: { 200: invLegsAnswer } },
    handler: (ctx, req) => exec.legs(ctx, req.params.id, req.body ?? {}),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/documents/:id/execute`,
    access: ANY_DOC_ACCESS,
    summary:
      'Stores (inbound) or ships (outbound) lines of an approved document, partly or wholly (409 overExecution, insufficientStock)',
    schema: { params: invDocIdParam, body: invExecuteBody, response: { 200: invDocDetail } },
    handler: (ctx, req) => exec.execute(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/documents/:id/adjust`,
    access: ANY_DOC_ACCESS,
    summary:
      "An approved stocktake's gains and losses as inbound / outbound documents, approved and executed",
    schema: { params: invDocIdParam, body: invAdjustBody.nullish(), response: { 200: invAdjustAnswer } },
    handler: (ctx, req) => exec.adjust(ctx, req.params.id, req.body ?? {}),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/documents/:id/reverse`,
    access: ANY_DOC_ACCESS,
    summary: 'A reversing document of an executed inbound / outbound, approved and posted at once',
    schema: { params: invDocIdParam, body: invReverseBody, response: { 200: invDocDetail } },
    handler: (ctx, req) => exec.reverse(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/stocktake/book`,
    access: invDocPermission('stocktake') as PermissionCode,
    summary: 'Book quantities (stock unit) per SKU and lot of a warehouse, to count against',
    schema: { params: tenantParam, querystring: invStocktakeBookQuery, response: { 200: invStocktakeBook } },
    handler: (ctx, req) => docs.book(ctx, req.query),
  });
};
