import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  INVENTORY_PAGE_CODES,
  invDeleteQuery,
  invIdParam,
  invWarehouse,
  invWarehouseCreateBody,
  invWarehouseListFilter,
  invWarehouseListQuery,
  invWarehousePage,
  invWarehouseUpdateBody,
} from '@tilth/contracts/inventory.base.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import { answerExport } from '../../../platform/http/xlsx.js';
import type { Platform } from '../../../platform/platform.js';
import { STORE_ACCESS, StoreService } from './store.service.js';
import { warehouseSheet } from './store.xlsx.js';

const BASE = '/wfpf/v1/:tenantId/inventory/store';

export const registerInvStoreRoutes = (app: App, platform: Platform): void => {
  const stores = new StoreService();
  addRoute(app, platform, {
    method: 'GET',
    url: BASE,
    access: INVENTORY_PAGE_CODES,
    summary:
      'Warehouses, newest first (warehouseName / warehouseCode contain, areaId, enabledFlag; size=0: all)',
    schema: { params: tenantParam, querystring: invWarehouseListQuery, response: { 200: invWarehousePage } },
    handler: (ctx, req) => stores.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/export`,
    access: INVENTORY_PAGE_CODES,
    summary: 'The filtered warehouses as an Excel file (same filters as the list; at most 50,000 rows)',
    schema: { params: tenantParam, querystring: invWarehouseListFilter },
    handler: (ctx, req, reply) =>
      answerExport(reply, ctx, 'warehouses.xlsx', warehouseSheet(ctx.lang), (w) =>
        stores.list(ctx, { ...req.query, ...w }),
      ),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id`,
    access: INVENTORY_PAGE_CODES,
    summary: 'One warehouse with its manager and base names',
    schema: { params: invIdParam, response: { 200: invWarehouse } },
    handler: (ctx, req) => stores.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: BASE,
    access: STORE_ACCESS,
    summary:
      'Adds a warehouse (unique code and name: 409; manager a user of the tenant, areaId a farm base: 400)',
    schema: { params: tenantParam, body: invWarehouseCreateBody, response: { 200: invWarehouse } },
    handler: (ctx, req) => stores.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/:id`,
    access: STORE_ACCESS,
    summary: 'Edits, enables or disables a warehouse (objectVersionNumber: stale → 409)',
    schema: { params: invIdParam, body: invWarehouseUpdateBody, response: { 200: invWarehouse } },
    handler: (ctx, req) => stores.update(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/:id`,
    access: STORE_ACCESS,
    summary: 'Deletes a warehouse (409 while it holds stock or a shop, document or the options name it)',
    schema: { params: invIdParam, querystring: invDeleteQuery, response: { 200: okResult } },
    handler: (ctx, req) => stores.remove(ctx, req.params.id, req.query.objectVersionNumber),
  });
};
