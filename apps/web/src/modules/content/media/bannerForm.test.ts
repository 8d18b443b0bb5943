import { describe, expect, it } from 'vitest';
import { isBannerLink, moveItem } from './bannerForm';

describe('banner links', () => {
  it('takes http(s) addresses and in-app paths, as the server does', () => {
    for (const ok of [
      '',
      'https://example.org/a?b=1',
      'HTTP://farm.example',
      '/web/farm/home',
      '/information?tab=2',
    ])
      expect(isBannerLink(ok), ok).toBe(true);
  });
  it('refuses script, protocol-relative and other schemes', () => {
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example',
      'ftp://x',
      'data:text/html,x',
      'web/farm',
      '/a b',
    ])
      expect(isBannerLink(bad), bad).toBe(false);
  });
});

describe('moveItem', () => {
  it('moves one place up or down and leaves the ends alone', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
