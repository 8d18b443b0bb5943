import { describe, expect, it } from 'vitest';
import { formatMoney, formatQuantity, lineAmount, selectableInputs, totalAmount } from './agriFormat';

describe('agricultural formatting', () => {
  it('rounds amounts half up to cents like the server', () => {
    expect(lineAmount(100.5, 2.85)).toBe(286.43);
    expect(lineAmount(3, 35)).toBe(105);
    expect(lineAmount(0.001, 0.01)).toBe(0);
    expect(lineAmount(2, null)).toBeNull();
    expect(totalAmount([286.43, 105, null])).toBe(391.43);
    expect(totalAmount([0.1, 0.2])).toBe(0.3);
  });

  it('formats for the locale', () => {
    expect(formatMoney('zh-CN', 1234.5)).toBe('1,234.50');
    expect(formatMoney('en-US', null)).toBe('—');
    expect(formatQuantity('en-US', 12.125)).toBe('12.125');
    expect(formatQuantity('zh-CN', 12)).toBe('12');
  });

  it('a line may not pick an input another line already has', () => {
    const inputs = [{ inputId: 1 }, { inputId: 2 }, { inputId: 3 }];
    expect(selectableInputs(inputs, [1, 2, undefined], 2).map((i) => i.inputId)).toEqual([2, 3]);
    expect(selectableInputs(inputs, [1, 2, 3], undefined)).toEqual([]);
  });
});
