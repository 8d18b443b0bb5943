import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  enabledBody,
  traceBatch,
  traceBatchCreateBody,
  traceBatchDetail,
  traceBatchIdParam,
  traceBatchListQuery,
  traceBatchPage,
  traceBatchUpdateBody,
  traceBusiness,
  traceBusinessAnswer,
  traceBusinessBody,
  traceHarvestPage,
  traceHarvestQuery,
  traceOutlet,
  traceOutletCreateBody,
  traceOutletIdParam,
  traceOutletListQuery,
  traceOutletPage,
  traceOutletUpdateBody,
  traceOverview,
  traceProduct,
  traceProductCreateBody,
  traceProductIdParam,
  traceProductListQuery,
  traceProductPage,
  traceProductUpdateBody,
  versionQuery,
  withdrawBody,
} from '@tilth/contracts/trace-catalog.types';
import type { Ctx } from '../../../platform/http/context.js';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { TraceBatchService } from './batch.service.js';
import { TraceBusinessService } from './business.service.js';
import { CATALOG_ACCESS, OUTLET_READ } from './catalog.access.js';
import { TraceOutletService } from './outlet.service.js';
import { TraceProductService } from './product.service.js';

const T = '/wfpf/v1/:tenantId/trace';

/** Traced products, trace batches, outlets and the business profile (issue 18 items 1 and 3). */
/** Code and scan counts for the overview: the code domain builds on this one, so the composition root passes them in. */
export type TraceCodeCounts = (ctx: Ctx) => Promise<{ codesIssued: number; scansThisMonth: number }>;

export const registerTraceCatalogRoutes = (
  app: App,
  platform: Platform,
  codeCounts?: TraceCodeCounts,
): void => {
  const products = new TraceProductService();
  const batches = new TraceBatchService();
  const outlets = new TraceOutletService();
  const business = new TraceBusinessService();

  // ---- products ----
  addRoute(app, platform, {
    method: 'GET',
    url: `${T}/products`,
    access: CATALOG_ACCESS.productView,
    summary: 'Traced products, newest first (productName contains, plantingStandard, enabledFlag)',
    schema: { params: tenantParam, querystring: traceProductListQuery, response: { 200: traceProductPage } },
    handler: (ctx, req) => products.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${T}/products/:traceProductId`,
    access: CATALOG_ACCESS.productView,
    summary: 'One traced product with its outlets and batch count',
    schema: { params: traceProductIdParam, response: { 200: traceProduct } },
    handler: (ctx, req) => products.get(ctx, req.params.traceProductId),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${T}/products`,
    access: CATALOG_ACCESS.productEdit,
    summary: 'Creates a traced product (GTIN check digit verified, normalised to 14 digits and claimed)',
    schema: { params: tenantParam, body: traceProductCreateBody, response: { 200: traceProduct } },
    handler: (ctx, req) => products.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${T}/products`,
    access: CATALOG_ACCESS.productEdit,
    summary: 'Saves a traced product (objectVersionNumber: stale → 409)',
    schema: { params: tenantParam, body: traceProductUpdateBody, response: { 200: traceProduct } },
    handler: (ctx, req) => products.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${T}/products/:traceProductId/enabled`,
    access: CATALOG_ACCESS.productEdit,
    summary: 'Enables or disables a traced product',
    schema: { params: traceProductIdParam, body: enabledBody, response: { 200: traceProduct } },
    handler: (ctx, req) =>
      products.setEnabled(ctx, req.params.traceProductId, req.body.enabledFlag, req.body.objectVersionNumber),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${T}/products/:traceProductId`,
    access: CATALOG_ACCESS.productDelete,
    summary: 'Deletes a traced product; refused (409) while a trace batch uses it',
    schema: { params: traceProductIdParam, querystring: versionQuery, response: { 200: okResult } },
    handler: (ctx, req) => products.remove(ctx, req.params.traceProductId, req.query.objectVersionNumber),
  });

  // ---- trace batches ----
  addRoute(app, platform, {
    method: 'GET',
    url: `${T}/overview`,
    access: CATALOG_ACCESS.batchView,
    summary: 'Counts above the trace batch list: products, batches by status (codes and scans when known)',
    schema: { params: tenantParam, response: { 200: traceOverview } },
    handler: (ctx) => batches.overview(ctx, codeCounts),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${T}/harvests`,
    access: CATALOG_ACCESS.batchView,
    summary: 'Harvested or closed farm batches a trace batch may be made of (keyword: code or name)',
    schema: { params: tenantParam, querystring: traceHarvestQuery, response: { 200: traceHarvestPage } },
    handler: (ctx, req) => batches.harvests(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${T}/batches`,
    access: CATALOG_ACCESS.batchView,
    summary: 'Trace batches, newest production first (traceProductId, status, batchCode contains, from, to)',
    schema: { params: tenantParam, querystring: traceBatchListQuery, response: { 200: traceBatchPage } },
    handler: (ctx, req) => batches.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${T}/batches/:traceBatchId`,
    access: CATALOG_ACCESS.batchView,
    summary: 'One trace batch with its harvests, inspections and published versions',
    schema: { params: traceBatchIdParam, response: { 200: traceBatchDetail } },
    handler: (ctx, req) => batches.get(ctx, req.params.traceBatchId),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${T}/batches`,
    access: CATALOG_ACCESS.batchEdit,
    summary: 'Creates a draft trace batch from harvested farm batches (expiry defaults to shelf life)',
    schema: { params: tenantParam, body: traceBatchCreateBody, response: { 200: traceBatch } },
    handler: (ctx, req) => batches.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${T}/batches`,
    access: CATALOG_ACCESS.batchEdit,
    summary: 'Saves a draft or withdrawn trace batch (published → 409; stale → 409)',
    schema: { params: tenantParam, body: traceBatchUpdateBody, response: { 200: traceBatch } },
    handler: (ctx, req) => batches.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${T}/batches/:traceBatchId/withdraw`,
    access: CATALOG_ACCESS.batchPublish,
    summary: 'Withdraws a published trace batch: its public page shows it withdrawn',
    schema: { params: traceBatchIdParam, body: withdrawBody, response: { 200: traceBatch } },
    handler: (ctx, req) => batches.withdraw(ctx, req.params.traceBatchId, req.body.objectVersionNumber),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${T}/batches/:traceBatchId`,
    access: CATALOG_ACCESS.batchDelete,
    summary: 'Deletes a trace batch never published (a published one stays on the ledger: 409)',
    schema: { params: traceBatchIdParam, querystring: versionQuery, response: { 200: okResult } },
    handler: (ctx, req) => batches.remove(ctx, req.params.traceBatchId, req.query.objectVersionNumber),
  });

  // ---- outlets ----
  addRoute(app, platform, {
    method: 'GET',
    url: `${T}/outlets`,
    access: OUTLET_READ,
    summary: 'Shops (kind=store) or online stores (kind=online), newest first (outletName, enabledFlag)',
    schema: { params: tenantParam, querystring: traceOutletListQuery, response: { 200: traceOutletPage } },
    handler: (ctx, req) => outlets.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${T}/outlets`,
    access: CATALOG_ACCESS.baseEdit,
    summary: 'Creates a shop (address) or an online store (platform, https URL only)',
    schema: { params: tenantParam, body: traceOutletCreateBody, response: { 200: traceOutlet } },
    handler: (ctx, req) => outlets.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${T}/outlets`,
    access: CATALOG_ACCESS.baseEdit,
    summary: 'Saves a shop or online store (its kind stays; stale → 409)',
    schema: { params: tenantParam, body: traceOutletUpdateBody, response: { 200: traceOutlet } },
    handler: (ctx, req) => outlets.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${T}/outlets/:outletId`,
    access: CATALOG_ACCESS.baseEdit,
    summary: 'Deletes a shop or online store; products stop listing it',
    schema: { params: traceOutletIdParam, querystring: versionQuery, response: { 200: okResult } },
    handler: (ctx, req) => outlets.remove(ctx, req.params.outletId, req.query.objectVersionNumber),
  });

  // ---- business profile ----
  addRoute(app, platform, {
    method: 'GET',
    url: `${T}/business`,
    access: CATALOG_ACCESS.businessView,
    summary: "The tenant's business profile, or null before the first save",
    schema: { params: tenantParam, response: { 200: traceBusinessAnswer } },
    handler: (ctx) => business.get(ctx),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${T}/business`,
    access: CATALOG_ACCESS.baseEdit,
    summary: 'Saves the business profile (credit code checked per GB 32100-2015, https website, code prefix)',
    schema: { params: tenantParam, body: traceBusinessBody, response: { 200: traceBusiness } },
    handler: (ctx, req) => business.save(ctx, req.body),
  });
};
