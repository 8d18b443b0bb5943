import { createServer, connect as netConnect, type Server, type Socket } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { parser as mqttParser, type Packet } from 'mqtt-packet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { registerDevice, storedCounts, type TestDevice, topicOf, waitFor } from '../../../test/iot.js';
import { type Mosquitto, startMosquitto } from '../../../test/mosquitto.js';
import { type RestartableMosquitto, startPersistentMosquitto } from '../../../test/scale/failover.parts.js';
import type { IotLog } from '../embedded.js';
import { ExternalLink } from '../external.js';

// The external ingest link keeps many messages of one connection in flight (issue 20): mosquitto hands
// it up to max_inflight_messages at once, ingest stores them in few batches, and each PUBACK goes out
// after its batch committed, in the order the PUBLISHes arrived. A tap between the link and mosquitto
// (a plain TCP relay that parses both directions) shows what went over the wire.

interface Wire {
  /** QoS 1 PUBLISHes the broker sent on this connection, in order. */
  publishes: { id: number; dup: boolean }[];
  /** PUBACKs the link sent on it, in order. */
  pubacks: number[];
}

interface Tap {
  url: string;
  conns: Wire[];
  close(): Promise<void>;
}

const startTap = async (upstreamPort: number): Promise<Tap> => {
  const conns: Wire[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((down) => {
    const up = netConnect(upstreamPort, '127.0.0.1');
    const wire: Wire = { publishes: [], pubacks: [] };
    conns.push(wire);
    for (const s of [down, up]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        down.destroy();
        up.destroy();
      });
    }
    const fromLink = mqttParser({ protocolVersion: 4 });
    fromLink.on('packet', (p: Packet) => {
      if (p.cmd === 'puback') wire.pubacks.push(p.messageId ?? -1);
    });
    const fromBroker = mqttParser({ protocolVersion: 4 });
    fromBroker.on('packet', (p: Packet) => {
      if (p.cmd === 'publish' && p.qos === 1) wire.publishes.push({ id: p.messageId ?? -1, dup: p.dup });
    });
    down.on('data', (b: Buffer) => fromLink.parse(b));
    up.on('data', (b: Buffer) => fromBroker.parse(b));
    down.pipe(up);
    up.pipe(down);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const a = server.address();
  const port = typeof a === 'object' && a ? a.port : 0;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    conns,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

const errors: unknown[] = [];
const log: IotLog = {
  info: () => undefined,
  warn: () => undefined,
  error: (obj) => errors.push(obj),
};

let broker: Mosquitto;
let server: TestServer;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  broker = await startMosquitto();
  // The server keeps its embedded broker; the links under test feed its ingest (PGlite or PostgreSQL).
  server = await startTestServer({}, { iot: { sweepEveryMs: 0, rollupEveryMs: 0, statsEveryMs: 0 } });
});

afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c().catch(() => undefined);
  errors.length = 0;
});

afterAll(async () => {
  await server?.close();
  await broker?.stop();
});

const countOf = (d: TestDevice) => storedCounts(server, d);

const devices = (n: number): Promise<TestDevice[]> =>
  Promise.all(
    Array.from({ length: n }, () =>
      registerDevice(server, server.fixtures.tenantA, { typeKey: 'weather-station' }),
    ),
  );

/** Each device publishes `per` readings at once (QoS 1) and waits for the broker's PUBACKs. */
const publishAll = async (url: string, ds: TestDevice[], per: number, clean = true): Promise<void> => {
  const t0 = Date.now() - 3600_000;
  await Promise.all(
    ds.map(async (d) => {
      const c: MqttClient = await mqtt.connectAsync(url, {
        clientId: d.username,
        protocolVersion: 4,
        clean,
        reconnectPeriod: clean ? 0 : 200,
      });
      c.on('error', () => undefined);
      closers.push(() => c.endAsync(true));
      const sends: Promise<unknown>[] = [];
      for (let seq = 1; seq <= per; seq++) {
        const body = JSON.stringify({ ts: t0 + seq * 1000, seq, values: { airTemp: 20 } });
        sends.push(c.publishAsync(topicOf(d, 'up'), body, { qos: 1 }));
      }
      await Promise.all(sends);
    }),
  );
};

const allStored = async (ds: TestDevice[], per: number, timeoutMs = 30_000): Promise<void> => {
  for (const d of ds)
    await waitFor(async () => (await countOf(d)).rows === per, timeoutMs, `all rows of ${d.eui}`);
  await server.iot.settle();
  // Stored exactly once: the hourly rollup counts each reading once, redeliveries included.
  for (const d of ds) expect(await countOf(d)).toEqual({ rows: per, hourly: per });
};

type Feed = (topic: string, payload: Buffer | string) => Promise<boolean>;
const store: Feed = (topic, payload) => server.iot.publishUplink(topic, payload);

const startLink = async (url: string, clientId: string, feed: Feed, connections = 1) => {
  const link = new ExternalLink({ url, clientId, connections }, feed, () => log);
  await link.start();
  closers.push(async () => {
    await link.close();
    // Ends the persistent sessions: a later test's link must not share the subscription with them.
    for (let i = 0; i < connections; i++) {
      const c = await mqtt.connectAsync(url, {
        clientId: `${clientId}-${i}`,
        clean: true,
        reconnectPeriod: 0,
      });
      await c.endAsync();
    }
  });
  return link;
};

const sum = (xs: readonly number[]) => xs.reduce((x, y) => x + y, 0);

describe('external link: many messages in flight per connection', () => {
  it('500 messages at once on one connection: all stored, each acknowledged once, in arrival order', async () => {
    const tap = await startTap(broker.port);
    closers.push(() => tap.close());
    const link = await startLink(tap.url, 'tilth-inflight-a', store);
    const ds = await devices(10);
    await publishAll(broker.url, ds, 50);
    await allStored(ds, 50);
    await waitFor(() => sum(tap.conns.map((w) => w.pubacks.length)) >= 500, 10_000, 'all PUBACKs');

    expect(tap.conns).toHaveLength(1);
    const wire = tap.conns[0] as Wire;
    // No redelivery: every message came once, and the link acknowledged each in the order it arrived.
    expect(wire.publishes).toHaveLength(500);
    expect(wire.publishes.filter((p) => p.dup)).toEqual([]);
    expect(wire.pubacks).toEqual(wire.publishes.map((p) => p.id));
    expect(link.handled).toEqual([500]);
    // One in flight (the old link) would show 1 here; mosquitto allows 1000 (test/mosquitto.ts).
    expect(link.peakInFlight[0]).toBeGreaterThanOrEqual(10);
    expect(errors).toEqual([]);
  });

  it('a later message stored first waits for the PUBACK of an earlier one', async () => {
    const tap = await startTap(broker.port);
    closers.push(() => tap.close());
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let n = 0;
    // The first message's store waits; the 49 after it are stored meanwhile.
    const feed: Feed = async (topic, payload) => {
      if (++n === 1) await gate;
      return store(topic, payload);
    };
    await startLink(tap.url, 'tilth-inflight-order', feed);
    const [d] = await devices(1);
    if (!d) throw new Error('no device');
    await publishAll(broker.url, [d], 50);
    await waitFor(async () => (await countOf(d)).rows === 49, 10_000, 'the 49 later readings');
    await new Promise((r) => setTimeout(r, 200));
    const wire = tap.conns[0] as Wire;
    expect(wire.publishes).toHaveLength(50);
    expect(wire.pubacks).toEqual([]);

    release();
    await allStored([d], 50);
    await waitFor(() => wire.pubacks.length === 50, 10_000, 'all PUBACKs');
    expect(wire.pubacks).toEqual(wire.publishes.map((p) => p.id));
  });

  it('a store failure mid-flight: no PUBACK from it on, the link reconnects, the redelivery is stored once', async () => {
    const tap = await startTap(broker.port);
    closers.push(() => tap.close());
    let n = 0;
    const feed: Feed = (topic, payload) =>
      ++n === 200 ? Promise.reject(new Error('database went away')) : store(topic, payload);
    const link = await startLink(tap.url, 'tilth-inflight-fail', feed);
    const ds = await devices(10);
    await publishAll(broker.url, ds, 50);
    await allStored(ds, 50);

    expect(errors).toHaveLength(1);
    expect(tap.conns.length).toBeGreaterThanOrEqual(2);
    const [first, ...later] = tap.conns as [Wire, ...Wire[]];
    // On the failed connection: PUBACKs in arrival order, none for the failed message or after it.
    expect(first.pubacks.length).toBeLessThan(200);
    expect(first.pubacks).toEqual(first.publishes.slice(0, first.pubacks.length).map((p) => p.id));
    // The broker redelivered what was not acknowledged, and the link acknowledged all of it.
    const redelivered = later.flatMap((w) => w.publishes);
    expect(redelivered.length).toBeGreaterThanOrEqual(500 - first.pubacks.length);
    expect(redelivered.some((p) => p.dup)).toBe(true);
    await waitFor(
      () => sum(later.map((w) => w.pubacks.length)) === redelivered.length,
      10_000,
      'PUBACKs of the redelivery',
    );
    // (The link stops reading the failed connection, so it handled fewer than the tap saw there.)
    expect(sum(link.handled)).toBeGreaterThan(500);
  });
});

describe('external link: a Mosquitto restart with messages in flight', () => {
  let persistent: RestartableMosquitto | undefined;

  afterAll(async () => {
    await persistent?.remove();
  });

  it('what was in flight when the broker stopped is redelivered after it restarts and stored once', async () => {
    persistent = await startPersistentMosquitto();
    const broker2 = persistent;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let n = 0;
    let restarted = false;
    // The first 100 are stored at once; the rest stay in flight (unacknowledged) until the broker is
    // down. Then half of them are stored (their PUBACK has nowhere to go) and half never are (as if
    // the process died before the commit): the broker must send them all again.
    const feed: Feed = async (topic, payload) => {
      const k = ++n;
      if (k > 100 && !restarted) {
        await gate;
        if (k % 2 === 0) return true;
      }
      return store(topic, payload);
    };
    const link = await startLink(broker2.url, 'tilth-inflight-restart', feed, 2);
    const ds = await devices(6);
    await publishAll(broker2.url, ds, 50, false);
    await waitFor(() => sum(link.handled) >= 200, 10_000, 'messages in flight');
    const before = sum(await Promise.all(ds.map(async (d) => (await countOf(d)).rows)));
    expect(before).toBeLessThan(300);

    await broker2.stop();
    restarted = true;
    release();
    await broker2.start();
    await allStored(ds, 50);
    // Unacknowledged when the broker stopped, so it sent them again after the restart.
    expect(sum(link.handled)).toBeGreaterThanOrEqual(500);
    expect(errors).toEqual([]);
  });
});
