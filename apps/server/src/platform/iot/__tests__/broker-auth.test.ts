import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  brokerUrl,
  closeClient,
  connectDevice,
  publishTelemetry,
  registerDevice,
  type TestDevice,
  topicOf,
  waitFor,
} from '../../../test/iot.js';

// Device authentication and topic confinement on the embedded broker (ARCHITECTURE §6).

let server: TestServer;
const clients: MqttClient[] = [];

const countRows = async (d: TestDevice): Promise<number> => {
  const r = (await server.platform.database.withTenant(d.tenantId, (tx) =>
    tx.execute(sql`select count(*)::int as n from telemetry where device_id = ${d.id}`),
  )) as unknown as { rows: { n: number }[] };
  return r.rows[0]?.n ?? 0;
};

const connect = async (d: TestDevice) => {
  const c = await connectDevice(server, { username: d.username, secret: d.secret });
  clients.push(c);
  return c;
};

/** Resolves with the CONNACK return code of a refused connect (or 0 when it was accepted). */
const connackCode = async (opts: mqtt.IClientOptions): Promise<number> =>
  new Promise((resolve) => {
    const c = mqtt.connect(brokerUrl(server), {
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      ...opts,
    });
    c.on('connect', () => {
      c.end(true);
      resolve(0);
    });
    c.on('error', (err) => {
      c.end(true);
      resolve((err as { code?: number }).code ?? -1);
    });
  });

/** Publishes and answers whether the connection survived (the broker drops a forbidden publisher). */
const publishSurvives = async (c: MqttClient, topic: string, body: string): Promise<boolean> => {
  const closed = new Promise<false>((resolve) => c.once('close', () => resolve(false)));
  const acked = c
    .publishAsync(topic, body, { qos: 1 })
    .then(() => true as const)
    .catch(() => false as const);
  return Promise.race([acked, closed]);
};

beforeAll(async () => {
  server = await startTestServer({}, { iot: { sweepEveryMs: 0 } });
});

afterAll(async () => {
  for (const c of clients) await closeClient(c);
  await server?.close();
});

describe('broker authentication', () => {
  it('accepts a registered device with its secret', async () => {
    const d = await registerDevice(server, server.fixtures.tenantA, { typeKey: 'weather-station' });
    const c = await connect(d);
    expect(c.connected).toBe(true);
  });

  it('refuses anonymous (5), a wrong password (4), an unknown device (4) and a foreign client id (2)', async () => {
    const d = await registerDevice(server, server.fixtures.tenantA, { typeKey: 'weather-station' });
    expect(await connackCode({ clientId: d.username })).toBe(5);
    expect(await connackCode({ clientId: d.username, username: d.username, password: 'wrong' })).toBe(4);
    const ghost = `${server.fixtures.tenantA}/weather-station/NOSUCHDEVICE`;
    expect(await connackCode({ clientId: ghost, username: ghost, password: d.secret })).toBe(4);
    // A device's secret does not open another device's identity.
    const other = await registerDevice(server, server.fixtures.tenantA, { typeKey: 'weather-station' });
    expect(
      await connackCode({ clientId: other.username, username: other.username, password: d.secret }),
    ).toBe(4);
    // Taking over another client's session id is refused.
    expect(await connackCode({ clientId: other.username, username: d.username, password: d.secret })).toBe(2);
  });

  it('forgetDevice drops a connected client and its cached secret (rotation / deletion)', async () => {
    const d = await registerDevice(server, server.fixtures.tenantA, { typeKey: 'weather-station' });
    const c = await connect(d);
    await server.platform.database.withTenant(d.tenantId, (tx) =>
      tx.execute(sql`update devices set secret_hash = 'x' where id = ${d.id}`),
    );
    server.platform.iot.forgetDevice(d.tenantId, d.id);
    await waitFor(() => !c.connected, 3000, 'disconnect');
    expect(await connackCode({ clientId: d.username, username: d.username, password: d.secret })).toBe(4);
  });
});

describe('topic confinement', () => {
  it("a device cannot publish on another device's or another tenant's topics", async () => {
    const { tenantA, tenantB } = server.fixtures;
    const me = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const neighbour = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const foreign = await registerDevice(server, tenantB, { typeKey: 'weather-station', eui: me.eui });
    const body = JSON.stringify({ ts: Date.now(), seq: 1, values: { airTemp: 20 } });
    for (const target of [neighbour, foreign]) {
      const c = await connect(me);
      expect(await publishSurvives(c, topicOf(target, 'up'), body)).toBe(false);
    }
    // Nor on a command topic (…/down is the server's) or outside the scheme.
    for (const topic of [topicOf(me, 'down'), 'tilth/x', `${topicOf(me, 'up')}/extra`]) {
      const c = await connect(me);
      expect(await publishSurvives(c, topic, body)).toBe(false);
    }
    expect(await countRows(neighbour)).toBe(0);
    expect(await countRows(foreign)).toBe(0);
    expect(await countRows(me)).toBe(0);
    // Its own topic works.
    const c = await connect(me);
    await publishTelemetry(c, me, { seq: 1, values: { airTemp: 20 } });
    expect(await countRows(me)).toBe(1);
  });

  it('a device may subscribe only to its own …/down', async () => {
    const { tenantA, tenantB } = server.fixtures;
    const me = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const other = await registerDevice(server, tenantB, { typeKey: 'weather-station' });
    const c = await connect(me);
    const own = await c.subscribeAsync(topicOf(me, 'down'), { qos: 1 });
    expect(own.map((g) => g.qos)).toEqual([1]);
    // mqtt.js rejects a subscribe whose SUBACK says 128 (refused); the connection stays up.
    for (const topic of [topicOf(other, 'down'), topicOf(me, 'up'), 'tilth/#', `tilth/${tenantB}/+/+/up`]) {
      await expect(c.subscribeAsync(topic, { qos: 1 }), topic).rejects.toThrow(/Subscribe error/);
    }
    expect(c.connected).toBe(true);
    // Commands reach the device on its own topic.
    const got = new Promise<string>((resolve) => c.on('message', (_t, m) => resolve(m.toString())));
    await server.platform.iot.sendCommand(me, {
      cmdId: '3b241101-e2bb-4255-8caf-4136c566a962',
      action: 'refresh',
      params: {},
    });
    expect(JSON.parse(await got)).toMatchObject({
      cmdId: '3b241101-e2bb-4255-8caf-4136c566a962',
      action: 'refresh',
    });
  });
});
