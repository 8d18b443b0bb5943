import {
  application,
  applicationCreateBody,
  applicationEnableBody,
  applicationIdParam,
  applicationListQuery,
  applicationPage,
  applicationUpdateBody,
  applicationVersionBody,
  applicationWithSecret,
} from '@tilth/contracts/application.types';
import { okResult, tenantParam } from '@tilth/contracts/common.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { APPLICATION_ACCESS, ApplicationService } from './application.service.js';

export const registerApplicationRoutes = (app: App, platform: Platform): void => {
  const svc = new ApplicationService();
  const base = '/wfpf/v1/:tenantId/application';

  addRoute(app, platform, {
    method: 'GET',
    url: base,
    access: APPLICATION_ACCESS.read,
    summary: 'Applications of the tenant (page, size, name contains, enabled); never their secrets',
    schema: { params: tenantParam, querystring: applicationListQuery, response: { 200: applicationPage } },
    handler: (ctx, req) => svc.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${base}/:id`,
    access: APPLICATION_ACCESS.read,
    summary: 'One application',
    schema: { params: applicationIdParam, response: { 200: application } },
    handler: (ctx, req) => svc.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: base,
    access: APPLICATION_ACCESS.create,
    summary: 'Creates an application; answers its client secret this once (only a hash is kept)',
    schema: { params: tenantParam, body: applicationCreateBody, response: { 200: applicationWithSecret } },
    handler: (ctx, req) => svc.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: base,
    access: APPLICATION_ACCESS.edit,
    summary: 'Edits name, description, scopes, expiry and allow-list (id and objectVersionNumber required)',
    schema: { params: tenantParam, body: applicationUpdateBody, response: { 200: application } },
    handler: (ctx, req) => svc.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/enabled`,
    access: APPLICATION_ACCESS.edit,
    summary:
      'Enables or disables an application; a disabled one gets no token and its tokens get 401 at once',
    schema: { params: applicationIdParam, body: applicationEnableBody, response: { 200: application } },
    handler: (ctx, req) => svc.setEnabled(ctx, req.params.id, req.body.enabled, req.body.objectVersionNumber),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${base}/:id/rotate`,
    access: APPLICATION_ACCESS.edit,
    summary: 'A new client secret, answered this once; the old secret and its tokens stop working at once',
    schema: {
      params: applicationIdParam,
      body: applicationVersionBody,
      response: { 200: applicationWithSecret },
    },
    handler: (ctx, req) => svc.rotate(ctx, req.params.id, req.body.objectVersionNumber),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${base}/:id`,
    access: APPLICATION_ACCESS.delete,
    summary: 'Deletes an application; its tokens get 401 at once',
    schema: { params: applicationIdParam, response: { 200: okResult } },
    handler: (ctx, req) => svc.remove(ctx, req.params.id),
  });
};
