import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  simCard,
  simCreateBody,
  simIdParam,
  simInfo,
  simListQuery,
  simPage,
  simUpdateBody,
} from '@tilth/contracts/sim.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { SIM_ACCESS, SimService } from './sim.service.js';

const BASE = '/wfpe/v1/:tenantId/sim';

/** system/sim-manage: the tenant's IoT SIM cards. */
export const registerSimRoutes = (app: App, platform: Platform): void => {
  const sims = new SimService();

  addRoute(app, platform, {
    method: 'GET',
    url: BASE,
    access: SIM_ACCESS.view,
    summary: 'IoT SIM cards (iccid contains, operator contains, status), with how many devices carry each',
    schema: { params: tenantParam, querystring: simListQuery, response: { 200: simPage } },
    handler: (ctx, req) => sims.page(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id`,
    access: SIM_ACCESS.view,
    summary: 'One IoT SIM card',
    schema: { params: simIdParam, response: { 200: simCard } },
    handler: (ctx, req) => sims.get(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id/info`,
    access: SIM_ACCESS.view,
    summary: 'An IoT SIM card with the devices carrying its iccid and its data usage',
    schema: { params: simIdParam, response: { 200: simInfo } },
    handler: (ctx, req) => sims.info(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: BASE,
    access: SIM_ACCESS.create,
    summary: 'Registers an IoT SIM card (iccid 19–20 digits, unique in the tenant)',
    schema: { params: tenantParam, body: simCreateBody, response: { 200: simCard } },
    handler: (ctx, req) => sims.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: BASE,
    access: SIM_ACCESS.edit,
    summary: 'Edits an IoT SIM card (id and objectVersionNumber; omitted fields keep their value)',
    schema: { params: tenantParam, body: simUpdateBody, response: { 200: simCard } },
    handler: (ctx, req) => sims.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/:id`,
    access: SIM_ACCESS.delete,
    summary: 'Deletes an IoT SIM card record (devices keep their iccid)',
    schema: { params: simIdParam, response: { 200: okResult } },
    handler: (ctx, req) => sims.remove(ctx, req.params.id),
  });
};
