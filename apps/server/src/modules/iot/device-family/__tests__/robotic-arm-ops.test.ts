import type { CommandPayload } from '@tilth/contracts/device-protocol.types';
import { deviceTypeByKey } from '@tilth/contracts/device-types';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../../../platform/http/context.js';
import { auth } from '../../../../test/harness.js';
import {
  closeClient,
  connectDevice,
  publishStatus,
  publishTelemetry,
  registerDevice,
  type TestDevice,
  topicOf,
  waitFor,
} from '../../../../test/iot.js';
import { RoboticArmService } from '../robotic-arm.service.js';
import { type FamilyFixture, startFamilyFixture } from './family.fixture.js';

// Spec 02 §7 robotic arm operations over a real arm on the embedded broker: it acknowledges commands,
// answers callStatus / callConfig with values, and fails updateImg; a silent arm never answers.

interface Arm {
  dev: TestDevice;
  client: MqttClient;
  received: CommandPayload[];
}

let f: FamilyFixture;
let arm: Arm;
const clients: MqttClient[] = [];

const connectArm = async (mode: 'answers' | 'silent', config: Record<string, unknown> = {}): Promise<Arm> => {
  const dev = await registerDevice(f.s, f.tA, { typeKey: 'robotic-arm', config });
  const client = await connectDevice(f.s, { username: dev.username, secret: dev.secret });
  clients.push(client);
  const received: CommandPayload[] = [];
  client.on('message', (_t, buf) => {
    const cmd = JSON.parse(buf.toString()) as CommandPayload;
    received.push(cmd);
    if (mode === 'silent') return;
    const values =
      cmd.action === 'callStatus'
        ? { axisR: 12, axisY: 300, axisZ: 50, running: 0, fault: 0, powerOn: 1, motionOn: 0 }
        : cmd.action === 'callConfig'
          ? { yTravel: 8000, zTravel: 1500 }
          : undefined;
    const ack =
      cmd.action === 'updateImg'
        ? { cmdId: cmd.cmdId, ok: false, message: 'image service busy' }
        : { cmdId: cmd.cmdId, ok: true, ...(values ? { values } : {}) };
    // An ack still in flight when the test closes the client is dropped with it.
    client.publishAsync(topicOf(dev, 'ack'), JSON.stringify(ack), { qos: 1 }).catch(() => undefined);
  });
  await client.subscribeAsync(topicOf(dev, 'down'), { qos: 1 });
  await publishStatus(client, dev, true);
  await waitFor(async () => (await f.deviceRow(dev.id))?.online, 5000, 'arm online');
  return { dev, client, received };
};

beforeAll(async () => {
  f = await startFamilyFixture();
  arm = await connectArm('answers', { streamUrl: 'rtsp://10.0.0.8:554/arm' });
});
afterAll(async () => {
  for (const c of clients) await closeClient(c);
  await f?.close();
});

const callB = (method: string, path: string, payload?: Record<string, unknown>) =>
  f.s.inject({
    method: method as 'GET',
    url: `/wfpe/v1/${f.s.fixtures.tenantB}/${path}`,
    headers: auth(f.tok.adminB),
    ...(payload ? { payload } : {}),
  });

describe('commands', () => {
  it('ctrl-switch, camera-control, restart-img and update-img reach the arm; limits, 403, 404 and 409', async () => {
    const sw = await f.call(f.tok.admin, 'POST', 'device/mar/ctrl-switch', {
      id: arm.dev.id,
      target: 'motion',
      on: 0,
    });
    expect(sw.statusCode, sw.body).toBe(200);
    expect(sw.json()).toMatchObject({ state: 'sent' });
    const cam = await f.call(f.tok.admin, 'POST', `device/mar/${arm.dev.id}/camera-control`, {
      direction: 8,
    });
    expect(cam.statusCode, cam.body).toBe(200);
    expect((await f.call(f.tok.admin, 'POST', 'device/mar/restart-img', { id: arm.dev.id })).statusCode).toBe(
      200,
    );
    expect((await f.call(f.tok.admin, 'POST', 'device/mar/update-img', { id: arm.dev.id })).statusCode).toBe(
      200,
    );
    await waitFor(() => arm.received.length === 4);
    expect(arm.received.map((c) => [c.action, c.params])).toEqual([
      ['ctrlSwitch', { target: 2, on: false }],
      ['ptz', { direction: 8 }],
      ['restartImg', {}],
      ['updateImg', {}],
    ]);

    const bad = [
      ['device/mar/ctrl-switch', { id: arm.dev.id, target: 'laser', on: 1 }],
      ['device/mar/ctrl-switch', { id: arm.dev.id, target: 'power', on: 2 }],
      [`device/mar/${arm.dev.id}/camera-control`, { direction: 10 }],
      [`device/mar/${arm.dev.id}/camera-control`, { direction: 1.5 }],
      ['device/mar/restart-img', { id: arm.dev.id, extra: 1 }],
    ] as const;
    for (const [path, body] of bad)
      expect((await f.call(f.tok.admin, 'POST', path, body)).statusCode, path).toBe(400);
    expect(
      (
        await f.call(f.tok.viewer, 'POST', 'device/mar/ctrl-switch', {
          id: arm.dev.id,
          target: 'power',
          on: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect((await f.call(f.tok.viewer, 'POST', 'device/mar/update-img', { id: arm.dev.id })).statusCode).toBe(
      403,
    );
    expect((await callB('POST', 'device/mar/restart-img', { id: arm.dev.id })).statusCode).toBe(404);
    const offline = await registerDevice(f.s, f.tA, { typeKey: 'robotic-arm' });
    const refused = await f.call(f.tok.admin, 'POST', 'device/mar/ctrl-switch', {
      id: offline.id,
      target: 'power',
      on: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(
      (await f.call(f.tok.admin, 'POST', `device/mar/${offline.id}/camera-control`, { direction: -1 }))
        .statusCode,
    ).toBe(409);
    expect(arm.received).toHaveLength(4);
  });

  it('ctrl-log lists its commands; alarm-log shows failed commands and fault readings', async () => {
    const log = await waitFor(async () => {
      const r = await f.call(f.tok.viewer, 'GET', `device/mar/ctrl-log?id=${arm.dev.id}&size=10`);
      const b = r.json() as { totalElements: number; content: { action: string; state: string }[] };
      return b.content.every((c) => c.state === 'done' || c.state === 'failed') && b.totalElements >= 4
        ? b
        : undefined;
    });
    expect(log.content.map((c) => c.action).slice(0, 4)).toEqual([
      'updateImg',
      'restartImg',
      'ptz',
      'ctrlSwitch',
    ]);
    expect(log.content[0]?.state).toBe('failed');
    const page = (
      await f.call(f.tok.viewer, 'GET', `device/mar/ctrl-log?id=${arm.dev.id}&page=1&size=3`)
    ).json();
    expect(page).toMatchObject({ number: 1, size: 3, totalElements: log.totalElements });

    await publishTelemetry(arm.client, arm.dev, { seq: 1, values: { fault: 1, running: 0 } });
    const alarms = await f.call(f.tok.viewer, 'GET', `device/mar/alarm-log?id=${arm.dev.id}`);
    expect(alarms.statusCode, alarms.body).toBe(200);
    const items = (alarms.json() as { content: { kind: string; message: string }[] }).content;
    expect(items.map((i) => i.kind).sort()).toEqual(['command', 'fault']);
    expect(items.find((i) => i.kind === 'command')?.message).toBe('updateImg: image service busy');
    expect((await callB('GET', `device/mar/alarm-log?id=${arm.dev.id}`)).statusCode).toBe(404);
    expect((await f.call(f.tok.viewer, 'GET', 'device/mar/alarm-log?id=0')).statusCode).toBe(400);
  });
});

describe('stream and images', () => {
  it('live answers the configured stream, 409 without one', async () => {
    const live = await f.call(f.tok.viewer, 'POST', `device/mar/${arm.dev.id}/live`);
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json()).toEqual({ protocol: 'rtsp', url: 'rtsp://10.0.0.8:554/arm' });
    const none = await registerDevice(f.s, f.tA, { typeKey: 'robotic-arm' });
    const refused = await f.call(f.tok.viewer, 'POST', `device/mar/${none.id}/live`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('wfpe.device.mar.noStream');
    expect((await callB('POST', `device/mar/${arm.dev.id}/live`)).statusCode).toBe(404);
  });

  it('the arm uploads captured images with its credentials; img lists them newest first', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 1),
    ]);
    const upload = (user: string, secret: string, body: Buffer) => {
      const boundary = 'tilthboundary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        body,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return f.s.inject({
        method: 'POST',
        url: `/wfpe/v1/${f.tA}/device/mar/img/upload`,
        headers: {
          authorization: `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
    };
    expect((await upload(arm.dev.username, 'wrong', png)).statusCode).toBe(401);
    const notImage = await upload(arm.dev.username, arm.dev.secret, Buffer.from('hello'));
    expect(notImage.statusCode).toBe(400);
    const first = await upload(arm.dev.username, arm.dev.secret, png);
    expect(first.statusCode, first.body).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    const second = await upload(arm.dev.username, arm.dev.secret, png);
    expect(second.statusCode, second.body).toBe(200);

    const list = await f.call(f.tok.viewer, 'GET', `device/mar/img?id=${arm.dev.id}&size=10`);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as { totalElements: number; content: { fileId: string; fileUrl: string }[] };
    expect(body.totalElements).toBe(2);
    expect(body.content.map((c) => c.fileId)).toEqual([second.json().fileId, first.json().fileId]);
    const file = await f.s.inject({
      method: 'GET',
      url: body.content[0]?.fileUrl ?? '',
      headers: auth(f.tok.viewer),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    expect((await callB('GET', `device/mar/img?id=${arm.dev.id}`)).statusCode).toBe(404);
  });
});

describe('call-status / call-config round trips', () => {
  const ctxOf = (): Ctx => ({
    user: {
      id: f.s.fixtures.users.adminA.id,
      loginName: 'adminA',
      realName: 'adminA',
      platformAdmin: false,
      sessionId: 's',
    },
    tenantId: f.tA,
    lang: 'en-US',
    timeZone: DEFAULT_TIME_ZONE,
    db: f.s.platform.database.db,
    permissions: new Set([deviceTypeByKey('robotic-arm')?.permissions.view ?? '']),
    log: f.s.app.log,
    transact: (fn) => f.s.platform.database.withTenant(f.tA, fn),
  });

  it("answers the arm's own values and keeps its reported travel in the config", async () => {
    const arms = new RoboticArmService(f.s.platform);
    // Over HTTP: the route must not hold a request transaction while it waits for the device.
    const res = await f.call(f.tok.admin, 'POST', 'device/mar/call-status', { id: arm.dev.id });
    expect(res.statusCode, res.body).toBe(200);
    const status = res.json() as { stale: boolean; command: unknown };
    expect(status).toMatchObject({ stale: false, online: 1, latest: { axisR: 12, axisY: 300, motionOn: 0 } });
    expect(status.command).toMatchObject({ state: 'sent' });
    const cfg = await arms.callConfig(ctxOf(), arm.dev.id);
    expect(cfg).toMatchObject({
      stale: false,
      config: { yTravelMm: 8000, zTravelMm: 1500, streamUrl: 'rtsp://10.0.0.8:554/arm' },
    });
    expect((await f.deviceRow(arm.dev.id))?.config).toMatchObject({ yTravelMm: 8000 });
  });

  it('falls back to the stored state, stale, when the arm is silent or offline', async () => {
    const arms = new RoboticArmService(f.s.platform);
    const silent = await connectArm('silent');
    const t0 = Date.now();
    const res = await arms.callStatus(ctxOf(), silent.dev.id);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(4_900);
    expect(res).toMatchObject({ stale: true, online: 1 });
    expect(silent.received.map((c) => c.action)).toEqual(['callStatus']);
    const offline = await registerDevice(f.s, f.tA, { typeKey: 'robotic-arm' });
    expect(await arms.callConfig(ctxOf(), offline.id)).toMatchObject({
      stale: true,
      online: 0,
      command: null,
    });
  }, 15_000);
});
