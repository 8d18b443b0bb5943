import { pageQuery, tenantParam } from '@tilth/contracts/common.types';
import { controlLogPage } from '@tilth/contracts/control.types';
import { commandIssued } from '@tilth/contracts/device-family.types';
import {
  concentratorRelation,
  concentratorRelationBody,
  inverterEuiQuery,
  inverterExportQuery,
  inverterHistory,
  inverterHistoryQuery,
  liveState,
  opsIdParam,
} from '@tilth/contracts/device-family-ops.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { sendXlsx } from '../report/index.js';
import { codesOf, INVERTER } from './device-family.access.js';
import { InverterOpsService } from './inverter-ops.service.js';

// Spec 02 §7 inverter operations (/wfpe/v1/{t}/inverter): connect, close, getLog, refresh, history,
// export; PUT /wfpe/v2/{t}/device/concentrator/upd/res. Control, config and alarm are device-family routes.

const INV = '/wfpe/v1/:tenantId/inverter';

export const registerInverterOpsRoutes = (app: App, platform: Platform): void => {
  const inverter = new InverterOpsService(platform);

  for (const [path, en, what] of [
    ['connect', 1, 'Starts'],
    ['close', 0, 'Stops'],
  ] as const) {
    addRoute(app, platform, {
      method: 'GET',
      url: `${INV}/:id/${path}`,
      access: codesOf(INVERTER, 'control'),
      summary: `${what} an inverter (${en ? 'start' : 'stop'} command); eui, when sent, must be its serial; 409 when offline`,
      schema: { params: opsIdParam, querystring: inverterEuiQuery, response: { 200: commandIssued } },
      handler: (ctx, req) => inverter.startStop(ctx, req.params.id, en, req.query.eui),
    });
  }
  addRoute(app, platform, {
    method: 'GET',
    url: `${INV}/:id/getLog`,
    access: codesOf(INVERTER, 'view'),
    summary: 'Control log of an inverter, newest first (page, size)',
    schema: { params: opsIdParam, querystring: pageQuery, response: { 200: controlLogPage } },
    handler: (ctx, req) => inverter.log(ctx, req.params.id, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${INV}/:id/refresh`,
    access: codesOf(INVERTER, 'control'),
    summary:
      'Asks the inverter for its values (refresh command, answer within 5 s); offline or silent → the stored ones with stale true',
    schema: { params: opsIdParam, response: { 200: liveState } },
    noTransaction: true,
    handler: (ctx, req) => inverter.refresh(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${INV}/history`,
    access: codesOf(INVERTER, 'view'),
    summary:
      'History curves of an inverter (id, startTime, endTime, metrics a,b,…, maxPoints ≤ 2000 per curve)',
    schema: { params: tenantParam, querystring: inverterHistoryQuery, response: { 200: inverterHistory } },
    handler: (ctx, req) => inverter.history(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${INV}/export`,
    access: codesOf(INVERTER, 'view'),
    summary: 'Raw readings of an inverter over a range as an Excel workbook (id, startTime, endTime)',
    schema: { params: tenantParam, querystring: inverterExportQuery },
    handler: async (ctx, req, reply) => {
      const file = await inverter.export(ctx, req.query);
      return sendXlsx(reply, file.fileName, file.data);
    },
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpe/v2/:tenantId/device/concentrator/upd/res',
    access: codesOf(INVERTER, 'edit'),
    summary:
      'Hangs an inverter off a concentrator (a gateway; null for none) {id, concentratorId, objectVersionNumber}; stale → 409',
    schema: { params: tenantParam, body: concentratorRelationBody, response: { 200: concentratorRelation } },
    handler: (ctx, req) => inverter.setConcentrator(ctx, req.body),
  });
};
