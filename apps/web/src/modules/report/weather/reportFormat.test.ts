import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  answeredRangeNote,
  defaultPick,
  formatNumber,
  formatWithUnit,
  hasData,
  NO_DATA,
  numberCell,
  periodLabel,
  rangeFor,
  seriesOf,
} from './reportFormat';

describe('weather report ranges', () => {
  it('a day report covers the picked month, a month report the picked year', () => {
    expect(rangeFor('day', dayjs('2024-02-14'))).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(rangeFor('month', dayjs('2024-02-14'))).toEqual({
      startDate: '2024-01-01',
      endDate: '2024-12-31',
    });
  });

  it('a year report covers whole years in either order', () => {
    expect(rangeFor('year', dayjs('2024-05-01'), dayjs('2020-03-01'))).toEqual({
      startDate: '2020-01-01',
      endDate: '2024-12-31',
    });
    const [a, b] = defaultPick('year', dayjs('2025-06-01'));
    expect([a.year(), b.year()]).toEqual([2021, 2025]);
  });

  it('formats numbers for the language and labels periods', () => {
    expect(formatNumber(1234.56, 'en-US')).toBe('1,234.6');
    expect(formatNumber(null, 'zh-CN')).toBe('—');
    expect(periodLabel('2024-05-01', 'day')).toBe('05-01');
    expect(periodLabel('2024-05', 'month')).toBe('2024-05');
  });
});

describe('periods without data (no invented zeros)', () => {
  const periods = [
    { period: '2026-11-24', rainfall: 0, daysWithData: 1 },
    { period: '2026-11-25', rainfall: null, daysWithData: 0 },
  ];

  it('cells and figures show — for null, 0 for a dry day with readings', () => {
    const cell = numberCell('en-US');
    expect(periods.map((p) => cell(p.rainfall))).toEqual(['0.0', NO_DATA]);
    expect(numberCell('zh-CN', 0)(null)).toBe('—');
    expect(formatWithUnit(null, 'mm', 'en-US')).toBe('—');
    expect(formatWithUnit(6.5, 'mm', 'en-US')).toBe('6.5 mm');
  });

  it('chart series keep null (a gap), never 0', () => {
    expect(seriesOf(periods, (p) => p.rainfall)).toEqual([0, null]);
    expect(seriesOf([{ v: undefined }], (p) => p.v)).toEqual([null]);
  });

  it('the empty state shows only when no period has readings', () => {
    expect(hasData(periods)).toBe(true);
    expect(hasData([{ daysWithData: 0 }, { daysWithData: 0 }])).toBe(false);
    expect(hasData([])).toBe(false);
    expect(hasData([{ meanTemp: null }, { meanTemp: 11 }])).toBe(true);
    expect(hasData([{ meanTemp: null }])).toBe(false);
  });

  it('names the answered range only when the server cut the asked one', () => {
    const asked = { startDate: '2026-01-01', endDate: '2026-11-30' };
    expect(answeredRangeNote(asked, { startDate: '2026-05-01', endDate: '2026-11-25' })).toEqual({
      from: '2026-05-01',
      to: '2026-11-25',
    });
    expect(answeredRangeNote(asked, asked)).toBeNull();
    expect(answeredRangeNote(asked, undefined)).toBeNull();
  });

  it('names the range the data covers when it is shorter than the asked one', () => {
    const asked = { startDate: '2026-11-01', endDate: '2026-11-30' };
    const day = (period: string, daysWithData: number) => ({ period, daysWithData });
    // The server answered up to today; the station reported from the 3rd to the 24th.
    const answered = {
      startDate: '2026-11-01',
      endDate: '2026-11-25',
      periods: [day('2026-11-01', 0), day('2026-11-03', 1), day('2026-11-24', 1), day('2026-11-25', 0)],
    };
    expect(answeredRangeNote(asked, answered)).toEqual({ from: '2026-11-03', to: '2026-11-24' });
    // Months: the covered months' first and last days.
    const year = { startDate: '2026-01-01', endDate: '2026-12-31' };
    const months = {
      ...year,
      periods: [
        { period: '2026-10', daysWithData: 12 },
        { period: '2026-11', daysWithData: 25 },
      ],
    };
    expect(answeredRangeNote(year, months)).toEqual({ from: '2026-10-01', to: '2026-11-30' });
    // Temperature reports tell data by their mean.
    expect(answeredRangeNote(asked, { ...asked, periods: [{ period: '2026-11-02', meanTemp: 18 }] })).toEqual(
      { from: '2026-11-02', to: '2026-11-02' },
    );
    expect(
      answeredRangeNote(asked, { ...asked, periods: [day('2026-11-01', 1), day('2026-11-30', 1)] }),
    ).toBeNull();
  });
});
