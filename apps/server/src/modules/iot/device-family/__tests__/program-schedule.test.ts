import { describe, expect, it } from 'vitest';
import { nextRuns, programMinutes } from '../program-schedule.js';

// Farm time is the tenant's zone; on Asia/Shanghai (UTC+8) 06:00 is 22:00 UTC the day before.
const SH = 'Asia/Shanghai';
const at = (iso: string) => new Date(iso);
const iso = (ds: Date[]) => ds.map((d) => d.toISOString());

describe('program next runs', () => {
  it("runs at the tenant's wall clock: 06:00 in New York, across the March daylight-saving change", () => {
    const p = { mode: 'daily' as const, startDate: '2026-03-01', startTimes: ['06:00'] };
    // 7 March 23:00 in New York is already 8 March in Shanghai.
    expect(iso(nextRuns(p, at('2026-03-08T04:00:00Z'), 2, 'America/New_York'))).toEqual([
      '2026-03-08T10:00:00.000Z', // EDT from 8 March, UTC-4
      '2026-03-09T10:00:00.000Z',
    ]);
    expect(iso(nextRuns(p, at('2026-03-07T04:00:00Z'), 1, 'America/New_York'))).toEqual([
      '2026-03-07T11:00:00.000Z', // EST, UTC-5
    ]);
  });

  it('daily: every start time each day, strictly after now, in order', () => {
    const p = { mode: 'daily' as const, startDate: '2025-03-01', startTimes: ['18:00', '06:00'] };
    // 2025-03-10 07:00 Shanghai
    expect(iso(nextRuns(p, at('2025-03-09T23:00:00Z'), 3, SH))).toEqual([
      '2025-03-10T10:00:00.000Z',
      '2025-03-10T22:00:00.000Z',
      '2025-03-11T10:00:00.000Z',
    ]);
  });

  it('does not start before the start date and stops after the end date', () => {
    const p = {
      mode: 'daily' as const,
      startDate: '2025-03-05',
      endDate: '2025-03-06',
      startTimes: ['06:00'],
    };
    expect(iso(nextRuns(p, at('2025-03-01T00:00:00Z'), 5, SH))).toEqual([
      '2025-03-04T22:00:00.000Z',
      '2025-03-05T22:00:00.000Z',
    ]);
  });

  it('interval days count from the start date', () => {
    const p = {
      mode: 'intervalDays' as const,
      intervalDays: 3,
      startDate: '2025-03-01',
      startTimes: ['08:00'],
    };
    // Runs 03-01, 03-04, 03-07, 03-10 (local); from 03-05 local morning.
    expect(iso(nextRuns(p, at('2025-03-05T00:00:00Z'), 2, SH))).toEqual([
      '2025-03-07T00:00:00.000Z',
      '2025-03-10T00:00:00.000Z',
    ]);
  });

  it('weekdays use ISO numbers (1 Monday … 7 Sunday) in farm time', () => {
    // 2025-03-10 is a Monday.
    const p = { mode: 'weekdays' as const, weekdays: [1, 7], startDate: '2025-01-01', startTimes: ['06:00'] };
    expect(iso(nextRuns(p, at('2025-03-10T00:00:00Z'), 3, SH))).toEqual([
      '2025-03-15T22:00:00.000Z', // Sunday 16th 06:00 local
      '2025-03-16T22:00:00.000Z', // Monday 17th
      '2025-03-22T22:00:00.000Z', // Sunday 23rd
    ]);
  });

  it('odd and even days of the month, across a month end', () => {
    const odd = { mode: 'oddDays' as const, startDate: '2025-01-01', startTimes: ['12:00'] };
    const even = { ...odd, mode: 'evenDays' as const };
    // From 2025-01-30 13:00 local.
    const from = at('2025-01-30T05:00:00Z');
    expect(iso(nextRuns(odd, from, 3, SH))).toEqual([
      '2025-01-31T04:00:00.000Z',
      '2025-02-01T04:00:00.000Z',
      '2025-02-03T04:00:00.000Z',
    ]);
    expect(iso(nextRuns(even, from, 2, SH))).toEqual([
      '2025-02-02T04:00:00.000Z',
      '2025-02-04T04:00:00.000Z',
    ]);
  });

  it('sums zone durations', () => {
    expect(
      programMinutes({
        zones: [
          { valve: 1, durationMin: 20 },
          { valve: 2, durationMin: 45 },
        ],
      }),
    ).toBe(65);
  });
});
