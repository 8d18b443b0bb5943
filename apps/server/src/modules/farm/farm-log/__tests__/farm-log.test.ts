import type { ErrorBody, FarmLog, Page } from '@tilth/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { NEW_YORK, SHANGHAI, setTenantZone } from '../../__tests__/tenant-zone.js';

let s: TestServer;
let tA: number;
let tB: number;
let tok: RoleTokens;
const ids = { base1: 0, base2: 0, plot1: 0, plot2: 0, baseB: 0, plotB: 0 };
const pics = { a1: '', a2: '', aText: '', b1: '' };

type Who = keyof RoleTokens;
const en = { 'accept-language': 'en-US' };
const url = (tenant: number, rest = '') => `/wfpf/v1/${tenant}/log${rest}`;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  s.inject({
    method,
    url: path,
    headers: { ...auth(tok[who]), ...en },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const create = (who: Who, payload: Record<string, unknown>, tenant = tA) =>
  call(who, 'POST', url(tenant), payload);
const update = (who: Who, payload: Record<string, unknown>, tenant = tA) =>
  call(who, 'PUT', url(tenant), payload);
const list = async (query = '') =>
  json<Page<FarmLog>>(await call('viewer', 'GET', url(tA, `?size=0${query}`)));
const total = async () => (await list()).totalElements;
const ok = async (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return json<FarmLog>(res);
};
const bad = (res: Awaited<ReturnType<typeof call>>, status: number, code?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  if (code) expect(json<ErrorBody>(res).code).toBe(code);
};

const post = async (who: Who, tenant: number, path: string, payload: Record<string, unknown>) => {
  const res = await call(who, 'POST', `/wfpf/v1/${tenant}/${path}`, payload);
  expect(res.statusCode, res.body).toBe(200);
  return json<Record<string, number>>(res);
};
const upload = async (who: Who, tenant: number, bytes: Buffer, name: string, type: string) => {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await s.inject({
    method: 'POST',
    url: `/hfle/v1/${tenant}/files/multipart`,
    headers: auth(tok[who]),
    payload: fd,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ fileUrl: string }>(res).fileUrl;
};

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  tok = await signInRoles(s);
  ids.base1 = (await post('admin', tA, 'area', { areaName: 'Log base 1' })).areaId ?? 0;
  ids.base2 = (await post('admin', tA, 'area', { areaName: 'Log base 2' })).areaId ?? 0;
  ids.plot1 = (await post('admin', tA, 'land', { areaId: ids.base1, landName: 'Plot 1' })).landId ?? 0;
  ids.plot2 = (await post('admin', tA, 'land', { areaId: ids.base2, landName: 'Plot 2' })).landId ?? 0;
  ids.baseB = (await post('adminB', tB, 'area', { areaName: 'B base' })).areaId ?? 0;
  ids.plotB = (await post('adminB', tB, 'land', { areaId: ids.baseB, landName: 'B plot' })).landId ?? 0;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1b9961' } })
    .png()
    .toBuffer();
  pics.a1 = await upload('operator', tA, png, 'a1.png', 'image/png');
  pics.a2 = await upload('admin', tA, png, 'a2.png', 'image/png');
  pics.aText = await upload('admin', tA, Buffer.from('plain notes'), 'notes.txt', 'text/plain');
  pics.b1 = await upload('adminB', tB, png, 'b1.png', 'image/png');
});
afterAll(async () => {
  await s.close();
});

describe('farm logs: create', () => {
  it('adds a manual daily log with trimmed text, pictures of this tenant and the plot’s base', async () => {
    const log = await ok(
      await create('operator', {
        title: '  Irrigated plot 1  ',
        description: ' Two hours of drip irrigation ',
        pictures: [pics.a1, pics.a2],
        landId: ids.plot1,
      }),
    );
    expect(log).toMatchObject({
      title: 'Irrigated plot 1',
      level: 'daily',
      description: 'Two hours of drip irrigation',
      pictures: [pics.a1, pics.a2],
      areaId: ids.base1,
      areaName: 'Log base 1',
      landId: ids.plot1,
      landName: 'Plot 1',
      source: 'manual',
      sourceId: null,
      createdBy: s.fixtures.users.operatorA.id,
      createdByName: 'operatorA',
      objectVersionNumber: 1,
    });
    expect(Date.now() - Date.parse(log.logTime)).toBeLessThan(60_000);
    const again = json<FarmLog>(await call('viewer', 'GET', url(tA, `/${log.logId}`)));
    expect(again).toEqual(log);
  });

  it('takes a camera log with its device id and capture time (the camera module posts like this)', async () => {
    const log = await ok(
      await create('admin', {
        title: 'Pest spotted by camera',
        level: 'warning',
        pictures: [pics.a1],
        areaId: ids.base2,
        source: 'camera',
        sourceId: 42,
        logTime: '2025-05-01T08:30:00+08:00',
      }),
    );
    expect(log).toMatchObject({
      source: 'camera',
      sourceId: 42,
      areaId: ids.base2,
      landId: null,
      logTime: '2025-05-01T00:30:00.000Z',
    });
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const before = await total();
    const cases: [Record<string, unknown>, string | undefined][] = [
      [{}, undefined],
      [{ title: '   ' }, undefined],
      [{ title: 'x'.repeat(61) }, undefined],
      [{ title: 'ok', level: 'info' }, undefined],
      [{ title: 'ok', description: 'x'.repeat(2001) }, undefined],
      [{ title: 'ok', pictures: Array.from({ length: 10 }, () => pics.a1) }, undefined],
      [{ title: 'ok', pictures: ['https://evil.example/x.png'] }, undefined],
      [{ title: 'ok', pictures: [pics.a1, pics.a1] }, 'wfpf.log.pictureDuplicate'],
      [{ title: 'ok', pictures: [pics.aText] }, 'wfpf.log.pictureNotImage'],
      [
        { title: 'ok', pictures: [pics.a1.replace(/[0-9a-f]{12}\/file$/, '000000000000/file')] },
        'wfpf.log.pictureNotFound',
      ],
      [{ title: 'ok', areaId: 999999 }, 'wfpf.log.areaNotFound'],
      [{ title: 'ok', landId: 999999 }, 'wfpf.log.landNotFound'],
      [{ title: 'ok', areaId: ids.base2, landId: ids.plot1 }, 'wfpf.log.areaMismatch'],
      [{ title: 'ok', source: 'camera' }, 'wfpf.log.sourceIdRequired'],
      [{ title: 'ok', sourceId: 5 }, 'wfpf.log.sourceIdForManual'],
      [{ title: 'ok', logTime: 'yesterday' }, undefined],
      [{ title: 'ok', extra: 1 }, undefined],
    ];
    for (const [payload, code] of cases) {
      const res = await create('admin', payload);
      bad(res, 400, code);
      expect(json<ErrorBody>(res).message, JSON.stringify(payload)).toBeTruthy();
    }
    expect(json<ErrorBody>(await create('admin', { title: '  ' })).message).toContain('title');
    expect(await total()).toBe(before);
  });

  it('refuses a picture of another tenant, by address and by a forged address naming this tenant', async () => {
    const before = await total();
    bad(await create('admin', { title: 'stolen', pictures: [pics.b1] }), 400, 'wfpf.log.pictureNotFound');
    const forged = pics.b1.replace(`/hfle/v1/${tB}/`, `/hfle/v1/${tA}/`);
    bad(await create('admin', { title: 'forged', pictures: [forged] }), 400, 'wfpf.log.pictureNotFound');
    expect(await total()).toBe(before);
  });

  it("refuses another tenant's base and plot", async () => {
    bad(await create('admin', { title: 'x', areaId: ids.baseB }), 400, 'wfpf.log.areaNotFound');
    bad(await create('admin', { title: 'x', landId: ids.plotB }), 400, 'wfpf.log.landNotFound');
  });

  it('a viewer may read but not add, edit or delete (403), and nothing changes', async () => {
    const before = await total();
    bad(await create('viewer', { title: 'viewer log' }), 403);
    const [first] = (await list()).content;
    if (!first) throw new Error('no log');
    bad(await update('viewer', { logId: first.logId, objectVersionNumber: 1, title: 'changed' }), 403);
    bad(await call('viewer', 'DELETE', url(tA, `/${first.logId}`)), 403);
    expect(await total()).toBe(before);
    expect(json<FarmLog>(await call('viewer', 'GET', url(tA, `/${first.logId}`))).title).toBe(first.title);
  });
});

describe('farm logs: list', () => {
  it("pages newest first and filters by title, level, base, plot, source and days of the tenant's zone (Asia/Shanghai here)", async () => {
    const at = (d: string) => `${d}T10:00:00+08:00`;
    await ok(
      await create('admin', {
        title: 'Frost alert',
        level: 'emergency',
        areaId: ids.base1,
        logTime: at('2025-03-01'),
      }),
    );
    await ok(
      await create('admin', {
        title: 'frost check',
        level: 'warning',
        landId: ids.plot2,
        logTime: at('2025-03-02'),
      }),
    );
    // 23:30 on 3 March in Shanghai is still 3 March there (15:30 UTC).
    await ok(
      await create('admin', { title: 'Late note', areaId: ids.base1, logTime: '2025-03-03T23:30:00+08:00' }),
    );
    // 00:30 on 4 March in Shanghai is 3 March in UTC: it belongs to 4 March.
    await ok(
      await create('admin', { title: 'Early note', areaId: ids.base1, logTime: '2025-03-04T00:30:00+08:00' }),
    );

    const all = await list();
    const times = all.content.map((l) => Date.parse(l.logTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const page = json<Page<FarmLog>>(await call('viewer', 'GET', url(tA, '?page=1&size=2')));
    expect(page).toMatchObject({ number: 1, size: 2, totalElements: all.totalElements });
    expect(page.totalPages).toBe(Math.ceil(all.totalElements / 2));
    expect(page.content.map((l) => l.logId)).toEqual(all.content.slice(2, 4).map((l) => l.logId));

    expect((await list('&title=FROST')).content.map((l) => l.title)).toEqual(['frost check', 'Frost alert']);
    expect((await list('&title=%25')).totalElements).toBe(0);
    expect((await list('&level=emergency')).content.map((l) => l.title)).toEqual(['Frost alert']);
    expect((await list(`&landId=${ids.plot2}`)).content.map((l) => l.title)).toEqual(['frost check']);
    expect((await list(`&areaId=${ids.base2}`)).content.every((l) => l.areaId === ids.base2)).toBe(true);
    expect((await list('&source=camera')).content.map((l) => l.title)).toEqual(['Pest spotted by camera']);
    expect((await list('&startDate=2025-03-02&endDate=2025-03-03')).content.map((l) => l.title)).toEqual([
      'Late note',
      'frost check',
    ]);
    expect((await list('&startDate=2025-03-04&endDate=2025-03-04')).content.map((l) => l.title)).toEqual([
      'Early note',
    ]);
    expect((await list('&level=&areaId=')).totalElements).toBe(all.totalElements);
    bad(
      await call('viewer', 'GET', url(tA, '?startDate=2025-03-05&endDate=2025-03-01')),
      400,
      'wfpf.log.dateOrder',
    );
    bad(await call('viewer', 'GET', url(tA, '?level=bogus')), 400);
  });

  it('in America/New_York, the date filters are New York days (including the 23-hour day of the spring jump)', async () => {
    const listB = async (query: string) =>
      json<Page<FarmLog>>(await call('adminB', 'GET', url(tB, `?size=0${query}`))).content.map(
        (l) => l.title,
      );
    // 23:30 on 3 March in New York is already 4 March in Shanghai; 23:30 on 9 March closes the short day.
    await ok(
      await create(
        'adminB',
        { title: 'NY late', areaId: ids.baseB, logTime: '2025-03-03T23:30:00-05:00' },
        tB,
      ),
    );
    await ok(
      await create(
        'adminB',
        { title: 'NY jump', areaId: ids.baseB, logTime: '2025-03-09T23:30:00-04:00' },
        tB,
      ),
    );
    await setTenantZone(s, tok.adminB, tB, NEW_YORK);
    try {
      expect(await listB('&startDate=2025-03-03&endDate=2025-03-03')).toEqual(['NY late']);
      expect(await listB('&startDate=2025-03-04&endDate=2025-03-08')).toEqual([]);
      expect(await listB('&startDate=2025-03-09&endDate=2025-03-09')).toEqual(['NY jump']);
    } finally {
      await setTenantZone(s, tok.adminB, tB, SHANGHAI);
    }
    // Back in Shanghai the same logs fall on the next days.
    expect(await listB('&startDate=2025-03-04&endDate=2025-03-04')).toEqual(['NY late']);
    expect(await listB('&startDate=2025-03-10&endDate=2025-03-10')).toEqual(['NY jump']);
  });
});

describe('farm logs: edit and delete', () => {
  it('edits with the current version, keeps omitted fields, refuses a stale version (409) unchanged', async () => {
    const log = await ok(
      await create('admin', {
        title: 'To edit',
        description: 'keep me',
        landId: ids.plot1,
        pictures: [pics.a1],
      }),
    );
    const edited = await ok(
      await update('operator', {
        logId: log.logId,
        objectVersionNumber: 1,
        title: 'Edited',
        level: 'warning',
        pictures: [pics.a2, pics.a1],
      }),
    );
    expect(edited).toMatchObject({
      title: 'Edited',
      level: 'warning',
      description: 'keep me',
      landId: ids.plot1,
      areaId: ids.base1,
      pictures: [pics.a2, pics.a1],
      objectVersionNumber: 2,
      source: 'manual',
    });
    const stale = await update('admin', { logId: log.logId, objectVersionNumber: 1, title: 'Stale' });
    bad(stale, 409, 'error.objectVersionNumber.stale');
    expect(json<FarmLog>(await call('viewer', 'GET', url(tA, `/${log.logId}`))).title).toBe('Edited');

    // Moving to another base drops the plot of the old one; a plot of another base is refused.
    const moved = await ok(
      await update('admin', { logId: log.logId, objectVersionNumber: 2, title: 'Moved', areaId: ids.base2 }),
    );
    expect(moved).toMatchObject({ areaId: ids.base2, landId: null, objectVersionNumber: 3 });
    bad(
      await update('admin', {
        logId: log.logId,
        objectVersionNumber: 3,
        title: 'x',
        areaId: ids.base1,
        landId: ids.plot2,
      }),
      400,
      'wfpf.log.areaMismatch',
    );
    bad(
      await update('admin', { logId: log.logId, objectVersionNumber: 3, title: 'x', pictures: [pics.b1] }),
      400,
      'wfpf.log.pictureNotFound',
    );
    bad(await update('admin', { logId: log.logId, objectVersionNumber: 3, title: '' }), 400);
    bad(
      await update('admin', { logId: 999999, objectVersionNumber: 1, title: 'x' }),
      404,
      'wfpf.log.notFound',
    );
    const cleared = await ok(
      await update('admin', {
        logId: log.logId,
        objectVersionNumber: 3,
        title: 'Cleared',
        description: '',
        pictures: [],
      }),
    );
    expect(cleared).toMatchObject({ description: null, pictures: [], objectVersionNumber: 4 });
  });

  it('deletes; a stale version is refused; a second delete is 404', async () => {
    const log = await ok(await create('admin', { title: 'To delete' }));
    bad(await call('admin', 'DELETE', url(tA, `/${log.logId}?objectVersionNumber=7`)), 409);
    const del = await call('operator', 'DELETE', url(tA, `/${log.logId}?objectVersionNumber=1`));
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ success: true });
    bad(await call('admin', 'GET', url(tA, `/${log.logId}`)), 404, 'wfpf.log.notFound');
    bad(await call('admin', 'DELETE', url(tA, `/${log.logId}`)), 404);
  });
});

describe('farm logs: tenants', () => {
  it("another tenant sees none of A's logs and cannot read, edit or delete them (404)", async () => {
    const log = await ok(await create('admin', { title: 'A secret log' }));
    const bList = json<Page<FarmLog>>(await call('adminB', 'GET', url(tB, '?size=0')));
    expect(bList.content.some((l) => l.title === 'A secret log')).toBe(false);
    bad(await call('adminB', 'GET', url(tB, `/${log.logId}`)), 404);
    bad(await update('adminB', { logId: log.logId, objectVersionNumber: 1, title: 'hijacked' }, tB), 404);
    bad(await call('adminB', 'DELETE', url(tB, `/${log.logId}`)), 404);
    bad(await call('adminB', 'GET', url(tA, `/${log.logId}`)), 403);
    expect(json<FarmLog>(await call('admin', 'GET', url(tA, `/${log.logId}`))).title).toBe('A secret log');
  });

  it('answers in Chinese by default', async () => {
    const res = await s.inject({
      method: 'POST',
      url: url(tA),
      headers: auth(tok.admin),
      payload: { title: 'x', landId: 999999 },
    });
    expect(json<ErrorBody>(res).message).toBe('landId：地块不存在');
  });
});
