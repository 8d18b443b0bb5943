import { DEFAULT_TIME_ZONE, isTimeZone } from '@tilth/contracts/time-zone';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { createStore, useStore } from '../store';

// Days and clocks in the current tenant's time zone (ADR 0010), whatever the browser's own zone is. Every
// screen formats, counts "today" and converts picker values through here.
//
// Two kinds of dayjs values meet in the console:
// - an instant (ISO with offset from the API): formatted with `.tz(zone)`, never with the browser's zone;
// - a picker value: Ant Design's pickers work in the browser's zone, so a picker value is a "wall" dayjs
//   whose local fields are the tenant's wall clock. `fromInstant`/`nowInZone` make them, `toInstant`/
//   `toWallText`/`toDay` turn them back into what the API takes.

dayjs.extend(utc);
dayjs.extend(timezone);

const zoneStore = createStore<string>(DEFAULT_TIME_ZONE);

/** Sets the current tenant's zone (unknown or missing names fall back to the default). */
export const setTimeZone = (zone: string | null | undefined): void => {
  zoneStore.set(zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE);
};

export const currentTimeZone = (): string => zoneStore.get();

/** The current tenant's zone, re-rendering when it changes. */
export const useTimeZone = (): string => useStore(zoneStore);

export type Instant = string | number | Date | Dayjs;

export const DAY_FORMAT = 'YYYY-MM-DD';
export const WALL_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const WALL_ISO = 'YYYY-MM-DDTHH:mm:ss.SSS';

// 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm[:ss]' (or with a T) and no offset: a wall time of the tenant (ADR 0010).
const WALL_TEXT = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

/** The instant as a dayjs in the tenant's zone (its fields are the tenant's wall clock). */
export const inZone = (at: Instant): Dayjs => {
  const zone = currentTimeZone();
  if (typeof at === 'string' && WALL_TEXT.test(at)) return dayjs.tz(at.replace(' ', 'T'), zone);
  const d = dayjs(at);
  // An invalid date stays invalid (formats as 'Invalid Date') instead of throwing in Intl.
  return d.isValid() ? d.tz(zone) : d;
};

/** `at` in the tenant's zone with a dayjs pattern; '' when there is none (or it is not a date). */
export const formatIn = (at: Instant | null | undefined, pattern: string): string => {
  if (at === null || at === undefined || at === '') return '';
  const d = inZone(at);
  return d.isValid() ? d.format(pattern) : '';
};

/** 'YYYY-MM-DD HH:mm:ss' (or `pattern`) in the tenant's zone: what the spec's tables show. */
export const formatDateTime = (at: Instant | null | undefined, pattern = WALL_FORMAT): string =>
  formatIn(at, pattern);

const isEnglish = (): boolean => dayjs.locale() === 'en';

/** A date to read, in the interface language: zh-CN 2026-11-25, en-US Nov 25, 2026. */
export const formatDate = (at: Instant | null | undefined): string =>
  formatIn(at, isEnglish() ? 'MMM D, YYYY' : DAY_FORMAT);

/** A month to read: zh-CN 2026-11, en-US Nov 2026. */
export const formatMonth = (at: Instant | null | undefined): string =>
  formatIn(at, isEnglish() ? 'MMM YYYY' : 'YYYY-MM');

/** The clock of `at` in the tenant's zone, 'HH:mm' by default. */
export const formatTime = (at: Instant | null | undefined, pattern = 'HH:mm'): string =>
  formatIn(at, pattern);

/** The tenant's farm day of `at`, 'YYYY-MM-DD'. */
export const dayOf = (at: Instant): string => inZone(at).format(DAY_FORMAT);

/** Today, 'YYYY-MM-DD', in the tenant's zone. */
export const todayDay = (): string => dayjs().tz(currentTimeZone()).format(DAY_FORMAT);

/** A wall dayjs (see above) showing `at` on the tenant's clock: a picker's value or default. */
export const fromInstant = (at: Instant): Dayjs => {
  if (typeof at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(at)) return dayjs(at);
  return dayjs(inZone(at).format(WALL_ISO));
};

/** The tenant's wall clock now, as a picker value ("today", default values, disabled future days). */
export const nowInZone = (): Dayjs => fromInstant(Date.now());

/** A picked wall time meant in the tenant's zone → ISO with offset (e.g. 2026-11-25T08:00:00+08:00). */
export const toInstant = (picked: Dayjs): string =>
  dayjs.tz(picked.format('YYYY-MM-DDTHH:mm:ss'), currentTimeZone()).format();

/** A picked wall time → 'YYYY-MM-DD HH:mm:ss', the tenant's wall time the API reads (ADR 0010). */
export const toWallText = (picked: Dayjs): string => picked.format(WALL_FORMAT);

/** A picked day → 'YYYY-MM-DD'. */
export const toDay = (picked: Dayjs): string => picked.format(DAY_FORMAT);

/** The wall texts covering the picked days, first 00:00:00 to last 23:59:59 (the API's range params). */
export const dayRange = (from: Dayjs, to: Dayjs): { startTime: string; endTime: string } => ({
  startTime: `${toDay(from)} 00:00:00`,
  endTime: `${toDay(to)} 23:59:59`,
});

/** The zone's UTC offset now, '+08:00'. */
export const offsetOf = (zone: string, at: Instant = Date.now()): string => dayjs(at).tz(zone).format('Z');

/**
 * `at` as epoch ms for an ECharts time axis: ECharts labels ticks in the browser's zone, so the axis gets
 * the tenant's wall clock as a browser-local time (ticks and tooltips then read the tenant's hours).
 */
export const chartTime = (at: Instant): number => fromInstant(at).valueOf();
