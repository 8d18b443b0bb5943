import { describe, expect, it } from 'vitest';
import { createModel } from '../models.js';
import { localDay } from '../physics.js';
import { Site } from '../site.js';
import { replayHistory, WARMUP_DAYS, warmUp, warmupStart } from '../warmup.js';

const SEED = 20_260_501;
const H = 3_600_000;
// 15:20 local time, 12 August (a wet-season day), and the same day 10 s later.
const SEEDED = Date.UTC(2026, 7, 12, 7, 20);

const soil = (eui = 'SIM-SM-1') => {
  const m = createModel('soil-moisture', {
    seed: SEED,
    site: new Site(eui, SEED),
    device: { typeKey: 'soil-moisture', eui },
  });
  if (!m) throw new Error('no soil model');
  return m;
};
const layers = (v: Record<string, number>) =>
  Array.from({ length: 11 }, (_, i) => v[`moisture${i}`] ?? Number.NaN);

describe('warm-up of stateful models (demo history continuity)', () => {
  it('starts the hourly grid at a mid-hour WARMUP_DAYS before local midnight, the same all day', () => {
    const start = warmupStart(SEEDED);
    expect(localDay(SEEDED) - localDay(start)).toBe(WARMUP_DAYS);
    expect((start % H) / 60_000).toBe(30);
    expect(warmupStart(SEEDED + 6 * H)).toBe(start);
    // After local midnight the grid moves on by a day.
    expect(warmupStart(SEEDED + 9 * H)).toBe(start + 24 * H);
  });

  it('a simulator started after the seed continues the seeded soil curve instead of jumping', () => {
    // The seed: replay every grid hour, last reading at the seed moment.
    const seeded = soil();
    const grid: number[] = [];
    replayHistory(seeded, SEEDED, (t) => grid.push(t));
    expect(grid.length).toBeGreaterThan(WARMUP_DAYS * 24);
    expect(grid.at(-1)).toBeLessThan(SEEDED);
    const end = layers(seeded.sample(SEEDED));

    // The live simulator a few seconds later: warmed on the same grid, its first reading meets the seed's.
    const live = layers(warmUp(soil(), SEEDED + 10_000).sample(SEEDED + 10_000));
    for (const [i, v] of live.entries()) expect(Math.abs(v - (end[i] ?? 0)), `layer ${i}`).toBeLessThan(0.5);

    // A cold model (the old behaviour) starts from its initial column, far from a month of weather.
    const cold = layers(soil().sample(SEEDED + 10_000));
    expect(Math.max(...cold.map((v, i) => Math.abs(v - (end[i] ?? 0))))).toBeGreaterThan(1);
  });

  it('leaves models without a slow state alone', () => {
    const m = createModel('weather-station', {
      seed: SEED,
      site: new Site('w', SEED),
      device: { typeKey: 'weather-station', eui: 'SIM-WS-1' },
    });
    if (!m) throw new Error('no weather model');
    const calls: number[] = [];
    const spy = {
      ...m,
      sample: (t: number) => {
        calls.push(t);
        return m.sample(t);
      },
    };
    warmUp(spy, SEEDED);
    expect(calls).toEqual([]);
  });
});
