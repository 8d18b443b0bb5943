import { errorBody } from '@tilth/contracts/common.types';
import {
  marketDetail,
  marketDetailQuery,
  marketIdParam,
  marketInfoPage,
  marketInfoQuery,
  priceImportFailure,
  priceImportResult,
} from '@tilth/contracts/market.types';
import { z } from 'zod';
import { type App, addRoute } from '../../../platform/http/route.js';
import { langFromHeader } from '../../../platform/i18n/lang.js';
import type { Platform } from '../../../platform/platform.js';
import { MarketErrors } from './market.errors.js';
import { MARKET_ACCESS, MarketService, PriceImportRowsError } from './market.service.js';

/**
 * /wfpf/v1/0/vegetable-price/…: the platform's price data. The 0 is literal, not a tenant parameter:
 * members of any tenant read these platform rows; the service reads them in a tenant-0 transaction.
 */
export const registerMarketRoutes = (app: App, platform: Platform): void => {
  const markets = new MarketService(platform.database);
  const base = '/wfpf/v1/0/vegetable-price';

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/market/info`,
    access: MARKET_ACCESS.read,
    summary: "Markets (province contains) with their latest day's prices (keyword: product name contains)",
    schema: { querystring: marketInfoQuery, response: { 200: marketInfoPage } },
    handler: (ctx, req) => markets.info(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/market/detail/:id`,
    access: MARKET_ACCESS.read,
    summary: "One market: each product's latest price and its last 30 days (productName: that product only)",
    schema: {
      params: marketIdParam,
      querystring: marketDetailQuery,
      response: { 200: marketDetail, 404: errorBody },
    },
    handler: (ctx, req) => markets.detail(ctx, req.params.id, req.query),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/import`,
    access: MARKET_ACCESS.import,
    summary:
      'Import prices from a CSV or .xlsx (multipart field "file"; columns market, province, city, product, category, unit, min, avg, max, date); all or nothing',
    schema: {
      consumes: ['multipart/form-data'],
      response: { 200: priceImportResult, 400: z.union([priceImportFailure, errorBody]) },
    },
    handler: async (ctx, req, reply) => {
      if (!req.isMultipart()) throw MarketErrors.noFile();
      const part = await req
        .file({ limits: { fileSize: platform.config.uploadLimitBytes } })
        .catch((err: unknown) => {
          if (typeof err === 'object' && err !== null && 'statusCode' in err) throw err;
          throw MarketErrors.noFile();
        });
      if (!part) throw MarketErrors.noFile();
      const buf = await part.toBuffer();
      try {
        return await markets.importFile(ctx, buf, part.filename);
      } catch (err) {
        if (err instanceof PriceImportRowsError) {
          return reply.status(400).send(err.body(langFromHeader(req.headers['accept-language'])));
        }
        throw err;
      }
    },
  });
};
