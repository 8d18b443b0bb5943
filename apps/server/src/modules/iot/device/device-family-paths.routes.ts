import { tenantIdParam, tenantParam } from '@tilth/contracts/common.types';
import {
  familyDevice,
  familyDeviceList,
  gatewayQuery,
  imeiParam,
  imeiQuery,
} from '@tilth/contracts/device-family-paths.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { addTypedRegistryRoutes } from './device-family-crud.http.js';
import { familyCodes } from './device-family-crud.service.js';
import {
  ARM_TYPES,
  familyCrudService,
  GATEWAY_TYPES,
  INSECT_LAMP_TYPES,
  INSECTICIDAL_TYPES,
  INVERTER_TYPES,
  LORA_GATEWAY_TYPES,
  LORA_NODE_TYPES,
  SOIL_TYPES,
} from './device-family-paths.js';

// Spec 02 §7 family paths (docs/api.md "Spec 02 §7 family paths"). The generic /device calls stay; these
// are the paths the spec names per family, each serving only its family's registry types.

const V1 = '/wfpe/v1/:tenantId';
const V2 = '/wfpe/v2/:tenantId';

export const registerFamilyPathRoutes = (app: App, platform: Platform): void => {
  const svc = familyCrudService(platform);
  const add = (p: Parameters<typeof addTypedRegistryRoutes>[3]) =>
    addTypedRegistryRoutes(app, platform, svc, p);

  const mar = `${V1}/device/mar`;
  add({
    types: ARM_TYPES,
    label: 'robotic arms',
    page: `${mar}/list`,
    details: `${mar}/:id/details`,
    create: `${mar}/add`,
    update: `${mar}/edit`,
    remove: `${mar}/:id`,
  });

  const soil = `${V1}/device/soil`;
  add({
    types: SOIL_TYPES,
    label: 'soil and tubular soil moisture sensors',
    details: `${soil}/:id`,
    area: `${soil}/:id/area`,
    create: soil,
    update: soil,
    remove: `${soil}/:id`,
  });

  add({
    types: LORA_GATEWAY_TYPES,
    label: 'LoRa gateways',
    page: `${V2}/lora-gateway/list`,
    details: `${V2}/lora-gateway/:id/details`,
    statusLog: `${V2}/lora-gateway/history`,
    create: `${V2}/lora-gateway`,
    update: `${V2}/lora-gateway`,
    remove: `${V2}/lora-gateway/:id`,
  });
  add({
    types: LORA_NODE_TYPES,
    label: 'LoRaWAN nodes',
    page: `${V2}/lora-node/list`,
    details: `${V2}/lora-node/:id/details`,
    create: `${V2}/lora-node`,
    update: `${V2}/lora-node`,
    remove: `${V2}/lora-node/:id`,
  });

  const lamp = `${V2}/device/insecticidal`;
  add({
    types: INSECTICIDAL_TYPES,
    label: 'insecticidal lamps',
    page: `${lamp}/page`,
    list: `${lamp}/list`,
    details: `${lamp}/:id/details`,
    history: `${lamp}/:id/history/data`,
    create: lamp,
    update: lamp,
    remove: `${lamp}/:id`,
    control: `${lamp}/:id/control`,
  });

  const isl = `${V1}/insect-situation-lamp`;
  add({
    types: INSECT_LAMP_TYPES,
    label: 'insect-situation lamps',
    page: `${V1}/yf/insect-situation-lamp/page/isl`,
    list: isl,
    create: isl,
    update: isl,
    remove: `${isl}/:id`,
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/yf/insect-situation-lamp/get`,
    access: familyCodes(INSECT_LAMP_TYPES, 'view'),
    summary: 'One insect-situation lamp by its IMEI (imeI = serial); 404 when none',
    schema: { params: tenantParam, querystring: imeiQuery, response: { 200: familyDevice } },
    handler: (ctx, req) => svc.byEui(ctx, INSECT_LAMP_TYPES, req.query.imeI),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${isl}/device/:imei`,
    access: familyCodes(INSECT_LAMP_TYPES, 'view'),
    summary: 'One insect-situation lamp by its IMEI in the path; 404 when none',
    schema: { params: imeiParam, response: { 200: familyDevice } },
    handler: (ctx, req) => svc.byEui(ctx, INSECT_LAMP_TYPES, req.params.imei),
  });

  const inverter = `${V1}/inverter`;
  add({
    types: INVERTER_TYPES,
    label: 'inverters',
    details: `${inverter}/:id`,
    area: `${inverter}/:id/area`,
    create: inverter,
    update: inverter,
    remove: `${inverter}/:id`,
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${inverter}/:id/all`,
    access: familyCodes(INVERTER_TYPES, 'view'),
    summary: 'Inverters under a concentrator (gateway id): name, online, eui; 404 when no such gateway',
    schema: { params: tenantIdParam, response: { 200: familyDeviceList } },
    handler: (ctx, req) => svc.children(ctx, GATEWAY_TYPES, req.params.id, INVERTER_TYPES),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${V2}/gateway/tenant-all`,
    access: familyCodes(GATEWAY_TYPES, 'view'),
    summary: 'Every gateway of the tenant the caller may view (deviceType, areaId)',
    schema: { params: tenantParam, querystring: gatewayQuery, response: { 200: familyDeviceList } },
    handler: (ctx, req) => svc.select(ctx, GATEWAY_TYPES, req.query, false),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/device/gateway/offline`,
    access: familyCodes(GATEWAY_TYPES, 'view'),
    summary: 'Gateways offline now, longest silent first (deviceType, areaId)',
    schema: { params: tenantParam, querystring: gatewayQuery, response: { 200: familyDeviceList } },
    handler: (ctx, req) => svc.select(ctx, GATEWAY_TYPES, req.query, true),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/device/gateway/:id/list`,
    access: familyCodes(GATEWAY_TYPES, 'view'),
    summary: 'Devices and nodes hanging off a gateway (those the caller may view); 404 when no such gateway',
    schema: { params: tenantIdParam, response: { 200: familyDeviceList } },
    handler: (ctx, req) => svc.children(ctx, GATEWAY_TYPES, req.params.id),
  });
};
