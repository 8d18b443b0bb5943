import { describe, expect, it } from 'vitest';
import { priceFormat } from './market.api';
import { beaufort, compassPoint, weatherKind } from './weather.api';

describe('weather card helpers', () => {
  it('names the compass point the wind comes from', () => {
    expect(compassPoint(0)).toBe('N');
    expect(compassPoint(359)).toBe('N');
    expect(compassPoint(135)).toBe('SE');
    expect(compassPoint(-90)).toBe('W');
    expect(compassPoint(248)).toBe('WSW');
  });

  it('gives the Beaufort force of a wind speed', () => {
    expect(beaufort(0)).toBe(0);
    expect(beaufort(3.2)).toBe(2);
    expect(beaufort(3.4)).toBe(3);
    expect(beaufort(12)).toBe(6);
    expect(beaufort(40)).toBe(12);
  });

  it('groups WMO codes into icon families', () => {
    expect([0, 2, 3, 45, 53, 63, 81, 73, 86, 95].map(weatherKind)).toEqual([
      'clear',
      'partly',
      'cloudy',
      'fog',
      'drizzle',
      'rain',
      'rain',
      'snow',
      'snow',
      'thunder',
    ]);
  });

  it('formats prices in yuan for each language', () => {
    expect(priceFormat('zh-CN').format(3.5)).toBe('¥3.50');
    expect(priceFormat('en-US').format(3.5)).toBe('CN¥3.50');
  });
});
