import { randomBytes } from 'node:crypto';
import type { DeviceCreated, DeviceCredentials } from '@tilth/contracts/device.types';
import type { DeviceStreamEvent } from '@tilth/contracts/live-events.types';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FLEET } from '../../../modules/demo/demo.devices.fleet.js';
import { DEMO_TENANT_ID, startDemoSimulator } from '../../../modules/demo/demo.devices.js';
import { demoExtras } from '../../../modules/demo/demo.extras.js';
import { seedDemo } from '../../../modules/demo/demo.seed.js';
import { auth, json, login, startTestServer, type TestServer } from '../../../test/harness.js';
import { closeClient, registerDeviceByApi, waitFor } from '../../../test/iot.js';
import { type Mosquitto, startMosquitto } from '../../../test/mosquitto.js';

// MQTT_PROVISIONING=mosquitto-dynsec against Debian's mosquitto with the dynamic security plugin: the
// registry creates, re-keys and deletes each device's broker account, and mosquitto itself confines
// the device to its own topics.

let broker: Mosquitto;
let server: TestServer;
let token: string;
let tenant: number;
const clients: MqttClient[] = [];
const serverPassword = randomBytes(12).toString('hex');

const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  server.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

const register = (eui: string): Promise<DeviceCreated> => registerDeviceByApi(server, token, tenant, eui);

const connect = async (c: DeviceCredentials, password = c.password, clientId = c.clientId) => {
  const client = await mqtt.connectAsync(broker.url, {
    clientId,
    username: c.username,
    password,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  clients.push(client);
  return client;
};

const refused = async (c: DeviceCredentials, password = c.password, clientId = c.clientId) => {
  const err = await connect(c, password, clientId).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `${c.username} must be refused`).toBeInstanceOf(Error);
};

const rowsOf = async (deviceId: number): Promise<number[]> => {
  const r = (await server.platform.database.withTenant(tenant, (tx) =>
    tx.execute(sql`select seq::int as seq from telemetry where device_id = ${deviceId} order by seq`),
  )) as unknown as { rows: { seq: number }[] };
  return r.rows.map((x) => x.seq);
};

const put = async (id: number, enabledFlag: 0 | 1) => {
  const details = json<{ objectVersionNumber: number }>(
    await call('GET', `/wfpe/v1/${tenant}/device/${id}/details`),
  );
  return call('PUT', `/wfpe/v1/${tenant}/device`, {
    id,
    objectVersionNumber: details.objectVersionNumber,
    enabledFlag,
  });
};

const reading = (seq: number) => JSON.stringify({ ts: Date.now() - 60_000, seq, values: { airTemp: 21 } });

beforeAll(async () => {
  broker = await startMosquitto({
    dynsec: { username: 'tilth', password: serverPassword },
    // The limit docs/device-protocol.md §3.1 recommends: the server's own traffic must fit under it.
    extraConfig: ['max_packet_size 32768'],
  });
  const url = `mqtt://tilth:${serverPassword}@127.0.0.1:${broker.port}`;
  server = await startTestServer(
    {
      MQTT_URL: url,
      MQTT_CLIENT_ID: 'tilth-dynsec-test',
      MQTT_INGEST_CONNECTIONS: '1',
      MQTT_PROVISIONING: 'mosquitto-dynsec',
    },
    { iot: { sweepEveryMs: 0, rollupEveryMs: 0 } },
  );
  tenant = server.fixtures.tenantA;
  token = await login(server, 'adminA');
});

afterAll(async () => {
  for (const c of clients) await closeClient(c);
  await server?.close();
  await broker?.stop();
});

// First: the last test below stops the broker.
describe('the demo fleet on a provisioned Mosquitto', () => {
  it('npm start’s simulator logs every demo device in with the secrets it was just issued', async () => {
    const seeded = await seedDemo(server.platform.database, demoExtras);
    expect(seeded.demoTenant).toBe(DEMO_TENANT_ID);
    // The harness runs with TILTH_DEMO=0; play the demo as `npm start` would with it on.
    const platform = {
      ...server.platform,
      config: { ...server.platform.config, demo: true, simulator: true },
    };
    const sim = await startDemoSimulator({ platform }, { periodSec: 2, photoPeriodSec: 3600 });
    try {
      expect(sim?.failed).toEqual([]);
      await waitFor(
        async () => {
          const r = (await server.platform.database.withTenant(DEMO_TENANT_ID, (tx) =>
            tx.execute(sql`select count(*)::int n from devices where online`),
          )) as unknown as { rows: { n: number }[] };
          return r.rows[0]?.n === DEMO_FLEET.length;
        },
        30_000,
        'every demo device online through mosquitto',
      );
    } finally {
      await sim?.stop();
    }
  }, 90_000);
});

describe('Mosquitto dynamic security provisioning', () => {
  it('a registered device connects with its issued secret, publishes on its topic and is stored', async () => {
    const a = await register('DYNSEC-A1');
    const client = await connect(a.credentials);
    await client.publishAsync(a.credentials.topics.up, reading(1), { qos: 1 });
    await waitFor(async () => (await rowsOf(a.device.id)).length === 1, 10_000, 'stored');
    // Not with a wrong secret, nor under another client id (no session takeover).
    await refused(a.credentials, 'wrong-secret');
    await refused(a.credentials, a.credentials.password, 'someone-else');
  });

  it('cannot publish to another device’s topic nor subscribe to its down, nor read live events', async () => {
    const a = await register('DYNSEC-A2');
    const b = await register('DYNSEC-B2');
    const client = await connect(a.credentials);
    const seen: DeviceStreamEvent[] = [];
    const stop = server.iot.events.subscribe(tenant, (e) => seen.push(e));
    await client.publishAsync(b.credentials.topics.up, reading(7), { qos: 1 });
    // A forged live event from "another server process" must not reach the console.
    const forged = { type: 'status', deviceId: b.device.id, online: false, at: new Date().toISOString() };
    await client.publishAsync(`tilth-internal/events/${tenant}`, JSON.stringify({ o: 'x', e: [forged] }), {
      qos: 1,
    });
    // mqtt.js rejects a subscribe whose SUBACK says 128 (refused); the connection stays up.
    for (const topic of [
      b.credentials.topics.down,
      `tilth/${tenant}/weather-station/+/down`,
      'tilth-internal/events/+',
      '#',
    ]) {
      await expect(client.subscribeAsync(topic, { qos: 1 }), topic).rejects.toThrow(/Subscribe error/);
    }
    const own = await client.subscribeAsync(a.credentials.topics.down, { qos: 1 });
    expect(own.map((g) => g.qos)).toEqual([1]);
    // Its own message after the forged one: once that is stored, the forged one had its chance.
    await client.publishAsync(a.credentials.topics.up, reading(8), { qos: 1 });
    await waitFor(async () => (await rowsOf(a.device.id)).includes(8), 10_000, 'own message stored');
    await server.iot.settle();
    stop();
    expect(await rowsOf(b.device.id)).toEqual([]);
    expect(seen.filter((e) => e.deviceId === b.device.id)).toEqual([]);
    expect(server.iot.relayedEvents()).toBe(0);
  });

  it('rotation: the old secret is refused (and its connection dropped), the new one works', async () => {
    const a = await register('DYNSEC-A3');
    const old = await connect(a.credentials);
    const dropped = new Promise<void>((resolve) => old.once('close', () => resolve()));
    const res = await call('POST', `/wfpe/v1/${tenant}/device/${a.device.id}/credentials`);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = json<DeviceCredentials>(res);
    expect(fresh.password).not.toBe(a.credentials.password);
    await dropped;
    await refused(a.credentials);
    const client = await connect(fresh);
    await client.publishAsync(fresh.topics.up, reading(3), { qos: 1 });
    await waitFor(async () => (await rowsOf(a.device.id)).includes(3), 10_000, 'stored after rotation');
  });

  it('disabled: its session is dropped, its reconnect refused, nothing more stored; enabled again it works', async () => {
    const a = await register('DYNSEC-A4');
    const client = await connect(a.credentials);
    await client.publishAsync(a.credentials.topics.up, reading(1), { qos: 1 });
    await waitFor(async () => (await rowsOf(a.device.id)).length === 1, 10_000, 'stored');
    // The device keeps publishing (mosquitto acknowledges each on receipt) while it is disabled.
    let seq = 10;
    let running = true;
    const loop = (async () => {
      while (running && client.connected) {
        client.publish(a.credentials.topics.up, reading(++seq), { qos: 1 });
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await waitFor(async () => (await rowsOf(a.device.id)).length >= 3, 10_000, 'stream stored');
    const dropped = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const off = await put(a.device.id, 0);
    expect(off.statusCode, off.body).toBe(200);
    const atAck = await rowsOf(a.device.id);
    // dynsec disableClient kicks the session.
    await dropped;
    running = false;
    await loop;
    // What mosquitto still had on its way to the server is refused by ingest, not stored.
    await new Promise((r) => setTimeout(r, 500));
    await server.iot.settle();
    expect(await rowsOf(a.device.id)).toEqual(atAck);
    // A message the broker delivers late (its ingest queue, a redelivery after a reconnect) is refused
    // too, though this process had the device's enabled login cached a moment before.
    expect(await server.iot.publishUplink(a.credentials.topics.up, reading(999))).toBe(false);
    expect(await rowsOf(a.device.id)).toEqual(atAck);
    await refused(a.credentials);
    const on = await put(a.device.id, 1);
    expect(on.statusCode, on.body).toBe(200);
    const again = await connect(a.credentials);
    await again.publishAsync(a.credentials.topics.up, reading(500), { qos: 1 });
    await waitFor(async () => (await rowsOf(a.device.id)).includes(500), 10_000, 'stored once enabled');
  });

  it('deleted: its session is dropped and its reconnect refused', async () => {
    const a = await register('DYNSEC-A6');
    const c = await connect(a.credentials);
    const dropped = new Promise<void>((resolve) => c.once('close', () => resolve()));
    const del = await call('DELETE', `/wfpe/v1/${tenant}/device/${a.device.id}`);
    expect(del.statusCode, del.body).toBe(200);
    await dropped;
    await refused(a.credentials);
  });

  it('max_packet_size (docs/device-protocol.md §3.1) drops a device sending a 64 KiB packet', async () => {
    const a = await register('DYNSEC-A7');
    const c = await connect(a.credentials);
    const dropped = new Promise<'dropped'>((resolve) => c.once('close', () => resolve('dropped')));
    const sent = c.publishAsync(a.credentials.topics.up, Buffer.alloc(64 * 1024, 0x20), { qos: 1 }).then(
      () => 'acked' as const,
      () => 'failed' as const,
    );
    expect(await Promise.race([sent, dropped])).toBe('dropped');
  });

  it('batch delete removes every account; a registration the broker refuses is not kept', async () => {
    const a = await register('DYNSEC-A5');
    const b = await register('DYNSEC-B5');
    const del = await call('POST', `/wfpe/v1/${tenant}/system/device/batch/del`, {
      ids: [a.device.id, b.device.id],
    });
    expect(del.statusCode, del.body).toBe(200);
    await refused(a.credentials);
    await refused(b.credentials);

    // The broker is gone: registering answers 503 and nothing is stored (the secret would be useless).
    await broker.stop();
    const res = await call('POST', `/wfpe/v1/${tenant}/device`, {
      deviceType: 'weather-station',
      eui: 'DYNSEC-NOBROKER',
      name: 'no broker',
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(json<{ code: string }>(res).code).toBe('wfpe.device.brokerProvisioning');
    const left = (await server.platform.database.withTenant(tenant, (tx) =>
      tx.execute(sql`select count(*)::int as n from devices where eui = 'DYNSEC-NOBROKER'`),
    )) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]?.n).toBe(0);
  });
});
