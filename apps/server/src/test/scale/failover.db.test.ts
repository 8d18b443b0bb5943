import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, login, startTestServer, type TestServer } from '../harness.js';
import { registerDevice, topicOf, waitFor } from '../iot.js';
import { type Mosquitto, mosquittoBinary, startMosquitto } from '../mosquitto.js';
import { haveOrRequire, postgresBin, startPostgres, type TestPostgres } from './failover.parts.js';

// The server against a PostgreSQL that crashes (SIGKILL to the postmaster and every backend) and comes
// back: the process must neither crash nor hang, requests fail fast with 503 while the database is gone
// and work again soon after it returns, and the ingest (external broker) acknowledges a reading to the
// broker only after its commit, so readings the broker took during the outage are stored afterwards.

const run =
  haveOrRequire('PostgreSQL (Debian package postgresql)', postgresBin() !== undefined) &&
  haveOrRequire('mosquitto (Debian package mosquitto)', mosquittoBinary() !== undefined);

let db: TestPostgres;
let broker: Mosquitto;
let server: TestServer;
let device: MqttClient | undefined;

describe.skipIf(!run)('a PostgreSQL crash under load', () => {
  beforeAll(async () => {
    db = await startPostgres();
    broker = await startMosquitto();
    server = await startTestServer(
      {
        DATABASE_URL: db.url,
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        MQTT_URL: broker.url,
        MQTT_CLIENT_ID: 'tilth-failover-db',
        MQTT_INGEST_CONNECTIONS: '2',
      },
      { iot: { sweepEveryMs: 0, rollupEveryMs: 0, statsEveryMs: 0 } },
    );
  });

  afterAll(async () => {
    await device?.endAsync(true).catch(() => undefined);
    await server?.close();
    await broker?.stop();
    await db?.stop();
  });

  it('answers 503 at once while the database is down, recovers within 30 s, and loses no acknowledged reading', async () => {
    const { tenantA } = server.fixtures;
    const token = await login(server, 'adminA');
    const write = (title: string) =>
      server.inject({
        method: 'POST',
        url: `/wfpf/v1/${tenantA}/log`,
        headers: auth(token),
        payload: { title },
      });
    expect((await write('before the crash')).statusCode).toBe(200);

    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    device = await mqtt.connectAsync(broker.url, { clientId: d.username, reconnectPeriod: 0 });
    const publish = (seq: number) =>
      device?.publishAsync(
        topicOf(d, 'up'),
        JSON.stringify({ ts: Date.now(), seq, values: { airTemp: 20 } }),
        { qos: 1 },
      );
    const storedSeqs = async () => {
      const r = (await server.platform.database.withTenant(tenantA, (tx) =>
        tx.execute(sql`select seq::int as seq from telemetry where device_id = ${d.id} order by seq`),
      )) as unknown as { rows: { seq: number }[] };
      return r.rows.map((x) => x.seq);
    };
    for (let seq = 1; seq <= 5; seq++) await publish(seq);
    await waitFor(async () => (await storedSeqs()).length === 5, 10_000, 'readings before the crash');

    await db.kill();
    const t0 = Date.now();
    const down = await write('while down');
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('2');
    expect(down.json()).toMatchObject({ failed: true, code: 'error.service.unavailable' });
    // The broker acknowledges these to the device; the server must not acknowledge them to the broker.
    for (let seq = 6; seq <= 25; seq++) await publish(seq);
    await new Promise((r) => setTimeout(r, 1500));

    await db.start();
    const back = Date.now();
    await waitFor(async () => (await write('after the return')).statusCode === 200, 30_000, 'a write');
    expect(Date.now() - back).toBeLessThan(30_000);
    const all = Array.from({ length: 25 }, (_, i) => i + 1);
    await waitFor(async () => (await storedSeqs()).length === 25, 30_000, 'every acknowledged reading');
    expect(await storedSeqs()).toEqual(all);
  });
});
