import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iotPorts } from '../../../app/server.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { registerDevice, storedCounts, type TestDevice, topicOf, waitFor } from '../../../test/iot.js';
import { type Mosquitto, startMosquitto } from '../../../test/mosquitto.js';
import { loadConfig } from '../../config.js';
import { IotServer } from '../runtime.js';

// Ingest through an external broker (Debian mosquitto) with a shared subscription: two ingest sides
// (the test server's and a second runtime on the same database, like a second server process), each
// with two connections, together store every message exactly once.

let broker: Mosquitto;
let server: TestServer;
let second: IotServer;
const clients: MqttClient[] = [];

const countOf = (d: TestDevice) => storedCounts(server, d);

const device = async (d: TestDevice): Promise<MqttClient> => {
  // The device talks to mosquitto directly (its ACLs are the broker operator's business).
  const c = await mqtt.connectAsync(broker.url, {
    clientId: d.username,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  clients.push(c);
  return c;
};

beforeAll(async () => {
  broker = await startMosquitto();
  const env = {
    MQTT_URL: broker.url,
    MQTT_CLIENT_ID: 'tilth-test-a',
    MQTT_INGEST_CONNECTIONS: '2',
    MQTT_DEVICE_RATE: '0',
  };
  server = await startTestServer(env, { iot: { sweepEveryMs: 0, rollupEveryMs: 0 } });
  const config = loadConfig({ ...process.env, ...env, MQTT_CLIENT_ID: 'tilth-test-b', MQTT_PORT: '0' });
  second = new IotServer(config, server.platform.database, iotPorts(server.platform.database));
  await second.start();
});

afterAll(async () => {
  for (const c of clients) await c.endAsync(true).catch(() => undefined);
  await second?.close();
  await server?.close();
  await broker?.stop();
});

describe('external broker (mosquitto, shared subscription)', () => {
  it('two ingest sides share the load and store each message exactly once', async () => {
    expect(server.mqttPort).toBeUndefined();
    const { tenantA } = server.fixtures;
    const devices = await Promise.all(
      [1, 2, 3, 4].map(() => registerDevice(server, tenantA, { typeKey: 'weather-station' })),
    );
    const t0 = Date.now() - 3600_000;
    const per = 150;
    await Promise.all(
      devices.map(async (d) => {
        const c = await device(d);
        const sends: Promise<unknown>[] = [];
        for (let seq = 1; seq <= per; seq++) {
          const body = JSON.stringify({ ts: t0 + seq * 1000, seq, values: { airTemp: 20 } });
          sends.push(c.publishAsync(topicOf(d, 'up'), body, { qos: 1 }));
        }
        // And the same messages again: a re-delivery must not count twice.
        for (let seq = 1; seq <= 20; seq++) {
          const body = JSON.stringify({ ts: t0 + seq * 1000, seq, values: { airTemp: 20 } });
          sends.push(c.publishAsync(topicOf(d, 'up'), body, { qos: 1 }));
        }
        await Promise.all(sends);
      }),
    );
    for (const d of devices) {
      await waitFor(async () => (await countOf(d)).rows === per, 20_000, `all rows of ${d.eui}`);
    }
    const sum = (xs: readonly number[]) => xs.reduce((x, y) => x + y, 0);
    const total = devices.length * (per + 20);
    // mosquitto acknowledges the publisher at once and delivers the re-sent copies a moment later.
    await waitFor(
      () => sum(server.iot.externalHandled()) + sum(second.externalHandled()) >= total,
      20_000,
      'all handled',
    );
    await server.iot.settle();
    await second.settle();
    for (const d of devices) expect(await countOf(d)).toEqual({ rows: per, hourly: per });
    const a = server.iot.externalHandled();
    const b = second.externalHandled();
    expect(a.length).toBe(2);
    expect(sum(a) + sum(b)).toBe(total);
    expect(sum(a)).toBeGreaterThan(0);
    expect(sum(b)).toBeGreaterThan(0);
  });

  it('status, commands and unknown devices over the external broker', async () => {
    const { tenantA } = server.fixtures;
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const c = await device(d);
    await c.subscribeAsync(topicOf(d, 'down'), { qos: 1 });
    await c.publishAsync(topicOf(d, 'status'), JSON.stringify({ online: true }), { qos: 1 });
    await waitFor(
      async () => {
        const r = (await server.platform.database.withTenant(tenantA, (tx) =>
          tx.execute(sql`select online from devices where id = ${d.id}`),
        )) as unknown as { rows: { online: boolean }[] };
        return r.rows[0]?.online === true;
      },
      10_000,
      'online',
    );
    const got = new Promise<string>((resolve) => c.on('message', (_t, m) => resolve(m.toString())));
    await server.platform.iot.sendCommand(d, {
      cmdId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      action: 'refresh',
      params: {},
    });
    expect(JSON.parse(await got)).toMatchObject({ action: 'refresh' });
    const before =
      server.iot.ingestTotals(tenantA)['unknown-device'] + second.ingestTotals(tenantA)['unknown-device'];
    await c.publishAsync(
      `tilth/${tenantA}/weather-station/NOBODY01/up`,
      JSON.stringify({ ts: Date.now(), seq: 1, values: { airTemp: 1 } }),
      { qos: 1 },
    );
    await waitFor(
      () =>
        server.iot.ingestTotals(tenantA)['unknown-device'] + second.ingestTotals(tenantA)['unknown-device'] >
        before,
      10_000,
      'unknown device counted',
    );
  });

  it('brings LoRaWAN uplinks in from a ChirpStack MQTT integration as lorawan-node readings', async () => {
    const { tenantA } = server.fixtures;
    const devEui = '70b3d57ed005a1b2';
    const node = await registerDevice(server, tenantA, { typeKey: 'lorawan-node', eui: devEui });
    const config = loadConfig({
      ...process.env,
      MQTT_URL: '',
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      MQTT_CLIENT_ID: 'tilth-test-cs',
      CHIRPSTACK_MQTT_URL: broker.url,
      CHIRPSTACK_TENANT_ID: String(tenantA),
    });
    const lora = new IotServer(config, server.platform.database, iotPorts(server.platform.database));
    await lora.start();
    try {
      const cs = await mqtt.connectAsync(broker.url, {
        clientId: 'chirpstack',
        protocolVersion: 4,
        reconnectPeriod: 0,
      });
      clients.push(cs);
      const uplink = {
        deviceInfo: { devEui: devEui.toUpperCase(), applicationId: 'app-1' },
        fCnt: 42,
        fPort: 2,
        time: new Date(Date.now() - 60_000).toISOString(),
        object: { temperature: 21.4, humidity: 63 },
        rxInfo: [{ rssi: -97, snr: 7.5 }],
      };
      await cs.publishAsync(`application/app-1/device/${devEui}/event/up`, JSON.stringify(uplink), {
        qos: 1,
      });
      // Unregistered node: counted by the bridge, nothing stored.
      await cs.publishAsync(
        'application/app-1/device/0000000000000001/event/up',
        JSON.stringify({ ...uplink, deviceInfo: { devEui: '0000000000000001' } }),
        { qos: 1 },
      );
      const stored = await waitFor(
        async () => {
          const r = (await server.platform.database.withTenant(tenantA, (tx) =>
            tx.execute(sql`select seq::int as seq, values from telemetry where device_id = ${node.id}`),
          )) as unknown as { rows: { seq: number; values: Record<string, number> }[] };
          return r.rows.length > 0 ? r.rows : undefined;
        },
        10_000,
        'LoRaWAN reading stored',
      );
      expect(stored).toEqual([{ seq: 42, values: { airTemp: 21.4, airHumidity: 63, rssi: -97, snr: 7.5 } }]);
      await waitFor(() => (lora.chirpstackStats()?.unknownDevice ?? 0) >= 1, 10_000, 'unknown node counted');
    } finally {
      await lora.close();
    }
  });
});
