import { describe, expect, it } from 'vitest';
import { placeText } from './scanText';

describe('a scan place', () => {
  it('shows the region with the coarse point, hemispheres by letter, or a dash when there is neither', () => {
    expect(placeText({ region: '广东 广州', lat: 23.1, lng: 113.3 }, 'zh-CN')).toBe(
      '广东 广州 (23.1°N 113.3°E)',
    );
    expect(placeText({ region: null, lat: -33.9, lng: -70.7 }, 'en-US')).toBe('33.9°S 70.7°W');
    expect(placeText({ region: 'Zhejiang', lat: null, lng: null }, 'en-US')).toBe('Zhejiang');
    expect(placeText({ region: null, lat: null, lng: null }, 'en-US')).toBe('—');
  });
});
