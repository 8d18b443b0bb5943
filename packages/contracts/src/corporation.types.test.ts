import { describe, expect, it } from 'vitest';
import { creditCheckChar, creditCode, isCreditCode } from './corporation.types.js';

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts a code whose last character is the check of the first 17', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(creditCheckChar('91350100M000100Y4')).toBe('3');
  });

  it('refuses a code one character off, a wrong length and letters outside the alphabet', () => {
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100M000100Y53')).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(isCreditCode('91350100I000100Y43')).toBe(false);
  });

  it('trims and upper-cases before checking', () => {
    expect(creditCode.parse(' 91350100m000100y43 ')).toBe('91350100M000100Y43');
    expect(creditCode.safeParse('91350100M000100Y44').success).toBe(false);
  });
});
