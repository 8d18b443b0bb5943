import { INSECT_RANGE_MAX_DAYS } from '@tilth/contracts/insect.types';
import { addDays, dayOf, dayStart } from '../../../platform/time/zone.js';
import { parseHistoryTime } from '../device/index.js';
import { InsectErrors } from './insect.errors.js';

// Farm days are days of the tenant's time zone (ctx.timeZone, ADR 0010).
const DAY = 86_400_000;

/** The same day one month earlier (clamped to the month's last day), as the pest chart's default start. */
export const monthBefore = (day: string): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 2, Math.min(d, last))).toISOString().slice(0, 10);
};

export interface Range {
  from: Date;
  to: Date;
  /** Farm days of the range, first and last. */
  firstDay: string;
  lastDay: string;
}

/** A query's range: given times, else the last month up to the end of today; at most a year. */
export const resolveRange = (
  start: string | undefined,
  end: string | undefined,
  tz: string,
  now = new Date(),
): Range => {
  const today = dayOf(now, tz);
  const from = start === undefined ? dayStart(monthBefore(today), tz) : parseHistoryTime(start, 'start', tz);
  const to =
    end === undefined
      ? new Date(dayStart(addDays(today, 1), tz).getTime() - 1)
      : parseHistoryTime(end, 'end', tz);
  if (!from || !to) throw InsectErrors.badTime();
  if (to < from) throw InsectErrors.rangeOrder();
  if (to.getTime() - from.getTime() > INSECT_RANGE_MAX_DAYS * DAY) {
    throw InsectErrors.rangeTooLong({ n: INSECT_RANGE_MAX_DAYS });
  }
  return { from, to, firstDay: dayOf(from, tz), lastDay: dayOf(to, tz) };
};

/** Every farm day of a range, in order. */
export const daysOf = (r: Range): string[] => {
  const out: string[] = [];
  for (let d = r.firstDay; d <= r.lastDay; d = addDays(d, 1)) out.push(d);
  return out;
};
