import { describe, expect, it } from 'vitest';
import { pageItems } from './MarketPriceTable';

// The market card's pager lists pages as antd's Pagination does.

describe('market pager', () => {
  it('lists every page up to seven', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 4)).toEqual([1, 2, 3, 4]);
    expect(pageItems(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('beyond seven: first, last, two either side of the current, jumps between', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'next5', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'prev5', 8, 9, 10, 11, 12, 'next5', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'prev5', 15, 16, 17, 18, 19, 20]);
  });
});
