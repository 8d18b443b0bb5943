import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentTimeZone,
  dayOf,
  dayRange,
  formatDate,
  formatDateTime,
  formatMonth,
  formatTime,
  fromInstant,
  nowInZone,
  setTimeZone,
  todayDay,
  toInstant,
  toWallText,
} from './time';

// The answers depend on the tenant's zone only: the same under a browser (process) on UTC and on
// America/New_York. Node re-reads TZ when it changes.
const ORIGINAL_TZ = process.env.TZ;
const LATE_EVENING_UTC = '2026-11-24T17:30:00Z'; // 25 Nov 01:30 in Shanghai, 24 Nov 12:30 in New York

describe.each(['UTC', 'America/New_York'])('with the browser on %s', (browserZone) => {
  beforeEach(() => {
    process.env.TZ = browserZone;
    setTimeZone('Asia/Shanghai');
    dayjs.locale('zh-cn');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the tenant’s day, not the browser’s', () => {
    expect(new Date(LATE_EVENING_UTC).getDate()).toBe(24);
    expect(dayOf(LATE_EVENING_UTC)).toBe('2026-11-25');
    expect(formatDateTime(LATE_EVENING_UTC)).toBe('2026-11-25 01:30:00');
    expect(formatTime(LATE_EVENING_UTC)).toBe('01:30');
    expect(formatDate(LATE_EVENING_UTC)).toBe('2026-11-25');
    expect(formatMonth(LATE_EVENING_UTC)).toBe('2026-11');
  });

  it('reads dates in the interface language', () => {
    dayjs.locale('en');
    expect(formatDate(LATE_EVENING_UTC)).toBe('Nov 25, 2026');
    expect(formatMonth(LATE_EVENING_UTC)).toBe('Nov 2026');
  });

  it('gives today and now on the tenant’s clock', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(LATE_EVENING_UTC));
    expect(todayDay()).toBe('2026-11-25');
    const now = nowInZone();
    expect(now.format('YYYY-MM-DD HH:mm')).toBe('2026-11-25 01:30');
    expect(now.hour()).toBe(1);
  });

  it('reads wall texts without an offset as the tenant’s wall time', () => {
    expect(formatDateTime('2026-11-25 08:00:00', 'YYYY-MM-DD HH:mm')).toBe('2026-11-25 08:00');
    expect(formatDate('2026-11-25')).toBe('2026-11-25');
    expect(formatDateTime(null)).toBe('');
  });

  it('turns a picked wall time into the instant in the tenant’s zone and back', () => {
    const picked = fromInstant(LATE_EVENING_UTC);
    expect(picked.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-25 01:30:00');
    expect(toInstant(picked)).toBe('2026-11-25T01:30:00+08:00');
    expect(new Date(toInstant(picked)).toISOString()).toBe('2026-11-24T17:30:00.000Z');
    expect(toWallText(picked)).toBe('2026-11-25 01:30:00');
    expect(dayRange(picked, picked)).toEqual({
      startTime: '2026-11-25 00:00:00',
      endTime: '2026-11-25 23:59:59',
    });
  });

  it('follows the zone the tenant changes to, DST included', () => {
    setTimeZone('America/New_York');
    expect(dayOf(LATE_EVENING_UTC)).toBe('2026-11-24');
    expect(toInstant(fromInstant('2026-07-01T16:00:00Z'))).toBe('2026-07-01T12:00:00-04:00');
    setTimeZone('Not/AZone');
    expect(currentTimeZone()).toBe('Asia/Shanghai');
  });
});

afterAll(() => {
  process.env.TZ = ORIGINAL_TZ;
});
