import { describe, expect, it } from 'vitest';
import { formatNumber, NO_DATA } from '../../../shared/format/number';
import { formatMoney, formatQuantity } from '../../farm/agricultural/agriFormat';
import { priceFormat, priceRangeText } from '../../farm/home/market.api';
import { usageText } from './simFormat';

// The sim, agricultural and market figures go through the console's one number formatter: the same
// grouping as every other screen, and NO_DATA for a missing value.

describe('sim, agricultural and market figures', () => {
  it('format through the shared formatter and show NO_DATA for none', () => {
    expect(usageText(1234.56, 2048, 60.3, 'en-US')).toBe(
      `${formatNumber(1234.6, 'en-US', 1)} / ${formatNumber(2048, 'en-US', 1)} MB (60.3 %)`,
    );
    expect(formatMoney('en-US', 1234.5)).toBe('1,234.50');
    expect(formatMoney('zh-CN', null)).toBe(NO_DATA);
    expect(formatQuantity('en-US', 1.23456)).toBe('1.235');
    expect(formatQuantity('en-US', undefined)).toBe(NO_DATA);
    const money = priceFormat('en-US');
    expect(priceRangeText(money, null, 3)).toBe(NO_DATA);
    expect(priceRangeText(money, 1, 3)).toBe(`${money.format(1)} – ${money.format(3)}`);
  });
});
