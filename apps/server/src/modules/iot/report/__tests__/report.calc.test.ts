import { describe, expect, it } from 'vitest';
import { dayOf } from '../../../../platform/time/zone.js';
import {
  answeredRange,
  ariDays,
  ariTotals,
  lightPeriods,
  rainfallPeriods,
  rainfallTotals,
} from '../report.calc.js';
import type { DayAggregate } from '../report.repository.js';

// The no-invented-zeros rules without a database: nulls for periods without readings, the range cut to
// [first reading, today], totals over the days with data only.

const day = (d: string, v: Partial<DayAggregate> = {}): DayAggregate => ({
  deviceId: 1,
  day: d,
  hours: 1,
  total: 0,
  maxHourSum: 0,
  meanOfHourlyMeans: 0,
  min: 0,
  max: 0,
  hoursAtOrAbove: 0,
  ...v,
});

const SH = 'Asia/Shanghai';
const first0 = new Date('2024-05-01T02:00:00Z');

describe('report arithmetic without data', () => {
  it("cuts the asked range to [first reading, today] and names the farm day in the tenant's zone", () => {
    expect(dayOf(new Date('2024-04-30T16:00:00Z'), SH)).toBe('2024-05-01');
    expect(dayOf(new Date('2024-04-30T15:59:59Z'), SH)).toBe('2024-04-30');
    expect(dayOf(new Date('2024-05-01T03:59:59Z'), 'America/New_York')).toBe('2024-04-30');
    expect(
      answeredRange(
        { startDate: '2024-04-01', endDate: '2024-05-31' },
        first0,
        '2024-05-31',
        'America/New_York',
      ),
    ).toEqual({ startDate: '2024-04-30', endDate: '2024-05-31' });
    const first = new Date('2024-05-01T02:00:00Z');
    expect(
      answeredRange({ startDate: '2024-01-01', endDate: '2024-12-31' }, first, '2024-11-25', SH),
    ).toEqual({
      startDate: '2024-05-01',
      endDate: '2024-11-25',
    });
    expect(
      answeredRange({ startDate: '2024-11-26', endDate: '2024-11-30' }, first, '2024-11-25', SH),
    ).toBeNull();
    expect(
      answeredRange({ startDate: '2023-01-01', endDate: '2023-12-31' }, first, '2024-11-25', SH),
    ).toBeNull();
    expect(
      answeredRange({ startDate: '2024-01-01', endDate: '2024-01-31' }, null, '2024-11-25', SH),
    ).toBeNull();
  });

  it('a rainfall period without readings is null, a dry day with readings is 0', () => {
    const periods = rainfallPeriods([day('2024-05-01', { total: 0 })], '2024-05-01', '2024-05-02', 'day');
    expect(periods).toEqual([
      { period: '2024-05-01', rainfall: 0, rainDays: 0, maxHourly: 0, daysWithData: 1 },
      { period: '2024-05-02', rainfall: null, rainDays: null, maxHourly: null, daysWithData: 0 },
    ]);
    expect(rainfallTotals(periods)).toEqual({ rainfall: 0, rainDays: 0, maxHourly: 0 });
    expect(rainfallTotals(periods.slice(1))).toEqual({ rainfall: null, rainDays: null, maxHourly: null });
  });

  it('accumulated temperature skips days without data and totals over the days with data', () => {
    const days = ariDays(
      [day('2024-05-01', { meanOfHourlyMeans: 12 }), day('2024-05-03', { meanOfHourlyMeans: 15 })],
      '2024-05-01',
      '2024-05-03',
      10,
    );
    expect(days.map((d) => [d.date, d.effective, d.effectiveTotal])).toEqual([
      ['2024-05-01', 2, 2],
      ['2024-05-02', null, null],
      ['2024-05-03', 5, 7],
    ]);
    expect(ariTotals(days, 10)).toEqual({ effective: 7, active: 27, daysAtOrAboveBase: 2, daysWithData: 2 });
    expect(ariTotals([], 10)).toEqual({
      effective: null,
      active: null,
      daysAtOrAboveBase: 0,
      daysWithData: 0,
    });
  });

  it('a light period without readings has no sunshine hours (null), not 0', () => {
    expect(lightPeriods([], '2024-05-01', '2024-05-01', 'day')).toEqual([
      {
        period: '2024-05-01',
        avgIlluminance: null,
        maxIlluminance: null,
        sunshineHours: null,
        daysWithData: 0,
      },
    ]);
  });
});
