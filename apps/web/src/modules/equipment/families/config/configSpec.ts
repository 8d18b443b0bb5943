import { DEVICE_CONFIG_LIMITS as L } from '@tilth/contracts/device-config.types';

// Which settings the device form shows per type, with the server's limits (device-config.types.ts),
// so a value the form accepts is never refused by the server.

export type ConfigField =
  | {
      name: string;
      kind: 'number';
      min: number;
      max: number;
      step?: number;
      integer: boolean;
      unit?: string;
      above?: boolean;
    }
  | { name: string; kind: 'flag' }
  | { name: string; kind: 'text'; max: number }
  | { name: string; kind: 'select'; options: readonly string[] }
  | { name: string; kind: 'geofence' };

/** Rules across fields (same wording as the server's). */
export type CrossRule = 'photo' | 'polling' | 'levels' | 'run' | 'ph';

const int = (name: string, min: number, max: number, unit?: string): ConfigField => ({
  name,
  kind: 'number',
  min,
  max,
  integer: true,
  ...(unit ? { unit } : {}),
});
const upload = int('uploadPeriodMin', L.uploadPeriodMin.min, L.uploadPeriodMin.max, 'min');
const photo = [
  int('photoIntervalMin', L.photoIntervalMin.min, L.photoIntervalMin.max, 'min'),
  int('durationMin', L.durationMin.min, L.durationMin.max, 'min'),
];
const polling = [
  int('pollingSec', L.pollingSec.min, L.pollingSec.max, 's'),
  int('nodeResponseSec', L.nodeResponseSec.min, L.nodeResponseSec.max, 's'),
  int('nodeCount', L.nodeCount.min, L.nodeCount.max),
];
const run = [
  int('defaultRunMin', L.runMin.min, L.runMin.max, 'min'),
  int('maxRunMin', L.runMin.min, L.runMin.max, 'min'),
];
// Nameplate figures the carbon monitoring multiplies (run hours × kW, engine hours × L/h); absent, it
// uses a typical figure per type and says so.
const power: ConfigField = {
  name: 'ratedPowerKw',
  kind: 'number',
  min: L.ratedPowerKw.min,
  max: L.ratedPowerKw.max,
  step: 0.01,
  integer: false,
  unit: 'kW',
};
const fuel: ConfigField = {
  name: 'fuelRateLPerH',
  kind: 'number',
  min: L.fuelRateLPerH.min,
  max: L.fuelRateLPerH.max,
  step: 0.1,
  integer: false,
  unit: 'L/h',
};
const soil = [
  upload,
  { name: 'surfaceFlag', kind: 'flag' } as const,
  int('layerCount', L.soilLayerCount.min, L.soilLayerCount.max),
];

export interface ConfigSpec {
  fields: readonly ConfigField[];
  rules: readonly CrossRule[];
}

export const CONFIG_SPECS: Readonly<Record<string, ConfigSpec>> = {
  'pest-station': { fields: [upload, ...photo], rules: ['photo'] },
  'forecast-lamp': { fields: [upload, ...photo], rules: ['photo'] },
  'spore-meter': { fields: [upload, ...photo], rules: ['photo'] },
  'weather-station': { fields: [upload], rules: [] },
  'tubular-soil': { fields: soil, rules: [] },
  'soil-moisture': { fields: soil, rules: [] },
  'water-quality': {
    fields: [
      upload,
      { name: 'doLowMgL', kind: 'number', min: 0, max: 25, step: 0.1, integer: false, unit: 'mg/L' },
      { name: 'phMin', kind: 'number', min: 0, max: 14, step: 0.1, integer: false },
      { name: 'phMax', kind: 'number', min: 0, max: 14, step: 0.1, integer: false },
    ],
    rules: ['ph'],
  },
  'lorawan-node': {
    fields: [upload, { name: 'chirpstackAppId', kind: 'text', max: L.chirpstackAppId.max }],
    rules: [],
  },
  'flow-meter': { fields: [upload], rules: [] },
  'pest-lamp': { fields: [int('startHour', 0, 23), int('endHour', 0, 23), power], rules: [] },
  inverter: {
    fields: [
      {
        name: 'givenPressure',
        kind: 'number',
        min: 0,
        max: L.givenPressure.max,
        step: 0.1,
        integer: false,
        unit: 'bar',
        above: true,
      },
      ...run,
      power,
    ],
    rules: ['run'],
  },
  'water-fertilizer': { fields: [...run, power], rules: ['run'] },
  'inject-fertilizer': { fields: [...run, power], rules: ['run'] },
  gateway: { fields: [upload, ...polling], rules: ['polling'] },
  'lora-4g': { fields: [upload, ...polling], rules: ['polling'] },
  'acquisition-control': { fields: [upload, ...polling], rules: ['polling'] },
  'lorawan-gateway': {
    fields: [
      {
        name: 'frequencyPlan',
        kind: 'select',
        options: ['CN470', 'EU868', 'US915', 'AS923', 'AU915', 'KR920', 'IN865'],
      },
    ],
    rules: [],
  },
  aerator: { fields: [int('maxRunMin', L.runMin.min, L.runMin.max, 'min'), power], rules: [] },
  'electric-valve': {
    fields: [
      int('highLevelCm', L.levelCm.min, L.levelCm.max, 'cm'),
      int('lowLevelCm', L.levelCm.min, L.levelCm.max, 'cm'),
      ...run,
    ],
    rules: ['levels', 'run'],
  },
  'sluice-gate': { fields: [int('opening', L.opening.min, L.opening.max, '%')], rules: [] },
  'led-screen': {
    fields: [int('brightness', 0, 100, '%'), { name: 'defaultText', kind: 'text', max: L.screenText.max }],
    rules: [],
  },
  'robotic-arm': {
    fields: [
      int('yTravelMm', L.axisYMm.min, L.axisYMm.max, 'mm'),
      int('zTravelMm', L.axisZMm.min, L.axisZMm.max, 'mm'),
    ],
    rules: [],
  },
  'farm-machine': { fields: [upload, fuel, { name: 'geofence', kind: 'geofence' }], rules: [] },
};

type Get = (name: string) => unknown;
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** The i18n key (family namespace) of the first cross-field rule `name` breaks, or null. */
export const crossRuleError = (rules: readonly CrossRule[], name: string, get: Get): string | null => {
  for (const rule of rules) {
    if (rule === 'photo' && (name === 'photoIntervalMin' || name === 'durationMin')) {
      const i = num(get('photoIntervalMin'));
      const d = num(get('durationMin'));
      if (i !== undefined && d !== undefined && i > d) return 'config.rule.photo';
    }
    if (rule === 'polling' && ['pollingSec', 'nodeResponseSec', 'nodeCount'].includes(name)) {
      const vals = ['pollingSec', 'nodeResponseSec', 'nodeCount'].map((k) => num(get(k)));
      const [p, r, c] = vals;
      if (vals.some((v) => v !== undefined) && vals.some((v) => v === undefined))
        return 'config.rule.together';
      if (p !== undefined && r !== undefined && c !== undefined && p > r * c) return 'config.rule.polling';
    }
    if (rule === 'levels' && (name === 'highLevelCm' || name === 'lowLevelCm')) {
      const h = num(get('highLevelCm'));
      const l = num(get('lowLevelCm'));
      if ((h === undefined) !== (l === undefined)) return 'config.rule.together';
      if (h !== undefined && l !== undefined && h - l < L.levelCm.minGap) return 'config.rule.levels';
    }
    if (rule === 'run' && (name === 'defaultRunMin' || name === 'maxRunMin')) {
      const d = num(get('defaultRunMin'));
      const m = num(get('maxRunMin'));
      if (d !== undefined && m !== undefined && d > m) return 'config.rule.run';
    }
    if (rule === 'ph' && (name === 'phMin' || name === 'phMax')) {
      const lo = num(get('phMin'));
      const hi = num(get('phMax'));
      if (lo !== undefined && hi !== undefined && lo >= hi) return 'config.rule.ph';
    }
  }
  return null;
};

/** Geofence text: one 'lat,lng' per line ↔ the config's list of points. */
export const fenceToText = (v: unknown): string =>
  Array.isArray(v)
    ? v
        .map((p) =>
          p && typeof p === 'object'
            ? `${String(Reflect.get(p, 'lat'))},${String(Reflect.get(p, 'lng'))}`
            : '',
        )
        .join('\n')
    : '';
export const textToFence = (text: string): { lat: number; lng: number }[] | undefined => {
  const lines = text
    .split(/\n|;/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return undefined;
  return lines.map((l) => {
    const [a, b] = l.split(/[,，\s]+/).map(Number);
    return { lat: a ?? Number.NaN, lng: b ?? Number.NaN };
  });
};
