import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { registerDevice, type TestDevice, waitFor } from '../../../../test/iot.js';
import { FakeDevice } from '../../control/__tests__/fake-device.js';
import { devices } from '../../device/device.tables.js';
import { renderTrapBoard, scatterDots, seeded } from '../insect.board.js';

// Spec 02 §7 "Insect lamp" paths (yf/insect-situation-lamp/…) over real lamps: MQTT clients on the test
// server's broker that answer commands, and trap photos uploaded with the device credentials.

let s: TestServer;
let tk: RoleTokens;
let A: number;
let B: number;
let station: FakeDevice;
let killer: FakeDevice;
let offline: TestDevice;
let weather: TestDevice;
let foreign: TestDevice;
const photoIds: number[] = [];

const yf = () => `/wfpe/v1/${A}/yf/insect-situation-lamp`;
const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  s.inject({
    method,
    url,
    headers: auth(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const get = <T>(token: string, url: string) => call(token, 'GET', url).then((r) => r.json() as T);

interface Rec {
  id: number;
  deviceId: number | null;
  total: number;
  source: string;
  fileUrl: string | null;
  objectVersionNumber: number;
  takenAt: string;
}
interface Page<T> {
  content: T[];
  totalElements: number;
}

const upload = async (d: TestDevice, n: number, takenAt: string) => {
  const image = await renderTrapBoard({ width: 800, height: 600, dots: scatterDots(n, seeded(n)) });
  const fd = new FormData();
  fd.append('takenAt', takenAt);
  fd.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'trap.jpg');
  const res = await s.inject({
    method: 'POST',
    url: `/wfpe/v1/${d.tenantId}/insect/device-photo`,
    headers: { authorization: `Basic ${Buffer.from(`${d.username}:${d.secret}`).toString('base64')}` },
    payload: fd,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }).id;
};

const byId = (id: number) => and(eq(devices.tenantId, A), eq(devices.id, id));
const configOf = async (id: number) =>
  s.platform.database.withTenant(A, async (tx) => {
    const [row] = await tx.select({ config: devices.config }).from(devices).where(byId(id));
    return row?.config;
  });
const setIccid = (id: number, iccid: string | null) =>
  s.platform.database.withTenant(A, (tx) => tx.update(devices).set({ iccid }).where(byId(id)));

beforeAll(async () => {
  s = await startTestServer();
  tk = await signInRoles(s);
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
  station = await FakeDevice.online(s, A, {
    typeKey: 'pest-station',
    name: '稻田测报灯',
    config: { photoIntervalMin: 60, durationMin: 600 },
  });
  killer = await FakeDevice.online(s, A, { typeKey: 'pest-lamp', name: '杀虫灯' });
  offline = await registerDevice(s, A, { typeKey: 'forecast-lamp', name: '性诱灯' });
  weather = await registerDevice(s, A, { typeKey: 'weather-station' });
  foreign = await registerDevice(s, B, { typeKey: 'pest-station' });
  photoIds.push(await upload(station.device, 12, '2024-05-01 08:00:00'));
  photoIds.push(await upload(station.device, 5, '2024-05-02 09:30:00'));
  photoIds.push(await upload(offline, 3, '2024-05-02 10:00:00'));
  // A manual count of the station: statistics, not a photo.
  const manual = await call(tk.admin, 'POST', `/wfpe/v1/${A}/insect-statistics`, {
    deviceId: station.id,
    takenAt: '2024-05-02 12:00:00',
    counts: [{ name: '稻飞虱', count: 40 }],
  });
  expect(manual.statusCode, manual.body).toBe(200);
});
afterAll(async () => {
  await station?.close();
  await killer?.close();
  await s?.close();
});

describe('photos', () => {
  it('page/history-img lists trap photos only, newest first, narrowed by lamp and range', async () => {
    const all = await get<Page<Rec>>(tk.viewer, `${yf()}/page/history-img?size=10`);
    expect(all.totalElements).toBe(3);
    expect(all.content.map((r) => r.source)).toEqual(['device', 'device', 'device']);
    expect(all.content.map((r) => r.total)).toEqual([3, 5, 12]);
    for (const r of all.content) expect(r.fileUrl).toMatch(/\/files\/[0-9a-f-]{36}\/file$/);

    const mine = await get<Page<Rec>>(tk.viewer, `${yf()}/page/history-img?deviceId=${station.id}`);
    expect(mine.content.map((r) => r.id)).toEqual([photoIds[1], photoIds[0]]);
    const day1 = await get<Page<Rec>>(
      tk.viewer,
      `${yf()}/page/history-img?startTime=2024-05-01&endTime=2024-05-01`,
    );
    expect(day1.content.map((r) => r.id)).toEqual([photoIds[0]]);
    const paged = await get<Page<Rec>>(tk.viewer, `${yf()}/page/history-img?size=1&page=1`);
    expect(paged).toMatchObject({ totalElements: 3, totalPages: 3, number: 1, size: 1 });
  });

  it('{id}/history-img and insect-situation-lamp/{id}/{day}/page give one lamp’s photos', async () => {
    const byLamp = await get<Page<Rec>>(tk.viewer, `${yf()}/${station.id}/history-img`);
    expect(byLamp.content.map((r) => r.id)).toEqual([photoIds[1], photoIds[0]]);
    const day = await get<Page<Rec>>(
      tk.viewer,
      `/wfpe/v1/${A}/insect-situation-lamp/${station.id}/2024-05-02/page`,
    );
    expect(day.content.map((r) => r.id)).toEqual([photoIds[1]]);
    const bad = await call(
      tk.viewer,
      'GET',
      `/wfpe/v1/${A}/insect-situation-lamp/${station.id}/2024-13-01/page`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('another tenant’s lamp, a device that is no lamp and an unknown id are 404', async () => {
    for (const id of [foreign.id, weather.id, 999_999]) {
      expect((await call(tk.admin, 'GET', `${yf()}/${id}/history-img`)).statusCode).toBe(404);
      expect((await call(tk.admin, 'GET', `${yf()}/get-configure/${id}`)).statusCode).toBe(404);
    }
    // Tenant B's admin with A's lamp id on B's own path.
    const res = await call(
      tk.adminB,
      'GET',
      `/wfpe/v1/${B}/yf/insect-situation-lamp/${station.id}/sim_select`,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('configuration', () => {
  it('configure/device stores the schedule and sends the configure command; get-configure reads it', async () => {
    const res = await call(tk.operator, 'POST', `${yf()}/configure/device`, {
      id: station.id,
      photoIntervalMin: 30,
      durationMin: 480,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { photoIntervalMin: number; command: { cmdId: string } | null };
    expect(body).toMatchObject({ photoIntervalMin: 30, durationMin: 480 });
    expect(body.command?.cmdId).toBeTruthy();
    await waitFor(() => station.received.some((c) => c.action === 'configure'), 5000, 'configure sent');
    expect(station.received.find((c) => c.action === 'configure')?.params).toEqual({
      photoIntervalMin: 30,
      durationMin: 480,
    });
    const cfg = await get<Record<string, unknown>>(tk.viewer, `${yf()}/get-configure/${station.id}`);
    expect(cfg).toMatchObject({
      deviceType: 'pest-station',
      photoIntervalMin: 30,
      durationMin: 480,
      startHour: null,
      limits: { photoIntervalMin: { min: 30, max: 1440 }, durationMin: { min: 30, max: 1440 } },
    });
    expect(cfg.commands).toEqual(expect.arrayContaining(['capture', 'configure', 'lampSwitch']));
  });

  it('refuses limits outside spec 02 §5 with 400 and changes nothing', async () => {
    const before = await configOf(station.id);
    for (const body of [
      { id: station.id, photoIntervalMin: 20, durationMin: 480 },
      { id: station.id, photoIntervalMin: 600, durationMin: 480 },
      { id: station.id, durationMin: 2000 },
      { id: station.id, photoIntervalMin: 45.5 },
      { id: station.id },
      { id: station.id, startHour: 19 },
      { id: station.id, photoIntervalMin: 60, extra: 1 },
    ]) {
      const res = await call(tk.admin, 'POST', `${yf()}/configure/device`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { message: string }).message).toBeTruthy();
    }
    // Stored 480, so a 600-minute interval alone breaks interval ≤ duration against the stored value.
    const alone = await call(tk.admin, 'POST', `${yf()}/configure/device`, {
      id: station.id,
      photoIntervalMin: 600,
    });
    expect(alone.statusCode).toBe(400);
    expect(await configOf(station.id)).toEqual(before);
  });

  it('the insecticidal lamp takes its on / off hours as a schedule command', async () => {
    const res = await call(tk.admin, 'POST', `${yf()}/configure/device`, {
      id: killer.id,
      startHour: 19,
      endHour: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      startHour: 19,
      endHour: 5,
      limits: { startHour: { min: 0, max: 23 } },
    });
    await waitFor(() => killer.received.some((c) => c.action === 'schedule'), 5000, 'schedule sent');
    expect(killer.received.find((c) => c.action === 'schedule')?.params).toEqual({
      startHour: 19,
      endHour: 5,
    });
  });

  it('an offline lamp refuses with 409 and keeps its old config; a viewer gets 403', async () => {
    const before = await configOf(offline.id);
    const res = await call(tk.admin, 'POST', `${yf()}/configure/device`, {
      id: offline.id,
      photoIntervalMin: 60,
      durationMin: 600,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(await configOf(offline.id)).toEqual(before);
    const viewer = await call(tk.viewer, 'POST', `${yf()}/configure/device`, {
      id: station.id,
      photoIntervalMin: 60,
    });
    expect(viewer.statusCode).toBe(403);
  });
});

describe('readings, card, analysis and curve', () => {
  it('page/history-data pages the stored readings newest first; status/curve draws a metric', async () => {
    // Readings of three hours ago (ingest keeps the last 30 days).
    const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 3 * 3_600_000;
    for (let i = 0; i < 3; i++) {
      await station.publish(100 + i, t0 + i * 60_000, { insectCount: 10 * (i + 1), lampOn: 1 });
    }
    const range = `startTime=${new Date(t0 - 60_000).toISOString()}&endTime=${new Date(t0 + 600_000).toISOString()}`;
    const page = await get<Page<{ collectionTime: string; values: Record<string, number> }>>(
      tk.viewer,
      `${yf()}/page/history-data?deviceId=${station.id}&${range}&size=2`,
    );
    expect(page.totalElements).toBe(3);
    expect(page.content.map((r) => r.values.insectCount)).toEqual([30, 20]);
    expect(page.content[0]?.collectionTime).toBe(new Date(t0 + 120_000).toISOString());
    const curve = await get<{ metric: string; points: { collectionData: number }[] }>(
      tk.viewer,
      `${yf()}/status/curve?deviceId=${station.id}&${range}`,
    );
    expect(curve.metric).toBe('insectCount');
    expect(curve.points.map((p) => p.collectionData)).toEqual([10, 20, 30]);
    const lamp = await get<{ metric: string }>(
      tk.viewer,
      `${yf()}/status/curve?deviceId=${station.id}&metric=lampOn&${range}`,
    );
    expect(lamp.metric).toBe('lampOn');
    expect(
      (await call(tk.viewer, 'GET', `${yf()}/status/curve?deviceId=${station.id}&metric=nope`)).statusCode,
    ).toBe(400);
    expect((await call(tk.viewer, 'GET', `${yf()}/page/history-data`)).statusCode).toBe(400);
  });

  it('{id}/sim_select answers the lamp’s IoT card, or none', async () => {
    const iccid = '89860412345678901234';
    const card = await call(tk.admin, 'POST', `/wfpe/v1/${A}/sim`, {
      iccid,
      operator: '中国移动',
      planMb: 1024,
    });
    expect(card.statusCode, card.body).toBe(200);
    await setIccid(station.id, iccid);
    const sim = await get<{ iccid: string; card: { iccid: string; operator: string; deviceCount: number } }>(
      tk.viewer,
      `${yf()}/${station.id}/sim_select`,
    );
    expect(sim.iccid).toBe(iccid);
    expect(sim.card).toMatchObject({ iccid, operator: '中国移动' });
    await setIccid(station.id, null);
    expect(await get(tk.viewer, `${yf()}/${station.id}/sim_select`)).toEqual({
      deviceId: station.id,
      iccid: null,
      card: null,
    });
  });

  it('analysis gives the counts per pest of a lamp over a range', async () => {
    const a = await get<{
      records: number;
      total: number;
      result: { name: string; count: number; percent: number }[];
    }>(tk.viewer, `${yf()}/analysis?deviceId=${station.id}&startTime=2024-05-01&endTime=2024-05-02`);
    // Two photos (12 + 5 unidentified) and the manual count of 40.
    expect(a.records).toBe(3);
    expect(a.total).toBe(57);
    expect(a.result).toEqual([
      { name: '稻飞虱', count: 40, percent: 70.2 },
      { name: 'unidentified', count: 17, percent: 29.8 },
    ]);
    const all = await get<{ total: number }>(
      tk.viewer,
      `${yf()}/analysis?startTime=2024-05-01&endTime=2024-05-02`,
    );
    expect(all.total).toBe(60);
    const bad = await call(tk.viewer, 'GET', `${yf()}/analysis?startTime=2024-05-03&endTime=2024-05-01`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('photograph and control state', () => {
  it('photograph/{id} sends a capture to an online lamp; control-device shows it', async () => {
    const res = await call(tk.operator, 'GET', `${yf()}/photograph/${station.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { cmdId } = res.json() as { cmdId: string };
    await waitFor(
      () => station.received.some((c) => c.cmdId === cmdId && c.action === 'capture'),
      5000,
      'capture',
    );
    const state = await waitFor(
      async () => {
        const st = await get<{ recent: { cmdId: string; state: string }[] } & Record<string, unknown>>(
          tk.viewer,
          `${yf()}/control-device/${station.id}`,
        );
        return st.recent.find((r) => r.cmdId === cmdId)?.state === 'done' ? st : undefined;
      },
      5000,
      'capture done',
    );
    expect(state).toMatchObject({ deviceId: station.id, online: 1, lampOn: 1, count: 30, pending: [] });
    expect(state.commands).toEqual(expect.arrayContaining(['capture']));
  });

  it('refuses an offline lamp (409), a lamp without a camera (400) and a viewer (403)', async () => {
    const off = await call(tk.admin, 'GET', `${yf()}/photograph/${offline.id}`);
    expect(off.statusCode).toBe(409);
    expect((off.json() as { message: string }).message).toBeTruthy();
    expect((await call(tk.admin, 'GET', `${yf()}/photograph/${killer.id}`)).statusCode).toBe(400);
    expect((await call(tk.viewer, 'GET', `${yf()}/photograph/${station.id}`)).statusCode).toBe(403);
    expect((await call(tk.admin, 'GET', `${yf()}/photograph/${foreign.id}`)).statusCode).toBe(404);
  });
});

describe('draw-manually and re-identify', () => {
  it('replaces the boxes of a photo and recounts; re-identify counts the photo again', async () => {
    const id = photoIds[0] as number;
    const rec = await get<Rec>(tk.admin, `/wfpe/v1/${A}/insect/${id}`);
    const drawn = await call(tk.operator, 'POST', `${yf()}/draw-manually`, {
      id,
      objectVersionNumber: rec.objectVersionNumber,
      boxes: [
        { name: '稻飞虱', box: [0.1, 0.1, 0.05, 0.05] },
        { name: '稻飞虱', box: [0.3, 0.1, 0.05, 0.05] },
      ],
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json()).toMatchObject({ total: 2, source: 'drawn', counts: [{ name: '稻飞虱', count: 2 }] });
    const stale = await call(tk.operator, 'POST', `${yf()}/draw-manually`, {
      id,
      objectVersionNumber: rec.objectVersionNumber,
      boxes: [],
    });
    expect(stale.statusCode).toBe(409);
    const badBox = await call(tk.operator, 'POST', `${yf()}/draw-manually`, {
      id,
      objectVersionNumber: rec.objectVersionNumber + 1,
      boxes: [{ name: 'x', box: [0.9, 0.9, 0.5, 0.5] }],
    });
    expect(badBox.statusCode).toBe(400);
    expect((await call(tk.viewer, 'POST', `${yf()}/re-identify`, { id })).statusCode).toBe(403);
    const again = await call(tk.operator, 'POST', `${yf()}/re-identify`, { id });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ total: 12, source: 'identified' });
    const other = await call(tk.adminB, 'POST', `/wfpe/v1/${B}/yf/insect-situation-lamp/re-identify`, { id });
    expect(other.statusCode).toBe(404);
  });
});
