import { describe, expect, it } from 'vitest';
import { deviceTopic, parseDeviceTopic } from './device-topics.js';

describe('device topics', () => {
  it('round-trips the topic scheme', () => {
    const t = deviceTopic(1001, 'gateway', 'EUI-01', 'up');
    expect(t).toBe('tilth/1001/gateway/EUI-01/up');
    expect(parseDeviceTopic(t)).toEqual({ tenantId: 1001, deviceType: 'gateway', eui: 'EUI-01', kind: 'up' });
  });
  it('rejects foreign, short or malformed topics', () => {
    for (const bad of [
      'tilth/x/gateway/e/up',
      'other/1/gateway/e/up',
      'tilth/1/gateway/up',
      'tilth/1/gateway/e/nope',
      'tilth/1//e/up',
    ]) {
      expect(parseDeviceTopic(bad)).toBeUndefined();
    }
  });
});
