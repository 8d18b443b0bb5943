import type { DeviceCreated, DeviceCredentials } from '@tilth/contracts/device.types';
import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { closeClient, connectDevice, publishTelemetry, waitFor } from '../../../../test/iot.js';
import { telemetry } from '../../telemetry/telemetry.tables.js';

// The credentials the registry issues are the ones the broker checks: a device connects with them,
// its readings are stored, and after a rotation (or a delete) the old secret is refused.

let s: TestServer;
let token: string;
let tA: number;
const clients: MqttClient[] = [];

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  token = await login(s, 'adminA');
});
afterAll(async () => {
  for (const c of clients) await closeClient(c);
  await s?.close();
});

const register = async (eui: string): Promise<DeviceCreated> => {
  const res = await s.inject({
    method: 'POST',
    url: `/wfpe/v1/${tA}/device`,
    headers: auth(token),
    payload: { deviceType: 'weather-station', eui, name: `station ${eui}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<DeviceCreated>(res);
};

const connect = async (c: DeviceCredentials): Promise<MqttClient> => {
  const client = await connectDevice(s, { username: c.username, secret: c.password, clientId: c.clientId });
  clients.push(client);
  return client;
};

const storedSeqs = async (deviceId: number) =>
  s.platform.database.withTenant(tA, async (tx) =>
    (
      await tx
        .select({ seq: telemetry.seq })
        .from(telemetry)
        .where(and(eq(telemetry.tenantId, tA), eq(telemetry.deviceId, deviceId)))
    ).map((r) => r.seq),
  );

describe('issued broker credentials', () => {
  it('point at the running broker, and a device connects and stores readings with them', async () => {
    const { device, credentials } = await register('MQTT-0001');
    expect(credentials.port).toBe(s.mqttPort);
    const client = await connect(credentials);
    await publishTelemetry(
      client,
      { tenantId: tA, typeKey: 'weather-station', eui: device.eui },
      {
        seq: 1,
        values: { airTemp: 21.5 },
      },
    );
    expect(await storedSeqs(device.id)).toEqual([1]);
  });

  it('a wrong password is refused', async () => {
    const { credentials } = await register('MQTT-0002');
    await expect(
      connectDevice(s, { username: credentials.username, secret: `${credentials.password}x` }),
    ).rejects.toThrow();
  });

  it('after rotation the old secret is refused, the connected client dropped, the new one works', async () => {
    const { device, credentials: old } = await register('MQTT-0003');
    const before = await connect(old);
    const rotated = await s.inject({
      method: 'POST',
      url: `/wfpe/v1/${tA}/device/${device.id}/credentials`,
      headers: auth(token),
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = json<DeviceCredentials>(rotated);
    await waitFor(() => !before.connected, 5000, 'old connection dropped');
    await expect(connectDevice(s, { username: old.username, secret: old.password })).rejects.toThrow();
    const after = await connect(fresh);
    await publishTelemetry(
      after,
      { tenantId: tA, typeKey: 'weather-station', eui: device.eui },
      {
        seq: 7,
        values: { airTemp: 19 },
      },
    );
    expect(await storedSeqs(device.id)).toEqual([7]);
  });

  it('a deleted device can no longer connect', async () => {
    const { device, credentials } = await register('MQTT-0004');
    const client = await connect(credentials);
    const del = await s.inject({
      method: 'DELETE',
      url: `/wfpe/v1/${tA}/device/${device.id}`,
      headers: auth(token),
    });
    expect(del.statusCode, del.body).toBe(200);
    await waitFor(() => !client.connected, 5000, 'connection of the deleted device dropped');
    await expect(
      connectDevice(s, { username: credentials.username, secret: credentials.password }),
    ).rejects.toThrow();
  });
});
