import { describe, expect, it } from 'vitest';
import {
  creditCodeValid,
  expiryFrom,
  gs1CheckDigit,
  isHttpsUrl,
  isLatLng,
  normaliseGtin,
} from './trace-catalog.rules.js';

describe('trace catalogue checks', () => {
  it('computes GS1 check digits and normalises GTIN-8/12/13/14 to 14 digits', () => {
    // GS1's own examples: EAN-13 4006381333931, GTIN-8 96385074, GTIN-12 614141000012 (hand-checked).
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(normaliseGtin('4006381333931')).toBe('04006381333931');
    expect(normaliseGtin('96385074')).toBe('00000096385074');
    expect(normaliseGtin('614141000012')).toBe('00614141000012');
    expect(normaliseGtin('10614141000019')).toBe('10614141000019');
    expect(normaliseGtin(' 400-6381-333931 ')).toBe('04006381333931');
    for (const bad of ['4006381333932', '400638133393', '1234567', 'ABCDEFGH', '', '123456789012345'])
      expect(normaliseGtin(bad), bad).toBeUndefined();
  });

  it('checks the unified social credit code per GB 32100-2015', () => {
    expect(creditCodeValid('91350100M000100Y43')).toBe(true);
    expect(creditCodeValid('91440113ma5d00001m')).toBe(true);
    expect(creditCodeValid('91440113MA5D00001N')).toBe(false);
    // I, O, S, V, Z are not in the code's alphabet; 17 or 19 characters are refused.
    expect(creditCodeValid('91440113MA5D0000IM')).toBe(false);
    expect(creditCodeValid('91440113MA5D00001')).toBe(false);
    expect(creditCodeValid('91440113MA5D00001MM')).toBe(false);
  });

  it('takes https addresses only, lat,lng in range, and counts expiry from shelf life', () => {
    expect(isHttpsUrl('https://shop.example/a?b=1')).toBe(true);
    for (const u of [
      'http://shop.example',
      'javascript:alert(1)',
      'https://u:p@x.example',
      '//x.example',
      'x',
    ])
      expect(isHttpsUrl(u), u).toBe(false);
    expect(isLatLng('23.13,113.26')).toBe(true);
    expect(isLatLng('-90,-180')).toBe(true);
    for (const l of ['91,0', '0,181', '23.1', 'a,b']) expect(isLatLng(l), l).toBe(false);
    expect(expiryFrom('2026-02-20', 10)).toBe('2026-03-02');
    expect(expiryFrom('2024-02-28', 1)).toBe('2024-02-29');
    expect(expiryFrom('2026-02-20', null)).toBeNull();
  });
});
