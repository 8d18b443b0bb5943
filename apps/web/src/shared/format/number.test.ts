import { describe, expect, it } from 'vitest';
import { formatNumber, NO_DATA } from './number';

describe('formatNumber', () => {
  it('groups and rounds in the reader’s locale', () => {
    expect(formatNumber(12345.678, 'en-US')).toBe('12,345.68');
    expect(formatNumber(12345.678, 'zh-CN')).toBe('12,345.68');
    expect(formatNumber(0.5, 'en-US', 0)).toBe('1');
  });
});

describe('no value', () => {
  it('reads as NO_DATA, never as 0', () => {
    expect(formatNumber(null, 'en-US')).toBe(NO_DATA);
    expect(formatNumber(undefined, 'zh-CN')).toBe(NO_DATA);
    expect(formatNumber(Number.NaN, 'en-US')).toBe(NO_DATA);
    expect(formatNumber(0, 'en-US')).toBe('0');
  });
  it('keeps a fixed count of decimals when asked', () => {
    expect(formatNumber(2, 'en-US', 1, 1)).toBe('2.0');
  });
});
