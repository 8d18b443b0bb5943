import { okResult, tenantParam } from '@tilth/contracts/common.types';
import {
  collectedDatum,
  curve,
  curveExportQuery,
  curveQuery,
  device,
  deviceAllQuery,
  deviceBatchDelBody,
  deviceBulkResult,
  deviceCreateBody,
  deviceCreated,
  deviceCredentials,
  deviceIdParam,
  deviceListQuery,
  deviceOfflineList,
  deviceOptions,
  devicePage,
  deviceStatusLogPage,
  deviceStatusLogQuery,
  deviceTransferBody,
  deviceUpdateBody,
} from '@tilth/contracts/device.types';
import { z } from 'zod';
import { type App, addRoute } from '../../../platform/http/route.js';
import { contentDisposition } from '../../../platform/http/serve-file.js';
import type { Platform } from '../../../platform/platform.js';
import { DEVICE_ACCESS } from './device.access.js';
import { DeviceService } from './device.service.js';
import { DeviceDataService } from './device-data.service.js';
import { DeviceSystemService } from './device-system.service.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const V1 = '/wfpe/v1/:tenantId';

/** The device registry: CRUD of every type, credentials, collected data, curves, logs, deviceManager. */
export const registerDeviceRoutes = (app: App, platform: Platform): void => {
  // platform.iot is read on use, not captured: the runtime is the platform's to swap.
  const devices = new DeviceService(() => platform.iot);
  const data = new DeviceDataService(platform.database);
  const system = new DeviceSystemService(devices);

  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/device/page`,
    access: DEVICE_ACCESS.view,
    summary:
      'Devices of the types the caller may view (deviceType, name, eui, areaId, landId, parentId, online)',
    schema: { params: tenantParam, querystring: deviceListQuery, response: { 200: devicePage } },
    handler: (ctx, req) => devices.page(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/device/all`,
    access: DEVICE_ACCESS.view,
    summary: 'Tenant device list for selects: concentratorId (id), name, eui (deviceType, areaId, online)',
    schema: { params: tenantParam, querystring: deviceAllQuery, response: { 200: deviceOptions } },
    handler: (ctx, req) => data.all(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/device/offline`,
    access: DEVICE_ACCESS.view,
    summary: 'Devices offline now, longest silent first (deviceType, areaId)',
    schema: { params: tenantParam, querystring: deviceAllQuery, response: { 200: deviceOfflineList } },
    handler: (ctx, req) => data.offline(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/device/status-log`,
    access: DEVICE_ACCESS.view,
    summary: 'Online / offline log, newest first (deviceId, deviceType, areaId, online, startTime, endTime)',
    schema: {
      params: tenantParam,
      querystring: deviceStatusLogQuery,
      response: { 200: deviceStatusLogPage },
    },
    handler: (ctx, req) => data.statusLog(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/device/:id/details`,
    access: DEVICE_ACCESS.view,
    summary: 'One device (spec 01 §2.11 device detail); never its broker secret',
    schema: { params: deviceIdParam, response: { 200: device } },
    handler: (ctx, req) => devices.details(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/device/:id/collection`,
    access: DEVICE_ACCESS.view,
    summary: 'Collected data: one card per metric of the type with its newest value',
    schema: { params: deviceIdParam, response: { 200: z.array(collectedDatum) } },
    handler: (ctx, req) => data.collection(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/device/:id/curve`,
    access: DEVICE_ACCESS.view,
    summary: 'History curve of one metric, at most maxPoints (≤ 2000) points with min / max per bucket',
    schema: { params: deviceIdParam, querystring: curveQuery, response: { 200: curve } },
    handler: (ctx, req) => data.curve(ctx, req.params.id, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/device/:id/curve/export`,
    access: DEVICE_ACCESS.view,
    summary: 'Raw readings of a range as an Excel file (metric: one column, else every metric)',
    schema: { params: deviceIdParam, querystring: curveExportQuery },
    handler: async (ctx, req, reply) => {
      const file = await data.exportCurve(ctx, req.params.id, req.query);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'no-store')
        .send(file.data);
    },
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/device`,
    access: DEVICE_ACCESS.create,
    summary: "Registers a device (the type's create code); answers its broker credentials, shown this once",
    schema: { params: tenantParam, body: deviceCreateBody, response: { 200: deviceCreated } },
    handler: (ctx, req) => devices.create(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'PUT',
    url: `${V1}/device`,
    access: DEVICE_ACCESS.edit,
    summary: "Edits a device (the type's edit code; id and objectVersionNumber; type and serial are fixed)",
    schema: { params: tenantParam, body: deviceUpdateBody, response: { 200: device } },
    handler: (ctx, req) => devices.update(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'DELETE',
    url: `${V1}/device/:id`,
    access: DEVICE_ACCESS.delete,
    summary: 'Deletes a device no other device hangs off, with its switches and settings; history stays',
    schema: { params: deviceIdParam, response: { 200: okResult } },
    noTransaction: true,
    handler: (ctx, req) => devices.remove(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/device/:id/credentials`,
    access: DEVICE_ACCESS.edit,
    summary: 'Issues a new broker secret (shown this once); the old one stops working',
    schema: { params: deviceIdParam, response: { 200: deviceCredentials } },
    noTransaction: true,
    handler: (ctx, req) => devices.rotate(ctx, req.params.id),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/system/device/page`,
    access: DEVICE_ACCESS.system,
    summary: 'deviceManager: every device of the tenant (name, eui, deviceType, areaId, online)',
    schema: { params: tenantParam, querystring: deviceListQuery, response: { 200: devicePage } },
    handler: (ctx, req) => system.page(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/system/device/batch/del`,
    access: DEVICE_ACCESS.systemDelete,
    summary: 'deviceManager: deletes the listed devices, all or none; 1 on success',
    schema: { params: tenantParam, body: deviceBatchDelBody, response: { 200: deviceBulkResult } },
    noTransaction: true,
    handler: (ctx, req) => system.batchDelete(ctx, req.body),
  });

  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/system/device/transfer`,
    access: DEVICE_ACCESS.systemTransfer,
    summary: 'deviceManager: moves the listed devices to a base and land (both required); 1 on success',
    schema: { params: tenantParam, body: deviceTransferBody, response: { 200: deviceBulkResult } },
    handler: (ctx, req) => system.transfer(ctx, req.body),
  });
};
