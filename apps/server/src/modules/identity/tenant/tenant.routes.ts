import { okResult, tenantIdParam, tenantParam } from '@tilth/contracts/common.types';
import {
  menuTheme,
  menuThemeBody,
  noviceFlag,
  tenantBrand,
  tenantDomainQuery,
  tenantScreen,
  tenantScreenCreateBody,
  tenantScreenList,
  tenantScreenUpdateBody,
  tenantSettings,
  tenantSettingsBody,
} from '@tilth/contracts/tenant.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { SCREEN_ACCESS, TenantService } from './tenant.service.js';

export const registerTenantRoutes = (app: App, platform: Platform): void => {
  const tenants = new TenantService();

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/tenant/domain',
    access: 'public',
    summary: 'Login-page brand of the deployment serving a host (Tilth default when none); tenantId may be 0',
    schema: { params: tenantParam, querystring: tenantDomainQuery, response: { 200: tenantBrand } },
    handler: (ctx, req) => tenants.brand(ctx, req.query.domainName),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/tenant/novice/check',
    access: 'authenticated',
    summary: 'Whether the tenant still needs the beginner guide: 1 or 0',
    schema: { params: tenantParam, response: { 200: noviceFlag } },
    handler: (ctx) => tenants.noviceCheck(ctx),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/tenant/novice/unlock',
    access: 'authenticated',
    summary: 'Clears the novice flag (after the first base is created); answers 0',
    schema: { params: tenantParam, response: { 200: noviceFlag } },
    handler: (ctx) => tenants.noviceUnlock(ctx),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/menu-theme',
    access: 'authenticated',
    summary: "The caller's theme in this tenant (defaults when none is saved)",
    schema: { params: tenantParam, response: { 200: menuTheme } },
    handler: (ctx) => tenants.getTheme(ctx),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/menu-theme',
    access: 'authenticated',
    summary: "Saves the caller's theme (theme is a JSON string, validated field by field)",
    schema: { params: tenantParam, body: menuThemeBody, response: { 200: menuTheme } },
    handler: (ctx, req) => tenants.saveTheme(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/tenant/settings',
    access: 'authenticated',
    summary: "The tenant's settings: name, number and the time zone its days follow",
    schema: { params: tenantParam, response: { 200: tenantSettings } },
    handler: (ctx) => tenants.settings(ctx),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/tenant/settings',
    access: 'wfpf.company.system.tenant-settings.ps.edit',
    summary:
      "Changes the tenant's time zone (objectVersionNumber required; an IANA name such as Asia/Shanghai)",
    schema: { params: tenantParam, body: tenantSettingsBody, response: { 200: tenantSettings } },
    handler: (ctx, req) => tenants.saveSettings(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpf/v1/:tenantId/tenant-screen',
    access: SCREEN_ACCESS.list,
    summary: 'Visualization screens of the tenant',
    schema: { params: tenantParam, response: { 200: tenantScreenList } },
    handler: (ctx) => tenants.listScreens(ctx),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpf/v1/:tenantId/tenant-screen',
    access: SCREEN_ACCESS.create,
    summary: 'Adds a visualization screen',
    schema: { params: tenantParam, body: tenantScreenCreateBody, response: { 200: tenantScreen } },
    handler: (ctx, req) => tenants.createScreen(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpf/v1/:tenantId/tenant-screen',
    access: SCREEN_ACCESS.edit,
    summary: 'Edits a visualization screen (objectVersionNumber required)',
    schema: { params: tenantParam, body: tenantScreenUpdateBody, response: { 200: tenantScreen } },
    handler: (ctx, req) => tenants.updateScreen(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: '/wfpf/v1/:tenantId/tenant-screen/:id',
    access: SCREEN_ACCESS.delete,
    summary: 'Deletes a visualization screen',
    schema: { params: tenantIdParam, response: { 200: okResult } },
    handler: (ctx, req) => tenants.deleteScreen(ctx, req.params.id),
  });
};
