import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  INVENTORY_PAGE_CODES,
  invDeleteQuery,
  invIdParam,
  invShop,
  invShopCreateBody,
  invShopListFilter,
  invShopListQuery,
  invShopPage,
  invShopUpdateBody,
} from '@tilth/contracts/inventory.base.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import { answerExport } from '../../../platform/http/xlsx.js';
import type { Platform } from '../../../platform/platform.js';
import { registerReferenceCheck } from '../reference/index.js';
import { SHOP_ACCESS, ShopService, shopsOfWarehouse } from './shop.service.js';
import { shopSheet } from './shop.xlsx.js';

const BASE = '/wfpf/v1/:tenantId/inventory/shops';

export const registerInvShopRoutes = (app: App, platform: Platform): void => {
  const shops = new ShopService();
  registerReferenceCheck('warehouse', 'shops', shopsOfWarehouse);
  addRoute(app, platform, {
    method: 'GET',
    url: BASE,
    access: INVENTORY_PAGE_CODES,
    summary: 'Shops, newest first (keyword in name / code, warehouseId, areaId, enabledFlag; size=0: all)',
    schema: { params: tenantParam, querystring: invShopListQuery, response: { 200: invShopPage } },
    handler: (ctx, req) => shops.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/export`,
    access: INVENTORY_PAGE_CODES,
    summary: 'The filtered shops as an Excel file (same filters as the list; at most 50,000 rows)',
    schema: { params: tenantParam, querystring: invShopListFilter },
    handler: (ctx, req, reply) =>
      answerExport(reply, ctx, 'shops.xlsx', shopSheet(ctx.lang), (w) =>
        shops.list(ctx, { ...req.query, ...w }),
      ),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id`,
    access: INVENTORY_PAGE_CODES,
    summary: 'One shop with its manager, warehouse and base names',
    schema: { params: invIdParam, response: { 200: invShop } },
    handler: (ctx, req) => shops.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: BASE,
    access: SHOP_ACCESS,
    summary: 'Adds a shop (unique code: 409; manager, warehouse and base must exist: 400)',
    schema: { params: tenantParam, body: invShopCreateBody, response: { 200: invShop } },
    handler: (ctx, req) => shops.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/:id`,
    access: SHOP_ACCESS,
    summary: 'Edits, enables or disables a shop (objectVersionNumber: stale → 409)',
    schema: { params: invIdParam, body: invShopUpdateBody, response: { 200: invShop } },
    handler: (ctx, req) => shops.update(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/:id`,
    access: SHOP_ACCESS,
    summary: 'Deletes a shop (409 while a document names it)',
    schema: { params: invIdParam, querystring: invDeleteQuery, response: { 200: okResult } },
    handler: (ctx, req) => shops.remove(ctx, req.params.id, req.query.objectVersionNumber),
  });
};
