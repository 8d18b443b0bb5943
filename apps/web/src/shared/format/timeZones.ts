import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import { type Instant, offsetOf } from './time';

// The IANA zones the browser knows, each labelled with its UTC offset now: "(UTC+08:00) Asia/Shanghai".

export interface TimeZoneOption {
  value: string;
  label: string;
  /** Minutes east of UTC now, for sorting. */
  minutes: number;
}

const names = (): string[] => {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  // Some runtimes leave out UTC and the default; both are always offered.
  return [...new Set([...list, 'UTC', DEFAULT_TIME_ZONE])];
};

const minutesOf = (offset: string): number => {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
};

/** "(UTC+08:00) Asia/Shanghai". */
export const timeZoneLabel = (zone: string, at: Instant = Date.now()): string =>
  `(UTC${offsetOf(zone, at)}) ${zone}`;

/** Every zone, west to east, then by name. */
export const timeZoneOptions = (at: Instant = Date.now()): TimeZoneOption[] =>
  names()
    .map((zone) => {
      const offset = offsetOf(zone, at);
      return { value: zone, label: `(UTC${offset}) ${zone}`, minutes: minutesOf(offset) };
    })
    .sort((a, b) => a.minutes - b.minutes || a.value.localeCompare(b.value));

/** The browser's own zone (a suggestion at registration), or undefined. */
export const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};
