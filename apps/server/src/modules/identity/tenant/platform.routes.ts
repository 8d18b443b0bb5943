import { okResult } from '@tilth/contracts/common.types';
import {
  platformAuditPage,
  platformAuditQuery,
  platformDomainParam,
  platformScreenList,
  platformScreenParam,
  platformTenant,
  platformTenantCreate,
  platformTenantCreated,
  platformTenantEnable,
  platformTenantPage,
  platformTenantParam,
  platformTenantQuery,
  platformTenantUpdate,
  tenantDomain,
  tenantDomainCreate,
  tenantDomainList,
  tenantDomainUpdate,
} from '@tilth/contracts/platform.types';
import { tenantScreen, tenantScreenCreateBody, tenantScreenUpdateBody } from '@tilth/contracts/tenant.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { PlatformService } from './platform.service.js';

// The platform administrator's routes: outside any tenant (no :tenantId, so no tenant transaction and no
// membership check), every one 'platformAdmin'. The tenant acted on is `:id`.
const BASE = '/wfpf/v1/platform/tenants';

export const registerPlatformRoutes = (app: App, platform: Platform): void => {
  const svc = new PlatformService(platform.database);

  addRoute(app, platform, {
    method: 'GET',
    url: BASE,
    access: 'platformAdmin',
    summary:
      'Tenants, paged; filters tenantName, tenantNum (contains), enabled; with member count and domains',
    schema: { querystring: platformTenantQuery, response: { 200: platformTenantPage } },
    handler: (ctx, req) => svc.list(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: BASE,
    access: 'platformAdmin',
    summary:
      'Creates a tenant as registration does (roles, menus, organisation root) with its first administrator by phone',
    schema: { body: platformTenantCreate, response: { 200: platformTenantCreated } },
    handler: (ctx, req) => svc.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id`,
    access: 'platformAdmin',
    summary: 'One tenant',
    schema: { params: platformTenantParam, response: { 200: platformTenant } },
    handler: (ctx, req) => svc.get(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/:id`,
    access: 'platformAdmin',
    summary: "Edits a tenant's name and time zone (objectVersionNumber required)",
    schema: { params: platformTenantParam, body: platformTenantUpdate, response: { 200: platformTenant } },
    handler: (ctx, req) => svc.update(ctx, req.params.id, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/:id/enabled`,
    access: 'platformAdmin',
    summary:
      'Enables or disables a tenant (its members are refused there at once); tenant 0 cannot be disabled',
    schema: { params: platformTenantParam, body: platformTenantEnable, response: { 200: platformTenant } },
    handler: (ctx, req) => svc.setEnabled(ctx, req.params.id, req.body),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id/domains`,
    access: 'platformAdmin',
    summary: "The tenant's domains and the login-page brand of each",
    schema: { params: platformTenantParam, response: { 200: tenantDomainList } },
    handler: (ctx, req) => svc.domains(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/:id/domains`,
    access: 'platformAdmin',
    summary: 'Registers a host name for the tenant with its brand (409 when any tenant has it)',
    schema: { params: platformTenantParam, body: tenantDomainCreate, response: { 200: tenantDomain } },
    handler: (ctx, req) => svc.addDomain(ctx, req.params.id, req.body),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id/domains/:domainName`,
    access: 'platformAdmin',
    summary: 'One domain of the tenant',
    schema: { params: platformDomainParam, response: { 200: tenantDomain } },
    handler: (ctx, req) => svc.domain(ctx, req.params.id, req.params.domainName),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/:id/domains/:domainName`,
    access: 'platformAdmin',
    summary: 'Edits a domain: its brand, or a new host name (objectVersionNumber required)',
    schema: { params: platformDomainParam, body: tenantDomainUpdate, response: { 200: tenantDomain } },
    handler: (ctx, req) => svc.updateDomain(ctx, req.params.id, req.params.domainName, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/:id/domains/:domainName`,
    access: 'platformAdmin',
    summary: 'Removes a domain of the tenant (its host answers the default brand again)',
    schema: { params: platformDomainParam, response: { 200: okResult } },
    handler: (ctx, req) => svc.deleteDomain(ctx, req.params.id, req.params.domainName),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id/screens`,
    access: 'platformAdmin',
    summary: "The tenant's visualization screens",
    schema: { params: platformTenantParam, response: { 200: platformScreenList } },
    handler: (ctx, req) => svc.screens(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/:id/screens`,
    access: 'platformAdmin',
    summary: 'Adds a visualization screen to the tenant',
    schema: { params: platformTenantParam, body: tenantScreenCreateBody, response: { 200: tenantScreen } },
    handler: (ctx, req) => svc.addScreen(ctx, req.params.id, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/:id/screens`,
    access: 'platformAdmin',
    summary: "Edits one of the tenant's visualization screens (objectVersionNumber required)",
    schema: { params: platformTenantParam, body: tenantScreenUpdateBody, response: { 200: tenantScreen } },
    handler: (ctx, req) => svc.updateScreen(ctx, req.params.id, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/:id/screens/:screenId`,
    access: 'platformAdmin',
    summary: "Deletes one of the tenant's visualization screens",
    schema: { params: platformScreenParam, response: { 200: okResult } },
    handler: (ctx, req) => svc.deleteScreen(ctx, req.params.id, req.params.screenId),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/platform/audit',
    access: 'platformAdmin',
    summary:
      'Audit entries of every tenant, newest first; filters tenantId, action (or prefix "x."), actor, from, to',
    schema: { querystring: platformAuditQuery, response: { 200: platformAuditPage } },
    handler: (ctx, req) => svc.audit(ctx, req.query),
  });
};
