import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedBroker, startEmbeddedBroker } from '../../platform/mqtt/broker.js';
import { startTestServer, type TestServer } from '../harness.js';
import {
  closeClient,
  connectDevice,
  publishTelemetry,
  registerDevice,
  type TestDevice,
  topicOf,
  waitFor,
} from '../iot.js';
import {
  connectHeader,
  connectPacket,
  openRaw,
  publishHeader,
  type RawSocket,
  streamFiller,
  within,
} from '../raw-mqtt.js';

// Issue 10 item 4: the embedded broker must not buffer what a connection announces. Before its CONNECT
// is accepted a connection may send a few KiB; after it, no packet larger than MQTT_MAX_PACKET_BYTES;
// connections waiting for their CONNECT are capped and closed after MQTT_CONNECT_TIMEOUT_MS. All over
// real TCP, against the broker a real server runs.

const MB = 1024 * 1024;
const CONNECT_TIMEOUT_MS = 2000;

let server: TestServer;
const sockets: RawSocket[] = [];
const clients: MqttClient[] = [];

const refusals = () => {
  const r = server.iot.brokerRefusals();
  if (!r) throw new Error('no embedded broker');
  return { ...r };
};

const raw = async (): Promise<RawSocket> => {
  const s = await openRaw(server.mqttPort ?? 0);
  sockets.push(s);
  return s;
};

const countRows = async (d: TestDevice): Promise<number> => {
  const r = (await server.platform.database.withTenant(d.tenantId, (tx) =>
    tx.execute(sql`select count(*)::int as n from telemetry where device_id = ${d.id}`),
  )) as unknown as { rows: { n: number }[] };
  return r.rows[0]?.n ?? 0;
};

/** Whether an MQTT client gets in, or has its connection closed before a CONNACK. */
const connectOutcome = (port: number): Promise<'connected' | 'closed'> =>
  new Promise((resolve) => {
    const c = mqtt.connect(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, connectTimeout: 5000 });
    c.once('connect', () => {
      c.end(true);
      resolve('connected');
    });
    c.once('close', () => {
      c.end(true);
      resolve('closed');
    });
    c.on('error', () => undefined);
  });

/** Samples this process's RSS (the server runs in it) until stop() and answers the peak. */
const rssPeak = () => {
  let peak = process.memoryUsage().rss;
  const t = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  return () => {
    clearInterval(t);
    return Math.max(peak, process.memoryUsage().rss);
  };
};

beforeAll(async () => {
  server = await startTestServer(
    { MQTT_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS) },
    { iot: { sweepEveryMs: 0, rollupEveryMs: 0 } },
  );
});

afterAll(async () => {
  for (const s of sockets) s.socket.destroy();
  for (const c of clients) await closeClient(c);
  await server?.close();
});

describe('before authentication', () => {
  it('a CONNECT header announcing 256 MB is refused on its 5 bytes, not at the connect timeout', async () => {
    const before = refusals();
    const s = await raw();
    s.socket.write(connectHeader(268_435_455));
    // Well under the connect timeout: the size closed it, as the counters confirm.
    expect(await within(s.closed, CONNECT_TIMEOUT_MS / 2)).toBe(true);
    expect(s.received().length).toBe(0);
    const after = refusals();
    expect(after.size - before.size).toBe(1);
    expect(after.timeout - before.timeout).toBe(0);
  });

  it('8 sockets streaming 50 MB behind such headers are all closed and RSS grows < 50 MB', async () => {
    const before = refusals();
    const stop = rssPeak();
    const base = process.memoryUsage().rss;
    const attackers = await Promise.all(Array.from({ length: 8 }, () => raw()));
    const sent = await Promise.all(
      attackers.map((s) => streamFiller(s, connectHeader(268_435_455), 50 * MB)),
    );
    for (const s of attackers) expect(await within(s.closed, 10_000)).toBe(true);
    const peak = stop();
    // Each socket was cut off long before its 50 MB went out (the rest was never read).
    for (const n of sent) expect(n).toBeLessThan(50 * MB);
    expect(refusals().size - before.size).toBe(8);
    expect(peak - base).toBeLessThan(50 * MB);
  });

  it('a CONNECT within the size but never completed is closed after the connect timeout', async () => {
    const before = refusals();
    const started = Date.now();
    const silent = await raw();
    const half = await raw();
    // A slow loris: a valid header announcing 100 bytes, then nothing.
    half.socket.write(connectHeader(100));
    await Promise.all([
      within(silent.closed, CONNECT_TIMEOUT_MS * 5),
      within(half.closed, CONNECT_TIMEOUT_MS * 5),
    ]);
    expect(silent.isClosed() && half.isClosed()).toBe(true);
    // Not before the timeout: this is the timeout at work, not the size limit.
    expect(Date.now() - started).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
    expect(refusals().timeout - before.timeout).toBe(2);
  });
});

describe('after authentication', () => {
  it('an oversize PUBLISH is refused from its header: no PUBACK, nothing stored, RSS bounded', async () => {
    const d = await registerDevice(server, server.fixtures.tenantA, { typeKey: 'weather-station' });
    const s = await raw();
    s.socket.write(connectPacket({ clientId: d.username, username: d.username, password: d.secret }));
    // CONNACK, return code 0: the device is in.
    await waitFor(() => s.received().length >= 4, 5000, 'CONNACK');
    expect([...s.received().subarray(0, 4)]).toEqual([0x20, 2, 0, 0]);
    const before = refusals();
    const stop = rssPeak();
    const base = process.memoryUsage().rss;
    const sent = await streamFiller(s, publishHeader(topicOf(d, 'up'), 64 * MB), 40 * MB);
    expect(await within(s.closed, 10_000)).toBe(true);
    const peak = stop();
    expect(sent).toBeLessThan(40 * MB);
    expect(peak - base).toBeLessThan(50 * MB);
    expect(refusals().size - before.size).toBe(1);
    // Nothing after the CONNACK: no PUBACK (0x40).
    expect(s.received().length).toBe(4);
    expect(await countRows(d)).toBe(0);
  });

  it('a real client publishing 64 KiB is disconnected unacknowledged; within the limit it carries on', async () => {
    const d = await registerDevice(server, server.fixtures.tenantA, { typeKey: 'weather-station' });
    const big = await connectDevice(server, { username: d.username, secret: d.secret });
    clients.push(big);
    const closed = new Promise<'closed'>((r) => big.once('close', () => r('closed')));
    const acked = big.publishAsync(topicOf(d, 'up'), Buffer.alloc(64 * 1024, 0x20), { qos: 1 }).then(
      () => 'acked' as const,
      () => 'failed' as const,
    );
    expect(await Promise.race([acked, closed])).toBe('closed');
    // A normal device with its last will: connects, publishes, is stored; 20 KiB (over the payload
    // limit, under the packet limit) is acknowledged, counted and dropped, and the connection stays.
    const c = await connectDevice(server, { username: d.username, secret: d.secret, will: true });
    clients.push(c);
    await publishTelemetry(c, d, { seq: 1, values: { airTemp: 20 } });
    const before = server.iot.ingestTotals(d.tenantId).oversize;
    await c.publishAsync(topicOf(d, 'up'), Buffer.alloc(20 * 1024, 0x20), { qos: 1 });
    expect(server.iot.ingestTotals(d.tenantId).oversize - before).toBe(1);
    expect(c.connected).toBe(true);
    expect(await countRows(d)).toBe(1);
  });
});

describe('pending connections', () => {
  let broker: EmbeddedBroker;
  const extra: RawSocket[] = [];

  beforeAll(async () => {
    // The broker alone (no device directory): what is under test is its connection handling.
    broker = await startEmbeddedBroker(
      0,
      '127.0.0.1',
      {},
      {
        maxConnectBytes: 4096,
        maxPacketBytes: 32_768,
        maxPending: 4,
        connectTimeoutMs: 60_000,
      },
    );
  });

  afterAll(async () => {
    for (const s of extra) s.socket.destroy();
    await broker?.close();
  });

  it('the N+1th connection waiting for its CONNECT is closed at once; freed slots take new ones', async () => {
    const waiting = await Promise.all(Array.from({ length: 4 }, () => openRaw(broker.port)));
    extra.push(...waiting);
    await waitFor(() => broker.pending === 4, 5000, 'four pending');
    const fifth = await openRaw(broker.port);
    extra.push(fifth);
    expect(await within(fifth.closed, 5000)).toBe(true);
    expect(broker.refused.pending).toBe(1);
    // The waiting ones are untouched, and a client cannot get in while they hold every slot.
    expect(waiting.every((s) => !s.isClosed())).toBe(true);
    expect(await connectOutcome(broker.port)).toBe('closed');
    for (const s of waiting) s.socket.destroy();
    await waitFor(() => broker.pending === 0, 5000, 'slots freed');
    const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, {
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    expect(c.connected).toBe(true);
    // Authenticated, it no longer counts as pending.
    await waitFor(() => broker.pending === 0, 5000, 'not pending once connected');
    await c.endAsync(true);
  });
});
