import type { DeviceCreated, DeviceCredentials } from '@tilth/contracts/device.types';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../harness.js';
import { brokerUrl, closeClient, connectDevice, registerDeviceByApi, waitFor } from '../iot.js';
import { connectPacket, openRaw, publishPacket, within } from '../raw-mqtt.js';

// Issue 10 item 7: disabling or deleting a device must end its broker session at once, refuse its next
// CONNECT and store nothing of it once the change is acknowledged — on the embedded broker, with a real
// MQTT client, against the registry's HTTP routes. (Mosquitto: mosquitto-dynsec.test.ts; other server
// processes: event-relay.test.ts.)

let server: TestServer;
let token: string;
let tenant: number;
const clients: MqttClient[] = [];

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: Record<string, unknown>) =>
  server.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

const register = (eui: string): Promise<DeviceCreated> => registerDeviceByApi(server, token, tenant, eui);

const details = async (id: number) =>
  json<{ objectVersionNumber: number; online: number; enabledFlag: number }>(
    await call('GET', `/wfpe/v1/${tenant}/device/${id}/details`),
  );

const setEnabled = async (id: number, enabledFlag: 0 | 1): Promise<LightMyRequestResponse> =>
  call('PUT', `/wfpe/v1/${tenant}/device`, {
    id,
    objectVersionNumber: (await details(id)).objectVersionNumber,
    enabledFlag,
  });

const connect = async (c: DeviceCredentials): Promise<MqttClient> => {
  const client = await connectDevice(server, {
    username: c.username,
    secret: c.password,
    clientId: c.clientId,
    will: true,
  });
  clients.push(client);
  return client;
};

/**
 * The CONNACK return code of a connect with these credentials (0: accepted), under a client id of its
 * own (`username:probe`) so that it never takes over the device's session.
 */
const connackCode = (c: DeviceCredentials): Promise<number> =>
  new Promise((resolve) => {
    const client = mqtt.connect(brokerUrl(server), {
      clientId: `${c.clientId}:probe`,
      username: c.username,
      password: c.password,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    client.on('connect', () => {
      client.end(true);
      resolve(0);
    });
    client.on('error', (err) => {
      client.end(true);
      resolve((err as { code?: number }).code ?? -1);
    });
  });

const storedSeqs = async (deviceId: number): Promise<number[]> => {
  const r = (await server.platform.database.withTenant(tenant, (tx) =>
    tx.execute(sql`select seq::int as seq from telemetry where device_id = ${deviceId} order by seq`),
  )) as unknown as { rows: { seq: number }[] };
  return r.rows.map((x) => x.seq);
};

const reading = (seq: number) => JSON.stringify({ ts: Date.now() - 60_000, seq, values: { airTemp: 20 } });

/**
 * A device publishing QoS 1 readings back to back (without waiting for each PUBACK) while `change`
 * runs. Answers the seqs stored when the change was acknowledged, those stored once everything
 * settled, and those the device got a PUBACK for.
 */
const publishThrough = async (
  d: DeviceCreated,
  client: MqttClient,
  change: () => Promise<LightMyRequestResponse>,
) => {
  const acked: number[] = [];
  let seq = 100;
  let running = true;
  const loop = (async () => {
    while (running && client.connected) {
      const n = ++seq;
      client.publish(d.credentials.topics.up, reading(n), { qos: 1 }, (err) => {
        if (!err) acked.push(n);
      });
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  // Let some readings be stored first, so the change really lands mid-stream.
  await waitFor(() => acked.length >= 5, 10_000, 'first acknowledgements');
  const res = await change();
  expect(res.statusCode, res.body).toBe(200);
  const atAck = await storedSeqs(d.device.id);
  running = false;
  await loop;
  await server.iot.settle();
  await new Promise((r) => setTimeout(r, 300));
  await server.iot.settle();
  return { atAck, after: await storedSeqs(d.device.id), acked };
};

beforeAll(async () => {
  server = await startTestServer({}, { iot: { sweepEveryMs: 0, rollupEveryMs: 0 } });
  tenant = server.fixtures.tenantA;
  token = await login(server, 'adminA');
});

afterAll(async () => {
  for (const c of clients) await closeClient(c);
  await server?.close();
});

describe('disabling a device', () => {
  it('drops its session within a second, refuses its reconnect and stores nothing more', async () => {
    const d = await register('DISABLE-01');
    const client = await connect(d.credentials);
    await client.publishAsync(d.credentials.topics.up, reading(1), { qos: 1 });
    // A second login fills the broker's credential cache with the enabled device.
    expect(await connackCode(d.credentials)).toBe(0);
    // A second session of the same device, spoken byte by byte, to see exactly what the broker answers.
    const raw = await openRaw(server.mqttPort ?? 0);
    raw.socket.write(
      connectPacket({
        clientId: `${d.credentials.username}:raw`,
        username: d.credentials.username,
        password: d.credentials.password,
      }),
    );
    await waitFor(() => raw.received().length >= 4, 5000, 'CONNACK');
    expect([...raw.received()]).toEqual([0x20, 2, 0, 0]);
    const closed = new Promise<void>((r) => client.once('close', () => r()));
    const off = await setEnabled(d.device.id, 0);
    expect(off.statusCode, off.body).toBe(200);
    expect(await within(closed, 1500)).toBe(true);
    // The device's next publish, written on its socket as soon as the disable is acknowledged: no
    // PUBACK ever comes back (nothing after the CONNACK), and it is not stored.
    if (!raw.isClosed()) raw.socket.write(publishPacket(d.credentials.topics.up, reading(2)));
    expect(await within(raw.closed, 1500)).toBe(true);
    expect(raw.received().length).toBe(4);
    // Refused at once (bad user name or password), not after a cache expires.
    expect(await connackCode(d.credentials)).toBe(4);
    expect(await storedSeqs(d.device.id)).toEqual([1]);
    // Its will (the broker's goodbye) still marks it offline.
    await waitFor(async () => (await details(d.device.id)).online === 0, 5000, 'offline');
  });

  it('a publish racing the disable: nothing is stored after the acknowledgement, nothing acknowledged is lost', async () => {
    const d = await register('DISABLE-02');
    const client = await connect(d.credentials);
    const r = await publishThrough(d, client, () => setEnabled(d.device.id, 0));
    expect(r.after).toEqual(r.atAck);
    for (const n of r.acked) expect(r.after).toContain(n);
    expect(client.connected).toBe(false);
    // The device's next publish is neither acknowledged nor stored: it cannot even get back in.
    expect(await connackCode(d.credentials)).toBe(4);
  });

  it('enabled again, it connects and is stored again', async () => {
    const d = await register('DISABLE-03');
    expect((await setEnabled(d.device.id, 0)).statusCode).toBe(200);
    expect(await connackCode(d.credentials)).toBe(4);
    expect((await setEnabled(d.device.id, 1)).statusCode).toBe(200);
    // The refusal was cached too; enabling drops it at once.
    const client = await connect(d.credentials);
    await client.publishAsync(d.credentials.topics.up, reading(7), { qos: 1 });
    expect(await storedSeqs(d.device.id)).toEqual([7]);
  });
});

describe('deleting a device', () => {
  it('drops its session at once, refuses its reconnect, and a racing publish is not stored after', async () => {
    const d = await register('DELETE-01');
    const client = await connect(d.credentials);
    const closed = new Promise<void>((r) => client.once('close', () => r()));
    const r = await publishThrough(d, client, () =>
      call('DELETE', `/wfpe/v1/${tenant}/device/${d.device.id}`),
    );
    expect(await within(closed, 1500)).toBe(true);
    expect(r.after).toEqual(r.atAck);
    for (const n of r.acked) expect(r.after).toContain(n);
    expect(await connackCode(d.credentials)).toBe(4);
  });
});
