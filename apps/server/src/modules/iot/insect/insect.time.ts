import { INSECT_RANGE_MAX_DAYS } from '@tilth/contracts/insect.types';
import { parseHistoryTime } from '../device/index.js';
import { InsectErrors } from './insect.errors.js';

// Farm days are China time (UTC+8 all year).
const OFFSET = 8 * 3600_000;
const DAY = 86_400_000;

/** 'YYYY-MM-DD' of the farm day `at` falls in. */
export const farmDayOf = (at: Date): string => new Date(at.getTime() + OFFSET).toISOString().slice(0, 10);

/** The instant a farm day starts. */
export const farmDayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** The same day one month earlier (clamped to the month's last day), as the pest chart's default start. */
export const monthBefore = (day: string): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 2, Math.min(d, last))).toISOString().slice(0, 10);
};

/** 'YYYY-MM-DD HH:mm:ss' in farm time. */
export const farmTimeText = (at: Date): string =>
  new Date(at.getTime() + OFFSET).toISOString().slice(0, 19).replace('T', ' ');

export interface Range {
  from: Date;
  to: Date;
  /** Farm days of the range, first and last. */
  firstDay: string;
  lastDay: string;
}

/** A query's range: given times, else the last month up to the end of today; at most a year. */
export const resolveRange = (start: string | undefined, end: string | undefined, now = new Date()): Range => {
  const today = farmDayOf(now);
  const from = start === undefined ? farmDayStart(monthBefore(today)) : parseHistoryTime(start, 'start');
  const to =
    end === undefined
      ? new Date(farmDayStart(addDays(today, 1)).getTime() - 1)
      : parseHistoryTime(end, 'end');
  if (!from || !to) throw InsectErrors.badTime();
  if (to < from) throw InsectErrors.rangeOrder();
  if (to.getTime() - from.getTime() > INSECT_RANGE_MAX_DAYS * DAY) {
    throw InsectErrors.rangeTooLong({ n: INSECT_RANGE_MAX_DAYS });
  }
  return { from, to, firstDay: farmDayOf(from), lastDay: farmDayOf(to) };
};

/** Every farm day of a range, in order. */
export const daysOf = (r: Range): string[] => {
  const out: string[] = [];
  for (let d = r.firstDay; d <= r.lastDay; d = addDays(d, 1)) out.push(d);
  return out;
};
