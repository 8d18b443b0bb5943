import { describe, expect, it } from 'vitest';
import { localName } from './name';

describe('localName', () => {
  it('shows the English name in English and the Chinese one otherwise', () => {
    expect(localName('番茄', 'Tomato', 'en-US')).toBe('Tomato');
    expect(localName('番茄', 'Tomato', 'zh-CN')).toBe('番茄');
  });
  it('falls back to the Chinese name when no English one is set', () => {
    expect(localName('水稻', null, 'en-US')).toBe('水稻');
    expect(localName('水稻', '  ', 'en-US')).toBe('水稻');
  });
});
