import dayjs, { type Dayjs } from 'dayjs';
import type { ReportGranularity } from './report.api';

// Date ranges and number formats of the weather reports.

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
export const defaultPick = (g: ReportGranularity, now: Dayjs = dayjs()): [Dayjs, Dayjs] =>
  g === 'year' ? [now.subtract(4, 'year'), now] : [now, now];

/** A number in the interface language with a fixed count of decimals; '—' for none. */
export const formatNumber = (v: number | null | undefined, lang: string, decimals = 1): string =>
  v === null || v === undefined
    ? '—'
    : new Intl.NumberFormat(lang, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }).format(v);

/** A period label as the axis shows it: 05-01 for days, 2024-05 for months, 2024 for years. */
export const periodLabel = (period: string, g: ReportGranularity): string =>
  g === 'day' ? period.slice(5) : period;
