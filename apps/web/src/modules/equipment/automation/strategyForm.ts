import type { AlarmOp } from '@tilth/contracts/alarm.types';
import type { StrategyAction, StrategyGuard, StrategyTrigger } from '@tilth/contracts/automation.types';
import { type CommandDef, deviceTypeByKey } from '@tilth/contracts/device-types';
import type { Strategy } from './automation.api';

// The strategy form's values and their mapping to and from the API's trigger, guards and action.

export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Params the server fills per channel of a group member. */
export const CHANNEL_PARAMS = new Set(['switchId', 'circuit', 'port']);

export interface StrategyFormValues {
  name: string;
  enabled: boolean;
  triggerKind: 'schedule' | 'condition';
  times: string[];
  days: number[];
  condDeviceId?: number;
  metric?: string;
  op: AlarmOp;
  threshold?: number;
  forMin: number;
  rainGuard: boolean;
  rainDeviceId?: number;
  windowGuard: boolean;
  from?: string;
  to?: string;
  targetKind: 'device' | 'group';
  targetDeviceId?: number;
  targetGroupId?: number;
  action?: string;
  params: Record<string, number | boolean | string | undefined>;
  durationMin: number;
  description?: string;
}

export const toValues = (s: Strategy | null): StrategyFormValues => {
  const tr = s?.trigger;
  const rain = s?.guards.find((g) => g.kind === 'noRainToday');
  const win = s?.guards.find((g) => g.kind === 'timeWindow');
  return {
    name: s?.name ?? '',
    enabled: (s?.enabledFlag ?? 1) === 1,
    triggerKind: tr?.kind ?? 'condition',
    times: tr?.kind === 'schedule' ? tr.times : ['06:30'],
    days: tr?.kind === 'schedule' ? tr.days : [1, 2, 3, 4, 5, 6, 7],
    condDeviceId: tr?.kind === 'condition' ? tr.deviceId : undefined,
    metric: tr?.kind === 'condition' ? tr.metric : undefined,
    op: tr?.kind === 'condition' ? tr.op : 'lt',
    threshold: tr?.kind === 'condition' ? tr.threshold : undefined,
    forMin: tr?.kind === 'condition' ? tr.forMin : 10,
    rainGuard: rain !== undefined,
    rainDeviceId: rain?.kind === 'noRainToday' ? rain.deviceId : undefined,
    windowGuard: win !== undefined,
    from: win?.kind === 'timeWindow' ? win.from : '06:00',
    to: win?.kind === 'timeWindow' ? win.to : '18:00',
    targetKind: s?.action.targetKind ?? 'device',
    targetDeviceId: s?.action.targetKind === 'device' ? s.action.targetId : undefined,
    targetGroupId: s?.action.targetKind === 'group' ? s.action.targetId : undefined,
    action: s?.action.action,
    params: s?.action.params ?? {},
    durationMin: s?.action.durationMin ?? 0,
    description: s?.description ?? '',
  };
};

/** The strategy as the API takes it, or null while the form is incomplete (no preview then). */
export const toShape = (v: Partial<StrategyFormValues>) => {
  const trigger: StrategyTrigger | null =
    v.triggerKind === 'schedule'
      ? { kind: 'schedule', times: (v.times ?? []).filter((x) => HHMM.test(x)), days: v.days ?? [] }
      : v.condDeviceId && v.metric && v.threshold !== undefined && v.threshold !== null
        ? {
            kind: 'condition',
            deviceId: v.condDeviceId,
            metric: v.metric,
            op: v.op ?? 'lt',
            threshold: v.threshold,
            forMin: v.forMin ?? 0,
          }
        : null;
  const guards: StrategyGuard[] = [];
  if (v.rainGuard && v.rainDeviceId) guards.push({ kind: 'noRainToday', deviceId: v.rainDeviceId });
  if (v.windowGuard && v.from && v.to) guards.push({ kind: 'timeWindow', from: v.from, to: v.to });
  const targetId = v.targetKind === 'group' ? v.targetGroupId : v.targetDeviceId;
  const params: Record<string, number | boolean | string> = {};
  for (const [k, x] of Object.entries(v.params ?? {}))
    if (x !== undefined && x !== null && x !== '') params[k] = x;
  const action: StrategyAction | null =
    targetId && v.action
      ? {
          targetKind: v.targetKind ?? 'device',
          targetId,
          action: v.action,
          params,
          durationMin: v.durationMin ?? 0,
        }
      : null;
  return trigger && action ? { trigger, guards, action } : null;
};

/** The commands every one of the types has (what a group can be told), in the first type's order. */
export const commonCommands = (typeKeys: readonly string[]): CommandDef[] => {
  const [first, ...rest] = [...new Set(typeKeys)].map((k) => deviceTypeByKey(k));
  return (first?.commands ?? []).filter((c) =>
    rest.every((ty) => ty?.commands.some((x) => x.action === c.action)),
  );
};
