import type { CommandPayload } from '@tilth/contracts/device-protocol.types';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { MqttClient } from 'mqtt';
import { dayOf } from '../../../../platform/time/zone.js';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import {
  closeClient,
  connectDevice,
  publishStatus,
  registerDevice,
  type TestDevice,
  topicOf,
  waitFor,
} from '../../../../test/iot.js';
import { devices } from '../../device/device.tables.js';

// Family tests run over real devices: rows as the registry stores them, real MQTT clients on the test
// server's embedded broker that receive commands on …/down and acknowledge them on …/ack.

export interface Live {
  dev: TestDevice;
  client: MqttClient;
  received: CommandPayload[];
}

export interface FamilyFixture {
  s: TestServer;
  tok: RoleTokens;
  tA: number;
  call: (token: string, method: string, path: string, payload?: unknown) => Promise<LightMyRequestResponse>;
  deviceRow: (id: number) => Promise<typeof devices.$inferSelect | undefined>;
  /** A connected device that acknowledges every command as done. */
  online: (typeKey: string, config?: Record<string, unknown>) => Promise<Live>;
  close: () => Promise<void>;
}

export const startFamilyFixture = async (): Promise<FamilyFixture> => {
  const s = await startTestServer();
  const tA = s.fixtures.tenantA;
  const tok = await signInRoles(s);
  const clients: MqttClient[] = [];
  const call = (token: string, method: string, path: string, payload?: unknown) =>
    s.inject({
      method: method as 'GET',
      url: `/wfpe/v1/${tA}/${path}`,
      headers: auth(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const deviceRow = (id: number) =>
    s.platform.database.withTenant(tA, async (tx) => {
      const [r] = await tx
        .select()
        .from(devices)
        .where(and(eq(devices.tenantId, tA), eq(devices.id, id)));
      return r;
    });
  const online = async (typeKey: string, config: Record<string, unknown> = {}): Promise<Live> => {
    const dev = await registerDevice(s, tA, { typeKey, config });
    const client = await connectDevice(s, { username: dev.username, secret: dev.secret });
    clients.push(client);
    const received: CommandPayload[] = [];
    client.on('message', (_t, buf) => {
      const cmd = JSON.parse(buf.toString()) as CommandPayload;
      received.push(cmd);
      // An ack still in flight when the test closes the client is dropped with it.
      client
        .publishAsync(topicOf(dev, 'ack'), JSON.stringify({ cmdId: cmd.cmdId, ok: true }), {
          qos: 1,
        })
        .catch(() => undefined);
    });
    await client.subscribeAsync(topicOf(dev, 'down'), { qos: 1 });
    await publishStatus(client, dev, true);
    await waitFor(async () => (await deviceRow(dev.id))?.online, 5000, 'device online');
    return { dev, client, received };
  };
  const close = async () => {
    for (const c of clients) await closeClient(c);
    await s.close();
  };
  return { s, tok, tA, call, deviceRow, online, close };
};

/** Today in tenant A's zone (Asia/Shanghai) as a history range query. */
export const today = (): string => {
  const d = dayOf(new Date(), 'Asia/Shanghai');
  return `startTime=${encodeURIComponent(`${d} 00:00:00`)}&endTime=${encodeURIComponent(`${d} 23:59:59`)}`;
};
