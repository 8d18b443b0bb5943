import {
  carbonDashboardQuery,
  carbonEntry,
  carbonEntryCreateBody,
  carbonEntryIdParam,
  carbonEntryListQuery,
  carbonEntryPage,
  carbonEntryUpdateBody,
  carbonExportQuery,
  carbonMonitor,
  carbonMonitorQuery,
  carbonVersionQuery,
} from '@tilth/contracts/carbon.types';
import { okResult, tenantParam } from '@tilth/contracts/common.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import { contentDisposition } from '../../../platform/http/serve-file.js';
import type { Platform } from '../../../platform/platform.js';
import { sendXlsx } from '../../iot/report/index.js';
import { EntryService } from './entry.service.js';
import { reportPdf, reportXlsx } from './footprint.export.js';
import { CARBON_ACCESS, dashboard, monitor } from './footprint.service.js';

const BASE = '/wfpf/v1/:tenantId/carbon';

/** Carbon monitoring, manual entries and the dashboard with its report (issue 18 items 6–7). */
export const registerFootprintRoutes = (app: App, platform: Platform): void => {
  const entries = new EntryService();
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/monitor`,
    access: [CARBON_ACCESS.neutral, CARBON_ACCESS.dashboard],
    summary:
      'Emissions and removals computed from records for a period (≤ 3 years; base, plot, batch filters): totals, by source / stage / base / plot / batch (per kg of harvest) / month, and every calculation line',
    schema: { params: tenantParam, querystring: carbonMonitorQuery, response: { 200: carbonMonitor } },
    handler: (ctx, req) => monitor(ctx, req.query, platform.database),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/dashboard`,
    access: CARBON_ACCESS.dashboard,
    summary:
      "The dashboard's year (the setting's fixed year unless asked): the monitoring figures of that year",
    schema: { params: tenantParam, querystring: carbonDashboardQuery, response: { 200: carbonMonitor } },
    handler: (ctx, req) => dashboard(ctx, req.query.year, CARBON_ACCESS.dashboard, platform.database),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/dashboard/export`,
    access: CARBON_ACCESS.export,
    summary:
      "The dashboard's year as a report: format=xlsx (every line) or pdf (figures and the first 300 lines)",
    schema: { params: tenantParam, querystring: carbonExportQuery },
    handler: async (ctx, req, reply) => {
      const m = await dashboard(ctx, req.query.year, CARBON_ACCESS.export, platform.database);
      const year = Number(m.from.slice(0, 4));
      const name = `${ctx.lang === 'zh-CN' ? '碳排放报告' : 'carbon-report'}-${year}`;
      if (req.query.format === 'xlsx')
        return sendXlsx(reply, `${name}.xlsx`, await reportXlsx(m, year, ctx.lang));
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('attachment', `${name}.pdf`))
        .header('cache-control', 'no-store')
        .send(await reportPdf(m, year, ctx.lang));
    },
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/entries`,
    access: CARBON_ACCESS.neutral,
    summary: 'Manual carbon entries, newest first (kind, stage, base, batch, date range)',
    schema: { params: tenantParam, querystring: carbonEntryListQuery, response: { 200: carbonEntryPage } },
    handler: (ctx, req) => entries.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/entries`,
    access: CARBON_ACCESS.neutralEdit,
    summary:
      "Records an emission or removal: stage, base / plot / batch, a factor and the amount in the factor's activity unit, evidence files of this tenant",
    schema: { params: tenantParam, body: carbonEntryCreateBody, response: { 200: carbonEntry } },
    handler: (ctx, req) => entries.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/entries`,
    access: CARBON_ACCESS.neutralEdit,
    summary: 'Saves a manual entry (objectVersionNumber: stale → 409)',
    schema: { params: tenantParam, body: carbonEntryUpdateBody, response: { 200: carbonEntry } },
    handler: (ctx, req) => entries.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/entries/:entryId`,
    access: CARBON_ACCESS.neutralEdit,
    summary: 'Deletes a manual entry',
    schema: { params: carbonEntryIdParam, querystring: carbonVersionQuery, response: { 200: okResult } },
    handler: (ctx, req) => entries.remove(ctx, req.params.entryId, req.query.objectVersionNumber),
  });
};
