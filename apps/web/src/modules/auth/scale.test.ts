import { describe, expect, it } from 'vitest';
import { scaledFontSize } from './scale';

describe('sign-in font scaling', () => {
  it('is 50 px at 1920 px wide, in proportion elsewhere', () => {
    expect(scaledFontSize(1920)).toBe(50);
    expect(scaledFontSize(960)).toBe(25);
  });
});
