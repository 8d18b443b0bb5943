import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  armFunctionBody,
  armStatus,
  commandIssued,
  deviceConfigureBody,
  deviceConfigured,
  deviceFaultList,
  familyIdBody,
  familyIdParam,
  faultAckBody,
  inverterConfigBody,
  inverterControlBody,
  loraSyncResult,
  soilHistory,
  soilHistoryQuery,
  soilInfo,
  track,
  trackQuery,
  valveControlBody,
  valveLevelsBody,
} from '@tilth/contracts/device-family.types';
import { DEVICE_TYPES } from '@tilth/contracts/device-types';
import { type App, addRoute } from '../../platform/http/route.js';
import type { Platform } from '../../platform/platform.js';
import {
  ALL_TYPES,
  ARM,
  codesOf,
  FAULT_TYPES,
  INVERTER,
  LORA_GATEWAY,
  MACHINE,
  RTU,
  SOIL,
  VALVE,
} from './device-family.access.js';
import { DeviceFamilyService } from './device-family.service.js';
import { SoilService } from './soil.service.js';

const V1 = '/wfpe/v1/:tenantId';
const V2 = '/wfpe/v2/:tenantId';
const REFRESHABLE = DEVICE_TYPES.filter((t) => t.commands.some((c) => c.action === 'refresh')).map(
  (t) => t.key,
);

export const registerDeviceFamilyRoutes = (app: App, platform: Platform): void => {
  const family = new DeviceFamilyService(platform);
  const soil = new SoilService();

  // ---- soil / tubular soil (spec 02 §7 /device/soil) ----
  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/device/soil/:id/info`,
    access: codesOf(SOIL, 'view'),
    summary: 'Soil layer cards: latest humidity, temperature, conductivity per layer, and the surface flag',
    schema: { params: familyIdParam, response: { 200: soilInfo } },
    handler: (ctx, req) => soil.info(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/device/soil/:id/history`,
    access: codesOf(SOIL, 'view'),
    summary: 'Soil curve points per layer (raw ≤ 3 days, hourly ≤ 92 days, daily ≤ 366 days)',
    schema: { params: familyIdParam, querystring: soilHistoryQuery, response: { 200: soilHistory } },
    handler: (ctx, req) => soil.history(ctx, req.params.id, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/device/soil/:id/history-expert`,
    access: codesOf(SOIL, 'view'),
    summary: 'Soil curve points per layer as an Excel workbook',
    schema: { params: familyIdParam, querystring: soilHistoryQuery },
    handler: async (ctx, req, reply) => {
      const file = await soil.export(ctx, req.params.id, req.query);
      return reply
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(file.body);
    },
  });

  // ---- generic configure / refresh (spec 02 §7 gateway /configure, /refresh) ----
  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/device/configure`,
    access: codesOf(ALL_TYPES, 'edit'),
    summary:
      "Merges settings into the device's config (type limits checked) and pushes the configure command",
    schema: { params: tenantParam, body: deviceConfigureBody, response: { 200: deviceConfigured } },
    handler: (ctx, req) => family.configure(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/device/refresh`,
    access: codesOf(REFRESHABLE, 'control'),
    summary: 'Asks a gateway to report its values and nodes now (refresh command)',
    schema: { params: tenantParam, body: familyIdBody, response: { 200: commandIssued } },
    handler: (ctx, req) => family.refresh(ctx, req.body.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/device/rtu/write-config`,
    access: codesOf(RTU, 'edit'),
    summary: 'RTU configuration (polling ≤ node response time × node count; upload period ≥ 5 min)',
    schema: { params: tenantParam, body: deviceConfigureBody, response: { 200: deviceConfigured } },
    handler: (ctx, req) => family.configure(ctx, req.body),
  });

  // ---- LoRa v2 ----
  addRoute(app, platform, {
    method: 'POST',
    url: `${V2}/lora-gateway/configure`,
    access: codesOf(LORA_GATEWAY, 'edit'),
    summary: 'Configures a LoRa gateway (same rules as device/configure)',
    schema: { params: tenantParam, body: deviceConfigureBody, response: { 200: deviceConfigured } },
    handler: (ctx, req) => family.configure(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${V2}/lora-gateway/refresh`,
    access: codesOf(LORA_GATEWAY, 'control'),
    summary: 'Refreshes a LoRa gateway',
    schema: { params: tenantParam, body: familyIdBody, response: { 200: commandIssued } },
    handler: (ctx, req) => family.refresh(ctx, req.body.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${V2}/lora-node/synchronize`,
    access: codesOf(LORA_GATEWAY, 'control'),
    summary:
      'Synchronises the nodes of a LoRa gateway: refresh when online, and the nodes registered under it',
    schema: { params: tenantParam, body: familyIdBody, response: { 200: loraSyncResult } },
    handler: (ctx, req) => family.loraSync(ctx, req.body.id),
  });

  // ---- inverter (spec 02 §7 /inverter) ----
  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/inverter/:id/control`,
    access: codesOf(INVERTER, 'control'),
    summary: 'Starts (en 1, optional durationMin 60–480) or stops (en 0) an inverter',
    schema: { params: familyIdParam, body: inverterControlBody, response: { 200: commandIssued } },
    handler: (ctx, req) => family.inverterControl(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/inverter/config`,
    access: codesOf(INVERTER, 'control'),
    summary: 'Sets the given pressure (above 0, at most 16 bar): sent to the inverter and kept in its config',
    schema: { params: tenantParam, body: inverterConfigBody, response: { 200: deviceConfigured } },
    handler: (ctx, req) => family.inverterConfig(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/inverter/:id/alarm`,
    access: codesOf(INVERTER, 'view'),
    summary: 'Fault readings and failed or unanswered commands of an inverter, newest first',
    schema: { params: familyIdParam, response: { 200: deviceFaultList } },
    handler: (ctx, req) => family.faults(ctx, req.params.id),
  });

  // ---- fertiliser alarm handling ----
  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/fertilizer/:id/alarm`,
    access: codesOf(FAULT_TYPES, 'view'),
    summary: 'Fault readings and failed commands of a fertiliser machine, with their handling',
    schema: { params: familyIdParam, response: { 200: deviceFaultList } },
    handler: (ctx, req) => family.faults(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/fertilizer/alarm/ack`,
    access: codesOf(FAULT_TYPES, 'control'),
    summary: 'Marks a fault item handled',
    schema: { params: tenantParam, body: faultAckBody, response: { 200: okResult } },
    handler: (ctx, req) => family.ackFault(ctx, req.body),
  });

  // ---- electric valve ----
  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/electric-valve/:id/control`,
    access: codesOf(VALVE, 'control'),
    summary: 'Opens (optional durationMin 60–480, then closed automatically) or closes a valve',
    schema: { params: familyIdParam, body: valveControlBody, response: { 200: commandIssued } },
    handler: (ctx, req) => family.valveControl(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/electric-valve/levels`,
    access: codesOf(VALVE, 'control'),
    summary: 'Liquid level thresholds 0–50000 cm, high − low ≥ 10: sent to the valve and kept in its config',
    schema: { params: tenantParam, body: valveLevelsBody, response: { 200: deviceConfigured } },
    handler: (ctx, req) => family.valveLevels(ctx, req.body),
  });

  // ---- robotic arm (spec 02 §7 /device/mar) ----
  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/device/mar/call-status`,
    access: codesOf(ARM, 'view'),
    summary: 'Robotic arm status: axes, running, fault, online',
    schema: { params: tenantParam, body: familyIdBody, response: { 200: armStatus } },
    handler: (ctx, req) => family.armStatus(ctx, req.body.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/device/mar/call-config`,
    access: codesOf(ARM, 'view'),
    summary: 'Robotic arm configuration (axis travel)',
    schema: { params: tenantParam, body: familyIdBody, response: { 200: armStatus } },
    handler: (ctx, req) => family.armStatus(ctx, req.body.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/device/mar/write-config`,
    access: codesOf(ARM, 'edit'),
    summary: 'Writes the robotic arm configuration (Y / Z axis travel)',
    schema: { params: tenantParam, body: deviceConfigureBody, response: { 200: deviceConfigured } },
    handler: (ctx, req) => family.armWriteConfig(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/device/mar/ctrl-function`,
    access: codesOf(ARM, 'control'),
    summary: 'Robotic arm function: stop or capture',
    schema: { params: tenantParam, body: armFunctionBody, response: { 200: commandIssued } },
    handler: (ctx, req) => family.armFunction(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/device/mar/:id/capture`,
    access: codesOf(ARM, 'control'),
    summary: 'Robotic arm camera capture',
    schema: { params: familyIdParam, response: { 200: commandIssued } },
    handler: (ctx, req) => family.armFunction(ctx, { id: req.params.id, fn: 'capture' }),
  });

  // ---- farm machine ----
  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/farm-machine/:id/track`,
    access: codesOf(MACHINE, 'view'),
    summary: 'GPS track of a farm machine over at most 31 days (5000 points)',
    schema: { params: familyIdParam, querystring: trackQuery, response: { 200: track } },
    handler: (ctx, req) => family.track(ctx, req.params.id, req.query),
  });
};
