import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { insertDevice } from '../../report/__tests__/fixtures.js';
import { renderTrapBoard, scatterDots, seeded } from '../insect.board.js';
import { insertTypes } from '../insect-type.repository.js';

let s: TestServer;
let tk: RoleTokens;
let A: number;
let B: number;
let station: number;
let lamp: number;
const SECRET = 'secret-of-the-station-0123456789';
const SECRET_B = 'secret-of-the-b-station-98765432';

interface Rec {
  id: number;
  counts: { name: string; count: number }[];
  total: number;
  boxes: { name: string; box: number[] }[];
  source: string;
  fileUrl: string | null;
  objectVersionNumber: number;
  deviceName: string | null;
}

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

const upload = async (tenant: number, authorization: string | undefined, image: Buffer, takenAt?: string) => {
  const fd = new FormData();
  if (takenAt) fd.append('takenAt', takenAt);
  fd.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'trap.jpg');
  return s.inject({
    method: 'POST',
    url: `/wfpe/v1/${tenant}/insect/device-photo`,
    headers: authorization ? { authorization } : {},
    payload: fd,
  });
};

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  s.inject({
    method,
    url,
    headers: auth(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const board = (n: number, seed: number) =>
  renderTrapBoard({ width: 1024, height: 768, dots: scatterDots(n, seeded(seed)) });

const recordCount = async (token = tk.admin) =>
  ((await call(token, 'GET', `/wfpe/v1/${A}/insect/page?size=0`)).json() as { totalElements: number })
    .totalElements;

beforeAll(async () => {
  s = await startTestServer();
  tk = await signInRoles(s);
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
  station = await insertDevice(s, A, {
    typeKey: 'pest-station',
    name: '一号测报站',
    eui: 'PS0001',
    secret: SECRET,
  });
  lamp = await insertDevice(s, A, {
    typeKey: 'forecast-lamp',
    name: '性诱灯',
    eui: 'FL0001',
    secret: SECRET,
  });
  await insertDevice(s, B, { typeKey: 'pest-station', name: 'B station', eui: 'PS0001', secret: SECRET_B });
  await s.platform.database.withTenant(0, (tx) =>
    insertTypes(tx, 0, [
      { name: '稻飞虱', nameEn: 'Rice planthopper', latinName: null, category: 'pest', description: null },
      { name: '玉米螟', nameEn: 'Corn borer', latinName: null, category: 'pest', description: null },
    ]),
  );
});
afterAll(async () => {
  await s.close();
});

describe('device photo upload', () => {
  let first: number;

  it('stores and counts a photo sent with the device credentials', async () => {
    const res = await upload(
      A,
      basic(`${A}/pest-station/PS0001`, SECRET),
      await board(23, 7),
      '2024-05-01 08:00:00',
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { id: number; total: number; counts: unknown };
    expect(body.total).toBe(23);
    expect(body.counts).toEqual([{ name: 'unidentified', count: 23 }]);
    first = body.id;
    const rec = (await call(tk.viewer, 'GET', `/wfpe/v1/${A}/insect/${first}`)).json() as Rec & {
      takenAt: string;
    };
    expect(rec).toMatchObject({ total: 23, source: 'device', deviceName: '一号测报站' });
    expect(rec.takenAt).toBe('2024-05-01T00:00:00.000Z');
    expect(rec.boxes).toHaveLength(23);
    expect(rec.fileUrl).toMatch(/^\/hfle\/v1\/\d+\/files\/[0-9a-f-]{36}\/file$/);
    const photo = await call(tk.viewer, 'GET', rec.fileUrl ?? '');
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses bad or foreign credentials with 401 and keeps nothing', async () => {
    const before = await recordCount();
    const img = await board(3, 8);
    const attempts = [
      undefined,
      'Bearer abc',
      basic(`${A}/pest-station/PS0001`, 'wrong'),
      basic(`${A}/pest-station/NOPE01`, SECRET),
      // Tenant B's device, with its own valid secret, posting into tenant A.
      basic(`${B}/pest-station/PS0001`, SECRET_B),
      // Tenant B's secret under tenant A's name of the same serial.
      basic(`${A}/pest-station/PS0001`, SECRET_B),
      // A weather station or other type may not post trap photos.
      basic(`${A}/weather-station/PS0001`, SECRET),
    ];
    for (const a of attempts) {
      const res = await upload(A, a, img);
      expect(res.statusCode, `${a}`).toBe(401);
      expect((res.json() as { message: string }).message).toBeTruthy();
    }
    // A's device posting into tenant B's path.
    expect((await upload(B, basic(`${A}/pest-station/PS0001`, SECRET), img)).statusCode).toBe(401);
    expect(await recordCount()).toBe(before);
  });

  it('accepts JPG and PNG only', async () => {
    const before = await recordCount();
    const res = await upload(A, basic(`${A}/pest-station/PS0001`, SECRET), Buffer.from('GIF89a not really'));
    expect(res.statusCode).toBe(415);
    const junk = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('garbage')]);
    const broken = await upload(A, basic(`${A}/pest-station/PS0001`, SECRET), junk);
    expect(broken.statusCode).toBe(422);
    expect(await recordCount()).toBe(before);
  });

  it('draw-manually replaces boxes and recounts; stale or invalid drawings change nothing', async () => {
    const url = `/wfpe/v1/${A}/insect/${first}/draw-manually`;
    const current = (await call(tk.admin, 'GET', `/wfpe/v1/${A}/insect/${first}`)).json() as Rec;
    const boxes = [
      { name: '稻飞虱', box: [0.1, 0.1, 0.05, 0.05] },
      { name: '稻飞虱', box: [0.3, 0.1, 0.05, 0.05] },
      { name: '玉米螟', box: [0.5, 0.5, 0.1, 0.1] },
    ];
    const viewer = await call(tk.viewer, 'POST', url, {
      objectVersionNumber: current.objectVersionNumber,
      boxes,
    });
    expect(viewer.statusCode).toBe(403);
    const bad = await call(tk.admin, 'POST', url, {
      objectVersionNumber: current.objectVersionNumber,
      boxes: [{ name: 'x', box: [0.9, 0.9, 0.2, 0.05] }],
    });
    expect(bad.statusCode).toBe(400);
    const blank = await call(tk.admin, 'POST', url, {
      objectVersionNumber: current.objectVersionNumber,
      boxes: [{ name: '  ', box: [0.1, 0.1, 0.1, 0.1] }],
    });
    expect(blank.statusCode).toBe(400);
    const ok = await call(tk.operator, 'POST', url, {
      objectVersionNumber: current.objectVersionNumber,
      boxes,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const drawn = ok.json() as Rec;
    expect(drawn.source).toBe('drawn');
    expect(drawn.total).toBe(3);
    expect(drawn.counts).toEqual([
      { name: '稻飞虱', count: 2 },
      { name: '玉米螟', count: 1 },
    ]);
    const stale = await call(tk.admin, 'POST', url, {
      objectVersionNumber: current.objectVersionNumber,
      boxes: [],
    });
    expect(stale.statusCode).toBe(409);
    const after = (await call(tk.admin, 'GET', `/wfpe/v1/${A}/insect/${first}`)).json() as Rec;
    expect(after.total).toBe(3);
  });

  it('re-identify reruns the counter on the stored photo', async () => {
    const res = await call(tk.admin, 'POST', `/wfpe/v1/${A}/insect/${first}/re-identify`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 23, source: 'identified' });
  });

  it('another tenant finds none of it', async () => {
    expect((await call(tk.adminB, 'GET', `/wfpe/v1/${B}/insect/${first}`)).statusCode).toBe(404);
    expect(
      (
        await call(tk.adminB, 'POST', `/wfpe/v1/${B}/insect/${first}/draw-manually`, {
          objectVersionNumber: 1,
          boxes: [],
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(tk.adminB, 'POST', `/wfpe/v1/${B}/insect/${first}/re-identify`)).statusCode).toBe(404);
    expect((await call(tk.adminB, 'DELETE', `/wfpe/v1/${B}/insect-statistics/${first}`)).statusCode).toBe(
      404,
    );
    expect((await call(tk.adminB, 'GET', `/wfpe/v1/${B}/insect/trend?deviceId=${station}`)).statusCode).toBe(
      404,
    );
    const page = (await call(tk.adminB, 'GET', `/wfpe/v1/${B}/insect/page`)).json() as {
      totalElements: number;
    };
    expect(page.totalElements).toBe(0);
    expect((await call(tk.adminB, 'GET', `/wfpe/v1/${A}/insect/${first}`)).statusCode).toBe(403);
  });
});

describe('pest trend and statistics', () => {
  beforeAll(async () => {
    const cred = basic(`${A}/pest-station/PS0001`, SECRET);
    // 1 May 23:30 China time and 2 May 00:30: two farm days.
    expect((await upload(A, cred, await board(5, 11), '2024-05-01T15:30:00Z')).statusCode).toBe(200);
    expect((await upload(A, cred, await board(4, 12), '2024-05-01T16:30:00Z')).statusCode).toBe(200);
    const lampCred = basic(`${A}/forecast-lamp/FL0001`, SECRET);
    expect((await upload(A, lampCred, await board(2, 13), '2024-05-02 10:00:00')).statusCode).toBe(200);
  });

  it('trend per farm day and insect name of one trap', async () => {
    const res = await call(
      tk.viewer,
      'GET',
      `/wfpe/v1/${A}/insect/trend?deviceId=${station}&startTime=2024-05-01&endTime=2024-05-31`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      // The first photo was re-identified as 23; this one adds 5 on 1 May.
      { name: 'unidentified', insectQuantity: 28, creationDate: '2024-05-01' },
      { name: 'unidentified', insectQuantity: 4, creationDate: '2024-05-02' },
    ]);
    const tooLong = await call(
      tk.viewer,
      'GET',
      `/wfpe/v1/${A}/insect/trend?deviceId=${station}&startTime=2023-01-01&endTime=2024-05-31`,
    );
    expect(tooLong.statusCode).toBe(400);
    const reversed = await call(
      tk.viewer,
      'GET',
      `/wfpe/v1/${A}/insect/trend?deviceId=${station}&startTime=2024-05-31&endTime=2024-05-01`,
    );
    expect(reversed.statusCode).toBe(400);
    const defaults = await call(tk.viewer, 'GET', `/wfpe/v1/${A}/insect/trend?deviceId=${station}`);
    expect(defaults.statusCode).toBe(200);
  });

  it('manual entries: create, edit with optimistic lock, validation, delete', async () => {
    const base = `/wfpe/v1/${A}/insect-statistics`;
    const bad = [
      { takenAt: '2024-05-03 09:00:00', counts: [] },
      { takenAt: '2024-05-03 09:00:00', counts: [{ name: '蚜虫', count: -1 }] },
      {
        takenAt: '2024-05-03 09:00:00',
        counts: [
          { name: '蚜虫', count: 1 },
          { name: '蚜虫', count: 2 },
        ],
      },
      { takenAt: 'yesterday', counts: [{ name: '蚜虫', count: 1 }] },
    ];
    for (const b of bad)
      expect((await call(tk.admin, 'POST', base, b)).statusCode, JSON.stringify(b)).toBe(400);
    expect(
      (
        await call(tk.viewer, 'POST', base, {
          takenAt: '2024-05-03 09:00:00',
          counts: [{ name: '蚜虫', count: 1 }],
        })
      ).statusCode,
    ).toBe(403);
    const foreign = await call(tk.admin, 'POST', base, {
      takenAt: '2024-05-03 09:00:00',
      deviceId: 999_999,
      counts: [{ name: '蚜虫', count: 1 }],
    });
    expect(foreign.statusCode).toBe(404);
    const created = await call(tk.admin, 'POST', base, {
      takenAt: '2024-05-03 09:00:00',
      deviceId: station,
      counts: [
        { name: '蚜虫', count: 12 },
        { name: '稻飞虱', count: 6 },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const rec = created.json() as Rec;
    expect(rec).toMatchObject({ source: 'manual', total: 18, fileUrl: null });
    const edit = { id: rec.id, objectVersionNumber: rec.objectVersionNumber, takenAt: '2024-05-03 09:00:00' };
    const upd = await call(tk.admin, 'PUT', base, {
      ...edit,
      deviceId: station,
      counts: [{ name: '蚜虫', count: 10 }],
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect((upd.json() as Rec).total).toBe(10);
    const stale = await call(tk.admin, 'PUT', base, { ...edit, counts: [{ name: '蚜虫', count: 1 }] });
    expect(stale.statusCode).toBe(409);
    // A device photo is corrected by drawing, not by editing counts.
    const page = (await call(tk.admin, 'GET', `${base}/page?source=device&size=1`)).json() as {
      content: Rec[];
    };
    const photo = page.content[0];
    if (!photo) throw new Error('no photo record');
    const notManual = await call(tk.admin, 'PUT', base, {
      id: photo.id,
      objectVersionNumber: photo.objectVersionNumber,
      takenAt: '2024-05-03 09:00:00',
      counts: [{ name: '蚜虫', count: 1 }],
    });
    expect(notManual.statusCode).toBe(400);

    const temp = (
      await call(tk.admin, 'POST', base, { takenAt: '2024-05-04', counts: [{ name: '蓟马', count: 1 }] })
    ).json() as Rec;
    expect((await call(tk.viewer, 'DELETE', `${base}/${temp.id}`)).statusCode).toBe(403);
    expect((await call(tk.admin, 'DELETE', `${base}/${temp.id}`)).statusCode).toBe(200);
    expect((await call(tk.admin, 'GET', `/wfpe/v1/${A}/insect/${temp.id}`)).statusCode).toBe(404);
  });

  it('pie chart, type trend and export over a range', async () => {
    const range = 'startTime=2024-05-01&endTime=2024-05-05';
    const pie = await call(tk.viewer, 'GET', `/wfpe/v1/${A}/insect-statistics/pie-chart?${range}`);
    expect(pie.statusCode, pie.body).toBe(200);
    // unidentified: 23 + 5 + 4 + 2 = 34; 蚜虫 10; total 44.
    expect(pie.json()).toEqual([
      { name: 'unidentified', value: 34, percent: 77.3 },
      { name: '蚜虫', value: 10, percent: 22.7 },
    ]);
    const byStation = await call(
      tk.viewer,
      'GET',
      `/wfpe/v1/${A}/insect-statistics/pie-chart?${range}&deviceId=${lamp}`,
    );
    expect(byStation.json()).toEqual([{ name: 'unidentified', value: 2, percent: 100 }]);

    const types = (
      await call(tk.viewer, 'GET', `/wfpe/v1/${A}/insect-statistics/insect-type/list`)
    ).json() as {
      id: number;
      name: string;
      platform: boolean;
    }[];
    expect(types.map((t) => [t.name, t.platform])).toEqual([
      ['稻飞虱', true],
      ['玉米螟', true],
    ]);
    const paged = await call(tk.viewer, 'GET', `/wfpe/v1/${A}/insect-statistics/insect-type/page?name=corn`);
    expect((paged.json() as { content: { name: string }[] }).content.map((t) => t.name)).toEqual(['玉米螟']);
    const aphidless = types.find((t) => t.name === '稻飞虱');
    const trend = await call(
      tk.viewer,
      'GET',
      `/wfpe/v1/${A}/insect-statistics/trend/${aphidless?.id}/all?startTime=2024-05-02&endTime=2024-05-04`,
    );
    expect(trend.statusCode, trend.body).toBe(200);
    // The manual entry's 稻飞虱 6 was edited away; no 稻飞虱 remains in the range.
    expect(trend.json()).toEqual({
      name: '稻飞虱',
      points: [
        { creationDate: '2024-05-02', insectQuantity: 0 },
        { creationDate: '2024-05-03', insectQuantity: 0 },
        { creationDate: '2024-05-04', insectQuantity: 0 },
      ],
    });
    expect(
      (await call(tk.viewer, 'GET', `/wfpe/v1/${A}/insect-statistics/trend/999999/all`)).statusCode,
    ).toBe(404);

    const count = await call(tk.viewer, 'GET', `/wfpe/v1/${A}/insect-statistics/count`);
    expect(count.json()).toEqual({ today: 0, week: 0, month: 0 });

    const xlsx = await s.inject({
      method: 'GET',
      url: `/wfpe/v1/${A}/insect-statistics/export?${range}`,
      headers: { ...auth(tk.viewer), 'accept-language': 'en-US' },
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const [records, totals] = wb.worksheets;
    if (!records || !totals) throw new Error('two sheets expected');
    expect(records.getRow(3).values).toEqual([undefined, 'Time', 'Device', 'Source', 'Insect', 'Count']);
    // Newest first: the manual entry of 3 May.
    expect((records.getRow(4).values as unknown[]).slice(1)).toEqual([
      '2024-05-03 09:00:00',
      '一号测报站',
      'Manual',
      '蚜虫',
      10,
    ]);
    expect((totals.getRow(3).values as unknown[]).slice(1)).toEqual(['Unidentified', 34]);
  });
});
