import { describe, expect, it } from 'vitest';
import {
  ackPayload,
  canTransitionCommand,
  commandPayload,
  DEVICE_PAYLOAD_MAX_BYTES,
  decodeDevicePayload,
  statusPayload,
  telemetryPayload,
  validateTelemetry,
} from './device-protocol.types.js';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const check = (type: string, payload: unknown) => validateTelemetry(type, payload, { now: NOW });

describe('telemetry payload', () => {
  it('accepts ISO-8601 with offset and epoch ms, normalised to epoch ms', () => {
    const iso = telemetryPayload.parse({ ts: '2025-06-01T20:00:00+08:00', seq: 0, values: { airTemp: 21 } });
    expect(iso.ts).toBe(NOW);
    expect(telemetryPayload.parse({ ts: NOW, seq: 7, values: {} }).ts).toBe(NOW);
  });

  it('rejects malformed shapes', () => {
    const bad: unknown[] = [
      null,
      'text',
      [],
      { ts: NOW, seq: 1 },
      { ts: NOW, seq: -1, values: {} },
      { ts: NOW, seq: 1.5, values: {} },
      { ts: '2025-06-01T12:00:00', seq: 1, values: {} }, // no offset: ambiguous
      { ts: 1_700_000_000, seq: 1, values: {} }, // epoch seconds, i.e. 1970
      { ts: NOW, seq: 1, values: { airTemp: '21' } },
      { ts: NOW, seq: 1, values: { 'air temp': 21 } },
      { ts: NOW, seq: 1, values: {}, extra: true },
      { ts: NOW, seq: 1, values: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`v${i}`, i])) },
    ];
    for (const p of bad) expect(telemetryPayload.safeParse(p).success, JSON.stringify(p)).toBe(false);
  });
});

describe('validateTelemetry', () => {
  it('keeps known in-range values, rounded to their decimals', () => {
    const r = check('weather-station', {
      ts: NOW,
      seq: 42,
      values: { airTemp: 21.345, airHumidity: 65, windDirection: 270, pressure: 1013.27 },
    });
    expect(r).toEqual({
      ok: true,
      telemetry: {
        ts: NOW,
        seq: 42,
        values: { airTemp: 21.3, airHumidity: 65, windDirection: 270, pressure: 1013.3 },
      },
      rejected: [],
    });
  });

  it('drops unknown and out-of-range values but keeps the rest', () => {
    const r = check('transducer-is-not-a-key', { ts: NOW, seq: 1, values: {} });
    expect(r).toMatchObject({ ok: false, reason: expect.stringContaining('unknown device type') });
    const inv = check('inverter', { ts: NOW, seq: 1, values: { pressure: 17, frequency: 50, bogus: 1 } });
    expect(inv.ok).toBe(true);
    if (inv.ok) expect(inv.telemetry.values).toEqual({ frequency: 50 });
    expect(inv.rejected).toEqual([
      { metric: 'pressure', value: 17, reason: 'out of range' },
      { metric: 'bogus', value: 1, reason: 'unknown metric' },
    ]);
  });

  it('rejects a message with no usable value, with a reason', () => {
    const r = check('electric-valve', { ts: NOW, seq: 1, values: { liquidLevel: 50_001 } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain('liquidLevel (out of range)');
  });

  it('accepts an empty values object as a heartbeat', () => {
    expect(check('gateway', { ts: NOW, seq: 3, values: {} }).ok).toBe(true);
  });

  it('rejects timestamps too far ahead or too old', () => {
    expect(check('gateway', { ts: NOW + 6 * 60_000, seq: 1, values: {} })).toMatchObject({ ok: false });
    expect(check('gateway', { ts: NOW + 4 * 60_000, seq: 1, values: {} }).ok).toBe(true);
    expect(check('gateway', { ts: NOW - 31 * 86_400_000, seq: 1, values: {} })).toMatchObject({ ok: false });
  });

  it('drops a __proto__ key without polluting prototypes', () => {
    const p: unknown = JSON.parse('{"ts":1748779200000,"seq":1,"values":{"__proto__":{"x":1},"airTemp":20}}');
    const r = check('weather-station', p);
    expect(r.ok).toBe(true);
    if (r.ok) expect(Object.keys(r.telemetry.values)).toEqual(['airTemp']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('never throws on hostile input and always gives a reason', () => {
    const hostile: unknown[] = [
      undefined,
      42,
      { ts: {}, seq: {}, values: [] },
      { ts: Number.NaN, seq: Number.POSITIVE_INFINITY, values: {} },
      { ts: NOW, seq: 1, values: { airTemp: Number.POSITIVE_INFINITY } },
    ];
    for (const p of hostile) {
      const r = check('weather-station', p);
      expect(r.ok, JSON.stringify(p)).toBe(false);
      if (!r.ok) expect(r.reason.length).toBeGreaterThan(0);
    }
  });
});

describe('decodeDevicePayload', () => {
  it('parses JSON text and bytes', () => {
    expect(decodeDevicePayload('{"online":true}')).toEqual({ ok: true, value: { online: true } });
    expect(decodeDevicePayload(new TextEncoder().encode('[1]'))).toEqual({ ok: true, value: [1] });
  });
  it('rejects broken JSON, invalid UTF-8 and oversized payloads', () => {
    expect(decodeDevicePayload('{"ts":')).toMatchObject({ ok: false });
    expect(decodeDevicePayload(new Uint8Array([0x7b, 0xff, 0x7d]))).toMatchObject({ ok: false });
    expect(decodeDevicePayload('x'.repeat(DEVICE_PAYLOAD_MAX_BYTES + 1))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('too large'),
    });
  });
});

describe('status, command and ack payloads', () => {
  const cmdId = '0b7e4a1c-3f7d-4c2a-9a51-6f0e2d4b8c11';

  it('accepts the documented shapes', () => {
    expect(statusPayload.parse({ online: false, reason: 'lwt' })).toEqual({ online: false, reason: 'lwt' });
    expect(commandPayload.parse({ cmdId, action: 'setPressure' })).toEqual({
      cmdId,
      action: 'setPressure',
      params: {},
    });
    expect(ackPayload.parse({ cmdId, ok: true, values: { valveOpen: 1 } }).stage).toBe('done');
    expect(ackPayload.parse({ cmdId, ok: true, stage: 'accepted' }).stage).toBe('accepted');
  });

  it('rejects malformed ones', () => {
    expect(statusPayload.safeParse({ online: 'yes' }).success).toBe(false);
    expect(statusPayload.safeParse({ online: true, extra: 1 }).success).toBe(false);
    expect(commandPayload.safeParse({ cmdId: 'not-a-uuid', action: 'stop', params: {} }).success).toBe(false);
    expect(commandPayload.safeParse({ cmdId, action: 'rm -rf', params: {} }).success).toBe(false);
    expect(commandPayload.safeParse({ cmdId, action: 'move', params: { xyz: { a: 1 } } }).success).toBe(
      false,
    );
    expect(ackPayload.safeParse({ cmdId, ok: 1 }).success).toBe(false);
    expect(ackPayload.safeParse({ cmdId, ok: true, stage: 'half' }).success).toBe(false);
  });

  it('moves commands only forward through their states', () => {
    expect(canTransitionCommand('queued', 'sent')).toBe(true);
    expect(canTransitionCommand('sent', 'done')).toBe(true);
    expect(canTransitionCommand('acked', 'timeout')).toBe(true);
    expect(canTransitionCommand('done', 'failed')).toBe(false);
    expect(canTransitionCommand('acked', 'sent')).toBe(false);
  });
});
