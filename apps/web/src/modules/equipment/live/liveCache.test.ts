import type { CollectedDatum, Device } from '@tilth/contracts/device.types';
import { describe, expect, it } from 'vitest';
import { applyToCollection, applyToDevice, applyToPage } from './liveCache';

const device = (over: Partial<Device> = {}): Device => ({
  id: 1,
  deviceType: 'gateway',
  name: 'G',
  eui: 'GW-0001',
  iccid: null,
  areaId: null,
  areaName: null,
  landId: null,
  landName: null,
  latlng: '',
  lat: null,
  lng: null,
  parentId: null,
  parentName: null,
  config: {},
  description: null,
  enabledFlag: 1,
  online: 0,
  lastSeenAt: '2025-01-01T00:00:00Z',
  latest: { airTemp: 10, airHumidity: 50 },
  latestAt: '2025-01-01T00:00:00Z',
  secretIssuedAt: null,
  objectVersionNumber: 1,
  creationDate: '2025-01-01T00:00:00Z',
  ...over,
});

const tele = (ts: string, values: Record<string, number>, deviceId = 1) =>
  ({ type: 'telemetry', deviceId, ts, values }) as const;

describe('applyToDevice', () => {
  it('merges newer readings, marks online and moves last seen', () => {
    const d = applyToDevice(device(), tele('2025-01-01T00:05:00Z', { airTemp: 11 }));
    expect(d).toMatchObject({
      online: 1,
      latest: { airTemp: 11, airHumidity: 50 },
      latestAt: '2025-01-01T00:05:00Z',
      lastSeenAt: '2025-01-01T00:05:00Z',
    });
  });

  it('never moves latest backwards for an older (backlog) reading', () => {
    const before = device({ online: 1 });
    const d = applyToDevice(before, tele('2024-12-31T23:00:00Z', { airTemp: -5 }));
    expect(d.latest).toBe(before.latest);
    expect(d.latestAt).toBe(before.latestAt);
    expect(d.lastSeenAt).toBe(before.lastSeenAt);
  });

  it('follows status changes and ignores other devices and no-op statuses', () => {
    const d = device({ online: 1 });
    expect(applyToDevice(d, { type: 'status', deviceId: 1, online: false, at: 'x' }).online).toBe(0);
    expect(applyToDevice(d, { type: 'status', deviceId: 1, online: true, at: 'x' })).toBe(d);
    expect(applyToDevice(d, tele('2030-01-01T00:00:00Z', { airTemp: 1 }, 2))).toBe(d);
    expect(applyToDevice(d, { type: 'command', deviceId: 1, cmdId: 'c', state: 'done', message: null })).toBe(
      d,
    );
  });
});

describe('applyToPage', () => {
  it('returns the same page when no row is concerned', () => {
    const page = { content: [device()], totalElements: 1, totalPages: 1, number: 0, size: 10 };
    expect(applyToPage(page, tele('2030-01-01T00:00:00Z', { a: 1 }, 9))).toBe(page);
    const next = applyToPage(page, tele('2030-01-01T00:00:00Z', { airTemp: 1 }));
    expect(next).not.toBe(page);
    expect(next.content[0]?.latest.airTemp).toBe(1);
    expect(next.totalElements).toBe(1);
  });
});

describe('applyToCollection', () => {
  const datum = (id: string, newestData: number | null, newestTime: string | null): CollectedDatum => ({
    id,
    name: id,
    icon: null,
    newestData,
    newestTime,
    unit: '',
    online: 0,
    description: null,
  });

  it('updates the cards of the metrics in the message only', () => {
    const list = [datum('airTemp', 10, '2025-01-01T00:00:00Z'), datum('airHumidity', null, null)];
    const next = applyToCollection(list, tele('2025-01-01T00:01:00Z', { airTemp: 12 }));
    expect(next[0]).toMatchObject({ newestData: 12, newestTime: '2025-01-01T00:01:00Z', online: 1 });
    expect(next[1]).toBe(list[1]);
    expect(applyToCollection(list, tele('2024-01-01T00:00:00Z', { airTemp: 1 }))).toBe(list);
    expect(applyToCollection(list, tele('2025-02-01T00:00:00Z', { other: 1 }))).toBe(list);
  });

  it('marks every card on or off line with the device', () => {
    const list = [datum('a', 1, null)];
    expect(applyToCollection(list, { type: 'status', deviceId: 1, online: true, at: 'x' })[0]?.online).toBe(
      1,
    );
    expect(applyToCollection(list, { type: 'status', deviceId: 1, online: false, at: 'x' })).toBe(list);
  });
});
