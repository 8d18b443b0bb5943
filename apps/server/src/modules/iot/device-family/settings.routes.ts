import {
  commandIssued,
  cruiseCtrlBody,
  deleteResult,
  deviceSetting,
  deviceSettingList,
  familyIdBody,
  nextRunsQuery,
  type SettingKind,
  settingCreateBody,
  settingUpdateBody,
} from '@tilth/contracts/device-family.types';
import { z } from 'zod';
import type { App } from '../../../platform/http/route.js';
import type { Platform } from '../../../platform/platform.js';
import { codesOf } from './device-family.access.js';
import { familyRoutes } from './family-route.js';
import { KIND_TYPES, SettingsService } from './settings.service.js';

const V1 = '/wfpe/v1/:tenantId';
const MAR = `${V1}/device/mar`;

/** Where one kind of device setting is listed, added, edited and deleted, and how it is named. */
interface SettingPaths {
  kind: SettingKind;
  /** GET: the settings of the device `:id`. */
  list: string;
  /** POST: add. */
  create: string;
  /** PUT / POST: edit. */
  update: { method: 'PUT' | 'POST'; url: string };
  /** DELETE `…/:id`, or POST `{ id }`. */
  remove: { byBody: boolean; url: string };
  /** Plural for the list, singular for the rest, as the summaries say it. */
  many: string;
  one: string;
  /** Appended to the add summary. */
  createNote?: string;
}

/** REST style: GET {base}/:id (device) list, POST / PUT {base}, DELETE {base}/:id. */
const rest = (kind: SettingKind, listUrl: string, base: string, many: string, one: string): SettingPaths => ({
  kind,
  list: listUrl,
  create: base,
  update: { method: 'PUT', url: base },
  remove: { byBody: false, url: `${base}/:id` },
  many,
  one,
});

/** Robotic arm presets and cruises (spec 02 §7 /device/mar): add-, update-, delete-{kind} by POST. */
const arm = (kind: 'preset' | 'cruise'): SettingPaths => ({
  kind,
  list: `${MAR}/${kind}/:id`,
  create: `${MAR}/add-${kind}`,
  update: { method: 'POST', url: `${MAR}/update-${kind}` },
  remove: { byBody: true, url: `${MAR}/delete-${kind}` },
  many: `Robotic arm ${kind}s`,
  one: `robotic arm ${kind}`,
  createNote: " (axes R −360–360°, Y / Z within the arm's travel)",
});

const SETTINGS: readonly SettingPaths[] = [
  // fertiliser machines: programs, fertilisation methods, controller models
  rest(
    'program',
    `${V1}/fertilizer/:id/program`,
    `${V1}/fertilizer/program`,
    'Irrigation programs',
    'irrigation program',
  ),
  rest(
    'method',
    `${V1}/fertilizer/:id/method`,
    `${V1}/fertilizer/method`,
    'Fertilisation methods',
    'fertilisation method',
  ),
  rest(
    'controller',
    `${V1}/fertilizer/:id/controller`,
    `${V1}/fertilizer/controller`,
    'Controller models',
    'controller model',
  ),
  // RTU strategies (spec 02 §7 rtu strategy GET, POST, call, DELETE)
  rest(
    'rtu-strategy',
    `${V1}/device/rtu/:id/strategy`,
    `${V1}/device/rtu/strategy`,
    'RTU strategies',
    'RTU strategy',
  ),
  arm('preset'),
  arm('cruise'),
];

export const registerSettingRoutes = (app: App, platform: Platform): void => {
  const settings = new SettingsService(platform);
  const route = familyRoutes(app, platform);

  for (const s of SETTINGS) {
    const view = codesOf(KIND_TYPES[s.kind], 'view');
    const edit = codesOf(KIND_TYPES[s.kind], 'edit');
    route.id({
      method: 'GET',
      url: s.list,
      access: view,
      summary: `${s.many} of a device`,
      response: deviceSettingList,
      call: (ctx, id) => settings.list(ctx, s.kind, id),
    });
    route.body({
      url: s.create,
      access: edit,
      summary: `Adds a ${s.one}${s.createNote ?? ''}`,
      body: settingCreateBody,
      response: deviceSetting,
      call: (ctx, b) => settings.create(ctx, s.kind, b),
    });
    route.body({
      method: s.update.method,
      url: s.update.url,
      access: edit,
      summary: `Edits a ${s.one} (objectVersionNumber; stale → 409)`,
      body: settingUpdateBody,
      response: deviceSetting,
      call: (ctx, b) => settings.update(ctx, s.kind, b),
    });
    const removed = { access: edit, summary: `Deletes a ${s.one} (1 on success)`, response: deleteResult };
    if (s.remove.byBody) {
      route.body({
        ...removed,
        url: s.remove.url,
        body: familyIdBody,
        call: (ctx, b) => settings.remove(ctx, s.kind, b.id),
      });
    } else {
      route.id({
        ...removed,
        method: 'DELETE',
        url: s.remove.url,
        call: (ctx, id) => settings.remove(ctx, s.kind, id),
      });
    }
  }

  route.id({
    method: 'POST',
    url: `${V1}/fertilizer/program/:id/run`,
    access: codesOf(KIND_TYPES.program, 'control'),
    summary: "Runs an irrigation program now (the machine's program command, total zone time as run time)",
    response: commandIssued,
    call: (ctx, id) => settings.runProgram(ctx, id),
  });
  route.idWith({
    method: 'GET',
    url: `${V1}/fertilizer/program/:id/next-runs`,
    access: codesOf(KIND_TYPES.program, 'view'),
    summary: 'The next start times of a program (daily, interval days, weekdays, odd / even days)',
    input: { querystring: nextRunsQuery },
    response: z.array(z.string()),
    call: (ctx, id, q) => settings.nextRuns(ctx, id, q.count),
  });
  route.body({
    url: `${V1}/device/rtu/strategy/call`,
    access: codesOf(KIND_TYPES['rtu-strategy'], 'control'),
    summary: 'Calls an RTU strategy: switches its circuit (switch command)',
    body: familyIdBody,
    response: commandIssued,
    call: (ctx, b) => settings.callStrategy(ctx, b.id),
  });
  route.body({
    url: `${MAR}/call-preset`,
    access: codesOf(KIND_TYPES.preset, 'control'),
    summary: 'Moves the arm to a preset',
    body: familyIdBody,
    response: commandIssued,
    call: (ctx, b) => settings.callPreset(ctx, b.id),
  });
  route.body({
    url: `${MAR}/call-cruise`,
    access: codesOf(KIND_TYPES.cruise, 'control'),
    summary: 'Starts a cruise',
    body: familyIdBody,
    response: commandIssued,
    call: (ctx, b) => settings.ctrlCruise(ctx, b.id, true),
  });
  route.body({
    url: `${MAR}/ctrl-cruise`,
    access: codesOf(KIND_TYPES.cruise, 'control'),
    summary: 'Starts (run true) or stops (run false) a cruise',
    body: cruiseCtrlBody,
    response: commandIssued,
    call: (ctx, b) => settings.ctrlCruise(ctx, b.id, b.run),
  });
};
