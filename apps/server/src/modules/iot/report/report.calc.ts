import {
  type AriDay,
  type LightPeriod,
  RAIN_DAY_MM,
  type RainfallPeriod,
  type ReportGranularity,
} from '@tilth/contracts/report.types';
import { addDays, dayOf } from '../../../platform/time/zone.js';
import type { DayAggregate } from './report.repository.js';

// The arithmetic of the weather reports, kept free of I/O so tests can check it by hand. Inputs are one
// row per (station, farm day); several stations are combined per day first (means for amounts and
// levels — an areal estimate — maxima for peaks), then days are folded into periods. A period without
// readings answers null, never 0: a gap the console draws as a gap and lists as '—'.

export const round = (x: number, digits = 2): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/** 'YYYY-MM-DD' plus n days. */

/**
 * The range a report answers: the asked one cut to [first reading, today], so no period before the
 * stations' first reading and none in the future is returned; null when nothing of it is left.
 */
export const answeredRange = (
  asked: { startDate: string; endDate: string },
  firstReading: Date | null,
  today: string,
  tz: string,
): { startDate: string; endDate: string } | null => {
  if (!firstReading) return null;
  const first = dayOf(firstReading, tz);
  const startDate = asked.startDate < first ? first : asked.startDate;
  const endDate = asked.endDate > today ? today : asked.endDate;
  return startDate <= endDate ? { startDate, endDate } : null;
};

export const periodOf = (day: string, g: ReportGranularity): string =>
  g === 'day' ? day : g === 'month' ? day.slice(0, 7) : day.slice(0, 4);

/** Every period touched by [start, end], in order. */
export const periodsBetween = (start: string, end: string, g: ReportGranularity): string[] => {
  const out: string[] = [];
  if (g === 'day') {
    for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
    return out;
  }
  const [y0, m0] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  const [y1, m1] = [Number(end.slice(0, 4)), Number(end.slice(5, 7))];
  if (g === 'year') {
    for (let y = y0; y <= y1; y++) out.push(String(y));
    return out;
  }
  for (let i = 0; i <= (y1 - y0) * 12 + (m1 - m0); i++) {
    const y = y0 + Math.floor((m0 - 1 + i) / 12);
    const m = ((m0 - 1 + i) % 12) + 1;
    out.push(`${y}-${String(m).padStart(2, '0')}`);
  }
  return out;
};

/** Number of periods of [start, end]; what the span limit is checked against. */
export const periodCount = (start: string, end: string, g: ReportGranularity): number => {
  const [y0, m0] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  const [y1, m1] = [Number(end.slice(0, 4)), Number(end.slice(5, 7))];
  if (g === 'year') return y1 - y0 + 1;
  if (g === 'month') return (y1 - y0) * 12 + (m1 - m0) + 1;
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
};

const byDay = (rows: readonly DayAggregate[]): Map<string, DayAggregate[]> => {
  const m = new Map<string, DayAggregate[]>();
  for (const r of rows) {
    const list = m.get(r.day);
    if (list) list.push(r);
    else m.set(r.day, [r]);
  }
  return m;
};

/**
 * Rainfall per period. The registry's `rainfall` metric is the amount fallen since the previous message
 * (mm per reporting interval, not a running counter), so a day's rainfall is the Σ of its readings.
 */
export const rainfallPeriods = (
  rows: readonly DayAggregate[],
  start: string,
  end: string,
  g: ReportGranularity,
): RainfallPeriod[] => {
  const acc = new Map(
    periodsBetween(start, end, g).map((p) => [
      p,
      { rainfall: 0, rainDays: 0, maxHourly: 0, daysWithData: 0 },
    ]),
  );
  for (const [day, stations] of byDay(rows)) {
    const p = acc.get(periodOf(day, g));
    if (!p) continue;
    const total = mean(stations.map((s) => s.total));
    p.rainfall += total;
    if (total >= RAIN_DAY_MM) p.rainDays += 1;
    p.maxHourly = Math.max(p.maxHourly, ...stations.map((s) => s.maxHourSum));
    p.daysWithData += 1;
  }
  return [...acc].map(([period, p]) =>
    p.daysWithData === 0
      ? { period, rainfall: null, rainDays: null, maxHourly: null, daysWithData: 0 }
      : {
          period,
          rainfall: round(p.rainfall, 1),
          rainDays: p.rainDays,
          maxHourly: round(p.maxHourly, 1),
          daysWithData: p.daysWithData,
        },
  );
};

/**
 * Accumulated temperature per day from `airTemp`: the daily mean is the mean of the hourly means.
 * Effective (有效积温) adds max(0, mean − base); active (活动积温) adds the mean of days with mean ≥ base.
 * Days without readings add nothing and answer null (day values and running totals alike): the totals
 * accumulate over the days with data only.
 */
export const ariDays = (
  rows: readonly DayAggregate[],
  start: string,
  end: string,
  base: number,
): AriDay[] => {
  const days = byDay(rows);
  const out: AriDay[] = [];
  let effectiveTotal = 0;
  let activeTotal = 0;
  for (const date of periodsBetween(start, end, 'day')) {
    const stations = days.get(date);
    if (!stations) {
      out.push({
        date,
        meanTemp: null,
        minTemp: null,
        maxTemp: null,
        hours: 0,
        effective: null,
        active: null,
        effectiveTotal: null,
        activeTotal: null,
      });
      continue;
    }
    const m = mean(stations.map((s) => s.meanOfHourlyMeans));
    const effective = Math.max(0, m - base);
    const active = m >= base ? m : 0;
    effectiveTotal += effective;
    activeTotal += active;
    out.push({
      date,
      meanTemp: round(m),
      minTemp: round(Math.min(...stations.map((s) => s.min))),
      maxTemp: round(Math.max(...stations.map((s) => s.max))),
      hours: Math.max(...stations.map((s) => s.hours)),
      effective: round(effective),
      active: round(active),
      effectiveTotal: round(effectiveTotal),
      activeTotal: round(activeTotal),
    });
  }
  return out;
};

/** Light of each farm day with readings: stations combined (mean of means, highest peak, mean sunshine). */
const lightDays = (rows: readonly DayAggregate[]) =>
  [...byDay(rows)].map(([day, stations]) => ({
    day,
    mean: mean(stations.map((s) => s.meanOfHourlyMeans)),
    max: Math.max(...stations.map((s) => s.max)),
    sunshine: mean(stations.map((s) => s.hoursAtOrAbove)),
  }));

/**
 * Light per period from `illuminance` (lux): the mean of the daily means, the highest reading, and
 * sunshine hours (hours whose mean reached the threshold; mean over stations, summed over days).
 */
export const lightPeriods = (
  rows: readonly DayAggregate[],
  start: string,
  end: string,
  g: 'day' | 'month',
): LightPeriod[] => {
  const acc = new Map(
    periodsBetween(start, end, g).map((p) => [
      p,
      { means: [] as number[], max: null as number | null, sunshine: 0 },
    ]),
  );
  for (const d of lightDays(rows)) {
    const p = acc.get(periodOf(d.day, g));
    if (!p) continue;
    p.means.push(d.mean);
    p.max = p.max === null ? d.max : Math.max(p.max, d.max);
    p.sunshine += d.sunshine;
  }
  return [...acc].map(([period, p]) => ({
    period,
    avgIlluminance: p.means.length ? round(mean(p.means), 0) : null,
    maxIlluminance: p.max,
    sunshineHours: p.means.length ? round(p.sunshine, 1) : null,
    daysWithData: p.means.length,
  }));
};

/** The whole range: mean of the daily means, the highest reading, Σ sunshine hours. */
export const lightTotals = (rows: readonly DayAggregate[]) => {
  const days = lightDays(rows);
  return {
    avgIlluminance: days.length ? round(mean(days.map((d) => d.mean)), 0) : null,
    maxIlluminance: days.length ? Math.max(...days.map((d) => d.max)) : null,
    sunshineHours: days.length
      ? round(
          days.reduce((a, d) => a + d.sunshine, 0),
          1,
        )
      : null,
  };
};

/** Rainfall over the periods with data; nulls when none has any. */
export const rainfallTotals = (periods: readonly RainfallPeriod[]) => {
  const withData = periods.filter((p) => p.daysWithData > 0);
  if (withData.length === 0) return { rainfall: null, rainDays: null, maxHourly: null };
  return {
    rainfall: round(
      withData.reduce((a, p) => a + (p.rainfall ?? 0), 0),
      1,
    ),
    rainDays: withData.reduce((a, p) => a + (p.rainDays ?? 0), 0),
    maxHourly: withData.reduce((a, p) => Math.max(a, p.maxHourly ?? 0), 0),
  };
};

/** Accumulated temperature of the range: the last running totals, over the days with data only. */
export const ariTotals = (days: readonly AriDay[], base: number) => {
  const withData = days.filter((d) => d.meanTemp !== null);
  const last = withData[withData.length - 1];
  return {
    effective: last?.effectiveTotal ?? null,
    active: last?.activeTotal ?? null,
    daysAtOrAboveBase: withData.filter((d) => d.meanTemp !== null && d.meanTemp >= base).length,
    daysWithData: withData.length,
  };
};
