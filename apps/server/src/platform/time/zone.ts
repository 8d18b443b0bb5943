import { TZDate } from '@date-fns/tz';

// Calendar arithmetic in a tenant's time zone (ctx.timeZone). Days are 'YYYY-MM-DD' strings, instants are
// Dates; a day's start is found through the zone database (@date-fns/tz), so zones with daylight saving
// get 23- and 25-hour days right. Nothing here reads the process's own zone.

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormat = (tz: string): Intl.DateTimeFormat => {
  let f = dayFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dayFormats.set(tz, f);
  }
  return f;
};

/** Wall-clock fields of an instant in a zone. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export const wallTime = (at: Date, tz: string): WallTime => {
  const p: Record<string, number> = {};
  for (const part of dayFormat(tz).formatToParts(at)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return {
    year: p.year ?? 0,
    month: p.month ?? 1,
    day: p.day ?? 1,
    hour: p.hour ?? 0,
    minute: p.minute ?? 0,
    second: p.second ?? 0,
  };
};

/** The calendar day an instant falls on in a zone, as 'YYYY-MM-DD'. */
export const dayOf = (at: Date, tz: string): string => {
  const w = wallTime(at, tz);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
};

/** Today in a zone. */
export const today = (tz: string, now: Date = new Date()): string => dayOf(now, tz);

/** 'YYYY-MM-DD HH:mm:ss' of an instant in a zone (spreadsheets, logs and messages read by people). */
export const timeText = (at: Date, tz: string): string => {
  const w = wallTime(at, tz);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
};

/**
 * The instant a wall-clock time in a zone stands for. A time skipped by a daylight-saving jump moves
 * forward by the jump; a repeated one takes its first occurrence.
 */
export const atWallTime = (
  tz: string,
  y: number,
  mo: number,
  d: number,
  h = 0,
  mi = 0,
  s = 0,
  ms = 0,
): Date => new Date(new TZDate(y, mo - 1, d, h, mi, s, ms, tz).getTime());

/** The instant a day starts in a zone (midnight, or the first minute after a midnight jump). */
export const dayStart = (day: string, tz: string): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return atWallTime(tz, y, m, d);
};

/** The instant after a day's last: the start of the next day. */
export const dayEnd = (day: string, tz: string): Date => dayStart(addDays(day, 1), tz);

/** The start of the day an instant falls on (the bucket of daily rollups). */
export const startOfDayAt = (at: Date, tz: string): Date => dayStart(dayOf(at, tz), tz);

/** 'YYYY-MM-DD' plus n days (calendar arithmetic; no zone involved). */
export const addDays = (day: string, n: number): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** Whole days from a to b ('YYYY-MM-DD'), negative when b is earlier. */
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** Minutes since midnight and ISO weekday (1 = Monday … 7 = Sunday) of an instant in a zone. */
export const clockOf = (at: Date, tz: string): { minutes: number; weekday: number } => {
  const w = wallTime(at, tz);
  const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() || 7;
  return { minutes: w.hour * 60 + w.minute, weekday };
};

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/**
 * A time typed by a person: 'YYYY-MM-DD[ HH:mm[:ss]]' in the zone, or an ISO instant with an offset.
 * A bare day stands for its first millisecond as a start, its last as an end. Undefined when the text is
 * not a real time (31 February, hour 24).
 */
export const parseLocalTime = (
  text: string,
  tz: string,
  edge: 'start' | 'end' = 'start',
): Date | undefined => {
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(text) && text.includes('T')) {
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  const m = LOCAL.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) return undefined;
  if (m[4] === undefined) {
    const day = `${m[1]}-${m[2]}-${m[3]}`;
    return edge === 'start' ? dayStart(day, tz) : new Date(dayEnd(day, tz).getTime() - 1);
  }
  const [h, mi, s] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return undefined;
  const ms = m[7] ? Number(m[7].padEnd(3, '0')) : 0;
  return atWallTime(tz, y, mo, d, h, mi, s, ms);
};
