import {
  cameraBatchDelBody,
  cameraIdParam,
  cameraManagerQuery,
  cameraPage,
  cameraTransferBody,
  oneOrZero,
} from '@tilth/contracts/camera.types';
import {
  captureSchedule,
  captureSchedulePage,
  scheduleCreateBody,
  scheduleUpdateBody,
  seedlingSituation,
  seedlingSituationQuery,
  timingListQuery,
  versionQuery,
} from '@tilth/contracts/camera-capture.types';
import { okResult, tenantParam } from '@tilth/contracts/common.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { CAMERA_ACCESS } from './camera.access.js';
import type { CameraService } from './camera.service.js';
import type { CameraCaptureService } from './camera-capture.service.js';

// Spec 02 §7: the camera manager (v2 page, batch delete, transfer), timing list and seedling situation.

const V2 = '/wfpe/v2/:tenantId';
const TIMING = `${V2}/device/camera/timing`;

export const registerCameraV2Routes = (
  app: App,
  platform: Platform,
  cams: CameraService,
  caps: CameraCaptureService,
): void => {
  addRoute(app, platform, {
    method: 'GET',
    url: `${V2}/camera/page`,
    access: [...CAMERA_ACCESS.manager, ...CAMERA_ACCESS.view],
    summary:
      'Camera manager page: own cameras (name, deviceSerial contain; cameraType 0/1, 2 all; cameraEnter 1–5, 0 all; areaId)',
    schema: { params: tenantParam, querystring: cameraManagerQuery, response: { 200: cameraPage } },
    handler: (ctx, req) => cams.managerPage(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${V2}/camera/batch/del`,
    access: CAMERA_ACCESS.bulkDelete,
    summary: 'Deletes the listed cameras (a JSON list of ids); all or nothing; 1 means success',
    schema: { params: tenantParam, body: cameraBatchDelBody, response: { 200: oneOrZero } },
    handler: (ctx, req) => cams.batchDelete(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${V2}/camera/transfer`,
    access: CAMERA_ACCESS.transfer,
    summary: "Moves cameras to a base and plot (both required: 'Please select base' / 'Please select land')",
    schema: { params: tenantParam, body: cameraTransferBody, response: { 200: oneOrZero } },
    handler: (ctx, req) => cams.transfer(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${V2}/camera/seedling-situation`,
    access: CAMERA_ACCESS.view,
    summary: 'Seedling situation per plot: how many stills and the newest (areaId, landId)',
    schema: {
      params: tenantParam,
      querystring: seedlingSituationQuery,
      response: { 200: seedlingSituation },
    },
    handler: (ctx, req) => caps.seedlingSituation(ctx, req.query),
  });

  addRoute(app, platform, {
    method: 'GET',
    url: `${TIMING}/list`,
    access: CAMERA_ACCESS.view,
    summary: 'Timed-capture schedules (cameraId; paged)',
    schema: { params: tenantParam, querystring: timingListQuery, response: { 200: captureSchedulePage } },
    handler: (ctx, req) => caps.schedules(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: TIMING,
    access: CAMERA_ACCESS.edit,
    summary: 'Adds a timed-capture schedule (interval ≥ 30 min and ≤ duration; optional preset per shot)',
    schema: { params: tenantParam, body: scheduleCreateBody, response: { 200: captureSchedule } },
    handler: (ctx, req) => caps.createSchedule(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: TIMING,
    access: CAMERA_ACCESS.edit,
    summary: 'Edits a timed-capture schedule (id, objectVersionNumber)',
    schema: { params: tenantParam, body: scheduleUpdateBody, response: { 200: captureSchedule } },
    handler: (ctx, req) => caps.updateSchedule(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${TIMING}/:id`,
    access: CAMERA_ACCESS.edit,
    summary: 'Deletes a timed-capture schedule (?objectVersionNumber= refuses a stale one)',
    schema: { params: cameraIdParam, querystring: versionQuery, response: { 200: okResult } },
    handler: (ctx, req) => caps.deleteSchedule(ctx, req.params.id, req.query.objectVersionNumber),
  });
};
