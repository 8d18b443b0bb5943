import type { CommandView } from '@tilth/contracts/control.types';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCommand } from '../../../modules/iot/control/index.js';
import {
  auth,
  HARNESS_TENANT_IDS,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../test/harness.js';
import { waitFor } from '../../../test/iot.js';
import { type Mosquitto, startMosquitto } from '../../../test/mosquitto.js';

// LoRaWAN both ways through a ChirpStack v4 MQTT integration on Debian's mosquitto. The fake ChirpStack is
// an MQTT client on that broker: it publishes event/up with the device's raw frame, receives our
// command/down and answers with event/txack and event/ack (or a nack), like the network server does.

const A = HARNESS_TENANT_IDS.a;
const APP = 'app-7';
let broker: Mosquitto;
let s: TestServer;
let t: RoleTokens;
let cs: MqttClient;
const downlinks: { topic: string; body: Record<string, unknown> }[] = [];
let answer: 'ack' | 'nack' | 'none' = 'ack';

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  s.inject({ method, url: `/wfpe/v1/${A}/${url}`, headers: auth(t.admin), ...(payload ? { payload } : {}) });
const commandOf = async (cmdId: string) =>
  (await call('GET', `device/command/${cmdId}`)).json() as CommandView;
const reaches = (cmdId: string, state: string) =>
  waitFor(
    async () => ((await commandOf(cmdId)).state === state ? commandOf(cmdId) : undefined),
    10_000,
    state,
  );
const logCount = async () =>
  ((await call('GET', 'device/control-log?size=1')).json() as { totalElements: number }).totalElements;

const uplink = (devEui: string, fCnt: number, frameHex: string | undefined, object?: object) =>
  cs.publishAsync(
    `application/${APP}/device/${devEui}/event/up`,
    JSON.stringify({
      deviceInfo: { devEui, applicationId: APP },
      fCnt,
      fPort: 2,
      time: new Date(Date.now() - 5_000).toISOString(),
      ...(frameHex ? { data: Buffer.from(frameHex, 'hex').toString('base64') } : {}),
      ...(object ? { object } : {}),
      rxInfo: [{ rssi: -88, snr: 9 }],
    }),
    { qos: 1 },
  );

const register = async (body: object) => {
  const res = await call('POST', 'device', body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { device: { id: number } }).device.id;
};

/** A Dragino LT-22222 relay decoded and encoded by our codec. */
const registerRelay = (eui: string, name: string) =>
  register({ deviceType: 'acquisition-control', name, eui, config: { codec: 'dragino-lt22222' } });
/** One of a relay's outputs as a switch channel; answers its switch id. */
const addSwitch = async (concentratorId: number, circuit: number, switchTypeName: string) => {
  const r = await call('POST', 'device/switch', {
    concentratorId,
    name: `RO${circuit}`,
    circuit,
    switchTypeName,
  });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { switchId: number }).switchId;
};

beforeAll(async () => {
  broker = await startMosquitto();
  s = await startTestServer(
    { CHIRPSTACK_MQTT_URL: broker.url, CHIRPSTACK_TENANT_ID: String(A), MQTT_CLIENT_ID: 'tilth-cs-down' },
    { iot: { sweepEveryMs: 0, rollupEveryMs: 0 } },
  );
  t = await signInRoles(s);
  cs = await mqtt.connectAsync(broker.url, {
    clientId: 'fake-chirpstack',
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  await cs.subscribeAsync('application/+/device/+/command/down', { qos: 1 });
  cs.on('message', (topic, payload) => {
    const body = JSON.parse(payload.toString()) as Record<string, unknown>;
    downlinks.push({ topic, body });
    if (answer === 'none') return;
    const events = topic.replace(/command\/down$/, 'event');
    const common = { deviceInfo: { devEui: body.devEui, applicationId: APP }, queueItemId: body.id };
    void (async () => {
      await cs.publishAsync(`${events}/txack`, JSON.stringify({ ...common, fCntDown: 3, gatewayId: 'gw1' }), {
        qos: 1,
      });
      await cs.publishAsync(
        `${events}/ack`,
        JSON.stringify({ ...common, acknowledged: answer === 'ack', fCntDown: 3 }),
        { qos: 1 },
      );
    })();
  });
});

afterAll(async () => {
  await cs?.endAsync(true).catch(() => undefined);
  await s?.close();
  await broker?.stop();
});

describe('ChirpStack downlinks', () => {
  it('refuses an unknown codec in the device settings with a clear 400, nothing stored', async () => {
    const before = ((await call('GET', 'device/page?size=1')).json() as { totalElements: number })
      .totalElements;
    const res = await call('POST', 'device', {
      deviceType: 'acquisition-control',
      name: 'bad codec',
      eui: 'a84041000181c0de',
      config: { codec: 'acme-x1' },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toContain(
      'codec: unknown codec "acme-x1" (known: dragino-lse01, dragino-lt22222)',
    );
    const after = ((await call('GET', 'device/page?size=1')).json() as { totalElements: number })
      .totalElements;
    expect(after).toBe(before);
  });

  it('decodes the uplink with the device codec, sends the relay command as a downlink and follows the acks', async () => {
    const devEui = 'a84041000181c201';
    const id = await registerRelay(devEui, 'LT-22222 pump relay');
    // Its two relays as switches: RO1 drives a motorised gate (which also knows reverse), RO2 a pump.
    const ro1 = await addSwitch(id, 1, 'motorised');
    const ro2 = await addSwitch(id, 2, 'regular');
    // MOD1 frame: ACI1 5.002 mA, ACI2 4 mA, RO1 on.
    await uplink(devEui, 17, '04AB0000138A0FA088FF41');
    const stored = await waitFor(
      async () => {
        const r = (await s.platform.database.withTenant(A, (tx) =>
          tx.execute(sql`select seq::int as seq, values from telemetry where device_id = ${id}`),
        )) as unknown as { rows: { seq: number; values: Record<string, number> }[] };
        return r.rows[0];
      },
      10_000,
      'codec reading stored',
    );
    // Values in the type's precision; rssi / snr are not metrics of this type and are dropped by ingest.
    expect(stored).toEqual({ seq: 17, values: { ai1: 5, ai2: 4, relay1: 1, relay2: 0 } });
    // ChirpStack's own decoded object is ignored for a device with a codec of ours.
    await uplink(devEui, 18, '04AB0000138A0FA000FF41', { temperature: 99 });

    const res = await call('POST', `device/${id}/command`, {
      action: 'switch',
      params: { switchId: ro1, sw: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { cmdId } = res.json() as { cmdId: string; state: string };
    const done = await reaches(cmdId, 'done');
    expect(done.ackedAt).not.toBeNull();
    const sent = downlinks.find((d) => d.body.id === cmdId);
    expect(sent).toEqual({
      topic: `application/${APP}/device/${devEui}/command/down`,
      body: {
        id: cmdId,
        devEui,
        confirmed: true,
        fPort: 2,
        data: Buffer.from('030111', 'hex').toString('base64'),
      },
    });

    // The device did not confirm it: failed with the reason.
    answer = 'nack';
    try {
      const off = await call('POST', `device/${id}/command`, {
        action: 'switch',
        params: { switchId: ro2, sw: 0 },
      });
      const failed = await reaches((off.json() as { cmdId: string }).cmdId, 'failed');
      expect(failed.message).toBe('the device did not confirm the downlink');
      expect(downlinks.at(-1)?.body.data).toBe(Buffer.from('031100', 'hex').toString('base64'));
    } finally {
      answer = 'ack';
    }

    // Reverse is no relay state: the codec cannot encode it; 400, nothing sent, nothing logged.
    const sentBefore = downlinks.length;
    const logBefore = await logCount();
    const bad = await call('POST', `device/${id}/command`, {
      action: 'switch',
      params: { switchId: ro1, sw: 2 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'wfpe.device.codecCannotEncode' });
    expect(bad.body).toContain('switch');
    await new Promise((r) => setTimeout(r, 300));
    expect(downlinks.length).toBe(sentBefore);
    expect(await logCount()).toBe(logBefore);
  });

  it('a lorawan-node without a codec gets its command as an object for the ChirpStack device-profile codec', async () => {
    const devEui = 'a84041000181c202';
    await register({ deviceType: 'lorawan-node', name: 'node', eui: devEui });
    const id = (
      (await call('GET', `device/page?size=50&deviceType=lorawan-node`)).json() as {
        content: { id: number; eui: string }[];
      }
    ).content.find((d) => d.eui === devEui)?.id;
    expect(id).toBeDefined();
    await uplink(devEui, 1, undefined, { temperature: 18.5 });
    await waitFor(
      async () => ((await call('GET', `device/${id}/details`)).json() as { online?: number }).online === 1,
      10_000,
      'node online',
    );
    const res = await call('POST', `device/${id}/command`, {
      action: 'configure',
      params: { uploadPeriodMin: 30 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { cmdId } = res.json() as { cmdId: string };
    await reaches(cmdId, 'done');
    expect(downlinks.find((d) => d.body.id === cmdId)?.body).toEqual({
      id: cmdId,
      devEui,
      confirmed: true,
      fPort: 10,
      object: { action: 'configure', uploadPeriodMin: 30 },
    });
  });

  it('issues a command while an uplink waits for the database: the broker is not awaited inside the transaction', async () => {
    const devEui = 'a84041000181c203';
    const id = await registerRelay(devEui, 'LT-22222 held');
    const switchId = await addSwitch(id, 1, 'regular');
    const readings = async () =>
      (
        (await s.platform.database.withTenant(A, (tx) =>
          tx.execute(sql`select seq::int as seq from telemetry where device_id = ${id} order by seq`),
        )) as unknown as { rows: { seq: number }[] }
      ).rows.map((r) => r.seq);
    await uplink(devEui, 1, '04AB0000138A0FA000FF41');
    await waitFor(async () => (await readings()).length === 1 || undefined, 10_000, 'first reading');

    // A transaction is held (on PGlite the only connection) while the next uplink comes in: storing it waits
    // for the database, and the link reads nothing after it until then, the broker's PUBACK included. The
    // command is issued inside that transaction, as a request does.
    const issued = await Promise.race([
      s.platform.database.withTenant(A, async (tx) => {
        await uplink(devEui, 2, '04AB0000138A0FA000FF41');
        await new Promise((r) => setTimeout(r, 300));
        return issueCommand(s.platform, tx, A, {
          deviceId: id,
          action: 'switch',
          params: { switchId, sw: 1 },
          source: 'strategy',
          userId: null,
        });
      }),
      new Promise<'deadlocked'>((r) => setTimeout(() => r('deadlocked'), 10_000).unref()),
    ]);
    if (issued === 'deadlocked') throw new Error('the command waited for the broker inside its transaction');
    expect(issued.state).toBe('sent');
    expect((await reaches(issued.cmdId, 'done')).ackedAt).not.toBeNull();
    expect(await readings()).toEqual([1, 2]);
  });
});
