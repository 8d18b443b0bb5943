import { tenantParam } from '@tilth/contracts/common.types';
import {
  ariQuery,
  ariReport,
  lightQuery,
  lightReport,
  rainfallQuery,
  rainfallReport,
  reportStations,
  reportStationsQuery,
} from '@tilth/contracts/report.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { ariWorkbook, lightWorkbook, REPORT_TITLES, rainfallWorkbook } from './report.export.js';
import { ANY_WEATHER_REPORT, REPORT_ACCESS, ReportService } from './report.service.js';
import { exportFileName, sendXlsx } from './report.xlsx.js';

export const registerReportRoutes = (app: App, platform: Platform): void => {
  const reports = new ReportService(platform.database);
  const base = '/wfpe/v1/:tenantId/report';

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/stations`,
    access: ANY_WEATHER_REPORT,
    summary: 'Weather stations a report can be made for (areaId: those of one base)',
    schema: { params: tenantParam, querystring: reportStationsQuery, response: { 200: reportStations } },
    handler: (ctx, req) => reports.stations(ctx, req.query.areaId),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/rainfall`,
    access: REPORT_ACCESS.rainfall,
    summary:
      'Rainfall per day | month | year between startDate and endDate (at most 366 days / 120 months / 50 years): total mm, rain days (≥ 0.1 mm), heaviest hour',
    schema: { params: tenantParam, querystring: rainfallQuery, response: { 200: rainfallReport } },
    handler: (ctx, req) => reports.rainfall(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/rainfall/export`,
    access: REPORT_ACCESS.rainfall,
    summary: 'The rainfall report as .xlsx',
    schema: { params: tenantParam, querystring: rainfallQuery },
    handler: async (ctx, req, reply) =>
      sendXlsx(
        reply,
        exportFileName(REPORT_TITLES.rainfall[ctx.lang], req.query.startDate, req.query.endDate),
        await rainfallWorkbook(await reports.rainfall(ctx, req.query), ctx.lang),
      ),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/ari`,
    access: REPORT_ACCESS.ari,
    summary:
      'Accumulated temperature per day (at most 366): daily mean of hourly means, effective (Σ max(0, mean − base)) and active (Σ mean ≥ base) with running totals; base 0–30 °C, default 10',
    schema: { params: tenantParam, querystring: ariQuery, response: { 200: ariReport } },
    handler: (ctx, req) => reports.ari(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/ari/export`,
    access: REPORT_ACCESS.ari,
    summary: 'The accumulated temperature report as .xlsx',
    schema: { params: tenantParam, querystring: ariQuery },
    handler: async (ctx, req, reply) =>
      sendXlsx(
        reply,
        exportFileName(REPORT_TITLES.ari[ctx.lang], req.query.startDate, req.query.endDate),
        await ariWorkbook(await reports.ari(ctx, req.query), ctx.lang),
      ),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/light`,
    access: REPORT_ACCESS.light,
    summary:
      'Illuminance per day | month: mean and max (lux) and sunshine hours (hourly mean ≥ sunshineLux, default 13200 ≈ 120 W/m²)',
    schema: { params: tenantParam, querystring: lightQuery, response: { 200: lightReport } },
    handler: (ctx, req) => reports.light(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/light/export`,
    access: REPORT_ACCESS.light,
    summary: 'The light report as .xlsx',
    schema: { params: tenantParam, querystring: lightQuery },
    handler: async (ctx, req, reply) =>
      sendXlsx(
        reply,
        exportFileName(REPORT_TITLES.light[ctx.lang], req.query.startDate, req.query.endDate),
        await lightWorkbook(await reports.light(ctx, req.query), ctx.lang),
      ),
  });
};
