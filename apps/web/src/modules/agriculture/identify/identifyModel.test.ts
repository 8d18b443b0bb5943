import { describe, expect, it } from 'vitest';
import { checkPhoto, confidenceTone, expertHref, formatConfidence, linesOf } from './identifyModel';

describe('identification screen rules', () => {
  it('accepts jpg and png up to 10 MB, refuses others before sending', () => {
    expect(checkPhoto({ name: 'a.JPG', type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkPhoto({ name: 'a.png', type: '', size: 1 })).toBeNull();
    expect(checkPhoto({ name: 'a.png', type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(
      'upload.tooLarge',
    );
    expect(checkPhoto({ name: 'a.gif', type: 'image/gif', size: 1 })).toBe('upload.type');
    expect(checkPhoto({ name: 'a.png', type: 'image/svg+xml', size: 1 })).toBe('upload.type');
  });

  it('shows confidence as a percentage of the locale', () => {
    expect(formatConfidence(0.9956, 'en-US')).toBe('100%');
    expect(formatConfidence(0.576, 'zh-CN')).toBe('58%');
    expect(formatConfidence(0.052, 'en-US')).toBe('5.2%');
    expect(formatConfidence(0.0000006, 'en-US')).toBe('<0.1%');
    expect(formatConfidence(0, 'en-US')).toBe('0%');
    expect(confidenceTone(0.95, 0.6)).toBe('success');
    expect(confidenceTone(0.65, 0.6)).toBe('normal');
    expect(confidenceTone(0.3, 0.6)).toBe('exception');
  });

  it('adds the chosen crop to the expert link once', () => {
    const u = '/web/agriculture/expert-inquiry?ask=1&photo=%2Fx&identification=7';
    expect(expertHref(u, 3)).toBe('/web/agriculture/expert-inquiry?ask=1&photo=%2Fx&crop=3&identification=7');
    expect(expertHref(u, undefined)).toBe(u);
    expect(expertHref(expertHref(u, 3), 4)).toContain('crop=3');
  });

  it('splits list fields on new lines and Chinese or Latin commas', () => {
    expect(linesOf('水稻，小麦\n 玉米 ,、')).toEqual(['水稻', '小麦', '玉米']);
    expect(linesOf(undefined)).toEqual([]);
  });
});
