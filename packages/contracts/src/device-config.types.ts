import { z } from 'zod';
import { codecProblem } from './device-codecs.js';

// Type-specific device settings (devices.config) and their limits, spec 02 §5 and §9. The registry
// service validates every create / update through deviceConfigSchema; the console form uses the same
// limits (DEVICE_CONFIG_LIMITS) so a value the form accepts is never refused by the server.

/** Spec 02 §5 limits, shared by server validation and the console form. */
export const DEVICE_CONFIG_LIMITS = {
  /** Upload period at least 5 minutes, 30 recommended. */
  uploadPeriodMin: { min: 5, max: 1440, recommended: 30 },
  /** Photo interval at least 30 minutes and not above the photo duration. */
  photoIntervalMin: { min: 30, max: 1440 },
  durationMin: { min: 30, max: 1440 },
  /** Control duration 60 to 480 minutes. */
  runMin: { min: 60, max: 480 },
  /** Inverter given pressure above 0 and at most 16 bar. */
  givenPressure: { min: 0, max: 16 },
  /** Electric valve liquid levels 0–50000 cm, high − low ≥ 10 cm. */
  levelCm: { min: 0, max: 50_000, minGap: 10 },
  /** Sluice gate opening 1–100 %. */
  opening: { min: 1, max: 100 },
  /** Gateway polling must not exceed node response time × node count. */
  pollingSec: { min: 1, max: 86_400 },
  nodeResponseSec: { min: 1, max: 3600 },
  nodeCount: { min: 1, max: 255 },
  soilLayerCount: { min: 1, max: 10 },
  hour: { min: 0, max: 23 },
  brightness: { min: 0, max: 100 },
  screenText: { max: 200 },
  dissolvedOxygen: { min: 0, max: 25 },
  ph: { min: 0, max: 14 },
  axisYMm: { min: 1, max: 100_000 },
  axisZMm: { min: 1, max: 10_000 },
  geofencePoints: { min: 3, max: 200 },
  outletName: { max: 20 },
  chirpstackAppId: { max: 64 },
  /** Rated electric power (kW) and diesel use (L/h) that carbon monitoring multiplies run time by (issue 18). */
  ratedPowerKw: { min: 0, max: 1000 },
  fuelRateLPerH: { min: 0, max: 200 },
} as const;

const L = DEVICE_CONFIG_LIMITS;

const int = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be a whole number` })
    .min(min, { error: `${field} must be at least ${min}` })
    .max(max, { error: `${field} must be at most ${max}` });

const uploadPeriodMin = int(
  'upload period (minutes)',
  L.uploadPeriodMin.min,
  L.uploadPeriodMin.max,
).optional();
const runMin = (field: string) => int(field, L.runMin.min, L.runMin.max).optional();
const decimalIn = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .min(min, { error: `${field} must be ${min} to ${max}` })
    .max(max, { error: `${field} must be ${min} to ${max}` })
    .optional();
/** Per pump for aerators; absent: the type's typical rating (carbon.formulas POWERED_DEVICES). */
const ratedPowerKw = decimalIn('rated power (kW)', L.ratedPowerKw.min, L.ratedPowerKw.max);

const photo = {
  photoIntervalMin: int(
    'photo interval (minutes)',
    L.photoIntervalMin.min,
    L.photoIntervalMin.max,
  ).optional(),
  durationMin: int('photo duration (minutes)', L.durationMin.min, L.durationMin.max).optional(),
};

const polling = {
  pollingSec: int('polling period (seconds)', L.pollingSec.min, L.pollingSec.max).optional(),
  nodeResponseSec: int(
    'node response time (seconds)',
    L.nodeResponseSec.min,
    L.nodeResponseSec.max,
  ).optional(),
  nodeCount: int('node count', L.nodeCount.min, L.nodeCount.max).optional(),
};

type Cfg = Record<string, unknown>;
type Check = (cfg: Cfg, ctx: z.RefinementCtx) => void;
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

const photoRule: Check = (cfg, ctx) => {
  const interval = num(cfg.photoIntervalMin);
  const duration = num(cfg.durationMin);
  if (interval !== undefined && duration !== undefined && interval > duration) {
    ctx.addIssue({
      code: 'custom',
      path: ['photoIntervalMin'],
      message: `photo interval (${interval} min) must not exceed the photo duration (${duration} min)`,
    });
  }
};

const pollingRule: Check = (cfg, ctx) => {
  const keys = ['pollingSec', 'nodeResponseSec', 'nodeCount'] as const;
  const given = keys.filter((k) => cfg[k] !== undefined);
  if (given.length === 0) return;
  for (const k of keys) {
    if (cfg[k] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [k],
        message: 'polling period, node response time and node count are set together',
      });
    }
  }
  const polling = num(cfg.pollingSec);
  const response = num(cfg.nodeResponseSec);
  const count = num(cfg.nodeCount);
  if (polling !== undefined && response !== undefined && count !== undefined && polling > response * count) {
    ctx.addIssue({
      code: 'custom',
      path: ['pollingSec'],
      message: `polling period (${polling} s) must not exceed node response time × node count (${response * count} s)`,
    });
  }
};

const levelRule: Check = (cfg, ctx) => {
  const high = num(cfg.highLevelCm);
  const low = num(cfg.lowLevelCm);
  if ((high === undefined) !== (low === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [high === undefined ? 'highLevelCm' : 'lowLevelCm'],
      message: 'high and low liquid levels are set together',
    });
  } else if (high !== undefined && low !== undefined && high - low < L.levelCm.minGap) {
    ctx.addIssue({
      code: 'custom',
      path: ['highLevelCm'],
      message: `high level must be at least ${L.levelCm.minGap} cm above the low level (high ${high}, low ${low})`,
    });
  }
};

const runRule: Check = (cfg, ctx) => {
  const def = num(cfg.defaultRunMin);
  const max = num(cfg.maxRunMin);
  if (def !== undefined && max !== undefined && def > max) {
    ctx.addIssue({
      code: 'custom',
      path: ['defaultRunMin'],
      message: `default run time (${def} min) must not exceed the maximum run time (${max} min)`,
    });
  }
};

const bandRule: Check = (cfg, ctx) => {
  const lo = num(cfg.phMin);
  const hi = num(cfg.phMax);
  if (lo !== undefined && hi !== undefined && lo >= hi) {
    ctx.addIssue({
      code: 'custom',
      path: ['phMax'],
      message: 'pH upper bound must be above the lower bound',
    });
  }
};

/**
 * Settings every type may carry for vendor payloads (docs/device-protocol.md §11–§12): the codec of its
 * frames, and the ChirpStack application it is in when no uplink has named it yet.
 */
const vendor = {
  codec: z.string({ error: 'codec must be a codec id' }).trim().min(1).max(64).optional(),
  chirpstackAppId: z.string().trim().max(L.chirpstackAppId.max).optional(),
};

const strict = (shape: z.ZodRawShape, ...checks: Check[]): z.ZodType<Cfg> =>
  z.strictObject({ ...vendor, ...shape }).superRefine((cfg, ctx) => {
    for (const check of checks) check(cfg, ctx);
  });

const run = {
  defaultRunMin: runMin('default run time (minutes)'),
  maxRunMin: runMin('maximum run time (minutes)'),
};
const soil = (surfaceDefault: 0 | 1) => ({
  uploadPeriodMin,
  /** 1: the first layer is the surface, the depth labels shift by one (spec 02 §2). */
  surfaceFlag: z
    .union([z.literal(0), z.literal(1)], { error: 'surface flag is 0 or 1' })
    .default(surfaceDefault),
  layerCount: int('layer count', L.soilLayerCount.min, L.soilLayerCount.max).optional(),
});
const latLng = z.strictObject({
  lat: z.number().min(-90, { error: 'latitude −90 to 90' }).max(90, { error: 'latitude −90 to 90' }),
  lng: z.number().min(-180, { error: 'longitude −180 to 180' }).max(180, { error: 'longitude −180 to 180' }),
});

const SCHEMAS: Readonly<Record<string, () => z.ZodType<Cfg>>> = {
  'pest-station': () => strict({ uploadPeriodMin, ...photo }, photoRule),
  'forecast-lamp': () => strict({ uploadPeriodMin, ...photo }, photoRule),
  'spore-meter': () => strict({ uploadPeriodMin, ...photo }, photoRule),
  'weather-station': () => strict({ uploadPeriodMin }),
  'tubular-soil': () => strict(soil(0)),
  'soil-moisture': () => strict(soil(1)),
  'water-quality': () =>
    strict(
      {
        uploadPeriodMin,
        /** Below this dissolved oxygen the panel shows the low band. */
        doLowMgL: z.number().min(L.dissolvedOxygen.min).max(L.dissolvedOxygen.max).optional(),
        phMin: z.number().min(L.ph.min).max(L.ph.max).optional(),
        phMax: z.number().min(L.ph.min).max(L.ph.max).optional(),
      },
      bandRule,
    ),
  'lorawan-node': () =>
    strict({
      uploadPeriodMin,
      /** ChirpStack application the node belongs to (bridge topic application/{appId}/…). */
      chirpstackAppId: z.string().trim().max(L.chirpstackAppId.max).optional(),
    }),
  'flow-meter': () => strict({ uploadPeriodMin }),
  camera: () => strict({}),
  'pest-lamp': () =>
    strict({
      startHour: int('start hour', L.hour.min, L.hour.max).optional(),
      endHour: int('end hour', L.hour.min, L.hour.max).optional(),
      ratedPowerKw,
    }),
  inverter: () =>
    strict(
      {
        givenPressure: z
          .number({ error: 'given pressure must be a number' })
          .gt(L.givenPressure.min, { error: 'given pressure must be above 0 bar' })
          .max(L.givenPressure.max, { error: `given pressure must be at most ${L.givenPressure.max} bar` })
          .optional(),
        ...run,
        ratedPowerKw,
      },
      runRule,
    ),
  'water-fertilizer': () =>
    strict({ ...run, controllerModelId: z.number().int().min(1).optional(), ratedPowerKw }, runRule),
  'inject-fertilizer': () =>
    strict({ ...run, controllerModelId: z.number().int().min(1).optional(), ratedPowerKw }, runRule),
  gateway: () => strict({ uploadPeriodMin, ...polling }, pollingRule),
  'lora-4g': () => strict({ uploadPeriodMin, ...polling }, pollingRule),
  'lorawan-gateway': () =>
    strict({
      frequencyPlan: z.enum(['CN470', 'EU868', 'US915', 'AS923', 'AU915', 'KR920', 'IN865']).optional(),
    }),
  'acquisition-control': () => strict({ uploadPeriodMin, ...polling }, pollingRule),
  aerator: () => strict({ maxRunMin: runMin('maximum run time (minutes)'), ratedPowerKw }),
  'electric-valve': () =>
    strict(
      {
        highLevelCm: int('high liquid level (cm)', L.levelCm.min, L.levelCm.max).optional(),
        lowLevelCm: int('low liquid level (cm)', L.levelCm.min, L.levelCm.max).optional(),
        ...run,
      },
      levelRule,
      runRule,
    ),
  'sluice-gate': () => strict({ opening: int('opening (%)', L.opening.min, L.opening.max).optional() }),
  'network-power': () =>
    strict({
      outletNames: z
        .array(
          z
            .string()
            .trim()
            .max(L.outletName.max, { error: `outlet name at most ${L.outletName.max} characters` }),
        )
        .max(4, { error: 'at most 4 outlets' })
        .optional(),
    }),
  'led-screen': () =>
    strict({
      brightness: int('brightness (%)', L.brightness.min, L.brightness.max).optional(),
      defaultText: z
        .string()
        .max(L.screenText.max, { error: `text at most ${L.screenText.max} characters` })
        .optional(),
    }),
  'robotic-arm': () =>
    strict({
      /** Travel of the Y and Z axes; cruise and preset positions must lie within. */
      yTravelMm: int('Y axis travel (mm)', L.axisYMm.min, L.axisYMm.max).optional(),
      zTravelMm: int('Z axis travel (mm)', L.axisZMm.min, L.axisZMm.max).optional(),
      /** The arm camera's stream (rtsp, rtmp, http(s) for HLS / FLV, ws(s) for WebRTC signalling). */
      streamUrl: z
        .string()
        .trim()
        .max(500, { error: 'stream URL at most 500 characters' })
        .regex(/^(rtsp|rtmp|https?|wss?):\/\/\S+$/, { error: 'stream URL: rtsp, rtmp, http(s) or ws(s)' })
        .optional(),
    }),
  seeder: () => strict({}),
  'farm-machine': () =>
    strict({
      uploadPeriodMin,
      /** Diesel use per worked hour; absent: carbon.formulas FUELLED_MACHINES' typical figure. */
      fuelRateLPerH: decimalIn('fuel use (L/h)', L.fuelRateLPerH.min, L.fuelRateLPerH.max),
      /** Geofence polygon; the console shows whether the machine is inside. */
      geofence: z
        .array(latLng)
        .min(L.geofencePoints.min, { error: `a geofence needs at least ${L.geofencePoints.min} points` })
        .max(L.geofencePoints.max, { error: `a geofence has at most ${L.geofencePoints.max} points` })
        .optional(),
    }),
};

/** The schema of a type's config; unknown types and types without settings accept an empty object only. */
export function deviceConfigSchema(typeKey: string): z.ZodType<Record<string, unknown>> {
  const make = SCHEMAS[typeKey];
  if (!make) return z.strictObject({});
  return make().superRefine((cfg, ctx) => {
    // An unknown codec, or one made for another kind of device, is refused with the reason.
    const problem = typeof cfg.codec === 'string' ? codecProblem(cfg.codec, typeKey) : undefined;
    if (problem) ctx.addIssue({ code: 'custom', path: ['codec'], message: problem });
  });
}

/** Config keys a type accepts (for the form and docs). */
export const DEVICE_CONFIG_TYPES: readonly string[] = Object.keys(SCHEMAS);
