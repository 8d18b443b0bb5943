import { describe, expect, it } from 'vitest';
import { cropShares, daysOverdue } from './overviewModel';

describe('farm home overview model', () => {
  it('counts whole days overdue from the farm day', () => {
    expect(daysOverdue({ endDate: '2025-03-01' }, '2025-03-04')).toBe(3);
    expect(daysOverdue({ endDate: '2025-03-04' }, '2025-03-04')).toBe(0);
    expect(daysOverdue({ endDate: '2025-03-06' }, '2025-03-04')).toBe(0);
    expect(daysOverdue({ endDate: '2025-02-28' }, '2025-03-01')).toBe(1);
  });

  it('scales crop bars to the largest crop', () => {
    expect(cropShares([4, 2, 1])).toEqual([100, 50, 25]);
    expect(cropShares([])).toEqual([]);
    expect(cropShares([0])).toEqual([0]);
  });
});
