import dayjs, { type Dayjs } from 'dayjs';
import { formatNumber as formatLocaleNumber, NO_DATA } from '../../../shared/format/number';
import { nowInZone } from '../../../shared/format/time';
import type { ReportGranularity } from './report.api';

// Date ranges and number formats of the weather reports. A value the server answers as null (a period
// without readings) is shown as NO_DATA everywhere: table cells, summary figures — never as 0.

const D = 'YYYY-MM-DD';

/**
 * The range a granularity's picker value stands for: a month's days, a year's months, or whole years
 * from the first to the second picked year.
 */
export const rangeFor = (
  g: ReportGranularity,
  from: Dayjs,
  to: Dayjs = from,
): { startDate: string; endDate: string } => {
  if (g === 'day')
    return { startDate: from.startOf('month').format(D), endDate: from.endOf('month').format(D) };
  if (g === 'month')
    return { startDate: from.startOf('year').format(D), endDate: from.endOf('year').format(D) };
  const [a, b] = from.isAfter(to) ? [to, from] : [from, to];
  return { startDate: a.startOf('year').format(D), endDate: b.endOf('year').format(D) };
};

/** The default picker value: this month, this year, or the last five years. */
export const defaultPick = (g: ReportGranularity, now: Dayjs = nowInZone()): [Dayjs, Dayjs] =>
  g === 'year' ? [now.subtract(4, 'year'), now] : [now, now];

export { NO_DATA };

/** The one cell formatter of the reports: a fixed count of decimals; NO_DATA for a period without data. */
export const formatNumber = (v: number | null | undefined, lang: string, decimals = 1): string =>
  formatLocaleNumber(v, lang, decimals, decimals);

/** A period label as the axis shows it: 05-01 for days, 2024-05 for months, 2024 for years. */
export const periodLabel = (period: string, g: ReportGranularity): string =>
  g === 'day' ? period.slice(5) : period;

/** A summary figure: the number and its unit, or NO_DATA alone (no unit after a dash). */
export const formatWithUnit = (
  v: number | null | undefined,
  unit: string,
  lang: string,
  decimals = 1,
): string => (v === null || v === undefined ? NO_DATA : `${formatNumber(v, lang, decimals)} ${unit}`);

/** A table column's render: numbers formatted, null as NO_DATA. */
export const numberCell =
  (lang: string, decimals = 1) =>
  (v: number | null | undefined): string =>
    formatNumber(v, lang, decimals);

/** A chart series of one value per period, null kept (a gap in the chart, never a 0). */
export const seriesOf = <R>(
  rows: readonly R[],
  pick: (row: R) => number | null | undefined,
): (number | null)[] => rows.map((r) => pick(r) ?? null);

/** Whether any period of an answer has readings; when none has, the page shows its empty state. */
export const hasData = (rows: readonly { daysWithData?: number; meanTemp?: number | null }[]): boolean =>
  rows.some((r) => (r.daysWithData ?? 0) > 0 || (r.meanTemp !== undefined && r.meanTemp !== null));

type DataPeriod = { period: string; daysWithData?: number; meanTemp?: number | null };

const hasReadings = (r: DataPeriod): boolean =>
  (r.daysWithData ?? 0) > 0 || (r.meanTemp !== undefined && r.meanTemp !== null);

/** The first and last day a period label ('YYYY-MM-DD', 'YYYY-MM' or 'YYYY') covers. */
const daysOf = (period: string): { first: string; last: string } => {
  if (period.length === 4) return { first: `${period}-01-01`, last: `${period}-12-31` };
  if (period.length === 7) {
    const m = dayjs(`${period}-01`);
    return { first: m.format(D), last: m.endOf('month').format(D) };
  }
  return { first: period, last: period };
};

/**
 * The range the data covers when it is shorter than the asked one (issue 12 item 3: the picker showed the
 * asked range, not the data's): from the first period with readings to the last, within what the server
 * answered (cut to the stations' first reading and to today). Null when it covers the whole asked range.
 */
export const answeredRangeNote = (
  asked: { startDate: string; endDate: string },
  answered: { startDate: string; endDate: string; periods?: readonly DataPeriod[] } | undefined,
): { from: string; to: string } | null => {
  if (!answered) return null;
  let from = answered.startDate;
  let to = answered.endDate;
  const withData = (answered.periods ?? []).filter(hasReadings);
  const first = withData[0];
  const last = withData[withData.length - 1];
  if (first && last) {
    const a = daysOf(first.period).first;
    const b = daysOf(last.period).last;
    if (a > from) from = a;
    if (b < to) to = b;
  }
  return from !== asked.startDate || to !== asked.endDate ? { from, to } : null;
};
