import { metricOf } from '@tilth/contracts/device-types';
import { describe, expect, it } from 'vitest';
import {
  airTemperature,
  dissolvedOxygenStep,
  evapotranspiration,
  initialSoil,
  insectRate,
  localHour,
  oxygenSaturation,
  rainfallBetween,
  soilStep,
  waterTemperature,
  weatherAt,
} from '../physics.js';

const SEED = 7;
const H = 3_600_000;
/** Local midnight (Asia/Shanghai) of a date. */
const localMidnight = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) - 8 * H;

describe('diurnal weather', () => {
  it('keeps air temperature within the day curve and the registry range, coolest near dawn, warmest early afternoon', () => {
    for (const [y, m, d] of [
      [2026, 1, 15],
      [2026, 7, 15],
      [2026, 10, 3],
    ] as const) {
      const day = localMidnight(y, m, d);
      const hours = Array.from({ length: 24 }, (_, h) => ({ h, w: weatherAt(SEED, day + h * H) }));
      const dry = hours.filter((x) => !x.w.raining);
      for (const { w } of hours) {
        expect(w.airTemp).toBeGreaterThanOrEqual(w.dayMin - 2.6);
        expect(w.airTemp).toBeLessThanOrEqual(w.dayMax + 0.01);
        expect(w.airHumidity).toBeGreaterThanOrEqual(0);
        expect(w.airHumidity).toBeLessThanOrEqual(100);
        expect(w.windDirection).toBeGreaterThanOrEqual(0);
        expect(w.windDirection).toBeLessThan(360);
      }
      const coolest = dry.reduce((a, b) => (b.w.airTemp < a.w.airTemp ? b : a));
      const warmest = dry.reduce((a, b) => (b.w.airTemp > a.w.airTemp ? b : a));
      expect(coolest.h).toBeGreaterThanOrEqual(4);
      expect(coolest.h).toBeLessThanOrEqual(7);
      expect(warmest.h).toBeGreaterThanOrEqual(12);
      expect(warmest.h).toBeLessThanOrEqual(16);
      // No sun at night.
      expect(weatherAt(SEED, day + 2 * H).illuminance).toBe(0);
      expect(weatherAt(SEED, day + 23 * H).solarRadiation).toBe(0);
    }
  });

  it('is warmer in July than in January (Guangzhou seasons) and stays in the registry range all year', () => {
    const mean = (m: number) => {
      let s = 0;
      for (let h = 0; h < 24 * 28; h++) s += airTemperature(SEED, localMidnight(2026, m, 1) + h * H);
      return s / (24 * 28);
    };
    expect(mean(7) - mean(1)).toBeGreaterThan(10);
    const def = metricOf('weather-station', 'airTemp');
    for (let h = 0; h < 24 * 365; h += 5) {
      const t = airTemperature(SEED, localMidnight(2026, 1, 1) + h * H);
      expect(t).toBeGreaterThan(def?.min ?? -40);
      expect(t).toBeLessThan(def?.max ?? 70);
    }
  });

  it('uses Asia/Shanghai hours', () => {
    expect(localHour(Date.UTC(2026, 0, 1, 0, 0))).toBe(8);
    expect(localHour(Date.UTC(2026, 0, 1, 18, 30))).toBe(2.5);
  });

  it('adds rainfall up to the same total whatever the upload period, and rains more in the wet season', () => {
    const from = localMidnight(2026, 6, 1);
    const to = from + 30 * 24 * H;
    const byHour = rainfallBetween(SEED, from, to);
    let byTenMinutes = 0;
    for (let t = from; t < to; t += 600_000) byTenMinutes += rainfallBetween(SEED, t, t + 600_000);
    expect(byTenMinutes).toBeCloseTo(byHour, 6);
    const dry = rainfallBetween(SEED, localMidnight(2026, 12, 1), localMidnight(2026, 12, 31));
    expect(byHour).toBeGreaterThan(dry);
    expect(byHour).toBeGreaterThan(50);
  });

  it('is deterministic for a seed', () => {
    const t = localMidnight(2026, 5, 5) + 15.5 * H;
    expect(weatherAt(SEED, t)).toEqual(weatherAt(SEED, t));
    expect(weatherAt(SEED + 1, t).airTemp).not.toBe(weatherAt(SEED, t).airTemp);
  });
});

describe('soil water', () => {
  const sunnyNoon = { airTemp: 32, solarRadiation: 900, airHumidity: 55 };

  it('dries with evapotranspiration, the surface fastest, and never below a floor', () => {
    let s = { moisture: Array.from({ length: 11 }, () => 30) };
    const et = evapotranspiration(sunnyNoon);
    expect(et).toBeGreaterThan(0.3);
    expect(et).toBeLessThan(1);
    s = soilStep(s, 6, et, 0);
    const [top = 0, , , , , , , , , , bottom = 0] = s.moisture;
    expect(top).toBeLessThan(30);
    expect(30 - top).toBeGreaterThan(30 - bottom);
    for (let i = 0; i < 500; i++) s = soilStep(s, 6, et, 0);
    for (const v of s.moisture) expect(v).toBeGreaterThanOrEqual(3);
  });

  it('wets from the top after rain or irrigation and drains the excess downwards', () => {
    const dry = { moisture: Array.from({ length: 11 }, () => 18) };
    const wet = soilStep(dry, 1, 0, 25);
    expect(wet.moisture[0]).toBeGreaterThan(18);
    expect(wet.moisture[0] ?? 0).toBeGreaterThan(wet.moisture[5] ?? 0);
    const total = (m: number[]) => m.reduce((a, b) => a + b, 0);
    // Water is conserved when nothing evaporates: 25 mm over 10 cm layers is 25 % points in total.
    expect(total(wet.moisture) - total(dry.moisture)).toBeCloseTo(25, 5);
    const later = soilStep(soilStep(wet, 1, 0, 60), 12, 0, 0);
    for (const v of later.moisture) expect(v).toBeLessThanOrEqual(48);
    expect(later.moisture[1]).toBeGreaterThan(wet.moisture[1] ?? 0);
  });

  it('starts every layer in the registry range', () => {
    for (const v of initialSoil(11, 3).moisture) {
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThan(100);
    }
  });
});

describe('pond oxygen', () => {
  const night = { waterTemp: 28, sun: 0 };

  it('falls at night without aerators and rises with them towards saturation', () => {
    const still = dissolvedOxygenStep(6, 6, { ...night, pumpsOn: 0 });
    const aerated = dissolvedOxygenStep(4, 6, { ...night, pumpsOn: 2 });
    expect(still).toBeLessThan(4);
    expect(aerated).toBeGreaterThan(4);
    expect(aerated).toBeLessThanOrEqual(oxygenSaturation(28) + 0.01);
  });

  it('rises with sunlight (photosynthesis) and stays in range', () => {
    expect(dissolvedOxygenStep(5, 3, { waterTemp: 28, sun: 0.9, pumpsOn: 0 })).toBeGreaterThan(5);
    expect(dissolvedOxygenStep(19, 48, { waterTemp: 30, sun: 1, pumpsOn: 0 })).toBeLessThanOrEqual(20);
    expect(dissolvedOxygenStep(0.5, 48, { waterTemp: 30, sun: 0, pumpsOn: 0 })).toBeGreaterThanOrEqual(0.2);
  });

  it('keeps pond water milder than the air', () => {
    const t = localMidnight(2026, 7, 10) + 15 * H;
    expect(Math.abs(waterTemperature(SEED, t) - 29)).toBeLessThan(8);
  });
});

describe('insects', () => {
  it('fly to the light from dusk, not at noon', () => {
    const day = localMidnight(2026, 7, 10);
    expect(insectRate(SEED, day + 12 * H)).toBe(0);
    const evening = [19.5, 20, 20.5, 21, 21.5].map((h) => insectRate(SEED, day + h * H));
    expect(Math.max(...evening)).toBeGreaterThan(0);
  });
});
