import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultPick, formatNumber, periodLabel, rangeFor } from './reportFormat';

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
