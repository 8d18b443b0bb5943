import { describe, expect, it } from 'vitest';
import { deviceStreamEvent, readDeviceStreamEvent, streamEndEvent } from './live-events.types.js';

describe('live events', () => {
  it('the server shape is strict: a stray key or a missing field refuses the event', () => {
    const status = { type: 'status', deviceId: 1, online: true, at: 't' };
    expect(deviceStreamEvent.safeParse(status).success).toBe(true);
    expect(deviceStreamEvent.safeParse({ ...status, extra: 1 }).success).toBe(false);
    expect(deviceStreamEvent.safeParse({ type: 'alarm', deviceId: 1, alarmId: 2, state: 's' }).success).toBe(
      false,
    );
  });

  it('the console reads leniently: stray keys dropped, odd fields defaulted, the event name as type', () => {
    expect(
      readDeviceStreamEvent('telemetry', '{"deviceId":1,"ts":"t","values":{"a":1,"b":"x"},"z":0}'),
    ).toEqual({
      type: 'telemetry',
      deviceId: 1,
      ts: 't',
      values: { a: 1 },
    });
    expect(
      readDeviceStreamEvent('x', '{"type":"command","deviceId":1,"cmdId":"c","state":"s","message":5}'),
    ).toEqual({ type: 'command', deviceId: 1, cmdId: 'c', state: 's', message: null });
    expect(readDeviceStreamEvent('alarm', '{"deviceId":1,"alarmId":2,"state":"s"}')).toEqual({
      type: 'alarm',
      deviceId: 1,
      alarmId: 2,
      state: 's',
      severity: '',
    });
  });

  it('the console ignores what is not an event', () => {
    for (const data of ['', 'null', '[]', '"s"', '{"type":"status","deviceId":"1","online":true,"at":"t"}'])
      expect(readDeviceStreamEvent('status', data)).toBeNull();
    expect(readDeviceStreamEvent('message', '{"type":"other","deviceId":1}')).toBeNull();
    expect(readDeviceStreamEvent('telemetry', '{"deviceId":1,"ts":"t","values":null}')).toBeNull();
  });

  it('the end event names its reason', () => {
    expect(streamEndEvent.safeParse({ reason: 'expired' }).data).toEqual({ reason: 'expired' });
    expect(streamEndEvent.safeParse({ reason: 3 }).success).toBe(false);
  });
});
