import { tenantParam } from '@tilth/contracts/common.types';
import {
  invLedgerFilter,
  invLedgerPage,
  invLedgerQuery,
  invSlowFilter,
  invSlowPage,
  invSlowQuery,
  invStockFilter,
  invStockPage,
  invStockQuery,
  invSummaryFilter,
  invSummaryPage,
  invSummaryQuery,
  invWarehouseValueList,
} from '@tilth/contracts/inventory.report.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import { sendXlsx } from '../../../platform/http/xlsx.js';
import type { Platform } from '../../../platform/platform.js';
import { InvReportService, REPORT_ACCESS } from './report.service.js';
import { ledgerWorkbook, slowWorkbook, stockWorkbook, summaryWorkbook } from './report.xlsx.js';

const BASE = '/wfpf/v1/:tenantId/inventory';

/** Stock reports (issue 15 item 4): read-only views of the stock ledger's book 'inv'. */
export const registerInvReportRoutes = (app: App, platform: Platform): void => {
  const svc = new InvReportService(platform.database);

  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/stock`,
    access: REPORT_ACCESS.stock,
    summary:
      'On hand per warehouse, SKU and lot in the stock unit, with value, in-transit quantity, min/max and expiry flags and totals (filters warehouseId, productId, skuId, keyword, lotNo, belowMin, aboveMax, expiring, showZero)',
    schema: { params: tenantParam, querystring: invStockQuery, response: { 200: invStockPage } },
    handler: (ctx, req) => svc.stock(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/stock/export`,
    access: REPORT_ACCESS.stock,
    summary: 'The filtered on-hand list as an Excel file (at most 50,000 rows)',
    schema: { params: tenantParam, querystring: invStockFilter },
    handler: async (ctx, req, reply) => {
      const { rows, opts } = await svc.stockExport(ctx, req.query);
      return sendXlsx(reply, 'stock.xlsx', await stockWorkbook(ctx.lang, rows, opts));
    },
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/stock/by-warehouse`,
    access: REPORT_ACCESS.stock,
    summary: 'Value on hand and in transit per warehouse, largest first (the stock page chart)',
    schema: { params: tenantParam, querystring: invStockFilter, response: { 200: invWarehouseValueList } },
    handler: (ctx, req) => svc.byWarehouse(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/report/summary`,
    access: REPORT_ACCESS.report,
    summary:
      'In / out / balance per period (day, month, year by document date), warehouse and SKU, with opening and closing, and every period’s money totals as `series`',
    schema: { params: tenantParam, querystring: invSummaryQuery, response: { 200: invSummaryPage } },
    handler: (ctx, req) => svc.summary(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/report/summary/export`,
    access: REPORT_ACCESS.report,
    summary: 'The in / out / balance report as an Excel file',
    schema: { params: tenantParam, querystring: invSummaryFilter },
    handler: async (ctx, req, reply) => {
      const { rows, opts } = await svc.summaryExport(ctx, req.query);
      return sendXlsx(reply, 'stock-summary.xlsx', await summaryWorkbook(ctx.lang, rows, opts));
    },
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/report/ledger`,
    access: REPORT_ACCESS.report,
    summary:
      'Movement detail: every ledger row with its document (sourceType, sourceId, sourceCode), quantity, cost, value and balance after; newest posting first',
    schema: { params: tenantParam, querystring: invLedgerQuery, response: { 200: invLedgerPage } },
    handler: (ctx, req) => svc.ledger(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/report/ledger/export`,
    access: REPORT_ACCESS.report,
    summary: 'The filtered movement detail as an Excel file (at most 50,000 rows)',
    schema: { params: tenantParam, querystring: invLedgerFilter },
    handler: async (ctx, req, reply) => {
      const { rows, opts } = await svc.ledgerExport(ctx, req.query);
      return sendXlsx(reply, 'stock-movements.xlsx', await ledgerWorkbook(ctx.lang, rows, opts));
    },
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/report/slow-movers`,
    access: REPORT_ACCESS.report,
    summary: 'SKUs with stock and no outbound movement in `days` days (default 90), largest value first',
    schema: { params: tenantParam, querystring: invSlowQuery, response: { 200: invSlowPage } },
    handler: (ctx, req) => svc.slowMovers(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/report/slow-movers/export`,
    access: REPORT_ACCESS.report,
    summary: 'The slow movers as an Excel file',
    schema: { params: tenantParam, querystring: invSlowFilter },
    handler: async (ctx, req, reply) => {
      const { rows, opts } = await svc.slowExport(ctx, req.query);
      return sendXlsx(reply, 'slow-movers.xlsx', await slowWorkbook(ctx.lang, rows, opts));
    },
  });
};
