import type { ErrorBody as ErrBody, Page as PageBody } from '@tilth/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today as todayIn } from '../../../../platform/time/zone.js';
import {
  auth,
  json,
  login,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import {
  atInstant,
  daysAt,
  NEW_YORK,
  SHANGHAI,
  setTenantZone,
  splitInstant,
} from '../../__tests__/tenant-zone.js';
import { crops } from '../../crop/crop.tables.js';
import { EARTH_RADIUS_M } from '../geometry.js';

// The fixture tenants keep the default zone; a test that moves one names its own.
const ZONE = 'Asia/Shanghai';

interface LandBody {
  landId: number;
  landName: string;
  landNum: string | null;
  areaId: number;
  areaName: string | null;
  boundary: [number, number][][] | null;
  landCenter: string | null;
  areaM2: number | null;
  areaMu: number | null;
  landUsage: string;
  soilType: string | null;
  description: string | null;
  enabledFlag: 0 | 1;
  currentBatch: { batchId: number; batchName: string; cropName: string | null; startDate: string } | null;
  objectVersionNumber: number;
  creationDate: string;
}
interface HistoryBody {
  batchId: number;
  batchName: string;
  cropName: string | null;
  startDate: string;
  endDate: string | null;
  status: string;
  harvestQuantity: number | null;
}

let s: TestServer;
let tA: number;
let tB: number;
let tok: RoleTokens;
let field: number; // a plant base of A
let ponds: number; // a nurture base of A
let baseB: number;
let cropId: number;

type Who = keyof typeof tok;
const en = { 'accept-language': 'en-US' };
const url = (tenant: number, rest = '') => `/wfpf/v1/${tenant}/land${rest}`;
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
const remove = (who: Who, payload: Record<string, unknown>, tenant = tA) =>
  call(who, 'DELETE', url(tenant), payload);
const getOne = (who: Who, id: number, tenant = tA) => call(who, 'GET', url(tenant, `/${id}`));
const list = async (query = '') =>
  json<PageBody<LandBody>>(await call('viewer', 'GET', url(tA, `?size=0${query}`)));
const names = async (query = '') => (await list(query)).content.map((l) => l.landName);

const RAD = Math.PI / 180;
const cellArea = (lat: number, side: number) =>
  EARTH_RADIUS_M ** 2 * side * RAD * (Math.sin((lat + side) * RAD) - Math.sin(lat * RAD));
/** An open square ring (the server closes it). */
const sq = (lng: number, lat: number, side = 0.001): [number, number][] => [
  [lng, lat],
  [lng + side, lat],
  [lng + side, lat + side],
  [lng, lat + side],
];

const mkBase = async (who: Who, tenant: number, areaName: string, areaUsage = 'plant') => {
  const res = await call(who, 'POST', `/wfpf/v1/${tenant}/area`, { areaName, areaUsage });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ areaId: number }>(res).areaId;
};

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  tok = await signInRoles(s);
  field = await mkBase('admin', tA, 'Panyu fields');
  ponds = await mkBase('admin', tA, 'Nansha ponds', 'nurture');
  baseB = await mkBase('adminB', tB, 'B base');
  const [crop] = await s.platform.database.withTenant(tA, (tx) =>
    tx.insert(crops).values({ tenantId: tA, cropName: 'Tomato', cropType: 'plant' }).returning(),
  );
  cropId = crop?.id ?? 0;
});
afterAll(async () => {
  await s?.close();
});

describe('plots: create', () => {
  let first: LandBody;

  it('starts empty', async () => {
    expect(await list()).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('computes area (m², mu) and centre from the boundary and closes the ring', async () => {
    const res = await create('admin', {
      areaId: field,
      landName: '  Greenhouse 1  ',
      landNum: 'PY-L01',
      boundary: [sq(113.34, 22.96)],
      soilType: 'loam',
      description: 'tomatoes',
    });
    expect(res.statusCode, res.body).toBe(200);
    first = json<LandBody>(res);
    const m2 = cellArea(22.96, 0.001);
    expect(first).toMatchObject({
      landName: 'Greenhouse 1',
      landNum: 'PY-L01',
      areaId: field,
      areaName: 'Panyu fields',
      landCenter: '22.960500,113.340500',
      landUsage: 'plant',
      soilType: 'loam',
      description: 'tomatoes',
      enabledFlag: 1,
      currentBatch: null,
      objectVersionNumber: 1,
    });
    expect(first.boundary?.[0]).toHaveLength(5);
    expect(first.boundary?.[0]?.[4]).toEqual([113.34, 22.96]);
    expect(first.areaM2).toBeCloseTo(m2, 2);
    expect(first.areaMu).toBeCloseTo(m2 / (10_000 / 15), 4);
    expect(typeof first.areaM2).toBe('number');
    expect(json<LandBody>(await getOne('viewer', first.landId))).toEqual(first);
  });

  it('subtracts holes from the area', async () => {
    const res = await create('operator', {
      areaId: field,
      landName: 'Vegetables',
      boundary: [sq(113.35, 22.96, 0.002), sq(113.3505, 22.9605)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const l = json<LandBody>(res);
    const expected = cellArea(22.96, 0.002) - cellArea(22.9605, 0.001);
    expect(l.areaM2).toBeCloseTo(expected, 1);
  });

  it('takes the usage of the base by default (a nurture base holds ponds) and allows no boundary', async () => {
    const res = await create('admin', { areaId: ponds, landName: 'Pond 1', landCenter: '22.80, 113.55' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<LandBody>(res)).toMatchObject({
      landUsage: 'nurture',
      boundary: null,
      areaM2: null,
      areaMu: null,
      landCenter: '22.80,113.55',
      landNum: null,
    });
  });

  it.each([
    ['a blank name', { landName: '   ' }, 'landName'],
    ['a 61-character name', { landName: 'x'.repeat(61) }, 'landName: text too long'],
    ['a code with symbols', { landNum: 'a b!' }, 'landNum'],
    ['a 31-character code', { landNum: 'a'.repeat(31) }, 'landNum: text too long'],
    ['an area sent by the client', { areaM2: 100 }, 'areaM2'],
    ['an unknown usage', { landUsage: 'forest' }, 'landUsage'],
    ['a 31-character soil type', { soilType: 's'.repeat(31) }, 'soilType'],
    [
      'a ring of 2 positions',
      {
        boundary: [
          [
            [113, 22],
            [113.1, 22.1],
          ],
        ],
      },
      'boundary',
    ],
    [
      'a ring of 3 positions, one repeated',
      {
        boundary: [
          [
            [113, 22],
            [113.1, 22.1],
            [113.1, 22.1],
          ],
        ],
      },
      'boundary',
    ],
    ['a longitude out of range', { boundary: [sq(180, 22)] }, 'boundary.0.1.0'],
    ['a latitude out of range', { boundary: [sq(113, 89.9995, 0.001)] }, 'boundary.0.2.1'],
    [
      'a position of 3 numbers',
      {
        boundary: [
          [
            [113, 22, 1],
            [113.1, 22],
            [113.1, 22.1],
          ],
        ],
      },
      'boundary',
    ],
    [
      'collinear positions',
      {
        boundary: [
          [
            [113, 22],
            [113.001, 22.001],
            [113.002, 22.002],
          ],
        ],
      },
      'boundary',
    ],
    ['no rings', { boundary: [] }, 'boundary'],
    [
      'more than 2,000 positions',
      {
        boundary: [
          Array.from({ length: 2000 }, (_, i) => [
            113 + 0.01 * Math.cos((2 * Math.PI * i) / 2000),
            22 + 0.01 * Math.sin((2 * Math.PI * i) / 2000),
          ]),
        ],
      },
      'boundary: at most 2000 positions',
    ],
    ['an unknown base', { areaId: 987_654 }, 'areaId'],
  ])('answers 400 naming the field for %s, and creates nothing', async (_what, patch, field_) => {
    const before = (await list()).totalElements;
    const res = await create('admin', { areaId: field, landName: 'Bad plot', ...patch });
    expect(res.statusCode).toBe(400);
    expect(json<ErrBody>(res).message).toContain(field_);
    expect((await list()).totalElements).toBe(before);
  });

  it('answers a bad boundary in Chinese too', async () => {
    const res = await s.inject({
      method: 'POST',
      url: url(tA),
      headers: auth(tok.admin),
      payload: {
        areaId: field,
        landName: 'Bad',
        boundary: [
          [
            [113, 22],
            [113.001, 22.001],
            [113.002, 22.002],
          ],
        ],
      },
    });
    expect(json<ErrBody>(res)).toMatchObject({
      code: 'wfpf.land.boundaryInvalid',
      message: 'boundary：地块边界面积为零',
    });
  });

  it('answers 409 for a duplicate name in the same base or a duplicate code in the tenant', async () => {
    const byName = await create('admin', { areaId: field, landName: 'Greenhouse 1' });
    expect(byName.statusCode).toBe(409);
    expect(json<ErrBody>(byName)).toMatchObject({ code: 'wfpf.land.nameExists' });
    expect(json<ErrBody>(byName).message).toContain('"Greenhouse 1"');
    // The same name is fine in another base; the same code is not.
    const other = await create('admin', { areaId: ponds, landName: 'Greenhouse 1' });
    expect(other.statusCode).toBe(200);
    const byNum = await create('admin', { areaId: ponds, landName: 'Pond 2', landNum: 'PY-L01' });
    expect(byNum.statusCode).toBe(409);
    expect(json<ErrBody>(byNum).code).toBe('wfpf.land.numExists');
    expect(await names()).not.toContain('Pond 2');
  });

  it("refuses a viewer with 403 and tenant B gets 403 on A and 404 for A's plots in B", async () => {
    const v = await create('viewer', { areaId: field, landName: 'Viewer plot' });
    expect(v.statusCode).toBe(403);
    expect(await names()).not.toContain('Viewer plot');
    expect((await getOne('adminB', first.landId)).statusCode).toBe(403);
    expect((await getOne('adminB', first.landId, tB)).statusCode).toBe(404);
    const put = await update(
      'adminB',
      { landId: first.landId, objectVersionNumber: 1, landName: 'Hijacked' },
      tB,
    );
    expect(put.statusCode).toBe(404);
    expect((await remove('adminB', { landId: first.landId }, tB)).statusCode).toBe(404);
    expect((await call('adminB', 'POST', url(tB, '/free'), { landId: first.landId })).statusCode).toBe(404);
    expect((await call('adminB', 'GET', url(tB, `/history?landId=${first.landId}`))).statusCode).toBe(404);
    expect((await call('adminB', 'GET', url(tB, `/un-bound/${field}`))).statusCode).toBe(404);
    // B cannot put a plot on A's base either.
    expect((await create('adminB', { areaId: field, landName: 'Sneaky' }, tB)).statusCode).toBe(400);
    expect(json<LandBody>(await getOne('admin', first.landId))).toMatchObject({
      landName: 'Greenhouse 1',
      objectVersionNumber: 1,
    });
    const bPlot = await create('adminB', { areaId: baseB, landName: 'Greenhouse 1', landNum: 'PY-L01' }, tB);
    expect(bPlot.statusCode).toBe(200);
  });
});

describe('plots: update and delete', () => {
  const byName = async (name: string) => {
    const l = (await list()).content.find((x) => x.landName === name && x.areaId === field);
    if (!l) throw new Error(`no plot ${name}`);
    return l;
  };

  it('updates with the current version, recomputing the area; a stale version is 409 and changes nothing', async () => {
    const g = await byName('Greenhouse 1');
    const res = await update('operator', {
      landId: g.landId,
      objectVersionNumber: g.objectVersionNumber,
      landName: 'Greenhouse 1',
      boundary: [sq(113.34, 22.96, 0.002)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const u = json<LandBody>(res);
    expect(u.areaM2).toBeCloseTo(cellArea(22.96, 0.002), 2);
    expect(u).toMatchObject({
      landCenter: '22.961000,113.341000',
      landNum: 'PY-L01',
      soilType: 'loam',
      objectVersionNumber: g.objectVersionNumber + 1,
    });
    const stale = await update('admin', {
      landId: g.landId,
      objectVersionNumber: g.objectVersionNumber,
      landName: 'Renamed',
    });
    expect(stale.statusCode).toBe(409);
    expect(json<ErrBody>(stale).code).toBe('error.objectVersionNumber.stale');
    expect((await byName('Greenhouse 1')).objectVersionNumber).toBe(u.objectVersionNumber);
  });

  it('clears the boundary with null; a bad one is 400 and changes nothing', async () => {
    const v = await byName('Vegetables');
    const bad = await update('admin', {
      landId: v.landId,
      objectVersionNumber: v.objectVersionNumber,
      landName: 'Vegetables',
      boundary: [
        [
          [1, 1],
          [2, 2],
        ],
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(json<ErrBody>(bad).message).toContain('boundary');
    expect(await byName('Vegetables')).toEqual(v);
    const res = await update('admin', {
      landId: v.landId,
      objectVersionNumber: v.objectVersionNumber,
      landName: 'Vegetables',
      boundary: null,
      landCenter: '22.9,113.3',
      enabledFlag: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(json<LandBody>(res)).toMatchObject({
      boundary: null,
      areaM2: null,
      areaMu: null,
      landCenter: '22.9,113.3',
      enabledFlag: 0,
    });
  });

  it('answers 404 for an unknown plot and 409 for a rename onto another plot of the base', async () => {
    expect((await getOne('admin', 987_654)).statusCode).toBe(404);
    const missing = await update('admin', { landId: 987_654, objectVersionNumber: 1, landName: 'x' });
    expect(missing.statusCode).toBe(404);
    const v = await byName('Vegetables');
    const clash = await update('admin', {
      landId: v.landId,
      objectVersionNumber: v.objectVersionNumber,
      landName: 'Greenhouse 1',
    });
    expect(clash.statusCode).toBe(409);
    expect(json<ErrBody>(clash).code).toBe('wfpf.land.nameExists');
  });

  it('refuses edits, frees and deletes to a viewer', async () => {
    const g = await byName('Greenhouse 1');
    const put = await update('viewer', {
      landId: g.landId,
      objectVersionNumber: g.objectVersionNumber,
      landName: 'Mine',
    });
    expect(put.statusCode).toBe(403);
    expect((await remove('viewer', { landId: g.landId })).statusCode).toBe(403);
    expect((await call('viewer', 'POST', url(tA, '/free'), { landId: g.landId })).statusCode).toBe(403);
  });

  it('deletes with the current version, 409 for a stale one', async () => {
    const res = await create('admin', { areaId: field, landName: 'Short-lived' });
    const l = json<LandBody>(res);
    expect((await remove('admin', { landId: l.landId, objectVersionNumber: 7 })).statusCode).toBe(409);
    const ok = await remove('operator', { landId: l.landId, objectVersionNumber: 1 });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toEqual({ success: true });
    expect((await getOne('admin', l.landId)).statusCode).toBe(404);
    expect((await remove('admin', { landId: l.landId })).statusCode).toBe(404);
  });
});

describe('plots and batches: bound, un-bound, free and history', () => {
  let plot: LandBody;
  let batchId: number;

  it('shows the growing batch on its plot and filters by bound', async () => {
    plot = (await list()).content.find(
      (l) => l.landName === 'Greenhouse 1' && l.areaId === field,
    ) as LandBody;
    const res = await call('admin', 'POST', `/wfpf/v1/${tA}/batch`, {
      batchName: 'Spring tomatoes',
      landId: plot.landId,
      cropId,
      startDate: '2025-03-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    batchId = json<{ batchId: number }>(res).batchId;
    const got = json<LandBody>(await getOne('viewer', plot.landId));
    expect(got.currentBatch).toMatchObject({
      batchId,
      batchName: 'Spring tomatoes',
      cropName: 'Tomato',
      varietyName: null,
      startDate: '2025-03-01',
    });
    expect(await names(`&areaId=${field}&bound=1`)).toEqual(['Greenhouse 1']);
    expect(await names(`&areaId=${field}&bound=0`)).toEqual(['Vegetables']);
  });

  it('lists the enabled plots of a base with no growing batch under un-bound/{areaId}', async () => {
    const extra = await create('admin', {
      areaId: field,
      landName: 'Field 3',
      boundary: [sq(113.36, 22.96)],
    });
    expect(extra.statusCode).toBe(200);
    const res = await call('viewer', 'GET', url(tA, `/un-bound/${field}`));
    expect(res.statusCode).toBe(200);
    // Greenhouse 1 is taken, Vegetables is disabled.
    expect(json<LandBody[]>(res).map((l) => l.landName)).toEqual(['Field 3']);
    expect((await call('viewer', 'GET', url(tA, '/un-bound/987654'))).statusCode).toBe(404);
  });

  it('refuses to delete a plot with a growing batch, or to turn it into a pond', async () => {
    const del = await remove('admin', { landId: plot.landId });
    expect(del.statusCode).toBe(409);
    expect(json<ErrBody>(del)).toMatchObject({ code: 'wfpf.land.inUse' });
    expect(json<ErrBody>(del).message).toContain('Spring tomatoes');
    const cur = json<LandBody>(await getOne('admin', plot.landId));
    const usage = await update('admin', {
      landId: plot.landId,
      objectVersionNumber: cur.objectVersionNumber,
      landName: cur.landName,
      landUsage: 'nurture',
    });
    expect(usage.statusCode).toBe(409);
    expect(json<ErrBody>(usage).code).toBe('wfpf.land.usageInUse');
  });

  it('frees a plot: the batch ends today and shows in the history', async () => {
    const res = await call('operator', 'POST', url(tA, '/free'), { landId: plot.landId });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<LandBody>(res)).toMatchObject({ landId: plot.landId, currentBatch: null });
    const hist = await call('viewer', 'GET', url(tA, `/history?landId=${plot.landId}`));
    expect(hist.statusCode).toBe(200);
    expect(json<HistoryBody[]>(hist)).toEqual([
      expect.objectContaining({
        batchId,
        batchName: 'Spring tomatoes',
        cropName: 'Tomato',
        startDate: '2025-03-01',
        endDate: todayIn(ZONE),
        status: 'closed',
        harvestQuantity: null,
      }),
    ]);
    const batch = await call('viewer', 'GET', `/wfpf/v1/${tA}/batch/${batchId}`);
    expect(json(batch)).toMatchObject({ status: 'closed', endDate: todayIn(ZONE), landId: plot.landId });
    // Freeing a free plot changes nothing.
    expect((await call('operator', 'POST', url(tA, '/free'), { landId: plot.landId })).statusCode).toBe(200);
    expect(await names(`&areaId=${field}&bound=1`)).toEqual([]);
  });

  it('orders the history latest first, with the harvest', async () => {
    const res = await call('admin', 'POST', `/wfpf/v1/${tA}/batch`, {
      batchName: 'Autumn tomatoes',
      landId: plot.landId,
      cropId,
      startDate: '2025-08-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = json<{ batchId: number }>(res).batchId;
    const h = await call('admin', 'POST', `/wfpf/v1/${tA}/batch/harvest`, {
      batchId: id,
      harvestQuantity: 1250.5,
      unit: 'kg',
      harvestDate: '2025-11-20',
    });
    expect(h.statusCode, h.body).toBe(200);
    const hist = json<HistoryBody[]>(await call('viewer', 'GET', url(tA, `/history?landId=${plot.landId}`)));
    expect(hist.map((b) => [b.batchName, b.status, b.endDate, b.harvestQuantity])).toEqual([
      ['Autumn tomatoes', 'harvested', '2025-11-20', 1250.5],
      ['Spring tomatoes', 'closed', todayIn(ZONE), null],
    ]);
    expect((await call('viewer', 'GET', url(tA, '/history?landId=987654'))).statusCode).toBe(404);
    expect((await call('viewer', 'GET', url(tA, '/history'))).statusCode).toBe(400);
  });

  it('deletes a free plot; its past batches stay, unbound', async () => {
    const res = await remove('admin', { landId: plot.landId });
    expect(res.statusCode).toBe(200);
    const batch = json<{ landId: number | null; areaId: number }>(
      await call('viewer', 'GET', `/wfpf/v1/${tA}/batch/${batchId}`),
    );
    expect(batch).toMatchObject({ landId: null, areaId: field });
  });
});

describe('plots: listing', () => {
  it('pages (0-based), and filters by base, name (contains, any case, % literal) and usage', async () => {
    for (const n of ['Plot Alpha', 'Plot Beta', '100%_pure']) {
      expect((await create('admin', { areaId: field, landName: n })).statusCode).toBe(200);
    }
    const total = (await list()).totalElements;
    const p1 = json<PageBody<LandBody>>(await call('viewer', 'GET', url(tA, '?page=1&size=2')));
    expect(p1).toMatchObject({ number: 1, size: 2, totalElements: total, totalPages: Math.ceil(total / 2) });
    expect(p1.content).toHaveLength(2);
    expect(await names('&landName=plot%20')).toEqual(['Plot Alpha', 'Plot Beta']);
    expect(await names(`&landName=${encodeURIComponent('%_')}`)).toEqual(['100%_pure']);
    expect(await names('&landUsage=nurture')).toEqual(['Pond 1', 'Greenhouse 1']);
    expect(await names(`&areaId=${ponds}&landUsage=`)).toEqual(['Pond 1', 'Greenhouse 1']);
    expect((await list('&enabledFlag=0')).content.map((l) => l.landName)).toEqual(['Vegetables']);
  });

  it('answers 400 for bad paging or filters and 401 without a token', async () => {
    expect((await call('viewer', 'GET', url(tA, '?page=-1'))).statusCode).toBe(400);
    expect((await call('viewer', 'GET', url(tA, '?bound=2'))).statusCode).toBe(400);
    expect((await call('viewer', 'GET', url(tA, '?areaId=abc'))).statusCode).toBe(400);
    expect((await s.inject({ method: 'GET', url: url(tA) })).statusCode).toBe(401);
  });
});

describe("freeing a plot follows the tenant's time zone", () => {
  it("in America/New_York, the batch ends on New York's today", async () => {
    const at = splitInstant();
    const { newYork } = daysAt(at);
    const [crop] = await s.platform.database.withTenant(tB, (tx) =>
      tx.insert(crops).values({ tenantId: tB, cropName: 'Kale', cropType: 'plant' }).returning(),
    );
    const plotB = json<LandBody>(await create('adminB', { areaId: baseB, landName: 'Hudson plot' }, tB));
    const made = await call('adminB', 'POST', `/wfpf/v1/${tB}/batch`, {
      batchName: 'Hudson kale',
      landId: plotB.landId,
      cropId: crop?.id,
      startDate: '2025-03-01',
    });
    expect(made.statusCode, made.body).toBe(200);
    const { batchId } = json<{ batchId: number }>(made);
    await setTenantZone(s, tok.adminB, tB, NEW_YORK);
    try {
      await atInstant(at, async () => {
        const token = await login(s, 'adminB');
        const headers = auth(token);
        const res = await s.inject({
          method: 'POST',
          url: url(tB, '/free'),
          headers,
          payload: { landId: plotB.landId },
        });
        expect(res.statusCode, res.body).toBe(200);
        const batch = await s.inject({ method: 'GET', url: `/wfpf/v1/${tB}/batch/${batchId}`, headers });
        expect(json(batch)).toMatchObject({ status: 'closed', endDate: newYork });
      });
    } finally {
      await setTenantZone(s, tok.adminB, tB, SHANGHAI);
    }
  });
});
