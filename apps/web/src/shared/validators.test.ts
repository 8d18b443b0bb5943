import { generalPassword, phoneSchema, registerPassword } from '@tilth/contracts';
import { areaName, areaNum } from '@tilth/contracts/area.types';
import { describe, expect, it } from 'vitest';
import {
  isAreaCode,
  isAreaName,
  isBlank,
  isGeneralPassword,
  isPhone,
  isRegisterPassword,
} from './validators';

// Each rule is checked on the same samples as the server's schema, so the two cannot drift apart.
const agrees =
  (check: (v: string) => boolean, schema: { safeParse: (v: unknown) => { success: boolean } }) =>
  (samples: string[]) => {
    for (const sample of samples)
      expect([sample, check(sample)]).toEqual([sample, schema.safeParse(sample).success]);
  };

describe('validators', () => {
  it('phone: 11 digits starting with 1', () => {
    expect(isPhone('13800138000')).toBe(true);
    expect(isPhone('23800138000')).toBe(false);
    expect(isPhone('1380013800')).toBe(false);
    agrees(
      isPhone,
      phoneSchema,
    )(['13800138000', '19999999999', '1380013800a', '', '138001380001', '03800138000']);
  });

  it('registration password: 8+ letters and digits, both kinds', () => {
    expect(isRegisterPassword('abc12345')).toBe(true);
    expect(isRegisterPassword('abcdefgh')).toBe(false);
    expect(isRegisterPassword('12345678')).toBe(false);
    expect(isRegisterPassword('abc1234')).toBe(false);
    expect(isRegisterPassword('abc1234!')).toBe(false);
    agrees(
      isRegisterPassword,
      registerPassword,
    )([
      'abc12345',
      'ABCdef99',
      'abcdefgh',
      '12345678',
      'abc 12345',
      'a1'.repeat(32),
      'a1'.repeat(33),
      'パスワード12345',
    ]);
  });

  it('general password: 6-20 with two kinds of letters, digits, symbols', () => {
    expect(isGeneralPassword('abc123')).toBe(true);
    expect(isGeneralPassword('abc!@#')).toBe(true);
    expect(isGeneralPassword('123!@#')).toBe(true);
    expect(isGeneralPassword('abcdef')).toBe(false);
    expect(isGeneralPassword('ab12')).toBe(false);
    expect(isGeneralPassword('a1'.repeat(11))).toBe(false);
    agrees(
      isGeneralPassword,
      generalPassword,
    )(['abc123', 'abcdef', '!!!!!!', 'a!a!a!', 'a1a1a1a1a1a1a1a1a1a1', 'a1a1a1a1a1a1a1a1a1a1a']);
  });

  it('base name and code', () => {
    expect(isAreaName('  东湖基地 ')).toBe(true);
    expect(isAreaName('   ')).toBe(false);
    expect(isAreaName('x'.repeat(61))).toBe(false);
    agrees(isAreaName, areaName)(['东湖基地', ' ', 'x'.repeat(60), 'x'.repeat(61)]);
    expect(isAreaCode('')).toBe(true);
    expect(isAreaCode('BASE_01-a')).toBe(true);
    expect(isAreaCode('base 01')).toBe(false);
    agrees(isAreaCode, areaNum)(['', 'BASE_01-a', 'base 01', '基地', 'x'.repeat(61)]);
  });

  it('blank means empty or only spaces', () => {
    expect(isBlank('  ')).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
});
