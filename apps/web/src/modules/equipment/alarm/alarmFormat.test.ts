import { describe, expect, it } from 'vitest';
import { metricName, metricReading, metricValue, typeName } from './alarmFormat';

describe('alarm formatting', () => {
  it('names metrics and types in the interface language with units from the registry', () => {
    expect(metricName('soil-moisture', 'moisture0', 'zh-CN')).toBe('表层土壤湿度');
    expect(metricName('soil-moisture', 'moisture0', 'en-US')).toBe('Surface soil moisture');
    expect(metricValue('soil-moisture', 'moisture0', 18.44, 'en-US')).toBe('18.4 %');
    expect(metricValue('weather-station', 'rainfall', 1234.5, 'zh-CN')).toBe('1,234.5 mm');
    expect(typeName('electric-valve', 'zh-CN')).toBe('电磁阀');
    expect(metricName('soil-moisture', 'nope', 'en-US')).toBe('nope');
    expect(metricValue(null, null, null, 'en-US')).toBe('—');
  });

  it('reads an enumerated reading as words and keeps thresholds and numbers as numbers', () => {
    expect(metricReading('robotic-arm', 'fault', 1, 'zh-CN')).toBe('故障');
    expect(metricReading('robotic-arm', 'fault', 0, 'en-US')).toBe('Normal');
    expect(metricValue('robotic-arm', 'fault', 1, 'en-US')).toBe('1');
    expect(metricReading('soil-moisture', 'moisture0', 18.44, 'en-US')).toBe('18.4 %');
  });
});
