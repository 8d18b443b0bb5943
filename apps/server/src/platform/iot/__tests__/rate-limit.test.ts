import type { IngestStats } from '@tilth/contracts/telemetry.types';
import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, signInRoles, startTestServer, type TestServer } from '../../../test/harness.js';
import {
  closeClient,
  connectDevice,
  publishTelemetry,
  registerDevice,
  type TestDevice,
} from '../../../test/iot.js';
import { DeviceRateLimiter } from '../rate-limit.js';

// The fair-use limit of docs/device-protocol.md §10: a device over its allowance has the excess
// acknowledged, dropped and counted as rate-limited, stays connected, and other devices are unaffected.

let s: TestServer;
let token: string;
const clients: MqttClient[] = [];

const storedRows = async (d: TestDevice): Promise<number> => {
  const r = (await s.platform.database.withTenant(d.tenantId, (tx) =>
    tx.execute(sql`select count(*)::int as n from telemetry where device_id = ${d.id}`),
  )) as unknown as { rows: { n: number }[] };
  return r.rows[0]?.n ?? 0;
};

beforeAll(async () => {
  s = await startTestServer(
    { MQTT_DEVICE_RATE: '1', MQTT_DEVICE_BURST: '10' },
    { iot: { sweepEveryMs: 0, rollupEveryMs: 0 } },
  );
  token = (await signInRoles(s)).admin;
});
afterAll(async () => {
  for (const c of clients) await closeClient(c);
  await s?.close();
});

describe('fair-use rate limit per device', () => {
  it('stores about a burst of a 50-message flood, counts the rest, keeps the connection; others unaffected', async () => {
    const A = s.fixtures.tenantA;
    const noisy = await registerDevice(s, A, { typeKey: 'weather-station' });
    const quiet = await registerDevice(s, A, { typeKey: 'weather-station' });
    const cn = await connectDevice(s, noisy);
    const cq = await connectDevice(s, quiet);
    clients.push(cn, cq);
    const t0 = Date.now() - 600_000;

    // Every message of the flood is acknowledged (dropped ones too: resending would not help).
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        publishTelemetry(cn, noisy, { seq: i + 1, ts: t0 + i * 1000, values: { airTemp: 20 } }),
      ),
    );
    for (let i = 1; i <= 5; i++)
      await publishTelemetry(cq, quiet, { seq: i, ts: t0 + i * 1000, values: { airTemp: 21 } });

    const stored = await storedRows(noisy);
    // The burst of 10, plus what refilled at 1/s while the flood was read.
    expect(stored).toBeGreaterThanOrEqual(10);
    expect(stored).toBeLessThanOrEqual(13);
    expect(await storedRows(quiet)).toBe(5);
    expect(cn.connected).toBe(true);

    const stats = (
      await s.inject({ method: 'GET', url: `/wfpe/v1/${A}/device/ingest-stats`, headers: auth(token) })
    ).json() as IngestStats;
    expect(stats.sinceStart['rate-limited']).toBe(50 - stored);
    expect(stats.sinceStart.stored).toBe(stored + 5);

    // The same connection is served again once the bucket refilled.
    await new Promise((r) => setTimeout(r, 2100));
    await publishTelemetry(cn, noisy, { seq: 100, values: { airTemp: 22 } });
    expect(await storedRows(noisy)).toBe(stored + 1);
  });
});

describe('DeviceRateLimiter', () => {
  it('refills at the rate up to the burst, logs a refused device once a minute, and can be off', () => {
    let now = 0;
    const l = new DeviceRateLimiter({ rate: 2, burst: 3 }, () => now);
    expect([1, 2, 3].map(() => l.take('d').ok)).toEqual([true, true, true]);
    expect(l.take('d')).toEqual({ ok: false, log: true });
    expect(l.take('d')).toEqual({ ok: false, log: false });
    expect(l.take('other').ok).toBe(true);
    now = 500; // half a second at 2/s: one token
    expect(l.take('d').ok).toBe(true);
    expect(l.take('d')).toEqual({ ok: false, log: false });
    now = 61_000;
    expect([1, 2, 3].map(() => l.take('d').ok)).toEqual([true, true, true]);
    // A minute after the last logged refusal, the next one is logged again.
    expect(l.take('d')).toEqual({ ok: false, log: true });
    now = 61_001;
    expect(l.take('d')).toEqual({ ok: false, log: false });
    const off = new DeviceRateLimiter({ rate: 0, burst: 0 });
    expect(Array.from({ length: 100 }, () => off.take('d').ok).every(Boolean)).toBe(true);
  });
});
