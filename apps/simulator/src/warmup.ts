import type { DeviceModel } from './model.js';
import { localDay } from './physics.js';

// Models whose state is a slow integral of the weather (the soil's water) start a run already living
// through the past weeks, on a fixed hourly grid. The demo seed traces the same grid to write its
// history, so the seeded curves and the live readings are one curve (apps/server demo.devices.ts).

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Asia/Shanghai, as physics.ts: local midnight is 16:00 UTC the day before. */
const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;

/** Days of weather a warmed model has lived through at its first reading. */
export const WARMUP_DAYS = 31;
/** Types whose readings depend on their past (soil moisture takes weeks to forget its start). */
export const WARMED_TYPE_KEYS: ReadonlySet<string> = new Set(['soil-moisture', 'tubular-soil']);

/**
 * Where the hourly grid of a run at `now` starts: local midnight WARMUP_DAYS before today, plus half an
 * hour (readings mid-hour, as hourly rollups bucket them). The same for every start on the same day.
 */
export const warmupStart = (now: number): number =>
  (localDay(now) - WARMUP_DAYS) * DAY_MS - SHANGHAI_OFFSET_MS + HOUR_MS / 2;

/**
 * Samples `model` on the hourly grid from warmupStart(now) up to (not including) `now`, handing each
 * reading to `each`; the next sample(now) continues the same path. Answers the number of grid readings.
 */
export const replayHistory = (
  model: DeviceModel,
  now: number,
  each?: (t: number, values: Record<string, number>) => void,
): number => {
  let n = 0;
  for (let t = warmupStart(now); t < now; t += HOUR_MS) {
    const values = model.sample(t);
    each?.(t, values);
    n++;
  }
  return n;
};

/** Warms a model of a WARMED_TYPE_KEYS type up to `now`; other models are left as they are. */
export const warmUp = (model: DeviceModel, now: number): DeviceModel => {
  if (WARMED_TYPE_KEYS.has(model.typeKey)) replayHistory(model, now);
  return model;
};
