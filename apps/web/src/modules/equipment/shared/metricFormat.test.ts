import { metricOf } from '@tilth/contracts/device-types';
import { describe, expect, it } from 'vitest';
import { formatMetric, metricText } from './metricFormat';

describe('formatMetric', () => {
  const valve = metricOf('electric-valve', 'valveOpen');
  const armFault = metricOf('robotic-arm', 'fault');
  const armPower = metricOf('robotic-arm', 'powerOn');
  const rain = metricOf('pest-station', 'rainFlag');

  it('reads enumerated metrics as words with a colour, in Chinese', () => {
    expect(formatMetric(valve, 0, 'zh-CN')).toEqual({ text: '关闭', tone: 'default' });
    expect(formatMetric(valve, 1, 'zh-CN')).toEqual({ text: '打开', tone: 'success' });
    expect(formatMetric(armFault, 0, 'zh-CN')).toEqual({ text: '正常', tone: 'success' });
    expect(formatMetric(armFault, 1, 'zh-CN')).toEqual({ text: '故障', tone: 'error' });
    expect(metricText(armPower, 1, 'zh-CN')).toBe('开');
    expect(metricText(rain, 0, 'zh-CN')).toBe('无雨');
  });

  it('reads enumerated metrics as words in English', () => {
    expect(metricText(valve, 1, 'en-US')).toBe('Open');
    expect(metricText(valve, 0, 'en')).toBe('Closed');
    expect(metricText(armFault, 1, 'en-US')).toBe('Fault');
    expect(metricText(armPower, 0, 'en-US')).toBe('Off');
    expect(metricText(rain, 1, 'en-US')).toBe('Raining');
  });

  it('keeps numbers numeric with the unit, grouped for the language', () => {
    const temp = metricOf('weather-station', 'airTemp');
    expect(formatMetric(temp, 21.456, 'en-US')).toEqual({ text: '21.5 °C' });
    const count = metricOf('pest-station', 'insectCount');
    expect(metricText(count, 12345, 'en-US')).toBe('12,345');
    expect(metricText(count, 12345, 'zh-CN')).toBe('12,345');
  });

  it('falls back to the number for a code the registry does not know, and a dash for no value', () => {
    expect(formatMetric(valve, 7, 'en-US')).toEqual({ text: '7' });
    expect(metricText(valve, null, 'zh-CN')).toBe('—');
    expect(metricText(undefined, 5.4321, 'en-US')).toBe('5.43');
  });

  it('lets the caller print the unit apart', () => {
    const temp = metricOf('pest-station', 'airTemp');
    expect(formatMetric(temp, 20, 'en-US', '').text).toBe('20');
  });
});
