import { auditLogFilter, auditLogPage, auditLogQuery } from '@tilth/contracts/audit.types';
import { tenantParam } from '@tilth/contracts/common.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import { sendXlsx } from '../../../platform/http/xlsx.js';
import type { Platform } from '../../../platform/platform.js';
import { AUDIT_VIEW, AuditService } from './audit.service.js';
import { auditWorkbook } from './audit.xlsx.js';

/** The tenant's audit log (issue 13 item 7): read-only, there is no route that changes it. */
export const registerAuditRoutes = (app: App, platform: Platform): void => {
  const svc = new AuditService();

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/audit-log',
    access: AUDIT_VIEW,
    summary:
      'Who did what, newest first: filters from/to (tenant days), actor (id or name), action (prefix), targetType, target, ip (prefix); paged by cursor (next)',
    schema: { params: tenantParam, querystring: auditLogQuery, response: { 200: auditLogPage } },
    handler: (ctx, req) => svc.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/audit-log/export',
    access: AUDIT_VIEW,
    summary: 'The filtered log as an Excel file (newest first, at most 50,000 rows)',
    schema: { params: tenantParam, querystring: auditLogFilter },
    handler: async (ctx, req, reply) => {
      const rows = await svc.exportRows(ctx, req.query);
      return sendXlsx(reply, 'audit-log.xlsx', await auditWorkbook(ctx.lang, ctx.timeZone, rows));
    },
  });
};
