import { tenantParam } from '@tilth/contracts/common.types';
import {
  INVENTORY_PAGE_CODES,
  invOptions,
  invOptionsUpdateBody,
} from '@tilth/contracts/inventory.base.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { registerReferenceCheck } from '../reference/index.js';
import { OPTION_ACCESS, OptionService, optionsOfWarehouse } from './option.service.js';

const BASE = '/wfpf/v1/:tenantId/inventory/option';

export const registerInvOptionRoutes = (app: App, platform: Platform): void => {
  const options = new OptionService();
  registerReferenceCheck('warehouse', 'options', optionsOfWarehouse);
  addRoute(app, platform, {
    method: 'GET',
    url: BASE,
    access: INVENTORY_PAGE_CODES,
    summary: "The tenant's inventory options (the defaults, version 0, until first saved)",
    schema: { params: tenantParam, response: { 200: invOptions } },
    handler: (ctx) => options.get(ctx),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: BASE,
    access: OPTION_ACCESS,
    summary:
      'Saves the options: default warehouse, shortage policy block|warn, quantity decimals 0–4, expiry warning days 1–365 (objectVersionNumber 0 the first time)',
    schema: { params: tenantParam, body: invOptionsUpdateBody, response: { 200: invOptions } },
    handler: (ctx, req) => options.update(ctx, req.body),
  });
};
