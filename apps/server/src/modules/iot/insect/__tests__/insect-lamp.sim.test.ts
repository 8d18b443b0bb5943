import type { AddressInfo } from 'node:net';
import { type Simulator, startSimulator, TrapCamera } from '@tilth/simulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { brokerUrl, registerDevice, type TestDevice, waitFor } from '../../../../test/iot.js';
import { devices } from '../../device/device.tables.js';

// The simulator's trap cameras against a real server: photos drawn with sharp, uploaded over HTTP with
// the device credentials, stored and counted by the server's identifier; a photograph call from the lamp
// page reaches the simulated lamp over MQTT and brings a new photo.

let s: TestServer;
let tk: RoleTokens;
let A: number;
let api: string;
let sim: Simulator | undefined;
let station: TestDevice;

interface Rec {
  id: number;
  total: number;
  source: string;
  deviceId: number;
}

const photosOf = async (deviceId: number): Promise<Rec[]> => {
  const res = await s.inject({
    method: 'GET',
    url: `/wfpe/v1/${A}/yf/insect-situation-lamp/${deviceId}/history-img?size=0`,
    headers: auth(tk.viewer),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { content: Rec[] }).content;
};

beforeAll(async () => {
  s = await startTestServer();
  tk = await signInRoles(s);
  A = s.fixtures.tenantA;
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  api = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  station = await registerDevice(s, A, {
    typeKey: 'pest-station',
    name: '模拟测报站',
    config: { photoIntervalMin: 60, durationMin: 600 },
  });
});
afterAll(async () => {
  await sim?.stop();
  await s?.close();
});

describe('simulated trap photos', () => {
  it('a camera’s photos are stored and counted near the number of insects drawn', async () => {
    const trap = await registerDevice(s, A, { typeKey: 'forecast-lamp' });
    let board = 0;
    const camera = new TrapCamera(
      { api, tenantId: A, typeKey: trap.typeKey, eui: trap.eui, password: trap.secret },
      () => ({ board, working: true }),
      { periodSec: 3600, fixedPeriod: true, seed: 7, now: Date.now, log: () => undefined },
    );
    const drawn: number[] = [];
    for (const next of [37, 157, 12]) {
      board = next;
      drawn.push(await camera.shoot());
    }
    // Each photo shows the catch since the previous one; a new (smaller) board starts again.
    expect(drawn).toEqual([37, 120, 12]);
    const photos = (await photosOf(trap.id)).reverse();
    expect(photos).toHaveLength(3);
    photos.forEach((p, i) => {
      expect(p.source).toBe('device');
      expect(
        Math.abs(p.total - (drawn[i] ?? 0)),
        `photo ${i}: ${p.total} vs ${drawn[i]}`,
      ).toBeLessThanOrEqual(Math.ceil((drawn[i] ?? 0) * 0.05));
    });
    await camera.stop();
  });

  it('a wrong secret is refused and counted as a failed photo, never stored', async () => {
    const camera = new TrapCamera(
      { api, tenantId: A, typeKey: station.typeKey, eui: station.eui, password: 'not-the-secret' },
      () => ({ board: 5, working: true }),
      { periodSec: 3600, fixedPeriod: true, seed: 1, now: Date.now, log: () => undefined },
    );
    expect(await camera.shoot()).toBe(-1);
    expect(camera.stats).toMatchObject({ photos: 0, failed: 1 });
    expect(await photosOf(station.id)).toEqual([]);
  });

  it('the simulator uploads a photo on start and another on a photograph call from the lamp page', async () => {
    sim = await startSimulator({
      brokerUrl: brokerUrl(s),
      devices: [{ tenantId: A, typeKey: station.typeKey, eui: station.eui, password: station.secret }],
      periodSec: 3600,
      ackDelayScale: 0.01,
      photoApi: api,
      photoPeriodSec: 3600,
      log: () => undefined,
    });
    expect(sim.failed).toEqual([]);
    const client = sim.client('pest-station', station.eui);
    await waitFor(async () => (await photosOf(station.id)).length === 1, 15_000, 'boot photo');
    // The photograph call needs the lamp online (its status message), else 409.
    await waitFor(
      () =>
        s.platform.database.withTenant(A, async (tx) => {
          const [row] = await tx
            .select({ online: devices.online })
            .from(devices)
            .where(and(eq(devices.tenantId, A), eq(devices.id, station.id)));
          return row?.online === true;
        }),
      10_000,
      'lamp online',
    );
    const res = await s.inject({
      method: 'GET',
      url: `/wfpe/v1/${A}/yf/insect-situation-lamp/photograph/${station.id}`,
      headers: auth(tk.operator),
    });
    expect(res.statusCode, res.body).toBe(200);
    const photos = await waitFor(
      async () => {
        const p = await photosOf(station.id);
        return p.length === 2 ? p : undefined;
      },
      15_000,
      'photo after capture',
    );
    // The server stores the photo before the camera reads its answer.
    await waitFor(() => client?.camera?.stats.photos === 2, 5000, 'camera saw the answer');
    expect(client?.camera?.stats.failed).toBe(0);
    const counted = photos.reduce((a, p) => a + p.total, 0);
    const drawnTotal = client?.camera?.stats.drawn ?? 0;
    expect(Math.abs(counted - drawnTotal)).toBeLessThanOrEqual(Math.ceil(drawnTotal * 0.05));
  });
});
