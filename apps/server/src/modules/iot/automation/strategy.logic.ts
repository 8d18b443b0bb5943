import type { ScheduleTrigger, StrategyAction } from '@tilth/contracts/automation.types';
import type { CommandParamDef, DeviceTypeDef } from '@tilth/contracts/device-types';
import { addDays, atWallTime, clockOf, dayOf } from '../../../platform/time/zone.js';

// Pure parts of the strategy engine: farm time (the tenant's wall clock, daylight saving included),
// schedule slots, time windows and the command that ends a started action.

export type Params = Record<string, number | boolean | string>;

/** A slot missed by more than this (server down) is not fired late. */
export const SLOT_GRACE_MS = 15 * 60_000;

export const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/**
 * The schedule slot to fire at `now`: the latest scheduled instant at or before now, within the grace
 * period, on an allowed weekday, after `notBefore` (the last run, or when the strategy was made). Slots
 * are wall-clock times of the tenant's zone: a time skipped by a daylight-saving jump fires just after it.
 */
export const dueSlot = (t: ScheduleTrigger, now: Date, notBefore: Date | null, tz: string): Date | null => {
  let best: Date | null = null;
  const today = dayOf(now, tz);
  for (const day of [today, addDays(today, -1)]) {
    if (!t.days.includes(weekdayOf(day))) continue;
    const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
    for (const time of t.times) {
      const m = minutesOf(time);
      const slot = atWallTime(tz, y, mo, d, Math.floor(m / 60), m % 60);
      const age = now.getTime() - slot.getTime();
      if (age < 0 || age >= SLOT_GRACE_MS) continue;
      if (notBefore && slot.getTime() <= notBefore.getTime()) continue;
      if (!best || slot > best) best = slot;
    }
  }
  return best;
};

/** Whether now lies in [from, to) farm time; to before from wraps past midnight; from = to is all day. */
export const inWindow = (from: string, to: string, now: Date, tz: string): boolean => {
  const m = clockOf(now, tz).minutes;
  const a = minutesOf(from);
  const b = minutesOf(to);
  if (a === b) return true;
  return a < b ? m >= a && m < b : m >= a || m < b;
};

const STOP_ACTION: Readonly<Record<string, string>> = {
  open: 'close',
  turnOn: 'turnOff',
  start: 'stop',
  startProgram: 'stop',
  setOpening: 'close',
};
const ON_PARAM_ACTIONS = new Set(['pump', 'outlet', 'lampSwitch']);

/** The command that ends what `action` started on this type, or null when there is nothing to end. */
export const stopOf = (
  type: DeviceTypeDef,
  action: string,
  params: Params,
): { action: string; params: Params } | null => {
  const has = (a: string) => type.commands.some((c) => c.action === a);
  const stop = STOP_ACTION[action];
  if (stop && has(stop)) return { action: stop, params: {} };
  if (action === 'switch' && typeof params.sw === 'number' && params.sw !== 0) {
    const keep: Params = {};
    for (const k of ['switchId', 'circuit'] as const) if (params[k] !== undefined) keep[k] = params[k];
    return { action: 'switch', params: { ...keep, sw: 0 } };
  }
  if (ON_PARAM_ACTIONS.has(action) && params.on === true) return { action, params: { ...params, on: false } };
  return null;
};

/**
 * The params sent to one target: the strategy's params, plus the run time when the command takes a
 * durationMin and the strategy's run time fits its range (the device then stops by itself as well).
 */
export const paramsFor = (type: DeviceTypeDef, a: StrategyAction): Params => {
  const params: Params = { ...a.params };
  const def = type.commands.find((c) => c.action === a.action);
  const dp: CommandParamDef | undefined = def?.params.find((p) => p.key === 'durationMin');
  if (
    dp &&
    params.durationMin === undefined &&
    a.durationMin > 0 &&
    a.durationMin >= (dp.min ?? 0) &&
    a.durationMin <= (dp.max ?? Number.MAX_SAFE_INTEGER)
  )
    params.durationMin = a.durationMin;
  return params;
};

/** Control groups hold actuators: types that are switched, set or moved. */
export const isActuator = (type: DeviceTypeDef): boolean =>
  type.family === 'actuator' || type.family === 'gateway' || type.family === 'machine';
