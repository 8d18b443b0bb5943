import type { DeviceStreamEvent } from '@tilth/contracts/live-events.types';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iotPorts } from '../../../app/server.js';
import { auth, json, login, startTestServer, type TestServer } from '../../../test/harness.js';
import { closeClient, registerDevice, topicOf, waitFor } from '../../../test/iot.js';
import { type Mosquitto, startMosquitto } from '../../../test/mosquitto.js';
import {
  type AccessChange,
  forgetSession,
  forgetUser,
  onAccessChange,
  permissionCache,
  sessionCache,
} from '../../auth/access-cache.js';
import { loadConfig } from '../../config.js';
import { ACCESS_TOPIC } from '../event-relay.js';
import { IotServer } from '../runtime.js';

// Live events across server processes on one external broker: whichever process ingests a reading (the
// shared subscription decides), the SSE subscribers of every process get its event exactly once.

let broker: Mosquitto;
let server: TestServer;
let second: IotServer;
const clients: MqttClient[] = [];

beforeAll(async () => {
  // The packet limit docs/device-protocol.md §3.1 recommends: relayed batches must fit under it.
  broker = await startMosquitto({ extraConfig: ['max_packet_size 32768'] });
  const env = { MQTT_URL: broker.url, MQTT_CLIENT_ID: 'tilth-relay-a', MQTT_INGEST_CONNECTIONS: '1' };
  server = await startTestServer(env, { iot: { sweepEveryMs: 0, rollupEveryMs: 0 } });
  const config = loadConfig({ ...process.env, ...env, MQTT_CLIENT_ID: 'tilth-relay-b', MQTT_PORT: '0' });
  second = new IotServer(config, server.platform.database, iotPorts(server.platform.database));
  await second.start();
});

afterAll(async () => {
  for (const c of clients) await closeClient(c);
  await second?.close();
  await server?.close();
  await broker?.stop();
});

const telemetryOf = (events: readonly DeviceStreamEvent[], deviceId: number) =>
  events.filter((e) => e.type === 'telemetry' && e.deviceId === deviceId);

describe('SSE fan-out across server processes', () => {
  it('a reading ingested by one process reaches the SSE subscribers of both, once each', async () => {
    const { tenantA, tenantB } = server.fixtures;
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const onA: DeviceStreamEvent[] = [];
    const onB: DeviceStreamEvent[] = [];
    const onOtherTenant: DeviceStreamEvent[] = [];
    const stops = [
      server.iot.events.subscribe(tenantA, (e) => onA.push(e)),
      second.events.subscribe(tenantA, (e) => onB.push(e)),
      second.events.subscribe(tenantB, (e) => onOtherTenant.push(e)),
    ];
    const c = await mqtt.connectAsync(broker.url, {
      clientId: d.username,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    clients.push(c);
    const n = 20;
    const t0 = Date.now() - 600_000;
    for (let seq = 1; seq <= n; seq++) {
      const body = JSON.stringify({ ts: t0 + seq * 1000, seq, values: { airTemp: 20 + seq / 10 } });
      await c.publishAsync(topicOf(d, 'up'), body, { qos: 1 });
    }
    await waitFor(
      () => telemetryOf(onA, d.id).length >= n && telemetryOf(onB, d.id).length >= n,
      15_000,
      'events on both processes',
    );
    // Let stragglers (a duplicate would be one) arrive before counting.
    await new Promise((r) => setTimeout(r, 300));
    for (const seen of [onA, onB]) {
      const ts = telemetryOf(seen, d.id).map((e) => (e.type === 'telemetry' ? e.ts : ''));
      expect(ts.length).toBe(n);
      expect(new Set(ts).size).toBe(n);
    }
    // Both processes ingested some (shared subscription), so events crossed in both directions.
    expect(server.iot.relayedEvents()).toBeGreaterThan(0);
    expect(second.relayedEvents()).toBeGreaterThan(0);
    // n telemetry events and the device's one "online" status, each crossing once.
    const status = (seen: readonly DeviceStreamEvent[]) =>
      seen.filter((e) => e.type === 'status' && e.deviceId === d.id);
    expect(status(onA)).toHaveLength(1);
    expect(status(onB)).toEqual(status(onA));
    expect(server.iot.relayedEvents() + second.relayedEvents()).toBe(n + 1);
    expect(onOtherTenant).toEqual([]);
    for (const stop of stops) stop();
  });

  it('malformed relayed messages are dropped without breaking the relay', async () => {
    const { tenantA } = server.fixtures;
    const seen: DeviceStreamEvent[] = [];
    const stop = second.events.subscribe(tenantA, (e) => seen.push(e));
    const c = await mqtt.connectAsync(broker.url, {
      clientId: 'junk-publisher',
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    clients.push(c);
    const topic = `tilth-internal/events/${tenantA}`;
    await c.publishAsync(topic, 'not json', { qos: 1 });
    await c.publishAsync(topic, JSON.stringify({ o: 'other', e: [{ type: 'telemetry', deviceId: 'x' }] }), {
      qos: 1,
    });
    const good = { type: 'status', deviceId: 424242, online: true, at: new Date().toISOString() };
    await c.publishAsync(topic, JSON.stringify({ o: 'other', e: [good] }), { qos: 1 });
    await waitFor(() => seen.length > 0, 10_000, 'the well-formed event');
    expect(seen).toEqual([good]);
    stop();
  });

  it('a burst of large events crosses whole: batches are split under max_packet_size', async () => {
    const { tenantA } = server.fixtures;
    const seen: DeviceStreamEvent[] = [];
    const stop = second.events.subscribe(tenantA, (e) => seen.push(e));
    const values = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`metricNumber${i}`, i + 0.5]));
    const n = 400;
    // ~1.2 KB each, ~500 KB in one tick: one message would be far over the broker's 32 KiB.
    for (let i = 0; i < n; i++) {
      server.iot.events.emit(tenantA, {
        type: 'telemetry',
        deviceId: 900_000 + i,
        ts: new Date().toISOString(),
        values,
      });
    }
    await waitFor(() => seen.length >= n, 10_000, 'every event on the other process');
    expect(new Set(seen.map((e) => e.deviceId)).size).toBe(n);
    stop();
  });
});

describe('device changes across server processes', () => {
  it('a device disabled through one process is refused by the others at once, and enabled again', async () => {
    const { tenantA } = server.fixtures;
    const token = await login(server, 'adminA');
    const d = await registerDevice(server, tenantA, { typeKey: 'weather-station' });
    const put = async (enabledFlag: 0 | 1) => {
      const one = await server.inject({
        method: 'GET',
        url: `/wfpe/v1/${tenantA}/device/${d.id}/details`,
        headers: auth(token),
      });
      const res = await server.inject({
        method: 'PUT',
        url: `/wfpe/v1/${tenantA}/device`,
        headers: auth(token),
        payload: {
          id: d.id,
          objectVersionNumber: json<{ objectVersionNumber: number }>(one).objectVersionNumber,
          enabledFlag,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The other process has the device's login cached (as for EMQX's HTTP login, or its ingest lookups).
    expect(await second.deviceLogin(d.username, d.secret, d.username)).toBe(true);
    await put(0);
    await waitFor(
      async () => !(await second.deviceLogin(d.username, d.secret, d.username)),
      3000,
      'refused there',
    );
    // What the broker hands that process for the device now is not stored either.
    const body = JSON.stringify({ ts: Date.now() - 60_000, seq: 1, values: { airTemp: 20 } });
    expect(await second.publishUplink(topicOf(d, 'up'), body)).toBe(false);
    await put(1);
    await waitFor(() => second.deviceLogin(d.username, d.secret, d.username), 3000, 'accepted there again');
    expect(await second.publishUplink(topicOf(d, 'up'), body)).toBe(true);
  });
});

describe('access revocations across server processes', () => {
  const raw = async (id: string) => {
    const c = await mqtt.connectAsync(broker.url, { clientId: id, protocolVersion: 4, reconnectPeriod: 0 });
    clients.push(c);
    return c;
  };

  it('a session forgotten here is sent to the others, so their caches and streams drop it at once', async () => {
    const c = await raw('access-listener');
    const got: unknown[] = [];
    c.on('message', (topic, payload) => {
      if (topic === ACCESS_TOPIC) got.push(JSON.parse(payload.toString('utf8')));
    });
    await c.subscribeAsync(ACCESS_TOPIC, { qos: 1 });
    forgetSession('sess-revoked-here');
    forgetUser(4242);
    await waitFor(() => got.length >= 2, 5000, 'both forgets on the broker');
    expect(got).toEqual([
      { o: expect.any(String), f: { k: 'session', v: 'sess-revoked-here' } },
      { o: expect.any(String), f: { k: 'user', v: 4242 } },
    ]);
    await c.unsubscribeAsync(ACCESS_TOPIC);
  });

  it("another process's revocation empties this process's caches and ends its streams", async () => {
    const user = { id: 777, expiresAt: Date.now() + 60_000 } as Parameters<typeof sessionCache.set>[1];
    sessionCache.set('sess-other', user);
    permissionCache.set('777:5', new Set(['x']));
    const changes: AccessChange[] = [];
    const stop = onAccessChange((ch) => changes.push(ch));
    const c = await raw('access-publisher');
    await c.publishAsync(ACCESS_TOPIC, 'not json', { qos: 1 });
    await c.publishAsync(ACCESS_TOPIC, JSON.stringify({ o: 'other', f: { k: 'session', v: 12 } }), {
      qos: 1,
    });
    await c.publishAsync(ACCESS_TOPIC, JSON.stringify({ o: 'other', f: { k: 'session', v: 'sess-other' } }), {
      qos: 1,
    });
    await waitFor(() => sessionCache.get('sess-other') === undefined, 5000, 'the session forgotten');
    expect(permissionCache.get('777:5')).toBeDefined();
    await c.publishAsync(ACCESS_TOPIC, JSON.stringify({ o: 'other', f: { k: 'user', v: 777 } }), { qos: 1 });
    await waitFor(() => permissionCache.get('777:5') === undefined, 5000, "the user's codes forgotten");
    // Malformed messages changed nothing; the good ones ended the matching streams. (This test runs two
    // relays in one Node process, so each applies them: in production one process has one relay.)
    expect(new Set(changes.map((ch) => JSON.stringify(ch)))).toEqual(
      new Set([JSON.stringify({ session: 'sess-other' }), JSON.stringify({ user: 777 })]),
    );
    stop();
  });
});
