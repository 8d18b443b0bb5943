import { describe, expect, it } from 'vitest';
import { filterColumns, needsToggle, visibleFields } from './layout';

describe('filter bar columns', () => {
  it('5 by default, one per 304 px, between 1 and 6', () => {
    expect(filterColumns(0)).toBe(5);
    expect(filterColumns(200)).toBe(1);
    expect(filterColumns(304 * 3 + 10)).toBe(3);
    expect(filterColumns(5000)).toBe(6);
  });

  it('collapsed shows one row beside the buttons, expanded shows all', () => {
    expect(visibleFields(8, 5, false)).toBe(4);
    expect(visibleFields(8, 5, true)).toBe(8);
    expect(visibleFields(3, 5, false)).toBe(3);
    expect(visibleFields(3, 1, false)).toBe(1);
    expect(needsToggle(4, 5)).toBe(false);
    expect(needsToggle(5, 5)).toBe(true);
  });
});
