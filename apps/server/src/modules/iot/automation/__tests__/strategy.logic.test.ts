import { describe, expect, it } from 'vitest';
import { dueSlot, inWindow } from '../strategy.logic.js';

// Schedule slots and windows are the tenant's wall clock, daylight saving included.

const NY = 'America/New_York';
const SH = 'Asia/Shanghai';

describe('strategy slots in the tenant time zone', () => {
  it("fires on the tenant's weekday and time: Monday 22:00 in New York is Tuesday in Shanghai", () => {
    const monday22 = { kind: 'schedule' as const, times: ['22:00'], days: [1] };
    const now = new Date('2026-11-24T03:05:00Z'); // Mon 23 Nov 22:05 EST; Tue 24 Nov 11:05 in Shanghai
    expect(dueSlot(monday22, now, null, NY)?.toISOString()).toBe('2026-11-24T03:00:00.000Z');
    expect(dueSlot(monday22, now, null, SH)).toBeNull();
  });

  it('keeps 06:30 at 06:30 across a daylight-saving change, and fires a skipped 02:30 after the jump', () => {
    const daily = (t: string) => ({ kind: 'schedule' as const, times: [t], days: [1, 2, 3, 4, 5, 6, 7] });
    // 8 March 2026: New York moves from UTC-5 to UTC-4 at 02:00.
    expect(dueSlot(daily('06:30'), new Date('2026-03-08T10:31:00Z'), null, NY)?.toISOString()).toBe(
      '2026-03-08T10:30:00.000Z',
    );
    expect(dueSlot(daily('06:30'), new Date('2026-03-07T11:31:00Z'), null, NY)?.toISOString()).toBe(
      '2026-03-07T11:30:00.000Z',
    );
    expect(dueSlot(daily('02:30'), new Date('2026-03-08T07:31:00Z'), null, NY)?.toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it("reads a time window on the tenant's clock", () => {
    const at = new Date('2026-11-24T03:05:00Z'); // 22:05 in New York, 11:05 in Shanghai
    expect(inWindow('20:00', '23:00', at, NY)).toBe(true);
    expect(inWindow('20:00', '23:00', at, SH)).toBe(false);
  });
});
