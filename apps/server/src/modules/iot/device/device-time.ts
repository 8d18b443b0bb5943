import { atWallTime, startOfDayAt, timeText } from '../../../platform/time/zone.js';

// History times of the device calls (spec 02 §5): 'YYYY-MM-DD HH:mm:ss' in the tenant's time zone
// (ctx.timeZone, ADR 0010), a bare 'YYYY-MM-DD', or an ISO-8601 instant.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/**
 * The instant a history time stands for, or undefined when it is not a real time. A bare day is its
 * first second as a start and its last second as an end, so '2025-05-01'…'2025-05-01' is that whole day.
 */
export const parseHistoryTime = (text: string, edge: 'start' | 'end', tz: string): Date | undefined => {
  const m = LOCAL.exec(text);
  if (!m) {
    if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return undefined;
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const hasTime = m[4] !== undefined;
  const [h, mi, s] = hasTime
    ? [Number(m[4]), Number(m[5]), Number(m[6])]
    : edge === 'start'
      ? [0, 0, 0]
      : [23, 59, 59];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  // Date.UTC rolls 31 February over into March: refuse days the month does not have.
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) return undefined;
  return atWallTime(tz, y, mo, d, h, mi, s);
};

/** 'YYYY-MM-DD HH:mm:ss' in the tenant's zone (spreadsheets and logs read by people). */
export const farmTimeText = (at: Date, tz: string): string => timeText(at, tz);

/** Midnight (in the tenant's zone) of the day `at` falls in, as an instant: the bucket start of daily rollups. */
export const farmDayStartAt = (at: Date, tz: string): Date => startOfDayAt(at, tz);
