import type { AddressInfo } from 'node:net';
import { ArmCamera, type Simulator, startSimulator } from '@tilth/simulator';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { brokerUrl, registerDevice, type TestDevice, waitFor } from '../../../../test/iot.js';

// The simulated robotic arm against a real server: on a capture call it renders a JPEG of the crop at its
// pose and uploads it with its device credentials; the image joins the arm's list (GET device/mar/img).

let s: TestServer;
let tk: RoleTokens;
let A: number;
let api: string;
let sim: Simulator | undefined;
let arm: TestDevice;

interface Img {
  fileId: string;
  fileUrl: string;
  fileName: string;
  contentType: string;
}

const imagesOf = async (deviceId: number, token = tk.viewer, tenant = A) => {
  const res = await s.inject({
    method: 'GET',
    url: `/wfpe/v1/${tenant}/device/mar/img?id=${deviceId}&size=0`,
    headers: auth(token),
  });
  return res;
};
const listed = async (deviceId: number): Promise<Img[]> => {
  const res = await imagesOf(deviceId);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { content: Img[] }).content;
};
const post = (path: string, payload?: Record<string, unknown>) =>
  s.inject({
    method: 'POST',
    url: `/wfpe/v1/${A}/${path}`,
    headers: auth(tk.operator),
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  s = await startTestServer();
  tk = await signInRoles(s);
  A = s.fixtures.tenantA;
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  api = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  arm = await registerDevice(s, A, { typeKey: 'robotic-arm', name: '模拟机械臂' });
});
afterAll(async () => {
  await sim?.stop();
  await s?.close();
});

describe('simulated robotic arm images', () => {
  it('a photo at power-up and one per capture call are stored and listed', async () => {
    sim = await startSimulator({
      brokerUrl: brokerUrl(s),
      devices: [{ tenantId: A, typeKey: 'robotic-arm', eui: arm.eui, password: arm.secret }],
      periodSec: 3600,
      ackDelayScale: 0.01,
      photoApi: api,
      log: () => undefined,
    });
    expect(sim.failed).toEqual([]);
    const client = sim.client('robotic-arm', arm.eui);
    await waitFor(async () => (await listed(arm.id)).length === 1, 15_000, 'power-up photo');
    await waitFor(
      async () => {
        const r = await post('device/mar/call-status', { id: arm.id });
        return r.statusCode === 200 && (r.json() as { stale: boolean }).stale === false;
      },
      15_000,
      'arm online and answering',
    );

    const res = await post(`device/mar/${arm.id}/capture`);
    expect(res.statusCode, res.body).toBe(200);
    const viaFunction = await post('device/mar/ctrl-function', { id: arm.id, fn: 'capture' });
    expect(viaFunction.statusCode, viaFunction.body).toBe(200);
    const images = await waitFor(
      async () => {
        const l = await listed(arm.id);
        return l.length === 3 ? l : undefined;
      },
      15_000,
      'photos after the captures',
    );
    // The server lists a photo when it is stored, a moment before the arm reads the upload's answer.
    await waitFor(async () => client?.armCamera?.stats.photos === 3, 5_000, 'the arm counted its uploads');
    expect(client?.armCamera?.stats).toEqual({ photos: 3, failed: 0 });
    expect(images.every((i) => i.contentType === 'image/jpeg' && i.fileName.startsWith(arm.eui))).toBe(true);

    const file = await s.inject({
      method: 'GET',
      url: images[0]?.fileUrl ?? '',
      headers: auth(tk.viewer),
    });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1280, 720]);

    // Another tenant sees nothing of it.
    const other = await imagesOf(arm.id, tk.adminB, s.fixtures.tenantB);
    expect(other.statusCode).toBe(404);
  });

  it('with its power switched off the arm refuses a capture and takes no photo', async () => {
    const client = sim?.client('robotic-arm', arm.eui);
    const off = await post('device/mar/ctrl-switch', { id: arm.id, target: 'power', on: 0 });
    expect(off.statusCode, off.body).toBe(200);
    const cap = await post(`device/mar/${arm.id}/capture`);
    expect(cap.statusCode, cap.body).toBe(200);
    const { cmdId } = cap.json() as { cmdId: string };
    await waitFor(
      async () => {
        const r = await s.inject({
          method: 'GET',
          url: `/wfpe/v1/${A}/device/mar/ctrl-log?id=${arm.id}&size=20`,
          headers: auth(tk.viewer),
        });
        const items = (r.json() as { content: { cmdId?: string; state: string }[] }).content;
        return items.some((i) => i.cmdId === cmdId && i.state === 'failed');
      },
      10_000,
      'capture refused',
    );
    expect(client?.armCamera?.stats.photos).toBe(3);
    expect(await listed(arm.id)).toHaveLength(3);
  });

  it('an upload with a wrong secret is refused and stores nothing', async () => {
    const camera = new ArmCamera(
      { api, tenantId: A, typeKey: 'robotic-arm', eui: arm.eui, password: 'not-the-secret' },
      () => ({ axisR: 0, axisY: 800, axisZ: 430 }),
      { seed: 1, now: Date.now, log: () => undefined },
    );
    expect(await camera.shoot()).toBeUndefined();
    expect(camera.stats).toEqual({ photos: 0, failed: 1 });
    expect(await listed(arm.id)).toHaveLength(3);
  });
});
