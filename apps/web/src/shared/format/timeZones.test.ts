import { describe, expect, it } from 'vitest';
import { timeZoneLabel, timeZoneOptions } from './timeZones';

describe('time-zone options', () => {
  it('label each zone with its offset at the given instant, DST included', () => {
    expect(timeZoneLabel('Asia/Shanghai')).toBe('(UTC+08:00) Asia/Shanghai');
    expect(timeZoneLabel('America/New_York', '2026-07-01T12:00:00Z')).toBe('(UTC-04:00) America/New_York');
    expect(timeZoneLabel('America/New_York', '2026-11-25T12:00:00Z')).toBe('(UTC-05:00) America/New_York');
  });

  it('offer UTC and Asia/Shanghai, west to east', () => {
    const options = timeZoneOptions('2026-11-25T12:00:00Z');
    const values = options.map((o) => o.value);
    expect(values).toContain('UTC');
    expect(values).toContain('Asia/Shanghai');
    expect(values.indexOf('America/New_York')).toBeLessThan(values.indexOf('Asia/Shanghai'));
    expect(options.every((o, i) => i === 0 || (options[i - 1]?.minutes ?? 0) <= o.minutes)).toBe(true);
  });
});
