import { tenantParam } from '@tilth/contracts/common.types';
import {
  canBindSwitchList,
  canBindSwitchQuery,
  collectionExportQuery,
  collectionListQuery,
  collectionPage,
  concentratorStatus,
  delCollectionBody,
  detailsSwitchQuery,
  gatewayLogPage,
  gatewayLogQuery,
  opsIdBody,
  opsIdQuery,
  refreshStatusResult,
  switchDetails,
} from '@tilth/contracts/device-family-ops.types';
import { z } from 'zod';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { SWITCH_ACCESS } from '../control/index.js';
import { sendXlsx } from '../report/index.js';
import { ALL_TYPES, codesOf, RTU } from './device-family.access.js';
import { GATEWAY_TYPES, GatewayOpsService } from './gateway-ops.service.js';

// Spec 02 §7 gateway operations (/wfpe/v1/{t}/device, v2 collection list and export).

const DEV = '/wfpe/v1/:tenantId/device';
const V2 = '/wfpe/v2/:tenantId/device';

export const registerGatewayOpsRoutes = (app: App, platform: Platform): void => {
  const gw = new GatewayOpsService(platform);

  addRoute(app, platform, {
    method: 'POST',
    url: `${DEV}/delCollection`,
    access: codesOf(GATEWAY_TYPES, 'control'),
    summary:
      "Deletes collection items of a gateway {id, collectionIds} (the gateway's ps.delCollection code): cards and latest values go, history stays; an item reported again comes back. 1 on success",
    schema: { params: tenantParam, body: delCollectionBody, response: { 200: z.literal(1) } },
    handler: (ctx, req) => gw.delCollection(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${DEV}/can-bind-switch`,
    access: SWITCH_ACCESS.view,
    summary:
      'Switches of a gateway (concentratorId) not bound to a device yet; deviceId keeps its own in the list',
    schema: { params: tenantParam, querystring: canBindSwitchQuery, response: { 200: canBindSwitchList } },
    handler: (ctx, req) => gw.canBindSwitch(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${DEV}/log`,
    access: codesOf(GATEWAY_TYPES, 'view'),
    summary:
      'Gateway log: online / offline changes and commands, newest first (id, kind status | command, page, size)',
    schema: { params: tenantParam, querystring: gatewayLogQuery, response: { 200: gatewayLogPage } },
    handler: (ctx, req) => gw.log(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${DEV}/details-switch`,
    access: SWITCH_ACCESS.view,
    summary: 'One switch (switchId) with its gateway, the device it powers and its latest 10 commands',
    schema: { params: tenantParam, querystring: detailsSwitchQuery, response: { 200: switchDetails } },
    handler: (ctx, req) => gw.detailsSwitch(ctx, req.query.switchId),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${DEV}/concentrator/status`,
    access: codesOf(GATEWAY_TYPES, 'view'),
    summary:
      'Concentrator status (id): link, last online / offline change, nodes online, switches on and pending',
    schema: { params: tenantParam, querystring: opsIdQuery, response: { 200: concentratorStatus } },
    handler: (ctx, req) => gw.status(ctx, req.query.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${DEV}/concentrator/export-collection`,
    access: codesOf(GATEWAY_TYPES, 'view'),
    summary: 'The current collected data of a concentrator (id) and the nodes under it as an Excel workbook',
    schema: { params: tenantParam, querystring: opsIdQuery },
    handler: async (ctx, req, reply) => {
      const file = await gw.exportCurrent(ctx, req.query.id);
      return sendXlsx(reply, file.fileName, file.data);
    },
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${DEV}/rtu/refresh-status`,
    access: codesOf(RTU, 'control'),
    summary:
      'Asks an RTU gateway {id} to report its values and switch states now (refresh command); 409 when offline',
    schema: { params: tenantParam, body: opsIdBody, response: { 200: refreshStatusResult } },
    handler: (ctx, req) => gw.refreshStatus(ctx, req.body.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${V2}/collection/list`,
    access: codesOf(ALL_TYPES, 'view'),
    summary: 'Collected data of a device (id), deleted items left out, paged (page, size; size 0 = all)',
    schema: { params: tenantParam, querystring: collectionListQuery, response: { 200: collectionPage } },
    handler: (ctx, req) => gw.collectionList(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${V2}/collection/export`,
    access: codesOf(ALL_TYPES, 'view'),
    summary: 'Readings of the collected items of a device (id, startTime, endTime) as an Excel workbook',
    schema: { params: tenantParam, querystring: collectionExportQuery },
    handler: async (ctx, req, reply) => {
      const file = await gw.exportHistory(ctx, req.query);
      return sendXlsx(reply, file.fileName, file.data);
    },
  });
};
