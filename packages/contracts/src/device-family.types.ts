import { z } from 'zod';
import { bodyId, queryId as id, objectVersionNumber, tenantParam, updateBodyOf } from './common.types.js';
import { historyTime } from './device.types.js';
import { DEVICE_CONFIG_LIMITS } from './device-config.types.js';

// Calls of the device families' own screens (spec 02 §2–§7): soil layers, inverter, electric valve,
// fertiliser programs / methods / controller models, gateway configuration and RTU strategies, LoRa,
// robotic arm presets and cruises, farm machine tracks. Paths: /wfpe/v1/{t}/… unless noted.

const L = DEVICE_CONFIG_LIMITS;
const name = z
  .string()
  .max(240)
  .transform((s) => s.trim())
  .pipe(z.string().min(1, { error: 'name is required' }).max(60, { error: 'name at most 60 characters' }));
const intIn = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be a whole number` })
    .min(min, { error: `${field} must be at least ${min}` })
    .max(max, { error: `${field} must be at most ${max}` });
const numIn = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .min(min, { error: `${field} must be at least ${min}` })
    .max(max, { error: `${field} must be at most ${max}` });

export const familyIdParam = tenantParam.extend({ id });
export const familyIdBody = z.strictObject({ id: bodyId });
export type FamilyIdBody = z.infer<typeof familyIdBody>;
export const commandIssued = z.object({ cmdId: z.string(), state: z.string() });
export type CommandIssued = z.infer<typeof commandIssued>;

// ---- Soil (spec 02 §3 soil detail / soil curve point) ----
export const SOIL_TYPE_KEYS = ['soil-moisture', 'tubular-soil'] as const;
export const soilLayer = z.object({
  number: z.number(),
  temperature: z.number().nullable(),
  humidity: z.number().nullable(),
  conductivity: z.number().nullable(),
  lastUpdateDate: z.string().nullable(),
});
export const soilInfo = z.object({
  layerList: z.array(soilLayer),
  /** 1: layer number 1 is the surface and the depth labels shift by one. */
  surfaceFlag: z.number(),
  concentratorId: z.number(),
});
export type SoilInfo = z.infer<typeof soilInfo>;
export const soilHistoryQuery = z.object({ startTime: historyTime, endTime: historyTime });
export const soilCurvePoint = z.object({
  layer: z.number(),
  humidity: z.number().nullable(),
  temperature: z.number().nullable(),
  conductivity: z.number().nullable(),
  uploadTime: z.string(),
});
export type SoilCurvePoint = z.infer<typeof soilCurvePoint>;
export const soilHistory = z.array(soilCurvePoint);

// ---- Inverter ----
const runDuration = intIn('run time (minutes)', L.runMin.min, L.runMin.max);
export const inverterControlBody = z.strictObject({
  en: z.union([z.literal(0), z.literal(1)], { error: 'en is 1 (start) or 0 (stop)' }),
  durationMin: runDuration.optional(),
});
export const inverterConfigBody = z.strictObject({
  id: bodyId,
  givenPressure: z
    .number({ error: 'given pressure must be a number' })
    .gt(0, { error: 'given pressure must be above 0 bar' })
    .max(L.givenPressure.max, { error: `given pressure must be at most ${L.givenPressure.max} bar` }),
});

/** A fault reading or a failed / timed-out command of a device (inverter and fertiliser alarm lists). */
export const deviceFaultItem = z.object({
  key: z.string(),
  kind: z.enum(['fault', 'command']),
  time: z.string(),
  message: z.string(),
  acknowledged: z.boolean(),
  acknowledgedBy: z.string().nullable(),
});
export type DeviceFaultItem = z.infer<typeof deviceFaultItem>;
export const deviceFaultList = z.array(deviceFaultItem);
export const faultAckBody = z.strictObject({
  deviceId: bodyId,
  key: z.string().min(1).max(80),
  note: z.string().max(200).optional(),
});

// ---- Electric valve ----
export const valveControlBody = z.strictObject({
  open: z.boolean({ error: 'open is true or false' }),
  durationMin: runDuration.optional(),
});
export const valveLevelsBody = z
  .strictObject({
    id: bodyId,
    highLevelCm: intIn('high liquid level (cm)', L.levelCm.min, L.levelCm.max),
    lowLevelCm: intIn('low liquid level (cm)', L.levelCm.min, L.levelCm.max),
  })
  .refine((b) => b.highLevelCm - b.lowLevelCm >= L.levelCm.minGap, {
    path: ['highLevelCm'],
    message: `high level must be at least ${L.levelCm.minGap} cm above the low level`,
  });

// ---- Generic configure / refresh (gateway /configure, /refresh; LoRa v2 configure, refresh, synchronize) ----
export const deviceConfigureBody = z.strictObject({
  id: bodyId,
  /** Merged into the device's config and checked by its type's schema. */
  config: z.record(z.string(), z.unknown()),
});
export const deviceConfigured = z.object({
  config: z.record(z.string(), z.unknown()),
  objectVersionNumber: z.number(),
  /** The configure command pushed to the device, when the type has one and the values it needs are set. */
  command: commandIssued.nullable(),
});
export type DeviceConfigured = z.infer<typeof deviceConfigured>;

// ---- Device settings (device_settings: kind + data) ----
export const deviceSetting = z.object({
  id: z.number(),
  deviceId: z.number(),
  kind: z.string(),
  name: z.string(),
  data: z.record(z.string(), z.unknown()),
  enabledFlag: z.number(),
  sort: z.number(),
  objectVersionNumber: z.number(),
  creationDate: z.string(),
  /** Programs only: the next start times (ISO instants). */
  nextRuns: z.array(z.string()).optional(),
});
export type DeviceSetting = z.infer<typeof deviceSetting>;
export const deviceSettingList = z.array(deviceSetting);

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'start time: HH:mm' });
const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date: YYYY-MM-DD' });

export const PROGRAM_MODES = ['daily', 'intervalDays', 'weekdays', 'oddDays', 'evenDays'] as const;
export type ProgramMode = (typeof PROGRAM_MODES)[number];
export const PROGRAM_LIMITS = {
  zones: 32,
  startTimes: 12,
  zoneDurationMin: { min: 1, max: 480 },
  intervalDays: { min: 1, max: 365 },
  ec: { min: 0, max: 20 },
  ph: { min: 0, max: 14 },
} as const;

/** An irrigation program of a fertiliser machine (kind 'program'). */
export const programData = z
  .strictObject({
    /** Program slot on the machine (startProgram {program}). */
    programNumber: intIn('program number', 1, 99),
    zones: z
      .array(
        z.strictObject({
          valve: intIn('valve / zone', 1, 255),
          durationMin: intIn(
            'zone duration (minutes)',
            PROGRAM_LIMITS.zoneDurationMin.min,
            PROGRAM_LIMITS.zoneDurationMin.max,
          ),
        }),
      )
      .min(1, { error: 'at least one zone' })
      .max(PROGRAM_LIMITS.zones, { error: `at most ${PROGRAM_LIMITS.zones} zones` }),
    startTimes: z
      .array(hhmm)
      .min(1, { error: 'at least one start time' })
      .max(PROGRAM_LIMITS.startTimes, { error: `at most ${PROGRAM_LIMITS.startTimes} start times` }),
    mode: z.enum(PROGRAM_MODES, { error: 'mode: daily, intervalDays, weekdays, oddDays or evenDays' }),
    intervalDays: intIn(
      'interval (days)',
      PROGRAM_LIMITS.intervalDays.min,
      PROGRAM_LIMITS.intervalDays.max,
    ).optional(),
    /** ISO weekdays, 1 Monday … 7 Sunday. */
    weekdays: z
      .array(intIn('weekday', 1, 7))
      .max(7)
      .optional(),
    startDate: ymd,
    endDate: ymd.optional(),
    ecTarget: numIn('EC target (mS/cm)', PROGRAM_LIMITS.ec.min, PROGRAM_LIMITS.ec.max).optional(),
    phTarget: numIn('pH target', PROGRAM_LIMITS.ph.min, PROGRAM_LIMITS.ph.max).optional(),
    /** A fertilisation method (kind 'method') of the same machine. */
    methodId: bodyId.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.mode === 'intervalDays' && p.intervalDays === undefined) {
      ctx.addIssue({ code: 'custom', path: ['intervalDays'], message: 'interval days (≥ 1) is required' });
    }
    if (p.mode === 'weekdays' && (p.weekdays === undefined || p.weekdays.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'pick at least one weekday' });
    }
    if (p.endDate !== undefined && p.endDate < p.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'end date is before the start date' });
    }
    if (new Set(p.startTimes).size !== p.startTimes.length) {
      ctx.addIssue({ code: 'custom', path: ['startTimes'], message: 'start times repeat' });
    }
  });
export type ProgramData = z.infer<typeof programData>;

export const FERTILIZATION_METHODS = ['quantitative', 'proportional', 'ecControl'] as const;
/** A fertilisation method (kind 'method'): fixed volume, proportional dosing or EC/pH control. */
export const methodData = z
  .strictObject({
    method: z.enum(FERTILIZATION_METHODS, { error: 'method: quantitative, proportional or ecControl' }),
    volumeL: numIn('volume (L)', 0, 100_000).optional(),
    /** 1 : ratio of fertiliser to water. */
    ratio: intIn('ratio', 1, 10_000).optional(),
    ecTarget: numIn('EC target (mS/cm)', PROGRAM_LIMITS.ec.min, PROGRAM_LIMITS.ec.max).optional(),
    phTarget: numIn('pH target', PROGRAM_LIMITS.ph.min, PROGRAM_LIMITS.ph.max).optional(),
    description: z.string().max(200).optional(),
  })
  .superRefine((m, ctx) => {
    const need = { quantitative: 'volumeL', proportional: 'ratio', ecControl: 'ecTarget' } as const;
    const key = need[m.method];
    if (m[key] === undefined)
      ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required for ${m.method}` });
  });

/** A controller model a machine runs (kind 'controller'). */
export const controllerData = z.strictObject({
  model: z.string().trim().min(1, { error: 'model is required' }).max(60),
  manufacturer: z.string().trim().max(60).optional(),
  channels: intIn('channels', 1, 64),
  firmware: z.string().trim().max(40).optional(),
});

/** An RTU strategy of a gateway (kind 'rtu-strategy'): calling it switches the circuit. */
export const rtuStrategyData = z.strictObject({
  switchId: intIn('switch id', 1, Number.MAX_SAFE_INTEGER),
  circuit: intIn('circuit', 0, 255),
  sw: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'sw is 0, 1 or 2' }),
  /** Documentation of when the RTU applies it locally, e.g. ai1 < 4 mA. */
  metric: z.string().max(32).optional(),
  op: z.enum(['lt', 'gt']).optional(),
  value: z.number().min(-1e9).max(1e9).optional(),
});

/** Robotic arm axes (spec 02 §7 cruise labels: R, Y, Z, speed, stay). */
export const ARM_LIMITS = {
  r: { min: -360, max: 360 },
  y: { min: 0, max: L.axisYMm.max },
  z: { min: 0, max: L.axisZMm.max },
  speed: { min: 1, max: 100 },
  stayS: { min: 0, max: 3600 },
  number: { min: 1, max: 255 },
  steps: 64,
} as const;
const axes = {
  r: numIn('R axis (°)', ARM_LIMITS.r.min, ARM_LIMITS.r.max),
  y: intIn('Y axis (mm)', ARM_LIMITS.y.min, ARM_LIMITS.y.max),
  z: intIn('Z axis (mm)', ARM_LIMITS.z.min, ARM_LIMITS.z.max),
};
export const presetData = z.strictObject({ number: intIn('preset number', 1, 255), ...axes });
export const cruiseData = z.strictObject({
  number: intIn('cruise number', 1, 255),
  steps: z
    .array(
      z.strictObject({
        ...axes,
        speed: intIn('speed (%)', ARM_LIMITS.speed.min, ARM_LIMITS.speed.max),
        stayS: intIn('stay (s)', ARM_LIMITS.stayS.min, ARM_LIMITS.stayS.max),
      }),
    )
    .min(1, { error: 'a cruise needs at least one step' })
    .max(ARM_LIMITS.steps, { error: `a cruise has at most ${ARM_LIMITS.steps} steps` }),
  loop: z.boolean().optional(),
});

export const SETTING_KINDS = ['program', 'method', 'controller', 'rtu-strategy', 'preset', 'cruise'] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];
export const SETTING_DATA: Readonly<Record<SettingKind, z.ZodType<Record<string, unknown>>>> = {
  program: programData,
  method: methodData,
  controller: controllerData,
  'rtu-strategy': rtuStrategyData,
  preset: presetData,
  cruise: cruiseData,
};

export const settingCreateBody = z.strictObject({
  deviceId: bodyId,
  name,
  data: z.record(z.string(), z.unknown()),
  enabledFlag: z.union([z.literal(0), z.literal(1)]).optional(),
  sort: z.number().int().min(0).max(10_000).optional(),
});
export type SettingCreateBody = z.infer<typeof settingCreateBody>;
const settingUpdateFields = z.strictObject({
  id: bodyId,
  objectVersionNumber,
  name: name.optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  enabledFlag: z.union([z.literal(0), z.literal(1)]).optional(),
  sort: z.number().int().min(0).max(10_000).optional(),
});
export type SettingUpdateBody = z.infer<typeof settingUpdateBody>;
export const deleteResult = z.number();

export const nextRunsQuery = z.object({ count: z.coerce.number().int().min(1).max(50).default(10) });

// ---- Robotic arm extras ----
export const cruiseCtrlBody = z.strictObject({ id: bodyId, run: z.boolean() });
export const armFunctionBody = z.strictObject({
  id: bodyId,
  fn: z.enum(['stop', 'capture'], { error: 'function: stop or capture' }),
});

// ---- Farm machine track ----
export const trackQuery = z.object({ startTime: historyTime, endTime: historyTime });
export const trackPoint = z.object({
  ts: z.string(),
  lat: z.number(),
  lng: z.number(),
  speed: z.number().nullable(),
});
export type TrackPoint = z.infer<typeof trackPoint>;
export const track = z.array(trackPoint);

export const loraNodes = z.array(
  z.object({ id: z.number(), name: z.string(), eui: z.string(), online: z.number(), deviceType: z.string() }),
);
export const loraSyncResult = z.object({ command: commandIssued.nullable(), nodes: loraNodes });

// PUT bodies: the writable fields, plus what the GET answers (accepted and ignored; docs/api.md).
export const settingUpdateBody = updateBodyOf(settingUpdateFields, deviceSetting);
