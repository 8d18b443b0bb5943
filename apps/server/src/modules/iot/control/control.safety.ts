import type { DeviceTypeDef } from '@tilth/contracts/device-types';
import type { CommandParams } from './control.validate.js';

// Safety of issue 5 "Control": whatever starts a pump or opens a valve is switched off by the server
// after its run time (durationMin when given, capped by the device's maximum), so a lost "off" — a
// crashed browser, a strategy that died — never leaves water running all night.

/** Default maximum run time of pumps and valves (spec 02 §5: control duration at most 480 min). */
export const DEFAULT_MAX_RUN_MIN = 480;
/** A device's own maximum (device config `maxRunMin`) may lie in this range. */
const MAX_RUN_RANGE = { min: 1, max: 24 * 60 } as const;

export interface OffCommand {
  action: string;
  params: CommandParams;
}

export interface AutoOffPlan {
  minutes: number;
  off: OffCommand;
}

/** The switch or pump a command targets, as far as safety needs it. */
export interface SafetyChannel {
  kind: string;
  relatedDeviceId: number | null;
}

/** Start actions of pumps and valves and the command that stops them (no params needed). */
const STOP_OF: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  inverter: { start: 'stop' },
  'water-fertilizer': { startProgram: 'stop' },
  'inject-fertilizer': { start: 'stop' },
  'electric-valve': { open: 'close' },
};

const SWITCH_TYPES = new Set(['gateway', 'lora-4g', 'acquisition-control']);

/** The device's maximum run time in minutes: its config maxRunMin when sensible, else the default. */
export const maxRunMinutes = (config: Record<string, unknown>): number => {
  const v = config.maxRunMin;
  return typeof v === 'number' && Number.isInteger(v) && v >= MAX_RUN_RANGE.min && v <= MAX_RUN_RANGE.max
    ? v
    : DEFAULT_MAX_RUN_MIN;
};

/**
 * When a command starts something that must not run forever: how long it may run and the command that
 * ends it. Null for everything else (stops, settings, sensors, switches that power nothing).
 */
export const autoOffPlan = (
  type: DeviceTypeDef,
  config: Record<string, unknown>,
  action: string,
  params: CommandParams,
  channel: SafetyChannel | null,
): AutoOffPlan | null => {
  const max = maxRunMinutes(config);
  const minutes = typeof params.durationMin === 'number' ? Math.min(params.durationMin, max) : max;
  const stop = STOP_OF[type.key]?.[action];
  if (stop) return { minutes, off: { action: stop, params: {} } };
  if (type.key === 'aerator' && action === 'pump' && params.on === true) {
    return { minutes, off: { action: 'pump', params: { port: params.port ?? 0, on: false } } };
  }
  // A gateway relay counts when it powers a registered device (a pump, a valve).
  if (
    SWITCH_TYPES.has(type.key) &&
    action === 'switch' &&
    typeof params.sw === 'number' &&
    params.sw !== 0 &&
    channel?.relatedDeviceId != null
  ) {
    return {
      minutes,
      off: {
        action: 'switch',
        params: { switchId: params.switchId ?? 0, circuit: params.circuit ?? 0, sw: 0 },
      },
    };
  }
  return null;
};

/**
 * Whether a later command to the same target makes the automatic off pointless: the matching off was
 * already sent, or a new start (with its own timer) replaced this one.
 */
export const supersedes = (
  type: DeviceTypeDef,
  plan: OffCommand,
  onAction: string,
  later: { action: string; params: CommandParams; state: string },
): boolean => {
  if (later.state === 'failed') return false;
  if (later.action === plan.action) {
    if (type.key === 'aerator') return later.params.port === plan.params.port;
    return true;
  }
  return later.action === onAction;
};
