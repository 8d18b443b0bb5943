import type { Device } from '@tilth/contracts/device.types';
import { describe, expect, it } from 'vitest';
import { type LiveState, newerLatest } from './liveState.api';

const device = { latest: { a: 1, b: 2 }, latestAt: '2025-05-01T08:00:00.000Z' } as unknown as Device;
const state = (latestAt: string | null, latest: Record<string, number>): LiveState => ({
  online: 1,
  latest,
  latestAt,
  config: {},
  stale: false,
  command: null,
});

describe('newerLatest', () => {
  it('takes the round trip answer when it is newer, keeping the other values', () => {
    expect(newerLatest(device, state('2025-05-01T08:00:05.000Z', { a: 9 }))).toEqual({ a: 9, b: 2 });
  });
  it('keeps the live values when the answer is older or absent', () => {
    expect(newerLatest(device, state('2025-05-01T07:59:00.000Z', { a: 9 }))).toBe(device.latest);
    expect(newerLatest(device, state(null, { a: 9 }))).toBe(device.latest);
    expect(newerLatest(device, undefined)).toBe(device.latest);
  });
});
