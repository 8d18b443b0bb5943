import { describe, expect, it } from 'vitest';
import {
  addDays,
  clockOf,
  dayEnd,
  dayOf,
  dayStart,
  daysBetween,
  parseLocalTime,
  startOfDayAt,
  timeText,
} from '../zone.js';

const NY = 'America/New_York';
const SH = 'Asia/Shanghai';

describe('tenant time zone arithmetic', () => {
  it('names the day of an instant in the zone, not in UTC', () => {
    const at = new Date('2026-11-24T17:30:00Z'); // 01:30 on 25 Nov in Shanghai, 12:30 on 24 Nov in New York
    expect(dayOf(at, SH)).toBe('2026-11-25');
    expect(dayOf(at, NY)).toBe('2026-11-24');
    expect(dayOf(at, 'UTC')).toBe('2026-11-24');
    expect(timeText(at, SH)).toBe('2026-11-25 01:30:00');
  });

  it('starts days at local midnight, with 23- and 25-hour days across daylight saving', () => {
    expect(dayStart('2026-11-25', SH).toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(dayStart('2026-03-08', NY).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dayEnd('2026-03-08', NY).getTime() - dayStart('2026-03-08', NY).getTime()).toBe(23 * 3600_000);
    expect(dayEnd('2026-11-01', NY).getTime() - dayStart('2026-11-01', NY).getTime()).toBe(25 * 3600_000);
    expect(startOfDayAt(new Date('2026-11-24T17:30:00Z'), NY).toISOString()).toBe('2026-11-24T05:00:00.000Z');
  });

  it('reads typed times in the zone and refuses times that do not exist', () => {
    expect(parseLocalTime('2026-11-25 08:00:00', SH)?.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(parseLocalTime('2026-07-01 08:00', NY)?.toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect(parseLocalTime('2026-11-25', SH, 'end')?.toISOString()).toBe('2026-11-25T15:59:59.999Z');
    expect(parseLocalTime('2026-11-25T08:00:00Z', SH)?.toISOString()).toBe('2026-11-25T08:00:00.000Z');
    expect(parseLocalTime('2026-02-31', SH)).toBeUndefined();
    expect(parseLocalTime('2026-02-01 24:00:00', SH)).toBeUndefined();
    expect(parseLocalTime('yesterday', SH)).toBeUndefined();
  });

  it('counts calendar days and the clock of a zone', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2026-11-20', '2026-11-25')).toBe(5);
    // 2026-11-25 is a Wednesday; 23:30 UTC on the 24th is 07:30 on Wednesday in Shanghai.
    expect(clockOf(new Date('2026-11-24T23:30:00Z'), SH)).toEqual({ minutes: 7 * 60 + 30, weekday: 3 });
    expect(clockOf(new Date('2026-11-24T23:30:00Z'), NY)).toEqual({ minutes: 18 * 60 + 30, weekday: 2 });
  });
});
