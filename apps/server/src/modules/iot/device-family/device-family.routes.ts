import { okResult } from '@tilth/contracts/common.types';
import {
  armFunctionBody,
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
import type { Access } from '../../../platform/http/access.js';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
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
import { familyRoutes } from './family-route.js';
import { SoilService } from './soil.service.js';

const V1 = '/wfpe/v1/:tenantId';
const V2 = '/wfpe/v2/:tenantId';
const REFRESHABLE = DEVICE_TYPES.filter((t) => t.commands.some((c) => c.action === 'refresh')).map(
  (t) => t.key,
);

/** Several screens reach the same service call by their own path: [url, access, summary]. */
type Alias = readonly [url: string, access: Access, summary: string];

const CONFIGURE: readonly Alias[] = [
  [
    `${V1}/device/configure`,
    codesOf(ALL_TYPES, 'edit'),
    "Merges settings into the device's config (type limits checked) and pushes the configure command",
  ],
  [
    `${V1}/device/rtu/write-config`,
    codesOf(RTU, 'edit'),
    'RTU configuration (polling ≤ node response time × node count; upload period ≥ 5 min)',
  ],
  [
    `${V2}/lora-gateway/configure`,
    codesOf(LORA_GATEWAY, 'edit'),
    'Configures a LoRa gateway (same rules as device/configure)',
  ],
];
const REFRESH: readonly Alias[] = [
  [
    `${V1}/device/refresh`,
    codesOf(REFRESHABLE, 'control'),
    'Asks a gateway to report its values and nodes now (refresh command)',
  ],
  [`${V2}/lora-gateway/refresh`, codesOf(LORA_GATEWAY, 'control'), 'Refreshes a LoRa gateway'],
];
const FAULTS: readonly Alias[] = [
  [
    `${V1}/inverter/:id/alarm`,
    codesOf(INVERTER, 'view'),
    'Fault readings and failed or unanswered commands of an inverter, newest first',
  ],
  [
    `${V1}/fertilizer/:id/alarm`,
    codesOf(FAULT_TYPES, 'view'),
    'Fault readings and failed commands of a fertiliser machine, with their handling',
  ],
];

export const registerDeviceFamilyRoutes = (app: App, platform: Platform): void => {
  const family = new DeviceFamilyService(platform);
  const soil = new SoilService();
  const route = familyRoutes(app, platform);

  // ---- soil / tubular soil (spec 02 §7 /device/soil) ----
  route.id({
    method: 'GET',
    url: `${V1}/device/soil/:id/info`,
    access: codesOf(SOIL, 'view'),
    summary: 'Soil layer cards: latest humidity, temperature, conductivity per layer, and the surface flag',
    response: soilInfo,
    call: (ctx, id) => soil.info(ctx, id),
  });
  route.idWith({
    method: 'GET',
    url: `${V1}/device/soil/:id/history`,
    access: codesOf(SOIL, 'view'),
    summary: 'Soil curve points per layer (raw ≤ 3 days, hourly ≤ 92 days, daily ≤ 366 days)',
    input: { querystring: soilHistoryQuery },
    response: soilHistory,
    call: (ctx, id, q) => soil.history(ctx, id, q),
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

  // ---- generic configure / refresh (spec 02 §7 gateway /configure, /refresh; RTU; LoRa v2) ----
  for (const [url, access, summary] of CONFIGURE) {
    route.body({
      url,
      access,
      summary,
      body: deviceConfigureBody,
      response: deviceConfigured,
      call: (ctx, b) => family.configure(ctx, b),
    });
  }
  for (const [url, access, summary] of REFRESH) {
    route.body({
      url,
      access,
      summary,
      body: familyIdBody,
      response: commandIssued,
      call: (ctx, b) => family.refresh(ctx, b.id),
    });
  }
  route.body({
    url: `${V2}/lora-node/synchronize`,
    access: codesOf(LORA_GATEWAY, 'control'),
    summary:
      'Synchronises the nodes of a LoRa gateway: refresh when online, and the nodes registered under it',
    body: familyIdBody,
    response: loraSyncResult,
    call: (ctx, b) => family.loraSync(ctx, b.id),
  });

  // ---- inverter (spec 02 §7 /inverter) and fertiliser alarm handling ----
  route.idWith({
    method: 'POST',
    url: `${V1}/inverter/:id/control`,
    access: codesOf(INVERTER, 'control'),
    summary: 'Starts (en 1, optional durationMin 60–480) or stops (en 0) an inverter',
    input: { body: inverterControlBody },
    response: commandIssued,
    call: (ctx, id, b) => family.inverterControl(ctx, id, b),
  });
  route.body({
    url: `${V1}/inverter/config`,
    access: codesOf(INVERTER, 'control'),
    summary: 'Sets the given pressure (above 0, at most 16 bar): sent to the inverter and kept in its config',
    body: inverterConfigBody,
    response: deviceConfigured,
    call: (ctx, b) => family.inverterConfig(ctx, b),
  });
  for (const [url, access, summary] of FAULTS) {
    route.id({
      method: 'GET',
      url,
      access,
      summary,
      response: deviceFaultList,
      call: (ctx, id) => family.faults(ctx, id),
    });
  }
  route.body({
    url: `${V1}/fertilizer/alarm/ack`,
    access: codesOf(FAULT_TYPES, 'control'),
    summary: 'Marks a fault item handled',
    body: faultAckBody,
    response: okResult,
    call: (ctx, b) => family.ackFault(ctx, b),
  });

  // ---- electric valve ----
  route.idWith({
    method: 'POST',
    url: `${V1}/electric-valve/:id/control`,
    access: codesOf(VALVE, 'control'),
    summary: 'Opens (optional durationMin 60–480, then closed automatically) or closes a valve',
    input: { body: valveControlBody },
    response: commandIssued,
    call: (ctx, id, b) => family.valveControl(ctx, id, b),
  });
  route.body({
    url: `${V1}/electric-valve/levels`,
    access: codesOf(VALVE, 'control'),
    summary: 'Liquid level thresholds 0–50000 cm, high − low ≥ 10: sent to the valve and kept in its config',
    body: valveLevelsBody,
    response: deviceConfigured,
    call: (ctx, b) => family.valveLevels(ctx, b),
  });

  // ---- robotic arm (spec 02 §7 /device/mar) ----
  // call-status / call-config are real device round trips: robotic-arm.routes.ts.
  route.body({
    url: `${V1}/device/mar/write-config`,
    access: codesOf(ARM, 'edit'),
    summary: 'Writes the robotic arm configuration (Y / Z axis travel)',
    body: deviceConfigureBody,
    response: deviceConfigured,
    call: (ctx, b) => family.armWriteConfig(ctx, b),
  });
  route.body({
    url: `${V1}/device/mar/ctrl-function`,
    access: codesOf(ARM, 'control'),
    summary: 'Robotic arm function: stop or capture',
    body: armFunctionBody,
    response: commandIssued,
    call: (ctx, b) => family.armFunction(ctx, b),
  });
  route.id({
    method: 'POST',
    url: `${V1}/device/mar/:id/capture`,
    access: codesOf(ARM, 'control'),
    summary: 'Robotic arm camera capture',
    response: commandIssued,
    call: (ctx, id) => family.armFunction(ctx, { id, fn: 'capture' }),
  });

  // ---- farm machine ----
  route.idWith({
    method: 'GET',
    url: `${V1}/farm-machine/:id/track`,
    access: codesOf(MACHINE, 'view'),
    summary: 'GPS track of a farm machine over at most 31 days (5000 points)',
    input: { querystring: trackQuery },
    response: track,
    call: (ctx, id, q) => family.track(ctx, id, q),
  });
};
