import { DEVICE_TYPES, deviceTypeByKey } from '@tilth/contracts/device-types';
import { describe, expect, it } from 'vitest';
import { autoOffPlan, DEFAULT_MAX_RUN_MIN, maxRunMinutes } from '../control.safety.js';
import { CommandInvalid, RULE_CHECKS, validateCommand } from '../control.validate.js';

const type = (key: string) => {
  const t = deviceTypeByKey(key);
  if (!t) throw new Error(key);
  return t;
};

describe('command validation', () => {
  it('every rule the registry names has a server check', () => {
    const rules = DEVICE_TYPES.flatMap((t) => t.commands.flatMap((c) => (c.rule ? [c.rule] : [])));
    expect(rules.length).toBeGreaterThan(0);
    for (const r of rules) expect(RULE_CHECKS[r], r).toBeDefined();
  });

  it('keeps params in definition order and drops nothing valid', () => {
    const { params } = validateCommand(type('electric-valve'), 'setLevels', { highCm: 200, lowCm: 10 });
    expect(params).toEqual({ lowCm: 10, highCm: 200 });
    expect(validateCommand(type('electric-valve'), 'open', {}).params).toEqual({});
  });

  it('refuses wrong types, ranges, values and rules', () => {
    const bad: [string, string, Record<string, number | boolean | string>][] = [
      ['aerator', 'pump', { port: 1, on: 1 }],
      ['aerator', 'pump', { port: 5, on: true }],
      ['gateway', 'switch', { switchId: 1, circuit: 1, sw: 3 }],
      ['led-screen', 'showText', { text: 'x'.repeat(201) }],
      ['sluice-gate', 'setOpening', { opening: 0 }],
      ['pest-station', 'configure', { photoIntervalMin: 60, durationMin: 30 }],
      ['gateway', 'configure', { uploadPeriodMin: 4 }],
    ];
    for (const [key, action, params] of bad) {
      expect(() => validateCommand(type(key), action, params), `${key} ${action}`).toThrow(CommandInvalid);
    }
  });
});

describe('safety: automatic off', () => {
  it('pumps and valves get min(durationMin, max run); stops and settings none', () => {
    expect(autoOffPlan(type('electric-valve'), {}, 'open', { durationMin: 90 }, null)).toEqual({
      minutes: 90,
      off: { action: 'close', params: {} },
    });
    expect(
      autoOffPlan(type('inverter'), { maxRunMin: 60 }, 'start', { durationMin: 120 }, null)?.minutes,
    ).toBe(60);
    expect(autoOffPlan(type('aerator'), {}, 'pump', { port: 2, on: true }, null)).toEqual({
      minutes: DEFAULT_MAX_RUN_MIN,
      off: { action: 'pump', params: { port: 2, on: false } },
    });
    expect(autoOffPlan(type('aerator'), {}, 'pump', { port: 2, on: false }, null)).toBeNull();
    expect(autoOffPlan(type('electric-valve'), {}, 'close', {}, null)).toBeNull();
    const sw = { switchId: 3, circuit: 1, sw: 1 };
    expect(
      autoOffPlan(type('gateway'), {}, 'switch', sw, { kind: 'switch', relatedDeviceId: null }),
    ).toBeNull();
    expect(
      autoOffPlan(type('gateway'), {}, 'switch', sw, { kind: 'switch', relatedDeviceId: 9 })?.off,
    ).toEqual({
      action: 'switch',
      params: { switchId: 3, circuit: 1, sw: 0 },
    });
    expect(maxRunMinutes({ maxRunMin: 'lots' })).toBe(DEFAULT_MAX_RUN_MIN);
  });
});
