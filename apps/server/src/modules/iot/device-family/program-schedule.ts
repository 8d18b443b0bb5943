import type { ProgramData } from '@tilth/contracts/device-family.types';
import { atWallTime, dayOf } from '../../../platform/time/zone.js';

// When an irrigation program runs next. Programs are planned in farm time: the tenant's wall clock
// (ADR 0010), so 06:00 stays 06:00 across a daylight-saving change.

const DAY_MS = 86_400_000;
/** Look at most this far ahead (an odd-day program past its end date would otherwise loop forever). */
const HORIZON_DAYS = 2 * 366;

type Schedule = Pick<
  ProgramData,
  'mode' | 'intervalDays' | 'weekdays' | 'startDate' | 'endDate' | 'startTimes'
>;

/** Days since the epoch of a YYYY-MM-DD farm date. */
const dayNumber = (ymd: string): number => {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
};

/** Whether the program runs on farm day `day` (days since the epoch). */
export const runsOnDay = (p: Schedule, day: number): boolean => {
  const start = dayNumber(p.startDate);
  if (day < start) return false;
  if (p.endDate !== undefined && day > dayNumber(p.endDate)) return false;
  const date = new Date(day * DAY_MS);
  switch (p.mode) {
    case 'daily':
      return true;
    case 'intervalDays':
      return (day - start) % Math.max(1, p.intervalDays ?? 1) === 0;
    case 'weekdays': {
      const iso = ((date.getUTCDay() + 6) % 7) + 1;
      return (p.weekdays ?? []).includes(iso);
    }
    case 'oddDays':
      return date.getUTCDate() % 2 === 1;
    case 'evenDays':
      return date.getUTCDate() % 2 === 0;
  }
};

/** The next `count` start instants strictly after `from`, in the tenant's zone `tz`. */
export const nextRuns = (p: Schedule, from: Date, count: number, tz: string): Date[] => {
  const out: Date[] = [];
  const times = [...p.startTimes].sort().map((t) => {
    const [h, m] = t.split(':').map(Number) as [number, number];
    return [h, m] as const;
  });
  const firstDay = dayNumber(dayOf(from, tz));
  for (let day = firstDay; day < firstDay + HORIZON_DAYS && out.length < count; day++) {
    if (!runsOnDay(p, day)) continue;
    const date = new Date(day * DAY_MS);
    for (const [h, m] of times) {
      const at = atWallTime(tz, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), h, m);
      if (at.getTime() > from.getTime() && out.length < count) out.push(at);
    }
  }
  return out;
};

/** Total watering time of a program, for the run command's duration. */
export const programMinutes = (p: Pick<ProgramData, 'zones'>): number =>
  p.zones.reduce((s, z) => s + z.durationMin, 0);
