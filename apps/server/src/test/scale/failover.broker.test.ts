import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iotPorts } from '../../app/server.js';
import { loadConfig } from '../../platform/config.js';
import { IotServer } from '../../platform/iot/runtime.js';
import { startTestServer, type TestServer } from '../harness.js';
import { registerDevice, type TestDevice, topicOf, waitFor } from '../iot.js';
import { mosquittoBinary } from '../mosquitto.js';
import { haveOrRequire, type RestartableMosquitto, startPersistentMosquitto } from './failover.parts.js';

// Mosquitto restarted under the ingest (issue 20, fault c): the server's ingest link (persistent
// session, clean=false, on the shared subscription) reconnects by itself and its subscription resumes;
// readings the broker acknowledged while no ingest was connected are queued in that session, survive
// the restart (persistence) and are stored when the server comes back. Nothing acknowledged is lost.

const run = haveOrRequire('mosquitto (Debian package mosquitto)', mosquittoBinary() !== undefined);

let broker: RestartableMosquitto;
let server: TestServer;
let link: IotServer | undefined;
let device: MqttClient | undefined;

const startLink = async () => {
  const config = loadConfig({
    ...process.env,
    MQTT_URL: broker.url,
    MQTT_CLIENT_ID: 'tilth-failover-broker',
    MQTT_INGEST_CONNECTIONS: '2',
    MQTT_DEVICE_RATE: '0',
    MQTT_PORT: '0',
  });
  const db = server.platform.database;
  const runtime = new IotServer(config, db, iotPorts(db), {
    sweepEveryMs: 0,
    rollupEveryMs: 0,
    statsEveryMs: 0,
  });
  await runtime.start();
  return runtime;
};

describe.skipIf(!run)('a Mosquitto restart under the ingest', () => {
  beforeAll(async () => {
    broker = await startPersistentMosquitto();
    // The test server keeps its embedded broker; the ingest under test is a runtime linked to mosquitto.
    server = await startTestServer({}, { iot: { sweepEveryMs: 0, rollupEveryMs: 0, statsEveryMs: 0 } });
  });

  afterAll(async () => {
    await device?.endAsync(true).catch(() => undefined);
    await link?.close();
    await server?.close();
    await broker?.remove();
  });

  it('the link reconnects, and what was queued for its persistent session is stored after the restart', async () => {
    const { tenantA } = server.fixtures;
    const d: TestDevice = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const storedSeqs = async () => {
      const r = (await server.platform.database.withTenant(tenantA, (tx) =>
        tx.execute(sql`select seq::int as seq from telemetry where device_id = ${d.id} order by seq`),
      )) as unknown as { rows: { seq: number }[] };
      return r.rows.map((x) => x.seq);
    };
    const publish = async (from: number, to: number) => {
      for (let seq = from; seq <= to; seq++) {
        const body = JSON.stringify({ ts: Date.now(), seq, values: { airTemp: 20 } });
        // Resolves on the broker's PUBACK (sent again after a reconnect if the link dropped meanwhile).
        await device?.publishAsync(topicOf(d, 'up'), body, { qos: 1 });
      }
    };
    const seqs = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

    link = await startLink();
    device = await mqtt.connectAsync(broker.url, {
      clientId: d.username,
      clean: false,
      reconnectPeriod: 200,
    });
    device.on('error', () => undefined);
    await publish(1, 5);
    await waitFor(async () => (await storedSeqs()).length === 5, 10_000, 'readings before the restart');

    // Restarted while the link is connected: it comes back with its session and subscription.
    await broker.stop();
    await broker.start();
    // Mosquitto 2.0.11 comes back without the shared subscription (not restored from persistence) and
    // drops what arrives before the link has subscribed again (within ~0.3 s): the window docs/scaling.md
    // names. Publish after it.
    await new Promise((r) => setTimeout(r, 2000));
    await publish(6, 10);
    await waitFor(async () => (await storedSeqs()).length === 10, 20_000, 'readings after the restart');
    expect(await storedSeqs()).toEqual(seqs(10));

    // No ingest connected: the broker acknowledges and queues for the persistent session; the queue
    // survives a restart of the broker and is delivered when the server connects again.
    await link.close();
    link = undefined;
    await publish(11, 30);
    await broker.stop();
    await broker.start();
    expect(await storedSeqs()).toEqual(seqs(10));
    link = await startLink();
    await waitFor(async () => (await storedSeqs()).length === 30, 20_000, 'the queued readings');
    expect(await storedSeqs()).toEqual(seqs(30));
  });
});
