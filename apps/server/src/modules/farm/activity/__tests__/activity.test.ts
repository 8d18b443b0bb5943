import type { ErrorBody, Page } from '@tilth/contracts';
import type { Activity } from '@tilth/contracts/activity.types';
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
import { activityStatusAt } from '../activity.service.js';

let s: TestServer;
let tA: number;
let tB: number;
let tok: RoleTokens;
const ids = { field: 0, baseB: 0 };
type Who = keyof RoleTokens;
const en = { 'accept-language': 'en-US' };
const url = (tenant: number, rest = '') => `/wfpf/v1/${tenant}/activity${rest}`;
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
const made = async (payload: Record<string, unknown>) => {
  const res = await create('admin', payload);
  expect(res.statusCode, res.body).toBe(200);
  return json<Activity>(res);
};
const list = async (query = '') =>
  json<Page<Activity>>(await call('viewer', 'GET', url(tA, `?size=0${query}`)));
const code = (res: { body: string }) => (JSON.parse(res.body) as ErrorBody).code;
const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();
const base = {
  activityName: 'Picking day',
  startTime: '2025-05-01 09:00:00',
  endTime: '2025-05-01 17:00:00',
};

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  tok = await signInRoles(s);
  const area = async (who: Who, tenant: number, areaName: string) => {
    const res = await call(who, 'POST', `/wfpf/v1/${tenant}/area`, { areaName });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ areaId: number }>(res).areaId;
  };
  ids.field = await area('admin', tA, 'Panyu fields');
  ids.baseB = await area('adminB', tB, 'B base');
});
afterAll(async () => {
  await s?.close();
});

describe('activities: create and read', () => {
  it("adds an activity; times without an offset are wall time of the tenant's zone (Asia/Shanghai here)", async () => {
    const a = await made({
      ...base,
      activityName: '  Tomato picking ',
      activityType: 'picking',
      areaId: ids.field,
      location: ' Greenhouse 1 ',
      capacity: 200,
      coverUrl: '/hfle/v1/1/files/abc',
      description: '',
    });
    expect(a).toMatchObject({
      activityName: 'Tomato picking',
      activityType: 'picking',
      areaId: ids.field,
      areaName: 'Panyu fields',
      startTime: '2025-05-01T01:00:00.000Z',
      endTime: '2025-05-01T09:00:00.000Z',
      status: 'ended',
      location: 'Greenhouse 1',
      capacity: 200,
      coverUrl: '/hfle/v1/1/files/abc',
      description: null,
      enabledFlag: 1,
      objectVersionNumber: 1,
    });
    expect(json<Activity>(await call('viewer', 'GET', url(tA, `/${a.activityId}`)))).toEqual(a);
  });

  it('takes ISO times with an offset and defaults the type to other', async () => {
    const a = await made({
      activityName: 'Visit',
      startTime: '2025-06-01T08:00:00Z',
      endTime: '2025-06-01T08:00:00Z',
    });
    expect(a).toMatchObject({ activityType: 'other', areaId: null, startTime: '2025-06-01T08:00:00.000Z' });
  });

  it.each([
    [{ ...base, activityName: '  ' }, 'blank name'],
    [{ ...base, activityName: 'x'.repeat(61) }, 'name over 60'],
    [{ startTime: base.startTime, endTime: base.endTime }, 'missing name'],
    [{ ...base, activityType: 'party' }, 'unknown type'],
    [{ ...base, capacity: 0 }, 'capacity 0'],
    [{ ...base, capacity: -3 }, 'negative capacity'],
    [{ ...base, capacity: 2.5 }, 'fractional capacity'],
    [{ ...base, startTime: '2025-02-30 09:00:00' }, 'no such day'],
    [{ ...base, startTime: 'tomorrow' }, 'not a time'],
    [{ ...base, coverUrl: 'javascript:alert(1)' }, 'bad cover url'],
    [{ ...base, extra: 1 }, 'unknown field'],
  ] as [Record<string, unknown>, string][])(
    'refuses %j (%s) with 400 and stores nothing',
    async (payload) => {
      const before = (await list()).totalElements;
      const res = await create('admin', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect((await list()).totalElements).toBe(before);
    },
  );

  it('refuses a start later than the end', async () => {
    const res = await create('admin', { ...base, startTime: '2025-05-02 09:00:00' });
    expect(res.statusCode).toBe(400);
    expect(json<ErrorBody>(res)).toMatchObject({
      code: 'wfpf.activity.dateOrder',
      message: 'endTime: start date cannot be later than end date',
    });
  });

  it('refuses a base that does not exist or belongs to another tenant', async () => {
    for (const areaId of [ids.baseB, 999_999]) {
      const res = await create('admin', { ...base, areaId });
      expect(res.statusCode).toBe(400);
      expect(code(res)).toBe('wfpf.activity.areaNotFound');
    }
  });
});

describe('activities: list filters', () => {
  it('computes the status from now and filters by it, by type, base, name and date range', async () => {
    await made({
      activityName: 'Ongoing training',
      activityType: 'training',
      startTime: iso(-1),
      endTime: iso(1),
    });
    await made({
      activityName: 'Future promo',
      activityType: 'promotion',
      startTime: iso(10),
      endTime: iso(11),
    });
    const names = (q: string) => list(q).then((p) => p.content.map((a) => a.activityName).sort());
    expect(await names('&status=ongoing')).toEqual(['Ongoing training']);
    expect(await names('&status=upcoming')).toEqual(['Future promo']);
    expect(await names('&status=ended')).toEqual(['Tomato picking', 'Visit']);
    expect(await names('&activityType=picking')).toEqual(['Tomato picking']);
    expect(await names(`&areaId=${ids.field}`)).toEqual(['Tomato picking']);
    expect(await names('&activityName=TRAIN')).toEqual(['Ongoing training']);
    // Days of the tenant's zone (Asia/Shanghai): 2025-05-01 09:00–17:00 +08:00 is within 05-01 but not 05-02.
    expect(await names('&startDate=2025-05-01&endDate=2025-05-01')).toEqual(['Tomato picking']);
    expect(await names('&startDate=2025-05-02&endDate=2025-05-31')).toEqual([]);
    expect(await names('&startDate=2025-04-01&endDate=2025-06-30')).toEqual(['Tomato picking', 'Visit']);
    expect(
      (await call('viewer', 'GET', url(tA, '?startDate=2025-06-01&endDate=2025-05-01'))).statusCode,
    ).toBe(400);
    expect((await call('viewer', 'GET', url(tA, '?status=soon'))).statusCode).toBe(400);
    const page = json<Page<Activity>>(await call('viewer', 'GET', url(tA, '?page=1&size=3')));
    expect(page).toMatchObject({ totalElements: 4, totalPages: 2, number: 1, size: 3 });
    expect(page.content).toHaveLength(1);
  });

  it('status boundaries: start and end instants count as ongoing', () => {
    const start = new Date('2025-01-01T00:00:00Z');
    const end = new Date('2025-01-02T00:00:00Z');
    expect(activityStatusAt(start, end, new Date('2024-12-31T23:59:59Z'))).toBe('upcoming');
    expect(activityStatusAt(start, end, start)).toBe('ongoing');
    expect(activityStatusAt(start, end, end)).toBe('ongoing');
    expect(activityStatusAt(start, end, new Date('2025-01-02T00:00:01Z'))).toBe('ended');
  });
});

describe('activities: edit and delete', () => {
  it('edits, keeping omitted fields; checks the order against the stored end; stale → 409', async () => {
    const a = await made({ ...base, activityName: 'Editable', capacity: 10, areaId: ids.field });
    const late = await update('operator', {
      activityId: a.activityId,
      objectVersionNumber: 1,
      activityName: 'Editable',
      startTime: '2025-05-03 09:00:00',
    });
    expect(late.statusCode).toBe(400);
    expect(code(late)).toBe('wfpf.activity.dateOrder');
    const res = await update('operator', {
      activityId: a.activityId,
      objectVersionNumber: 1,
      activityName: 'Edited',
      capacity: null,
      areaId: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Activity>(res)).toMatchObject({
      activityName: 'Edited',
      capacity: null,
      areaId: null,
      startTime: a.startTime,
      endTime: a.endTime,
      objectVersionNumber: 2,
    });
    const stale = await update('admin', {
      activityId: a.activityId,
      objectVersionNumber: 1,
      activityName: 'Late',
    });
    expect(stale.statusCode).toBe(409);
    expect(code(stale)).toBe('error.objectVersionNumber.stale');
    expect(json<Activity>(await call('viewer', 'GET', url(tA, `/${a.activityId}`))).activityName).toBe(
      'Edited',
    );
  });

  it('deletes; a second delete is 404', async () => {
    const a = await made({ ...base, activityName: 'Doomed' });
    expect((await call('operator', 'DELETE', url(tA, `/${a.activityId}`))).statusCode).toBe(200);
    expect((await call('viewer', 'GET', url(tA, `/${a.activityId}`))).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', url(tA, `/${a.activityId}`))).statusCode).toBe(404);
  });
});

describe('activities: access', () => {
  it('refuses writes to a viewer with 403 and changes nothing', async () => {
    const a = await made({ ...base, activityName: 'Guarded' });
    expect((await create('viewer', { ...base, activityName: 'Nope' })).statusCode).toBe(403);
    expect(
      (await update('viewer', { activityId: a.activityId, objectVersionNumber: 1, activityName: 'Nope' }))
        .statusCode,
    ).toBe(403);
    expect((await call('viewer', 'DELETE', url(tA, `/${a.activityId}`))).statusCode).toBe(403);
    expect(json<Activity>(await call('viewer', 'GET', url(tA, `/${a.activityId}`))).activityName).toBe(
      'Guarded',
    );
    expect((await list('&activityName=Nope')).totalElements).toBe(0);
  });

  it("hides a tenant's activities from another tenant", async () => {
    const a = await made({ ...base, activityName: 'Private' });
    expect((await call('adminB', 'GET', url(tB, `/${a.activityId}`))).statusCode).toBe(404);
    expect(
      (await update('adminB', { activityId: a.activityId, objectVersionNumber: 1, activityName: 'X' }, tB))
        .statusCode,
    ).toBe(404);
    expect((await call('adminB', 'DELETE', url(tB, `/${a.activityId}`))).statusCode).toBe(404);
    expect(json<Page<Activity>>(await call('adminB', 'GET', url(tB, '?size=0'))).totalElements).toBe(0);
    expect((await call('adminB', 'GET', url(tA))).statusCode).toBe(403);
  });

  it('in America/New_York, times without an offset and the date filters are New York wall time and days', async () => {
    await setTenantZone(s, tok.adminB, tB, NEW_YORK);
    try {
      // 20:00 on 15 January in New York (EST, UTC-5) is 01:00 UTC and 09:00 in Shanghai on the 16th.
      const res = await create(
        'adminB',
        { activityName: 'Hudson tasting', startTime: '2025-01-15 20:00', endTime: '2025-01-15 22:00:00' },
        tB,
      );
      expect(res.statusCode, res.body).toBe(200);
      const a = json<Activity>(res);
      expect(a).toMatchObject({ startTime: '2025-01-16T01:00:00.000Z', endTime: '2025-01-16T03:00:00.000Z' });
      // Summer time (EDT, UTC-4) for a July edit; an ISO time with an offset stays that instant.
      const edited = await update(
        'adminB',
        {
          activityId: a.activityId,
          objectVersionNumber: a.objectVersionNumber,
          activityName: 'Hudson tasting',
          startTime: '2025-07-04 09:00:00',
          endTime: '2025-07-05T08:00:00+08:00',
        },
        tB,
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(json<Activity>(edited)).toMatchObject({
        startTime: '2025-07-04T13:00:00.000Z',
        endTime: '2025-07-05T00:00:00.000Z',
      });
    } finally {
      await setTenantZone(s, tok.adminB, tB, SHANGHAI);
    }
  });

  it('in America/New_York, the date filter takes New York days', async () => {
    const res = await create(
      'adminB',
      {
        activityName: 'Late show',
        startTime: '2025-02-10T23:00:00-05:00',
        endTime: '2025-02-10T23:30:00-05:00',
      },
      tB,
    );
    expect(res.statusCode, res.body).toBe(200);
    const names = async (q: string) =>
      json<Page<Activity>>(await call('adminB', 'GET', url(tB, `?size=0${q}`))).content.map(
        (x) => x.activityName,
      );
    await setTenantZone(s, tok.adminB, tB, NEW_YORK);
    try {
      expect(await names('&startDate=2025-02-10&endDate=2025-02-10')).toEqual(['Late show']);
      expect(await names('&startDate=2025-02-11&endDate=2025-02-11')).toEqual([]);
    } finally {
      await setTenantZone(s, tok.adminB, tB, SHANGHAI);
    }
    // In Shanghai the same evening is the next morning.
    expect(await names('&startDate=2025-02-11&endDate=2025-02-11')).toEqual(['Late show']);
  });
});
