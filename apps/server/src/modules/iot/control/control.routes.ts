import { tenantIdParam, tenantParam } from '@tilth/contracts/common.types';
import {
  cmdIdParam,
  commandBody,
  commandIssued,
  commandView,
  controlLogPage,
  controlLogQuery,
  switchControlBody,
  switchCreateBody,
  switchItem,
  switchListQuery,
  switchPage,
  switchUpdateBody,
} from '@tilth/contracts/control.types';
import { z } from 'zod';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { sendXlsx } from '../report/index.js';
import { CONTROL_ACCESS } from './control.access.js';
import { ControlService } from './control.api.js';
import { SWITCH_ACCESS, SwitchService } from './switch.service.js';

export const registerControlRoutes = (app: App, platform: Platform): void => {
  const control = new ControlService(platform);
  const switches = new SwitchService(platform);

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpe/v1/:tenantId/device/:id/command',
    access: CONTROL_ACCESS.control,
    summary:
      "Sends a registry command to a device (the type's control code): validated, refused with 409 when the device is offline, answered {cmdId, state}",
    schema: { params: tenantIdParam, body: commandBody, response: { 200: commandIssued } },
    handler: (ctx, req) => control.command(ctx, req.params.id, req.body),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpe/v1/:tenantId/device/command/:cmdId',
    access: CONTROL_ACCESS.view,
    summary: 'One command with its state (queued, sent, acked, done, failed, timeout), message and times',
    schema: { params: cmdIdParam, response: { 200: commandView } },
    handler: (ctx, req) => control.get(ctx, req.params.cmdId),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpe/v1/:tenantId/device/control-log',
    access: CONTROL_ACCESS.log,
    summary:
      'Control log, newest first (filters deviceType, deviceId, areaId, userId, mine=1, state, source, startTime, endTime), with the switch type and circuit; without the report code only types the caller may view',
    schema: { params: tenantParam, querystring: controlLogQuery, response: { 200: controlLogPage } },
    handler: (ctx, req) => control.log(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpe/v1/:tenantId/device/control-log/export',
    access: CONTROL_ACCESS.log,
    summary:
      'The filtered control log as an Excel workbook (.xlsx, at most 50,000 rows, params in words), named 控制日志-<from>-<to>.xlsx / Control log-<from>-<to>.xlsx',
    schema: { params: tenantParam, querystring: controlLogQuery },
    handler: async (ctx, req, reply) => {
      const { fileName, data } = await control.export(ctx, req.query);
      return sendXlsx(reply, fileName, data);
    },
  });

  addRoute(app, platform, {
    method: 'GET',
    url: '/wfpe/v1/:tenantId/device/switch',
    access: SWITCH_ACCESS.view,
    summary:
      'Switches of a gateway (concentratorId), paged by 20, with status, online and the open command if any',
    schema: { params: tenantParam, querystring: switchListQuery, response: { 200: switchPage } },
    handler: (ctx, req) => switches.list(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpe/v1/:tenantId/device/switch',
    access: SWITCH_ACCESS.create,
    summary: 'Adds a switch (regular, motorised or curtain) on a free circuit of a gateway',
    schema: { params: tenantParam, body: switchCreateBody, response: { 200: switchItem } },
    handler: (ctx, req) => switches.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: '/wfpe/v1/:tenantId/device/switch',
    access: SWITCH_ACCESS.edit,
    summary: 'Edits a switch (switchId and objectVersionNumber required; omitted fields keep their value)',
    schema: { params: tenantParam, body: switchUpdateBody, response: { 200: switchItem } },
    handler: (ctx, req) => switches.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: '/wfpe/v1/:tenantId/device/switch/:id/del',
    access: SWITCH_ACCESS.delete,
    summary: 'Deletes a switch; answers 1',
    schema: { params: tenantIdParam, response: { 200: z.literal(1) } },
    handler: (ctx, req) => switches.remove(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: '/wfpe/v1/:tenantId/device/mqtt/control/switch',
    access: SWITCH_ACCESS.control,
    summary:
      'Switch control {switchId, sw, eui, circuit}: regular 1 open 0 close; motorised 1 forward 0 stop 2 reverse; curtain 1 unfold 0 stop 2 retract',
    schema: { params: tenantParam, body: switchControlBody, response: { 200: commandIssued } },
    handler: (ctx, req) => switches.control(ctx, req.body),
  });
};
