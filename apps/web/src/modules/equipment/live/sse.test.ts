import { describe, expect, it } from 'vitest';
import { backoffMs, SseParser, toDeviceEvent } from './sse';

describe('SseParser', () => {
  it('reads events split anywhere across chunks, with CRLF and comments', () => {
    const p = new SseParser();
    const text =
      ': heartbeat\r\n\r\nevent: telemetry\r\ndata: {"type":"telemetry",\r\ndata: "deviceId":1}\r\n\r\n' +
      'data:plain\n\n';
    const out = [];
    for (const ch of text) out.push(...p.push(ch));
    expect(out).toEqual([
      { event: 'telemetry', data: '{"type":"telemetry",\n"deviceId":1}', id: undefined },
      { event: 'message', data: 'plain', id: undefined },
    ]);
  });

  it('waits for the blank line before dispatching, and keeps id and retry', () => {
    const p = new SseParser();
    expect(p.push('id: 7\nretry: 3000\ndata: a')).toEqual([]);
    expect(p.push('\n')).toEqual([]);
    expect(p.push('\n')).toEqual([{ event: 'message', data: 'a', id: '7' }]);
    expect(p.retryMs).toBe(3000);
  });

  it('a lone CR at the end of a chunk may be half of CRLF', () => {
    const p = new SseParser();
    expect(p.push('data: x\r')).toEqual([]);
    expect(p.push('\n\r\n')).toEqual([{ event: 'message', data: 'x', id: undefined }]);
  });
});

describe('toDeviceEvent', () => {
  const msg = (data: string, event = 'message') => ({ event, data, id: undefined });

  it('accepts the four event types and drops the rest', () => {
    expect(
      toDeviceEvent(
        msg('{"type":"telemetry","deviceId":3,"ts":"2025-01-01T00:00:00Z","values":{"a":1,"b":"x"}}'),
      ),
    ).toEqual({ type: 'telemetry', deviceId: 3, ts: '2025-01-01T00:00:00Z', values: { a: 1 } });
    expect(toDeviceEvent(msg('{"deviceId":3,"online":false,"at":"t"}', 'status'))).toEqual({
      type: 'status',
      deviceId: 3,
      online: false,
      at: 't',
    });
    expect(toDeviceEvent(msg('{"type":"command","deviceId":3,"cmdId":"c","state":"done"}'))).toEqual({
      type: 'command',
      deviceId: 3,
      cmdId: 'c',
      state: 'done',
      message: null,
    });
    expect(
      toDeviceEvent(msg('{"type":"alarm","deviceId":3,"alarmId":9,"state":"active","severity":"high"}')),
    ).toMatchObject({ type: 'alarm', alarmId: 9 });
    expect(toDeviceEvent(msg('not json'))).toBeNull();
    expect(toDeviceEvent(msg('{"type":"telemetry","deviceId":"3"}'))).toBeNull();
    expect(toDeviceEvent(msg('{"type":"other","deviceId":3}'))).toBeNull();
  });
});

describe('backoffMs', () => {
  it('doubles from 1 s to a 30 s ceiling with jitter', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 10].map((a) => backoffMs(a, mid))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffMs(0, () => 0)).toBe(800);
    expect(backoffMs(0, () => 1)).toBe(1200);
  });
});
