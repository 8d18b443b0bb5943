// History times of the device calls (spec 02 §5): 'YYYY-MM-DD HH:mm:ss' in China time (the farms' zone,
// UTC+8 all year: China keeps no daylight saving), a bare 'YYYY-MM-DD', or an ISO-8601 instant.

const CHINA_OFFSET_MS = 8 * 3600_000;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/**
 * The instant a history time stands for, or undefined when it is not a real time. A bare day is its
 * first second as a start and its last second as an end, so '2025-05-01'…'2025-05-01' is that whole day.
 */
export const parseHistoryTime = (text: string, edge: 'start' | 'end'): Date | undefined => {
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
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  // Date.UTC rolls 31 February over into March: refuse days the month does not have.
  if (new Date(utc).getUTCDate() !== d) return undefined;
  return new Date(utc - CHINA_OFFSET_MS);
};

/** 'YYYY-MM-DD HH:mm:ss' in China time (spreadsheets and logs read by people). */
export const chinaTimeText = (at: Date): string =>
  new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** Midnight (China time) of the day `at` falls in, as an instant: the bucket start of daily rollups. */
export const chinaDayStart = (at: Date): Date => {
  const local = at.getTime() + CHINA_OFFSET_MS;
  return new Date(local - (((local % 86_400_000) + 86_400_000) % 86_400_000) - CHINA_OFFSET_MS);
};
