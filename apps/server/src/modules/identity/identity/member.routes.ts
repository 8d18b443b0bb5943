import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  importAnswer,
  passwordResetAnswer,
  passwordResetRequest,
  tenantUserAddExisting,
  tenantUserCreate,
  tenantUserCreated,
  tenantUserEnable,
  tenantUserExportQuery,
  tenantUserIdParam,
  tenantUserPage,
  tenantUserQuery,
  tenantUserUpdate,
  tenantUserView,
} from '@tilth/contracts/users.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import { contentDisposition } from '../../../platform/http/serve-file.js';
import type { Platform } from '../../../platform/platform.js';
import type { AuthService } from './auth.service.js';
import { MemberErrors } from './member.errors.js';
import { MemberImport } from './member.import.js';
import { MemberService } from './member.service.js';
import { exportWorkbook, importTemplate, XLSX_TYPE } from './member.xlsx.js';

const BASE = '/iam/v1/:tenantId/users';
const IMPORT_LIMIT_BYTES = 5 * 1024 * 1024;

/** Users of a tenant (issue 13 item 3); roles are assigned on /iam/v1/{t}/members/{userId}/roles. */
export const registerMemberRoutes = (app: App, platform: Platform, auth: AuthService): void => {
  const svc = new MemberService(auth);
  const importer = new MemberImport();

  addRoute(app, platform, {
    method: 'GET',
    url: BASE,
    access: 'wfpf.company.system.user-manage',
    summary: 'Users of the tenant, paged; filters realName, phone (contains), roleId, enabled',
    schema: { params: tenantParam, querystring: tenantUserQuery, response: { 200: tenantUserPage } },
    handler: (ctx, req) => svc.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: BASE,
    access: 'wfpf.company.system.user-manage.ps.create',
    summary: 'Create an account (phone = sign-in name) with an initial password or an SMS invitation',
    schema: { params: tenantParam, body: tenantUserCreate, response: { 200: tenantUserCreated } },
    handler: (ctx, req) => svc.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: BASE,
    access: 'wfpf.company.system.user-manage.ps.edit',
    summary: 'Edit name and phone (objectVersionNumber); the phone only of an account of this tenant alone',
    schema: { params: tenantParam, body: tenantUserUpdate, response: { 200: tenantUserView } },
    handler: (ctx, req) => svc.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/existing`,
    access: 'wfpf.company.system.user-manage.ps.create',
    summary: 'Add the existing account with this phone (a user of another tenant) to this tenant',
    schema: { params: tenantParam, body: tenantUserAddExisting, response: { 200: tenantUserView } },
    handler: (ctx, req) => svc.addExisting(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/:userId/enabled`,
    access: 'wfpf.company.system.user-manage.ps.edit',
    summary: 'Enable or disable the member in this tenant; a disabled member is refused at once',
    schema: { params: tenantUserIdParam, body: tenantUserEnable, response: { 200: tenantUserView } },
    handler: (ctx, req) => svc.setEnabled(ctx, req.params.userId, req.body.enabled),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/:userId/password-reset`,
    access: 'wfpf.company.system.user-manage.ps.edit',
    summary: 'Reset the password: a temporary one shown once (ends every session), or an SMS code',
    schema: { params: tenantUserIdParam, body: passwordResetRequest, response: { 200: passwordResetAnswer } },
    handler: (ctx, req) => svc.resetPassword(ctx, req.params.userId, req.body.mode),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/:userId`,
    access: 'wfpf.company.system.user-manage.ps.delete',
    summary: 'Remove the member from this tenant (the account and its other tenants stay)',
    schema: { params: tenantUserIdParam, response: { 200: okResult } },
    handler: (ctx, req) => svc.remove(ctx, req.params.userId),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/import-template`,
    access: 'wfpf.company.system.user-manage.ps.create',
    summary: 'The Excel template of the user import (name, phone, roles by name, initial password)',
    schema: { params: tenantParam },
    handler: async (ctx, _req, reply) =>
      reply
        .type(XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', 'users-template.xlsx'))
        .header('cache-control', 'no-store')
        .send(await importTemplate(ctx.lang)),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/import`,
    access: 'wfpf.company.system.user-manage.ps.create',
    summary: 'Import users from the template (multipart field "file"): all rows, or none and the reasons',
    schema: { params: tenantParam, consumes: ['multipart/form-data'], response: { 200: importAnswer } },
    noTransaction: true,
    handler: async (ctx, req) => {
      if (!req.isMultipart()) throw MemberErrors.notSpreadsheet();
      const part = await req.file({ limits: { fileSize: IMPORT_LIMIT_BYTES } }).catch((err: unknown) => {
        if (typeof err === 'object' && err !== null && 'statusCode' in err) throw err;
        throw MemberErrors.notSpreadsheet();
      });
      if (!part) throw MemberErrors.notSpreadsheet();
      const data = await part.toBuffer().catch(() => {
        throw MemberErrors.notSpreadsheet();
      });
      return importer.run(ctx, data);
    },
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/export`,
    access: 'wfpf.company.system.user-manage',
    summary: 'The filtered user list as an Excel file',
    schema: { params: tenantParam, querystring: tenantUserExportQuery },
    handler: async (ctx, req, reply) => {
      const rows = await svc.listAll(ctx, req.query);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', 'users.xlsx'))
        .header('cache-control', 'no-store')
        .send(await exportWorkbook(ctx.lang, ctx.timeZone, rows));
    },
  });
};
