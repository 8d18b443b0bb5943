import { tenantParam } from '@tilth/contracts/common.types';
import { insectCounts, insectIdParam, insectTrend, pieChart } from '@tilth/contracts/insect.types';
import {
  insectTypeDetails,
  insectTypeOrgList,
  insectTypeOrgQuery,
  isIdentified,
  pestAggregateList,
  pestDayList,
  pestDeviceParam,
  pestRangeQuery,
  pestStatistics,
  pestStatisticsQuery,
  pestTrendParam,
} from '@tilth/contracts/insect-lamp.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { RECORD_ACCESS, STATISTICS_ACCESS } from './insect.access.js';
import type { InsectService } from './insect.service.js';
import { PestDeviceStatisticsService } from './insect-lamp-statistics.service.js';
import type { InsectStatisticsService } from './insect-statistics.service.js';

// Spec 02 §7 "Pest statistics": the per-trap calls insect-statistics/{id}/… (id = concentrator id), the
// pest-statistics overview, and the v2 insect type and identification look-ups.

export const registerPestStatisticsRoutes = (
  app: App,
  platform: Platform,
  records: InsectService,
  stats: InsectStatisticsService,
): void => {
  const pests = new PestDeviceStatisticsService(records, stats);
  const base = '/wfpe/v1/:tenantId/insect-statistics';
  const v2 = '/wfpe/v2/:tenantId/insect';

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/pest-statistics`,
    access: STATISTICS_ACCESS.read,
    summary:
      'Pest statistics overview of a range (default the last month; areaId optional): totals, the pie and each trap’s catch',
    schema: { params: tenantParam, querystring: pestStatisticsQuery, response: { 200: pestStatistics } },
    handler: (ctx, req) => pests.overview(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:id/trend/:x`,
    access: STATISTICS_ACCESS.read,
    summary:
      'Pest trend of a trap (id = concentrator id; startTime, endTime, default the last month): [{name, insectQuantity, creationDate}] per day and pest; x = all or an insect type id',
    schema: { params: pestTrendParam, querystring: pestRangeQuery, response: { 200: insectTrend } },
    handler: (ctx, req) => pests.trend(ctx, req.params.id, req.params.x, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:id/pie-chart`,
    access: STATISTICS_ACCESS.read,
    summary: 'Share of each pest in one trap’s catch over a range: [{name, value, percent}]',
    schema: { params: pestDeviceParam, querystring: pestRangeQuery, response: { 200: pieChart } },
    handler: (ctx, req) => pests.pie(ctx, req.params.id, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:id/list`,
    access: STATISTICS_ACCESS.read,
    summary: 'One trap’s catch per farm day of the range (zeros included), with the counts per pest',
    schema: { params: pestDeviceParam, querystring: pestRangeQuery, response: { 200: pestDayList } },
    handler: (ctx, req) => pests.days(ctx, req.params.id, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:id/count`,
    access: STATISTICS_ACCESS.read,
    summary: 'One trap’s catch today, over the past 7 days and the past 30 days',
    schema: { params: pestDeviceParam, response: { 200: insectCounts } },
    handler: (ctx, req) => pests.counts(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:id/aggregate-bug`,
    access: STATISTICS_ACCESS.read,
    summary:
      'Per pest caught by one trap over a range: total, share, days caught, peak day and its catalogue entry',
    schema: { params: pestDeviceParam, querystring: pestRangeQuery, response: { 200: pestAggregateList } },
    handler: (ctx, req) => pests.aggregate(ctx, req.params.id, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${v2}/type/organization`,
    access: STATISTICS_ACCESS.read,
    summary:
      'Insect types the organisation (tenant) can use: the platform catalogue and its own (name contains)',
    schema: { params: tenantParam, querystring: insectTypeOrgQuery, response: { 200: insectTypeOrgList } },
    handler: (ctx, req) => pests.typesOfOrganization(ctx, req.query.name?.trim() || undefined),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${v2}/type/:id/details/organization`,
    access: STATISTICS_ACCESS.read,
    summary: 'One insect type and how many the organisation caught over a range (default the last month)',
    schema: { params: insectIdParam, querystring: pestRangeQuery, response: { 200: insectTypeDetails } },
    handler: (ctx, req) => pests.typeDetails(ctx, req.params.id, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${v2}/maintenance/is-identify/:id`,
    access: RECORD_ACCESS.view,
    summary: 'Whether a pest record (id) has been identified, its source and whether it has a photo',
    schema: { params: insectIdParam, response: { 200: isIdentified } },
    handler: (ctx, req) => pests.isIdentified(ctx, req.params.id),
  });
};
