import type { CommandDef } from '@tilth/contracts/device-types';
import { deviceTypeByKey, metricOf } from '@tilth/contracts/device-types';
import { clamp } from './random.js';
import type { Site } from './site.js';

// A device model: the state behind one simulated device, advanced to a time to read its values, and the
// way it reacts to commands. Models are plain objects with no I/O, so they are tested without a broker.

export type CommandParams = Record<string, number | boolean | string>;

export interface CommandOutcome {
  ok: boolean;
  message?: string;
  /** Values the command changed, sent with the final ack (known metrics of the type only). */
  values?: Record<string, number>;
  /** How long the actuator takes before the final ack (a valve turning, a gate moving). */
  delayMs?: number;
}

export interface DeviceModel {
  readonly typeKey: string;
  /** Advances the state to t (epoch ms) and answers the readings to publish. */
  sample(t: number): Record<string, number>;
  /** Applies a command whose action and params the registry accepts; answers the outcome. */
  command(action: string, params: CommandParams, t: number): CommandOutcome;
  /** Upload period in seconds the device was configured with (configure / uploadPeriodMin). */
  periodSec?: number;
}

/** What a model knows of its device beyond the type: where it is and what hangs off it. */
export interface ModelDevice {
  typeKey: string;
  eui: string;
  lat?: number | undefined;
  lng?: number | undefined;
  /** Aerator pump ports (1–4) registered on a regulator; default [1, 2, 3]. */
  pumpPorts?: readonly number[] | undefined;
}

export interface ModelEnv {
  seed: number;
  site: Site;
  device: ModelDevice;
}

/** Keeps known metrics only, clamped to the registry range and rounded to its decimals. */
export const finalizeValues = (typeKey: string, values: Record<string, number>): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(values)) {
    const def = metricOf(typeKey, k);
    if (!def || !Number.isFinite(v)) continue;
    const f = 10 ** def.decimals;
    out[k] = Math.round(clamp(v, def.min, def.max) * f) / f;
  }
  return out;
};

/** Checks a command against the type's definition the way firmware would; answers a reason or null. */
export const checkCommand = (typeKey: string, action: string, params: CommandParams): string | null => {
  const def: CommandDef | undefined = deviceTypeByKey(typeKey)?.commands.find((c) => c.action === action);
  if (!def) return `unknown action '${action}'`;
  for (const p of def.params) {
    const v = params[p.key];
    if (v === undefined) {
      if (p.required) return `missing param '${p.key}'`;
      continue;
    }
    if (p.type === 'boolean' && typeof v !== 'boolean') return `param '${p.key}' must be a boolean`;
    if (p.type === 'string' && typeof v !== 'string') return `param '${p.key}' must be a string`;
    if (p.type === 'number' || p.type === 'integer') {
      if (typeof v !== 'number' || (p.type === 'integer' && !Number.isInteger(v))) {
        return `param '${p.key}' must be ${p.type === 'integer' ? 'an integer' : 'a number'}`;
      }
      if (p.min !== undefined && v < p.min) return `param '${p.key}' below ${p.min}`;
      if (p.max !== undefined && v > p.max) return `param '${p.key}' above ${p.max}`;
      if (p.values && !p.values.includes(v)) return `param '${p.key}' must be one of ${p.values.join(', ')}`;
    }
  }
  for (const k of Object.keys(params)) {
    if (!def.params.some((p) => p.key === k)) return `unknown param '${k}'`;
  }
  return null;
};

/** Applies the generic configure command (upload period) most types accept. */
export const configurePeriod = (model: DeviceModel, params: CommandParams): CommandOutcome | undefined => {
  const min = params.uploadPeriodMin;
  if (typeof min !== 'number') return undefined;
  model.periodSec = min * 60;
  return { ok: true };
};

/** A sensor jitter in [-a, a] that a model draws from its own seeded stream. */
export const jitter = (rng: () => number, a: number): number => (rng() * 2 - 1) * a;
