import { telemetryPayload, validateTelemetry } from '@tilth/contracts/device-protocol.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  chunk,
  dayRange,
  formatValue,
  keyValues,
  latLngText,
  relativeTime,
  telemetrySample,
} from './deviceFormat';

describe('dayRange', () => {
  it('sends whole days as spec 02 §5 asks, in order', () => {
    expect(dayRange(dayjs('2025-03-01T15:00:00'), dayjs('2025-03-07T01:00:00'))).toEqual({
      startTime: '2025-03-01 00:00:00',
      endTime: '2025-03-07 23:59:59',
    });
    expect(dayRange(dayjs('2025-03-07'), dayjs('2025-03-01'))).toEqual({
      startTime: '2025-03-01 00:00:00',
      endTime: '2025-03-07 23:59:59',
    });
    const today = dayjs('2025-06-09T10:00:00');
    expect(dayRange(today, today)).toEqual({
      startTime: '2025-06-09 00:00:00',
      endTime: '2025-06-09 23:59:59',
    });
  });
});

describe('chunk', () => {
  it('makes carousel slides of five (collected data) or three (soil layers)', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => i);
    expect(chunk(twelve, 5).map((s) => s.length)).toEqual([5, 5, 2]);
    expect(chunk(twelve, 3)).toHaveLength(4);
    expect(chunk([], 5)).toEqual([]);
  });
});

describe('formatValue and relativeTime', () => {
  it('formats readings with decimals, grouping and unit per language', () => {
    expect(formatValue(1234.5678, '°C', 'en-US', 1)).toBe('1,234.6 °C');
    expect(formatValue(0.5, '', 'zh-CN', 2)).toBe('0.5');
    expect(formatValue(null, '%', 'zh-CN')).toBe('—');
    // Seconds (uptime, run time) read as the two largest units from a minute on.
    expect(formatValue(45, 's', 'zh-CN', 0)).toBe('45 s');
    expect(formatValue(511, 's', 'zh-CN', 0)).toBe('8 分 31 秒');
    expect(formatValue(511, 's', 'en-US', 0)).toBe('8 min 31 s');
    expect(formatValue(3 * 86_400 + 3600 * 4 + 59, 's', 'en-US', 0)).toBe('3 d 4 h');
    expect(formatValue(7200, 's', 'zh-CN', 0)).toBe('2 小时');
    expect(formatValue(Number.NaN, '%', 'zh-CN')).toBe('—');
  });

  it('says when a device was last seen in the interface language', () => {
    const now = Date.parse('2025-06-09T10:00:00Z');
    expect(relativeTime('2025-06-09T09:57:00Z', 'en-US', now)).toBe('3 minutes ago');
    expect(relativeTime('2025-06-09T09:57:00Z', 'zh-CN', now)).toBe('3分钟前');
    expect(relativeTime('2025-06-08T10:00:00Z', 'en-US', now)).toBe('yesterday');
    expect(relativeTime(null, 'en-US', now)).toBe('—');
    expect(relativeTime('garbage', 'en-US', now)).toBe('—');
  });
});

describe('keyValues', () => {
  it('shows the metrics the device reported, in registry order, at most three', () => {
    const weather = deviceTypeByKey('weather-station');
    if (!weather) throw new Error('registry lost the weather station');
    const [a, b, c, d] = weather.metrics;
    if (!a || !b || !c || !d) throw new Error('weather station has fewer metrics');
    const latest = { [d.key]: 4, [b.key]: 2, [a.key]: 1, [c.key]: 3, unknown: 9 };
    expect(keyValues(weather, latest).map((v) => v.metric.key)).toEqual([a.key, b.key, c.key]);
    expect(keyValues(weather, {})).toEqual([]);
  });
});

describe('telemetrySample', () => {
  it('is a message the platform accepts for every type with metrics', async () => {
    const { DEVICE_TYPES } = await import('@tilth/contracts/device-types');
    for (const type of DEVICE_TYPES.filter((t) => t.metrics.length > 0)) {
      const json = JSON.parse(telemetrySample(type, new Date()));
      expect(telemetryPayload.safeParse(json).success).toBe(true);
      const result = validateTelemetry(type.key, json);
      expect([type.key, result]).toMatchObject([type.key, { ok: true, rejected: [] }]);
    }
  });
});

describe('latLngText', () => {
  it('is the spec latlng string, empty when unset', () => {
    expect(latLngText(22.96, 113.34)).toBe('22.96,113.34');
    expect(latLngText(null, 113.34)).toBe('');
  });
});
