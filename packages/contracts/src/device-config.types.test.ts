import { describe, expect, it } from 'vitest';
import { DEVICE_CONFIG_TYPES, deviceConfigSchema } from './device-config.types.js';
import { DEVICE_TYPE_KEYS } from './device-types.js';

// Spec 02 §5 limits as the server enforces them on device create / update.

const ok = (type: string, cfg: Record<string, unknown>) => deviceConfigSchema(type).safeParse(cfg).success;
const message = (type: string, cfg: Record<string, unknown>): string => {
  const r = deviceConfigSchema(type).safeParse(cfg);
  if (r.success) throw new Error('expected a failure');
  return r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
};

describe('deviceConfigSchema', () => {
  it('has a schema for every registry type', () => {
    expect([...DEVICE_CONFIG_TYPES].sort()).toEqual([...DEVICE_TYPE_KEYS].sort());
  });

  it('upload period at least 5 minutes', () => {
    expect(ok('weather-station', { uploadPeriodMin: 5 })).toBe(true);
    expect(ok('weather-station', { uploadPeriodMin: 30 })).toBe(true);
    expect(message('weather-station', { uploadPeriodMin: 4 })).toMatch(
      /uploadPeriodMin: upload period .* at least 5/,
    );
    expect(message('gateway', { uploadPeriodMin: 2.5 })).toMatch(/whole number/);
  });

  it('photo interval ≥ 30 and ≤ duration', () => {
    expect(ok('pest-station', { photoIntervalMin: 30, durationMin: 30 })).toBe(true);
    expect(ok('forecast-lamp', { photoIntervalMin: 60, durationMin: 600 })).toBe(true);
    expect(message('pest-station', { photoIntervalMin: 29, durationMin: 600 })).toMatch(/at least 30/);
    expect(message('spore-meter', { photoIntervalMin: 120, durationMin: 60 })).toMatch(
      /photoIntervalMin: photo interval \(120 min\) must not exceed the photo duration \(60 min\)/,
    );
  });

  it('inverter given pressure above 0 and at most 16', () => {
    expect(ok('inverter', { givenPressure: 0.1 })).toBe(true);
    expect(ok('inverter', { givenPressure: 16 })).toBe(true);
    expect(message('inverter', { givenPressure: 0 })).toMatch(/above 0 bar/);
    expect(message('inverter', { givenPressure: 16.01 })).toMatch(/at most 16 bar/);
  });

  it('electric valve levels 0–50000 with a gap of at least 10', () => {
    expect(ok('electric-valve', { lowLevelCm: 0, highLevelCm: 10 })).toBe(true);
    expect(ok('electric-valve', { lowLevelCm: 49_990, highLevelCm: 50_000 })).toBe(true);
    expect(message('electric-valve', { lowLevelCm: 100, highLevelCm: 109 })).toMatch(/at least 10 cm above/);
    expect(message('electric-valve', { lowLevelCm: -1, highLevelCm: 100 })).toMatch(/at least 0/);
    expect(message('electric-valve', { lowLevelCm: 0, highLevelCm: 50_001 })).toMatch(/at most 50000/);
    expect(message('electric-valve', { highLevelCm: 100 })).toMatch(/set together/);
  });

  it('sluice gate opening 1–100', () => {
    expect(ok('sluice-gate', { opening: 1 })).toBe(true);
    expect(ok('sluice-gate', { opening: 100 })).toBe(true);
    expect(ok('sluice-gate', { opening: 0 })).toBe(false);
    expect(ok('sluice-gate', { opening: 101 })).toBe(false);
  });

  it('gateway polling ≤ node response time × node count', () => {
    expect(ok('gateway', { pollingSec: 60, nodeResponseSec: 6, nodeCount: 10 })).toBe(true);
    expect(message('gateway', { pollingSec: 61, nodeResponseSec: 6, nodeCount: 10 })).toMatch(
      /pollingSec: polling period \(61 s\) must not exceed node response time × node count \(60 s\)/,
    );
    expect(message('lora-4g', { pollingSec: 10 })).toMatch(/set together/);
  });

  it('control duration 60–480 where a type has a run time', () => {
    expect(ok('water-fertilizer', { defaultRunMin: 60, maxRunMin: 480 })).toBe(true);
    expect(message('inverter', { defaultRunMin: 59 })).toMatch(/at least 60/);
    expect(message('aerator', { maxRunMin: 481 })).toMatch(/at most 480/);
    expect(message('electric-valve', { defaultRunMin: 300, maxRunMin: 120 })).toMatch(
      /must not exceed the maximum/,
    );
  });

  it('rejects unknown keys and non-numbers', () => {
    expect(message('inverter', { givenPressure: 3, foo: 1 })).toMatch(/foo|Unrecognized/i);
    expect(ok('camera', { x: 1 })).toBe(false);
    expect(ok('no-such-type', {})).toBe(true);
    expect(message('inverter', { givenPressure: '3' })).toMatch(/must be a number/);
  });

  it('soil surface flag defaults per type; geofence needs 3 points', () => {
    expect(deviceConfigSchema('soil-moisture').parse({})).toEqual({ surfaceFlag: 1 });
    expect(deviceConfigSchema('tubular-soil').parse({})).toEqual({ surfaceFlag: 0 });
    const p = { lat: 23, lng: 113 };
    expect(ok('farm-machine', { geofence: [p, p, p] })).toBe(true);
    expect(message('farm-machine', { geofence: [p, p] })).toMatch(/at least 3 points/);
  });
});

describe('carbon figures in device config (issue 18)', () => {
  it('accepts a rated power on powered devices and a fuel rate on machines, within limits', () => {
    expect(deviceConfigSchema('aerator').safeParse({ ratedPowerKw: 1.5 }).success).toBe(true);
    expect(deviceConfigSchema('pest-lamp').safeParse({ ratedPowerKw: 0.03 }).success).toBe(true);
    expect(deviceConfigSchema('farm-machine').safeParse({ fuelRateLPerH: 7.5 }).success).toBe(true);
    expect(deviceConfigSchema('aerator').safeParse({ ratedPowerKw: -1 }).success).toBe(false);
    expect(deviceConfigSchema('inverter').safeParse({ ratedPowerKw: 1001 }).success).toBe(false);
    expect(deviceConfigSchema('farm-machine').safeParse({ fuelRateLPerH: 201 }).success).toBe(false);
    // Types without a motor do not take one.
    expect(deviceConfigSchema('weather-station').safeParse({ ratedPowerKw: 1 }).success).toBe(false);
  });
});
