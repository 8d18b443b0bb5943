import { sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness.js';
import {
  closeClient,
  connectDevice,
  publishStatus,
  publishTelemetry,
  registerDevice,
  type TestDevice,
  topicOf,
  waitFor,
} from '../../../../test/iot.js';

// Ingest over the real embedded broker with real MQTT clients (ARCHITECTURE §6).

let server: TestServer;
const clients: MqttClient[] = [];

const rows = async <T>(tenantId: number, q: ReturnType<typeof sql>): Promise<T[]> =>
  server.platform.database
    .withTenant(tenantId, async (tx) => (await tx.execute(q)) as unknown as { rows: T[] })
    .then((r) => r.rows);

const connect = async (d: TestDevice, will = false) => {
  const c = await connectDevice(server, { username: d.username, secret: d.secret, will });
  clients.push(c);
  return c;
};

const HOUR = 3600_000;
const base = Math.floor((Date.now() - 5 * HOUR) / HOUR) * HOUR;

beforeAll(async () => {
  server = await startTestServer({}, { iot: { sweepEveryMs: 0 } });
});

afterAll(async () => {
  for (const c of clients) await closeClient(c);
  await server?.close();
});

describe('ingest', () => {
  it('stores a reading once: a re-sent seq is a duplicate, hourly count stays 1', async () => {
    const { tenantA } = server.fixtures;
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const c = await connect(d);
    await publishTelemetry(c, d, { seq: 1, ts: base + 60_000, values: { airTemp: 21.5 } });
    // The PUBACK came after the commit: the row is there without waiting.
    const stored = await rows<{ n: string }>(
      tenantA,
      sql`select count(*)::text as n from telemetry where device_id = ${d.id}`,
    );
    expect(stored[0]?.n).toBe('1');
    await publishTelemetry(c, d, { seq: 1, ts: base + 60_000, values: { airTemp: 21.5 } });
    const h = await rows<{ count: number; sum: number }>(
      tenantA,
      sql`select count, sum from telemetry_hourly where device_id = ${d.id} and metric = 'airTemp'`,
    );
    expect(h).toEqual([{ count: 1, sum: 21.5 }]);
    expect(server.iot.ingestTotals(tenantA).duplicate).toBeGreaterThanOrEqual(1);
  });

  it('rolls up sum / min / max / last per hour across two hours', async () => {
    const { tenantA } = server.fixtures;
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const c = await connect(d);
    const msgs: { seq: number; ts: number; values: Record<string, number> }[] = [
      { seq: 1, ts: base + 10 * 60_000, values: { airTemp: 10 } },
      { seq: 3, ts: base + 50 * 60_000, values: { airTemp: 14 } },
      { seq: 2, ts: base + 30 * 60_000, values: { airTemp: 30, airHumidity: 55 } },
      { seq: 4, ts: base + HOUR + 5 * 60_000, values: { airTemp: 5 } },
    ];
    await Promise.all(msgs.map((m) => publishTelemetry(c, d, m)));
    const h = await rows<{ b: string; count: number; sum: number; min: number; max: number; last: number }>(
      tenantA,
      sql`select extract(epoch from bucket)::bigint::text as b, count, sum, min, max, last
          from telemetry_hourly where device_id = ${d.id} and metric = 'airTemp' order by bucket`,
    );
    expect(h).toEqual([
      { b: String(base / 1000), count: 3, sum: 54, min: 10, max: 30, last: 14 },
      { b: String((base + HOUR) / 1000), count: 1, sum: 5, min: 5, max: 5, last: 5 },
    ]);
  });

  it('latest values only move forward in device time', async () => {
    const { tenantA } = server.fixtures;
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const c = await connect(d);
    await publishTelemetry(c, d, { seq: 10, ts: base + 2 * HOUR, values: { airTemp: 20, airHumidity: 60 } });
    // An older reading arriving late (store and forward) does not overwrite newer values.
    await publishTelemetry(c, d, { seq: 9, ts: base + HOUR, values: { airTemp: 99 } });
    await publishTelemetry(c, d, { seq: 11, ts: base + 3 * HOUR, values: { airHumidity: 61 } });
    const [dev] = await rows<{ latest: Record<string, number>; online: boolean; last_seq: string }>(
      tenantA,
      sql`select latest, online, last_seq::text as last_seq from devices where id = ${d.id}`,
    );
    expect(dev).toEqual({ latest: { airTemp: 20, airHumidity: 61 }, online: true, last_seq: '11' });
  });

  it('status messages and the last will set online / offline and log each change once', async () => {
    const { tenantA } = server.fixtures;
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const c = await connectDevice(server, { username: d.username, secret: d.secret, will: true });
    await publishStatus(c, d, true);
    await publishStatus(c, d, true);
    const online = async () =>
      (await rows<{ online: boolean }>(tenantA, sql`select online from devices where id = ${d.id}`))[0]
        ?.online;
    expect(await online()).toBe(true);
    // The socket dies without DISCONNECT: the broker publishes the will.
    c.stream.destroy();
    await waitFor(async () => (await online()) === false, 5000, 'will → offline');
    const log = await rows<{ online: boolean; source: string }>(
      tenantA,
      sql`select online, source from device_status_log where device_id = ${d.id} order by id`,
    );
    expect(log).toEqual([
      { online: true, source: 'status' },
      { online: false, source: 'will' },
    ]);
  });

  it('counts and drops malformed payloads while a good message of the same burst is stored', async () => {
    const { tenantA } = server.fixtures;
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const c = await connect(d);
    const before = server.iot.ingestTotals(tenantA);
    const up = topicOf(d, 'up');
    await Promise.all([
      c.publishAsync(up, 'not json', { qos: 1 }),
      c.publishAsync(up, Buffer.alloc(17 * 1024, 0x20), { qos: 1 }),
      c.publishAsync(up, JSON.stringify({ ts: Date.now(), values: { airTemp: 1 } }), { qos: 1 }),
      c.publishAsync(up, JSON.stringify({ ts: Date.now(), seq: 5, values: { bogus: 1 } }), { qos: 1 }),
      c.publishAsync(up, JSON.stringify({ ts: Date.now(), seq: 6, values: { airTemp: 500 } }), { qos: 1 }),
      publishTelemetry(c, d, { seq: 7, values: { airTemp: 12.3, bogus: 2 } }),
    ]);
    const stored = await rows<{ seq: string; values: Record<string, number> }>(
      tenantA,
      sql`select seq::text as seq, values from telemetry where device_id = ${d.id}`,
    );
    expect(stored).toEqual([{ seq: '7', values: { airTemp: 12.3 } }]);
    const after = server.iot.ingestTotals(tenantA);
    expect(after.malformed - before.malformed).toBe(2);
    expect(after.oversize - before.oversize).toBe(1);
    expect(after['rejected-value'] - before['rejected-value']).toBe(3);
    expect(c.connected).toBe(true);
  });
});
