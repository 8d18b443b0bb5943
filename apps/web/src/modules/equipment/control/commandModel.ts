import type { CommandState } from '@tilth/contracts/device-protocol.types';

// Pure rules of the control screens (spec 02 §2, §4), kept apart from React so they are unit-tested.

export const FINAL_STATES: readonly CommandState[] = ['done', 'failed', 'timeout'];
export const isFinal = (state: string): boolean => (FINAL_STATES as readonly string[]).includes(state);

/** Progress bar steps: queued → sent → acked → finished. */
export const stepOf = (state: string): number =>
  ({ queued: 0, sent: 1, acked: 2, done: 3, failed: 3, timeout: 3 })[state] ?? 0;

export type SwitchTypeName = 'regular' | 'motorised' | 'curtain';

/** The buttons of a switch, in order: the sw value each sends and its i18n key (spec 02 §4). */
export const switchButtons = (type: SwitchTypeName): { sw: number; label: string }[] =>
  type === 'regular'
    ? [
        { sw: 1, label: 'control:switch.sw.regular.1' },
        { sw: 0, label: 'control:switch.sw.regular.0' },
      ]
    : [
        { sw: 1, label: `control:switch.sw.${type}.1` },
        { sw: 0, label: `control:switch.sw.${type}.0` },
        { sw: 2, label: `control:switch.sw.${type}.2` },
      ];

/** Spec 02 §2 aerator card: disconnected when offline, else normal without a fault, else abnormal. */
export const pumpCondition = (p: {
  onlineFlag: number;
  faultFlag: number;
}): 'disconnected' | 'normal' | 'abnormal' =>
  p.onlineFlag === 0 ? 'disconnected' : p.faultFlag === 0 ? 'normal' : 'abnormal';

/** Spec 02 §5: Add is disabled at 4 or more pumps. */
export const canAddPump = (count: number, max = 4): boolean => count < max;

/** What a form field sends for a command param: numbers from number inputs, booleans from switches. */
export const coerceParam = (
  type: 'number' | 'integer' | 'boolean' | 'string',
  value: unknown,
): number | boolean | string | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  if (type === 'boolean') return Boolean(value);
  if (type === 'string') return String(value);
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
};
