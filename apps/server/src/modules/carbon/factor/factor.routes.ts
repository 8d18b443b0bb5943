import {
  carbonFactor,
  carbonFactorCreateBody,
  carbonFactorIdParam,
  carbonFactorListQuery,
  carbonFactorPage,
  carbonFactorUpdateBody,
  carbonSettings,
  carbonSettingsBody,
  carbonVersionQuery,
} from '@tilth/contracts/carbon.types';
import { okResult, tenantParam } from '@tilth/contracts/common.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { FACTOR_ACCESS, FactorService } from './factor.service.js';

const BASE = '/wfpf/v1/:tenantId/carbon';

/** The carbon registry (issue 18 item 5): emission factors over the cited defaults, and the settings. */
export const registerFactorRoutes = (app: App, platform: Platform): void => {
  const factors = new FactorService();
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/factors`,
    access: FACTOR_ACCESS.read,
    summary:
      "Emission factors: the tenant's own and overriding rows, then the shipped defaults (marked when overridden); filters category, gas, region, year, stage, origin, search",
    schema: { params: tenantParam, querystring: carbonFactorListQuery, response: { 200: carbonFactorPage } },
    handler: (ctx, req) => factors.list(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/factors`,
    access: FACTOR_ACCESS.edit,
    summary:
      "Adds a tenant factor; a default's code and region makes it an override (same activity unit). Value ≥ 0, years 1990–2100, uncertainty 0–100 %",
    schema: { params: tenantParam, body: carbonFactorCreateBody, response: { 200: carbonFactor } },
    handler: (ctx, req) => factors.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/factors`,
    access: FACTOR_ACCESS.edit,
    summary: 'Saves a tenant factor, enabling or disabling it (objectVersionNumber: stale → 409)',
    schema: { params: tenantParam, body: carbonFactorUpdateBody, response: { 200: carbonFactor } },
    handler: (ctx, req) => factors.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/factors/:factorId`,
    access: FACTOR_ACCESS.edit,
    summary: 'Deletes a tenant factor (an override removed: the default applies again)',
    schema: { params: carbonFactorIdParam, querystring: carbonVersionQuery, response: { 200: okResult } },
    handler: (ctx, req) => factors.remove(ctx, req.params.factorId, req.query.objectVersionNumber),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/settings`,
    access: FACTOR_ACCESS.read,
    summary: "The tenant's grid region for electricity and the dashboard's fixed year",
    schema: { params: tenantParam, response: { 200: carbonSettings } },
    handler: (ctx) => factors.settings(ctx),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/settings`,
    access: FACTOR_ACCESS.edit,
    summary: 'Saves the carbon settings (objectVersionNumber 0 the first time; stale → 409)',
    schema: { params: tenantParam, body: carbonSettingsBody, response: { 200: carbonSettings } },
    handler: (ctx, req) => factors.saveSettings(ctx, req.body),
  });
};
