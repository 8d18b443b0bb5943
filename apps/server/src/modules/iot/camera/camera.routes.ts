import {
  camera,
  cameraAreaQuery,
  cameraBindingBody,
  cameraBriefPage,
  cameraControlBody,
  cameraCreateBody,
  cameraDisableBody,
  cameraIdParam,
  cameraList,
  cameraLive,
  cameraLiveBody,
  cameraPage,
  cameraPreset,
  cameraPresetList,
  cameraSaveShareBody,
  cameraShare,
  cameraShareIdParam,
  cameraShareList,
  cameraShareStatus,
  cameraTenantQuery,
  cameraTree,
  cameraUpdateBody,
  oneOrZero,
  playback,
  playbackBody,
  presetBody,
  recordings,
  recordingsQuery,
} from '@tilth/contracts/camera.types';
import {
  cameraData,
  capture,
  seedlingImagePage,
  seedlingQuery,
  splitTemplate,
  splitTemplateCreateBody,
  splitTemplateList,
  splitTemplateUpdateBody,
} from '@tilth/contracts/camera-capture.types';
import { okResult, tenantParam } from '@tilth/contracts/common.types';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { CAMERA_ACCESS } from './camera.access.js';
import { CameraService } from './camera.service.js';
import { CameraCaptureService } from './camera-capture.service.js';
import { CameraOpsService } from './camera-ops.service.js';
import { registerCameraPlatformRoutes } from './camera-platform.routes.js';
import { registerTimelapseRoutes } from './camera-timelapse.routes.js';
import { registerCameraV2Routes } from './camera-v2.routes.js';

// Spec 02 §7 "Camera (/wfpe/v1/{t}/camera unless noted)"; the v2 calls are in camera-v2.routes.ts.

const BASE = '/wfpe/v1/:tenantId/camera';

export const registerCameraRoutes = (app: App, platform: Platform): void => {
  const cams = new CameraService();
  const ops = new CameraOpsService(platform);
  const caps = new CameraCaptureService();
  const V = CAMERA_ACCESS.view;

  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/tenant`,
    access: V,
    summary: "The tenant's cameras (relation owner) and cameras shared to it (share, view-only); paged",
    schema: { params: tenantParam, querystring: cameraTenantQuery, response: { 200: cameraPage } },
    handler: (ctx, req) => cams.tenantCameras(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id/all`,
    access: V,
    summary: 'Every camera of base {id}',
    schema: { params: cameraIdParam, response: { 200: cameraList } },
    handler: (ctx, req) => cams.ofBase(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id/area`,
    access: V,
    summary: 'Cameras of base {id}: id, name, deviceSerial (paged; name contains)',
    schema: { params: cameraIdParam, querystring: cameraAreaQuery, response: { 200: cameraBriefPage } },
    handler: (ctx, req) => cams.briefOfBase(ctx, req.params.id, req.query),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id/tree`,
    access: V,
    summary: 'Base {id}, its plots and the cameras of each',
    schema: { params: cameraIdParam, response: { 200: cameraTree } },
    handler: (ctx, req) => cams.tree(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id/data`,
    access: V,
    summary: 'One camera with its presets, capture schedules and newest still',
    schema: { params: cameraIdParam, response: { 200: cameraData } },
    handler: (ctx, req) => caps.data(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id`,
    access: V,
    summary: 'One camera (own, or shared to the tenant); secrets are never answered',
    schema: { params: cameraIdParam, response: { 200: camera } },
    handler: (ctx, req) => cams.get(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: BASE,
    access: CAMERA_ACCESS.create,
    summary: 'Adds a camera (cameraEnter 1–4 the spec’s access methods, 5 ours: provider demo or rtsp)',
    schema: { params: tenantParam, body: cameraCreateBody, response: { 200: camera } },
    handler: (ctx, req) => cams.create(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: BASE,
    access: CAMERA_ACCESS.edit,
    summary: 'Edits a camera (id, objectVersionNumber; secret settings not sent are kept)',
    schema: { params: tenantParam, body: cameraUpdateBody, response: { 200: camera } },
    handler: (ctx, req) => cams.update(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/:id`,
    access: CAMERA_ACCESS.delete,
    summary: 'Deletes a camera with its presets, shares and schedules; 1 means success',
    schema: { params: cameraIdParam, response: { 200: oneOrZero } },
    handler: (ctx, req) => cams.remove(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/:id`,
    access: CAMERA_ACCESS.control,
    summary: 'Pan-tilt-zoom (form-encoded direction: 0–7 move, 8/9 zoom, −1 stop); 1 done, 0 not reached',
    schema: { params: cameraIdParam, body: cameraControlBody, response: { 200: oneOrZero } },
    handler: (ctx, req) => ops.control(ctx, req.params.id, req.body.direction, req.body.speed),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/live`,
    access: V,
    summary:
      'Live URLs (url SD, hdUrl HD), signed and short-lived; a disabled camera answers wfpe.warn.camera.disable',
    schema: { params: tenantParam, body: cameraLiveBody, response: { 200: cameraLive } },
    handler: (ctx, req) => ops.live(ctx, req.body.cameraId),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id/recordings`,
    access: V,
    summary: 'What is recorded between from and to (at most 24 h), for the player’s timeline',
    schema: { params: cameraIdParam, querystring: recordingsQuery, response: { 200: recordings } },
    handler: (ctx, req) => ops.recordings(ctx, req.params.id, req.query.from, req.query.to),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/:id/playback`,
    access: V,
    summary: 'A signed, short-lived playback URL for a range (at most 24 h) at 1×, 2× or 4×',
    schema: { params: cameraIdParam, body: playbackBody, response: { 200: playback } },
    handler: (ctx, req) => ops.playback(ctx, req.params.id, req.body),
  });

  // ---- Sharing, disabling, binding ----
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id/share`,
    access: V,
    summary: 'Share status: isShare and the number of shares not yet expired',
    schema: { params: cameraIdParam, response: { 200: cameraShareStatus } },
    handler: (ctx, req) => cams.shareStatus(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/save-share`,
    access: CAMERA_ACCESS.edit,
    summary: 'Shares a camera view-only to another tenant or a user until expiresAt',
    schema: { params: tenantParam, body: cameraSaveShareBody, response: { 200: cameraShare } },
    handler: (ctx, req) => cams.saveShare(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id/shares`,
    access: V,
    summary: 'Shares of a camera (expired ones flagged)',
    schema: { params: cameraIdParam, response: { 200: cameraShareList } },
    handler: (ctx, req) => cams.shares(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/shares/:shareId`,
    access: CAMERA_ACCESS.edit,
    summary: 'Ends a share at once',
    schema: { params: cameraShareIdParam, response: { 200: okResult } },
    handler: (ctx, req) => cams.revokeShare(ctx, req.params.shareId),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/:id/disable`,
    access: CAMERA_ACCESS.edit,
    summary: 'Disables (status 0, the default) or enables (status 1) a camera',
    schema: { params: cameraIdParam, body: cameraDisableBody, response: { 200: camera } },
    handler: (ctx, req) => cams.disable(ctx, req.params.id, req.body),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/:id/binding`,
    access: CAMERA_ACCESS.edit,
    summary: 'Binds the camera to a gateway of the tenant (contentratorId; null unbinds)',
    schema: { params: cameraIdParam, body: cameraBindingBody, response: { 200: camera } },
    handler: (ctx, req) => cams.bind(ctx, req.params.id, req.body),
  });

  // ---- Split screen (the caller's own templates) ----
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/template`,
    access: V,
    summary: "The caller's split-screen templates",
    schema: { params: tenantParam, response: { 200: splitTemplateList } },
    handler: (ctx) => caps.templates(ctx),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/template`,
    access: V,
    summary: 'Saves a split-screen template of the caller (layout 1, 4, 9 or 16; a camera per cell)',
    schema: { params: tenantParam, body: splitTemplateCreateBody, response: { 200: splitTemplate } },
    handler: (ctx, req) => caps.createTemplate(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/:id/split-screen`,
    access: V,
    summary: 'One split-screen template of the caller',
    schema: { params: cameraIdParam, response: { 200: splitTemplate } },
    handler: (ctx, req) => caps.template(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'PUT',
    url: `${BASE}/template`,
    access: V,
    summary: 'Edits a split-screen template of the caller (id, objectVersionNumber)',
    schema: { params: tenantParam, body: splitTemplateUpdateBody, response: { 200: splitTemplate } },
    handler: (ctx, req) => caps.updateTemplate(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/template/:id`,
    access: V,
    summary: 'Deletes a split-screen template of the caller',
    schema: { params: cameraIdParam, response: { 200: okResult } },
    handler: (ctx, req) => caps.deleteTemplate(ctx, req.params.id),
  });

  // ---- Stills and presets ----
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/img/:id/capture`,
    access: V,
    summary: 'Captures a still now, stored as a tenant file (fileUrl, for the camera log)',
    schema: { params: cameraIdParam, response: { 200: capture } },
    handler: (ctx, req) => ops.capture(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/img/seedling`,
    access: V,
    summary: 'Seedling-situation stills, newest first (cameraId, landId, areaId, startTime, endTime; paged)',
    schema: { params: tenantParam, querystring: seedlingQuery, response: { 200: seedlingImagePage } },
    handler: (ctx, req) => caps.seedlingImages(ctx, req.query),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/preset`,
    access: CAMERA_ACCESS.control,
    summary: 'Saves the current view as a preset (index 1–255, the next free one when omitted)',
    schema: { params: tenantParam, body: presetBody, response: { 200: cameraPreset } },
    handler: (ctx, req) => ops.savePreset(ctx, req.body),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${BASE}/preset/:id/list`,
    access: V,
    summary: 'Presets of camera {id}, by index',
    schema: { params: cameraIdParam, response: { 200: cameraPresetList } },
    handler: (ctx, req) => ops.presets(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${BASE}/preset/:id/transfer`,
    access: CAMERA_ACCESS.control,
    summary: 'Turns the camera to preset {id}',
    schema: { params: cameraIdParam, response: { 200: cameraPreset } },
    handler: (ctx, req) => ops.goToPreset(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'DELETE',
    url: `${BASE}/preset/:id/del`,
    access: CAMERA_ACCESS.control,
    summary: 'Deletes preset {id}',
    schema: { params: cameraIdParam, response: { 200: okResult } },
    handler: (ctx, req) => ops.deletePreset(ctx, req.params.id),
  });

  registerCameraV2Routes(app, platform, cams, caps);
  registerTimelapseRoutes(app, platform);
  registerCameraPlatformRoutes(app, platform);
};
