import type { CommandOutcome, ModelEnv } from './model.js';
import { createRng, hashString } from './random.js';

// Helpers of the switched and moving device models (models.control.ts, models.field.ts).

export const HOUR_MS = 3_600_000;
export const MIN_MS = 60_000;
/** Firmware safety: nothing runs longer than the spec's maximum control duration (480 min). */
export const MAX_RUN_MS = 480 * MIN_MS;

export const stepper = () => {
  let last: number | undefined;
  return (t: number): { t0: number; dtHours: number } => {
    const t0 = last ?? t - MIN_MS;
    last = Math.max(t, last ?? t);
    return { t0, dtHours: Math.max(0, (t - t0) / HOUR_MS) };
  };
};

export const envRng = (env: ModelEnv) => createRng(env.seed ^ hashString(env.device.eui));
export const runUntil = (t: number, p: Record<string, unknown>) =>
  t + (typeof p.durationMin === 'number' ? p.durationMin * MIN_MS : MAX_RUN_MS);
export const unsupported: CommandOutcome = { ok: false, message: 'unsupported' };
