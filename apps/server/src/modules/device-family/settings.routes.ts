import { tenantParam } from '@tilth/contracts/common.types';
import {
  commandIssued,
  cruiseCtrlBody,
  deleteResult,
  deviceSetting,
  deviceSettingList,
  familyIdBody,
  familyIdParam,
  nextRunsQuery,
  type SettingKind,
  settingCreateBody,
  settingUpdateBody,
} from '@tilth/contracts/device-family.types';
import { z } from 'zod';
import { type App, addRoute } from '../../platform/http/route.js';
import type { Platform } from '../../platform/platform.js';
import { codesOf } from './device-family.access.js';
import { KIND_TYPES, SettingsService } from './settings.service.js';

const V1 = '/wfpe/v1/:tenantId';

export const registerSettingRoutes = (app: App, platform: Platform): void => {
  const settings = new SettingsService(platform);

  /** REST style: GET {base}/:id (device) list, POST / PUT {setting}, DELETE /:id. */
  const rest = (kind: SettingKind, listUrl: string, base: string, what: string) => {
    const types = KIND_TYPES[kind];
    addRoute(app, platform, {
      method: 'GET',
      url: listUrl,
      access: codesOf(types, 'view'),
      summary: `${what} of a device`,
      schema: { params: familyIdParam, response: { 200: deviceSettingList } },
      handler: (ctx, req) => settings.list(ctx, kind, req.params.id),
    });
    addRoute(app, platform, {
      method: 'POST',
      url: base,
      access: codesOf(types, 'edit'),
      summary: `Adds a ${what.toLowerCase().replace(/s$/, '')}`,
      schema: { params: tenantParam, body: settingCreateBody, response: { 200: deviceSetting } },
      handler: (ctx, req) => settings.create(ctx, kind, req.body),
    });
    addRoute(app, platform, {
      method: 'PUT',
      url: base,
      access: codesOf(types, 'edit'),
      summary: `Edits a ${what.toLowerCase().replace(/s$/, '')} (objectVersionNumber; stale → 409)`,
      schema: { params: tenantParam, body: settingUpdateBody, response: { 200: deviceSetting } },
      handler: (ctx, req) => settings.update(ctx, kind, req.body),
    });
    addRoute(app, platform, {
      method: 'DELETE',
      url: `${base}/:id`,
      access: codesOf(types, 'edit'),
      summary: `Deletes a ${what.toLowerCase().replace(/s$/, '')} (1 on success)`,
      schema: { params: familyIdParam, response: { 200: deleteResult } },
      handler: (ctx, req) => settings.remove(ctx, kind, req.params.id),
    });
  };

  // ---- fertiliser machines: programs, fertilisation methods, controller models ----
  rest('program', `${V1}/fertilizer/:id/program`, `${V1}/fertilizer/program`, 'Irrigation programs');
  rest('method', `${V1}/fertilizer/:id/method`, `${V1}/fertilizer/method`, 'Fertilisation methods');
  rest('controller', `${V1}/fertilizer/:id/controller`, `${V1}/fertilizer/controller`, 'Controller models');
  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/fertilizer/program/:id/run`,
    access: codesOf(KIND_TYPES.program, 'control'),
    summary: "Runs an irrigation program now (the machine's program command, total zone time as run time)",
    schema: { params: familyIdParam, response: { 200: commandIssued } },
    handler: (ctx, req) => settings.runProgram(ctx, req.params.id),
  });
  addRoute(app, platform, {
    method: 'GET',
    url: `${V1}/fertilizer/program/:id/next-runs`,
    access: codesOf(KIND_TYPES.program, 'view'),
    summary: 'The next start times of a program (daily, interval days, weekdays, odd / even days)',
    schema: { params: familyIdParam, querystring: nextRunsQuery, response: { 200: z.array(z.string()) } },
    handler: (ctx, req) => settings.nextRuns(ctx, req.params.id, req.query.count),
  });

  // ---- RTU strategies (spec 02 §7 rtu strategy GET, POST, call, DELETE) ----
  rest('rtu-strategy', `${V1}/device/rtu/:id/strategy`, `${V1}/device/rtu/strategy`, 'RTU strategies');
  addRoute(app, platform, {
    method: 'POST',
    url: `${V1}/device/rtu/strategy/call`,
    access: codesOf(KIND_TYPES['rtu-strategy'], 'control'),
    summary: 'Calls an RTU strategy: switches its circuit (switch command)',
    schema: { params: tenantParam, body: familyIdBody, response: { 200: commandIssued } },
    handler: (ctx, req) => settings.callStrategy(ctx, req.body.id),
  });

  // ---- robotic arm presets and cruises (spec 02 §7 /device/mar) ----
  const MAR = `${V1}/device/mar`;
  for (const kind of ['preset', 'cruise'] as const) {
    const types = KIND_TYPES[kind];
    addRoute(app, platform, {
      method: 'GET',
      url: `${MAR}/${kind}/:id`,
      access: codesOf(types, 'view'),
      summary: `Robotic arm ${kind}s of a device`,
      schema: { params: familyIdParam, response: { 200: deviceSettingList } },
      handler: (ctx, req) => settings.list(ctx, kind, req.params.id),
    });
    addRoute(app, platform, {
      method: 'POST',
      url: `${MAR}/add-${kind}`,
      access: codesOf(types, 'edit'),
      summary: `Adds a robotic arm ${kind} (axes R −360–360°, Y / Z within the arm's travel)`,
      schema: { params: tenantParam, body: settingCreateBody, response: { 200: deviceSetting } },
      handler: (ctx, req) => settings.create(ctx, kind, req.body),
    });
    addRoute(app, platform, {
      method: 'POST',
      url: `${MAR}/update-${kind}`,
      access: codesOf(types, 'edit'),
      summary: `Edits a robotic arm ${kind} (objectVersionNumber; stale → 409)`,
      schema: { params: tenantParam, body: settingUpdateBody, response: { 200: deviceSetting } },
      handler: (ctx, req) => settings.update(ctx, kind, req.body),
    });
    addRoute(app, platform, {
      method: 'POST',
      url: `${MAR}/delete-${kind}`,
      access: codesOf(types, 'edit'),
      summary: `Deletes a robotic arm ${kind} (1 on success)`,
      schema: { params: tenantParam, body: familyIdBody, response: { 200: deleteResult } },
      handler: (ctx, req) => settings.remove(ctx, kind, req.body.id),
    });
  }
  addRoute(app, platform, {
    method: 'POST',
    url: `${MAR}/call-preset`,
    access: codesOf(KIND_TYPES.preset, 'control'),
    summary: 'Moves the arm to a preset',
    schema: { params: tenantParam, body: familyIdBody, response: { 200: commandIssued } },
    handler: (ctx, req) => settings.callPreset(ctx, req.body.id),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${MAR}/call-cruise`,
    access: codesOf(KIND_TYPES.cruise, 'control'),
    summary: 'Starts a cruise',
    schema: { params: tenantParam, body: familyIdBody, response: { 200: commandIssued } },
    handler: (ctx, req) => settings.ctrlCruise(ctx, req.body.id, true),
  });
  addRoute(app, platform, {
    method: 'POST',
    url: `${MAR}/ctrl-cruise`,
    access: codesOf(KIND_TYPES.cruise, 'control'),
    summary: 'Starts (run true) or stops (run false) a cruise',
    schema: { params: tenantParam, body: cruiseCtrlBody, response: { 200: commandIssued } },
    handler: (ctx, req) => settings.ctrlCruise(ctx, req.body.id, req.body.run),
  });
};
