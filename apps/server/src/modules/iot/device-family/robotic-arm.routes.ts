import { tenantParam } from '@tilth/contracts/common.types';
import { controlLogPage } from '@tilth/contracts/control.types';
import { commandIssued } from '@tilth/contracts/device-family.types';
import {
  armAlarmPage,
  armCameraControlBody,
  armCtrlSwitchBody,
  armImagePage,
  armImageUploaded,
  armLive,
  liveState,
  type OpsPagedQuery,
  opsIdBody,
  opsIdParam,
  opsPagedQuery,
} from '@tilth/contracts/device-family-ops.types';
import type { z } from 'zod';
import type { Ctx } from '../../../platform/http/context.js';
import { type App, addRoute } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { ARM, codesOf } from './device-family.access.js';
import { ARM_IMAGE_MAX_BYTES, ArmErrors, RoboticArmService } from './robotic-arm.service.js';

// Spec 02 §7 robotic arm operations (/wfpe/v1/{t}/device/mar). Presets, cruises, write-config,
// ctrl-function and capture are registered by device-family / settings routes.

const MAR = '/wfpe/v1/:tenantId/device/mar';

const readImage = async (stream: AsyncIterable<Buffer> & { truncated?: boolean }): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  try {
    for await (const c of stream) chunks.push(c);
  } catch {
    throw ArmErrors.notImage();
  }
  if (stream.truncated) throw ArmErrors.tooLarge({ n: ARM_IMAGE_MAX_BYTES / (1024 * 1024) });
  return Buffer.concat(chunks);
};

export const registerRoboticArmRoutes = (app: App, platform: Platform): void => {
  const arm = new RoboticArmService(platform);
  const commandRoute = (
    url: string,
    summary: string,
    call: (ctx: Parameters<RoboticArmService['ctrlSwitch']>[0], id: number) => Promise<unknown>,
  ) =>
    addRoute(app, platform, {
      method: 'POST',
      url: `${MAR}/${url}`,
      access: codesOf(ARM, 'control'),
      summary,
      schema: { params: tenantParam, body: opsIdBody, response: { 200: commandIssued } },
      handler: (ctx, req) => call(ctx, req.body.id),
    });

  // Round trips wait for the device's answer outside a request transaction (PGlite has one connection).
  for (const [path, summary, call] of [
    [
      'call-status',
      'Asks the arm for its status (axes, running, fault); its answer, or the stored state marked stale after 5 s',
      (ctx: Ctx, id: number) => arm.callStatus(ctx, id),
    ],
    [
      'call-config',
      'Asks the arm for its configuration (axis travel); its answer, or the stored state marked stale after 5 s',
      (ctx: Ctx, id: number) => arm.callConfig(ctx, id),
    ],
  ] as const) {
    addRoute(app, platform, {
      method: 'POST',
      url: `${MAR}/${path}`,
      access: codesOf(ARM, 'view'),
      summary,
      noTransaction: true,
      schema: { params: tenantParam, body: opsIdBody, response: { 200: liveState } },
      handler: (ctx, req) => call(ctx, req.body.id),
    });
  }

  addRoute(app, platform, {
    method: 'POST',
    url: `${MAR}/ctrl-switch`,
    access: codesOf(ARM, 'control'),
    summary: 'Power or motion switch of the arm {id, target: power | motion, on: 0 | 1}; 409 when offline',
    schema: { params: tenantParam, body: armCtrlSwitchBody, response: { 200: commandIssued } },
    handler: (ctx, req) => arm.ctrlSwitch(ctx, req.body),
  });
  commandRoute('restart-img', "Restarts the arm's image service (restartImg command)", (ctx, id) =>
    arm.imageService(ctx, id, 'restart'),
  );
  commandRoute('update-img', "Updates the arm's image service (updateImg command)", (ctx, id) =>
    arm.imageService(ctx, id, 'update'),
  );
  addRoute(app, platform, {
    method: 'POST',
    url: `${MAR}/:id/camera-control`,
    access: codesOf(ARM, 'control'),
    summary:
      'Arm camera pan-tilt: direction 0 up … 7 right-bottom, 8 zoom in, 9 zoom out, -1 stop (ptz command)',
    schema: { params: opsIdParam, body: armCameraControlBody, response: { 200: commandIssued } },
    handler: (ctx, req) => arm.cameraControl(ctx, req.params.id, req.body.direction),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${MAR}/:id/live`,
    access: codesOf(ARM, 'view'),
    summary:
      "The arm camera's stream {protocol, url} from its config (streamUrl); 409 when none is configured",
    schema: { params: opsIdParam, response: { 200: armLive } },
    handler: (ctx, req) => arm.live(ctx, req.params.id),
  });
  type List = (ctx: Ctx, q: OpsPagedQuery) => Promise<unknown>;
  const lists: readonly (readonly [string, string, z.ZodType, List])[] = [
    [
      'alarm-log',
      'Fault readings and failed or unanswered commands of an arm',
      armAlarmPage,
      (c, q) => arm.alarmLog(c, q),
    ],
    ['ctrl-log', 'Control log of an arm', controlLogPage, (c, q) => arm.ctrlLog(c, q)],
    ['img', 'Images the arm captured', armImagePage, (c, q) => arm.images(c, q)],
  ];
  for (const [path, what, page, list] of lists) {
    addRoute(app, platform, {
      method: 'GET',
      url: `${MAR}/${path}`,
      access: codesOf(ARM, 'view'),
      summary: `${what}, newest first (id, page, size)`,
      schema: { params: tenantParam, querystring: opsPagedQuery, response: { 200: page } },
      handler: (ctx, req) => list(ctx, req.query),
    });
  }
  addRoute(app, platform, {
    method: 'POST',
    url: `${MAR}/img/upload`,
    access: 'public',
    summary:
      'A captured image from the arm (HTTP Basic with its MQTT username {tenantId}/robotic-arm/{eui} and secret; multipart field "file", JPG or PNG ≤ 20 MB)',
    schema: { params: tenantParam, consumes: ['multipart/form-data'], response: { 200: armImageUploaded } },
    noTransaction: true,
    handler: async (ctx, req) => {
      // Credentials first: an unknown caller's body is never read.
      const device = await arm.authenticate(ctx, req.headers.authorization);
      if (!req.isMultipart()) throw ArmErrors.notImage();
      const part = await req.file({ limits: { fileSize: ARM_IMAGE_MAX_BYTES } }).catch((err: unknown) => {
        if (typeof err === 'object' && err !== null && 'statusCode' in err) throw err;
        throw ArmErrors.notImage();
      });
      if (!part) throw ArmErrors.notImage();
      const image = await readImage(part.file);
      if (image.length === 0) throw ArmErrors.notImage();
      return arm.storeImage(ctx, device, image);
    },
  });
};
