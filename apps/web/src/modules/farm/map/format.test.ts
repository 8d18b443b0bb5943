import { describe, expect, it } from 'vitest';
import { formatNumber } from './format';

describe('formatNumber', () => {
  it('groups and rounds in the reader’s locale', () => {
    expect(formatNumber(12345.678, 'en-US')).toBe('12,345.68');
    expect(formatNumber(12345.678, 'zh-CN')).toBe('12,345.68');
    expect(formatNumber(0.5, 'en-US', 0)).toBe('1');
  });
});
