import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  invProduct,
  invProductCreateBody,
  invProductDeleteQuery,
  invProductIdParam,
  invProductListFilter,
  invProductListQuery,
  invProductPage,
  invProductUpdateBody,
  invSkuListQuery,
  invSkuPickPage,
} from '@tilth/contracts/inventory.product.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import { answerExport } from '../../../platform/http/xlsx.js';
import type { Platform } from '../../../platform/platform.js';
import { registerProductReferenceChecks } from './product.references.js';
import { PRODUCT_ACCESS, ProductService } from './product.service.js';
import { productSheet } from './product.xlsx.js';
import { SKU_READERS, SkuService } from './sku.service.js';

const BASE = '/wfpf/v1/:tenantId/inventory/product';

export const registerInvProductRoutes = (app: App, platform: Platform): void => {
  const products = new ProductService();
  const skus = new SkuService();
  registerProductReferenceChecks();

  addRoute(app, platform, {
    method: 'GET',
    url: BASE,
    access: PRODUCT_ACCESS,
    summary:
      'Products (SPU), newest first (keyword in name / code / alias, productType, enabledFlag, cropId)',
    schema: { params: tenantParam, querystring: invProductListQuery, response: { 200: invProductPage } },
    handler: (ctx, req) => products.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/export`,
    access: PRODUCT_ACCESS,
    summary: 'The filtered products as an Excel file (same filters as the list; at most 50,000 rows)',
    schema: { params: tenantParam, querystring: invProductListFilter },
    handler: (ctx, req, reply) =>
      answerExport(reply, ctx, 'products.xlsx', productSheet(ctx.lang), (w) =>
        products.list(ctx, { ...req.query, ...w }),
      ),
  });
  // Before /product/:id so 'sku' is not taken for an id.
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/sku`,
    access: SKU_READERS,
    summary:
      'SKUs for document line pickers (keyword, productId, productType, enabledFlag default 1; warehouseId adds available stock)',
    schema: { params: tenantParam, querystring: invSkuListQuery, response: { 200: invSkuPickPage } },
    handler: (ctx, req) => skus.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id`,
    access: PRODUCT_ACCESS,
    summary: 'One product with its attributes, SKUs and stock limits per warehouse',
    schema: { params: invProductIdParam, response: { 200: invProduct } },
    handler: (ctx, req) => products.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: BASE,
    access: PRODUCT_ACCESS,
    summary:
      'Adds a product and its SKUs (one per attribute value combination; skus absent: all combinations)',
    schema: { params: tenantParam, body: invProductCreateBody, response: { 200: invProduct } },
    handler: (ctx, req) => products.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/:id`,
    access: PRODUCT_ACCESS,
    summary:
      'Edits a product (objectVersionNumber); SKUs keep their ids, one with stock or documents cannot be removed (409)',
    schema: { params: invProductIdParam, body: invProductUpdateBody, response: { 200: invProduct } },
    handler: (ctx, req) => products.update(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/:id`,
    access: PRODUCT_ACCESS,
    summary: 'Deletes a product none of whose SKUs has stock or documents (409: disable it instead)',
    schema: { params: invProductIdParam, querystring: invProductDeleteQuery, response: { 200: okResult } },
    handler: (ctx, req) => products.remove(ctx, req.params.id, req.query.objectVersionNumber),
  });
};
