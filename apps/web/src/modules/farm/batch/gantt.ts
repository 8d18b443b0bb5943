import type { BatchPlanItem } from '@tilth/contracts/batch.types';
import { dayOf, type Instant } from '../../../shared/format/time';

// Layout of the plan view (GET batch/plan): one grid column per day of the period, one row group per plot
// (batches without a plot group under their base), overlapping batches of a plot stacked in lanes. Pure, so
// the page only renders what this computes.

/** Longest period the plan view draws, in days (two years and a leap day). */
export const GANTT_MAX_DAYS = 731;

const DAY_MS = 86_400_000;

/** Day number of 'YYYY-MM-DD' (UTC, so no daylight-saving shifts); NaN when malformed. */
export const dayNumber = (date: string): number => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return Number.NaN;
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS);
};

const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export interface GanttPeriod {
  /** Inclusive, 'YYYY-MM-DD'. */
  start: string;
  end: string;
}

export interface GanttMonth {
  /** 'YYYY-MM'. */
  key: string;
  /** 0-based day index of its first day inside the period. */
  start: number;
  span: number;
}

export interface GanttBar {
  item: BatchPlanItem;
  /** 0-based day indexes inside the period, inclusive. */
  start: number;
  end: number;
  lane: number;
  /** The batch began before the period / ends after it (or has no end). */
  clippedStart: boolean;
  clippedEnd: boolean;
  /** Neither an end date nor an expected one: drawn to the period's end. */
  openEnded: boolean;
}

export interface GanttRow {
  key: string;
  landId: number | null;
  areaId: number;
  landName: string | null;
  areaName: string | null;
  lanes: number;
  /** 1-based grid row of its first lane (row 1 is the month header). */
  gridRow: number;
  bars: GanttBar[];
}

export interface GanttLayout {
  days: number;
  months: GanttMonth[];
  rows: GanttRow[];
  /** Day index of today when inside the period. */
  today: number | null;
  /** Grid rows in all, header included. */
  gridRows: number;
}

/** Months of the period, each clipped to it. */
export const monthsOf = (startDay: number, endDay: number): GanttMonth[] => {
  const months: GanttMonth[] = [];
  let day = startDay;
  while (day <= endDay) {
    const date = dateOf(day);
    const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
    const nextMonth = Math.round(Date.UTC(y, m, 1) / DAY_MS);
    const last = Math.min(nextMonth - 1, endDay);
    months.push({ key: date.slice(0, 7), start: day - startDay, span: last - day + 1 });
    day = last + 1;
  }
  return months;
};

/** First-fit lanes: a bar takes the first lane whose last bar ended before it starts. */
export const assignLanes = <T extends { start: number; end: number }>(
  bars: T[],
): (T & { lane: number })[] => {
  const ends: number[] = [];
  return [...bars]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((bar) => {
      let lane = ends.findIndex((end) => end < bar.start);
      if (lane < 0) {
        lane = ends.length;
        ends.push(bar.end);
      } else ends[lane] = bar.end;
      return { ...bar, lane };
    });
};

const collator = new Intl.Collator(['zh-CN', 'en'], { numeric: true });

export const computeGantt = (
  items: readonly BatchPlanItem[],
  period: GanttPeriod,
  now: Instant = Date.now(),
): GanttLayout => {
  const startDay = dayNumber(period.start);
  const endDay = Math.min(dayNumber(period.end), startDay + GANTT_MAX_DAYS - 1);
  if (!Number.isFinite(startDay) || !Number.isFinite(endDay) || endDay < startDay) {
    return { days: 0, months: [], rows: [], today: null, gridRows: 1 };
  }
  const days = endDay - startDay + 1;

  const groups = new Map<
    string,
    { row: Omit<GanttRow, 'bars' | 'lanes' | 'gridRow'>; bars: Omit<GanttBar, 'lane'>[] }
  >();
  for (const item of items) {
    const from = dayNumber(item.startDate);
    const finish = item.endDate ?? item.expectedEndDate;
    const to = finish ? dayNumber(finish) : Number.POSITIVE_INFINITY;
    if (!Number.isFinite(from) || Number.isNaN(to) || to < startDay || from > endDay || to < from) continue;
    const key = item.landId === null ? `area-${item.areaId}` : `land-${item.landId}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        row: {
          key,
          landId: item.landId,
          areaId: item.areaId,
          landName: item.landName,
          areaName: item.areaName,
        },
        bars: [],
      };
      groups.set(key, group);
    }
    group.bars.push({
      item,
      start: Math.max(from, startDay) - startDay,
      end: Math.min(to, endDay) - startDay,
      clippedStart: from < startDay,
      clippedEnd: to > endDay,
      openEnded: finish === null,
    });
  }

  const ordered = [...groups.values()].sort(
    (a, b) =>
      collator.compare(a.row.areaName ?? '', b.row.areaName ?? '') ||
      // Batches without a plot come after the base's plots.
      Number(a.row.landId === null) - Number(b.row.landId === null) ||
      collator.compare(a.row.landName ?? '', b.row.landName ?? ''),
  );
  let gridRow = 2;
  const rows: GanttRow[] = ordered.map(({ row, bars }) => {
    const laid = assignLanes(bars);
    const lanes = laid.reduce((n, b) => Math.max(n, b.lane + 1), 1);
    const out = { ...row, lanes, gridRow, bars: laid };
    gridRow += lanes;
    return out;
  });

  // The tenant's today, not the browser's (ADR 0010).
  const todayDay = dayNumber(dayOf(now));
  return {
    days,
    months: monthsOf(startDay, endDay),
    rows,
    today: todayDay >= startDay && todayDay <= endDay ? todayDay - startDay : null,
    gridRows: gridRow - 1,
  };
};
