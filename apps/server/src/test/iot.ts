import { randomBytes } from 'node:crypto';
import type { DeviceCreated } from '@tilth/contracts/device.types';
import type { TelemetryPayloadInput } from '@tilth/contracts/device-protocol.types';
import { type DeviceTopicKind, deviceTopic } from '@tilth/contracts/device-topics';
import { sql } from 'drizzle-orm';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Started } from '../app/server.js';
import { insertDeviceRow } from '../modules/iot/device/device-seed.repository.js';
import { deviceUsername, hashDeviceSecret, newDeviceSecret } from '../platform/iot/device-secret.js';
import { auth, json } from './harness.js';

// Helpers for device tests: real rows, real MQTT clients against the test server's embedded broker.

export interface TestDevice {
  id: number;
  tenantId: number;
  typeKey: string;
  eui: string;
  /** MQTT username and client id: {tenantId}/{typeKey}/{eui}. */
  username: string;
  /** Broker password (only its hash is stored). */
  secret: string;
}

export interface RegisterOptions {
  typeKey: string;
  /** Defaults to a random 12-hex-digit serial. */
  eui?: string;
  name?: string;
  areaId?: number | null;
  parentId?: number | null;
  config?: Record<string, unknown>;
}

/** Inserts a device row with a fresh broker secret (bypasses the registry API). */
export const registerDevice = async (
  server: Started,
  tenantId: number,
  o: RegisterOptions,
): Promise<TestDevice> => {
  const eui = o.eui ?? randomBytes(6).toString('hex').toUpperCase();
  const secret = newDeviceSecret();
  const id = await server.platform.database.withTenant(tenantId, (tx) =>
    insertDeviceRow(tx, tenantId, {
      typeKey: o.typeKey,
      eui,
      name: o.name ?? `${o.typeKey} ${eui}`,
      secretHash: hashDeviceSecret(secret),
      areaId: o.areaId ?? null,
      parentId: o.parentId ?? null,
      config: o.config ?? {},
    }),
  );
  return {
    id,
    tenantId,
    typeKey: o.typeKey,
    eui,
    username: deviceUsername({ tenantId, typeKey: o.typeKey, eui }),
    secret,
  };
};

/**
 * Registers a weather station through the device API as `token`'s user, as the console does: the answer
 * carries the credentials issued (and, with provisioning on, the external broker's account).
 */
export const registerDeviceByApi = async (
  server: Started,
  token: string,
  tenantId: number,
  eui: string,
): Promise<DeviceCreated> => {
  const res = await server.app.inject({
    method: 'POST',
    url: `/wfpe/v1/${tenantId}/device`,
    headers: auth(token),
    payload: { deviceType: 'weather-station', eui, name: `station ${eui}` },
  });
  if (res.statusCode !== 200) throw new Error(`register ${eui}: ${res.statusCode} ${res.body}`);
  return json<DeviceCreated>(res);
};

export const topicOf = (d: Pick<TestDevice, 'tenantId' | 'typeKey' | 'eui'>, kind: DeviceTopicKind): string =>
  deviceTopic(d.tenantId, d.typeKey, d.eui, kind);

export interface ConnectOptions {
  username: string;
  secret: string;
  /** Defaults to the username (the broker requires it, or `username:suffix`). */
  clientId?: string;
  /** Sets the device's last will: retained {online:false} on …/status. */
  will?: boolean;
  clean?: boolean;
  /** Extra mqtt.js options. */
  extra?: IClientOptions;
}

/** The broker URL of a test server (embedded broker on its free port). */
export const brokerUrl = (server: Pick<Started, 'mqttPort'>): string => {
  if (server.mqttPort === undefined)
    throw new Error('the test server has no embedded broker (MQTT_URL set?)');
  return `mqtt://127.0.0.1:${server.mqttPort}`;
};

/** Connects a device with its credentials; rejects with the CONNACK error when refused. */
export const connectDevice = async (
  server: Pick<Started, 'mqttPort'>,
  o: ConnectOptions,
): Promise<MqttClient> => {
  const parsed = o.username.split('/');
  const willTopic = parsed.length === 3 ? `tilth/${parsed[0]}/${parsed[1]}/${parsed[2]}/status` : undefined;
  return mqtt.connectAsync(brokerUrl(server), {
    clientId: o.clientId ?? o.username,
    username: o.username,
    password: o.secret,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    clean: o.clean ?? true,
    ...(o.will && willTopic
      ? {
          will: {
            topic: willTopic,
            payload: Buffer.from(JSON.stringify({ online: false, reason: 'lost' })),
            qos: 1,
            retain: true,
          },
        }
      : {}),
    ...o.extra,
  });
};

/** Publishes one …/up message at QoS 1; resolves on PUBACK (i.e. after the server stored it). */
export const publishTelemetry = async (
  client: MqttClient,
  device: Pick<TestDevice, 'tenantId' | 'typeKey' | 'eui'>,
  msg: { seq: number; values: Record<string, number>; ts?: number | string },
): Promise<void> => {
  const body: TelemetryPayloadInput = { ts: msg.ts ?? Date.now(), seq: msg.seq, values: msg.values };
  await client.publishAsync(topicOf(device, 'up'), JSON.stringify(body), { qos: 1 });
};

/** Publishes a …/status message (retained, QoS 1). */
export const publishStatus = async (
  client: MqttClient,
  device: Pick<TestDevice, 'tenantId' | 'typeKey' | 'eui'>,
  online: boolean,
): Promise<void> => {
  await client.publishAsync(topicOf(device, 'status'), JSON.stringify({ online }), { qos: 1, retain: true });
};

/** Polls fn until it returns a value other than undefined / false, or fails after timeoutMs. */
export const waitFor = async <T>(
  fn: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 5000,
  what = 'condition',
): Promise<T> => {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined && v !== false) return v as T;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) {
      throw new Error(
        `waitFor ${what}: timed out after ${timeoutMs} ms${last instanceof Error ? ` (${last.message})` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, 25));
  }
};

/** Closes an mqtt client, ignoring a socket that is already gone. */
export const closeClient = async (client: MqttClient | undefined): Promise<void> => {
  if (!client) return;
  await client.endAsync(true).catch(() => undefined);
};

/** Raw telemetry rows of a device and the readings its hourly airTemp rollup counted (ingest tests). */
export const storedCounts = async (
  server: Pick<Started, 'platform'>,
  d: Pick<TestDevice, 'tenantId' | 'id'>,
): Promise<{ rows: number; hourly: number }> => {
  const r = (await server.platform.database.withTenant(d.tenantId, (tx) =>
    tx.execute(sql`select (select count(*)::int from telemetry where device_id = ${d.id}) as rows,
      (select coalesce(sum(count), 0)::int from telemetry_hourly where device_id = ${d.id} and metric = 'airTemp') as hourly`),
  )) as unknown as { rows: { rows: number; hourly: number }[] };
  return r.rows[0] ?? { rows: 0, hourly: 0 };
};
