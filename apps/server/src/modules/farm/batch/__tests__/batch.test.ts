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
import { crops, varieties } from '../../crop/crop.tables.js';

// The fixture tenants keep the default zone; a test that moves one names its own.
const ZONE = 'Asia/Shanghai';

interface BatchBody {
  batchId: number;
  batchCode: string;
  batchName: string;
  batchType: string;
  areaId: number;
  areaName: string | null;
  landId: number | null;
  landName: string | null;
  cropId: number;
  cropName: string | null;
  varietyId: number | null;
  varietyName: string | null;
  plantingStandard: string;
  startDate: string;
  endDate: string | null;
  plannedQuantity: number | null;
  stockCount: number | null;
  unit: string | null;
  harvestQuantity: number | null;
  harvestDate: string | null;
  status: string;
  description: string | null;
  objectVersionNumber: number;
  creationDate: string;
}
interface PlanItem {
  batchId: number;
  batchName: string;
  landName: string | null;
  cropName: string | null;
  varietyName: string | null;
  startDate: string;
  endDate: string | null;
  expectedEndDate: string | null;
}

let s: TestServer;
let tA: number;
let tB: number;
let tok: RoleTokens;
const ids = {
  field: 0, // plant base
  farm: 0, // nurture base
  plot1: 0,
  plot2: 0,
  plot3: 0,
  pond: 0,
  tomato: 0,
  cherry: 0, // variety of tomato, 90 days
  rice: 0,
  riceVariety: 0,
  carp: 0, // nurture crop
  baseB: 0,
  plotB: 0,
  cropB: 0,
};

type Who = keyof typeof tok;
const en = { 'accept-language': 'en-US' };
const url = (tenant: number, rest = '') => `/wfpf/v1/${tenant}/batch${rest}`;
const call = (
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  headers: Record<string, string> = en,
) =>
  s.inject({
    method,
    url: path,
    headers: { ...auth(tok[who]), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const create = (who: Who, payload: Record<string, unknown>, tenant = tA) =>
  call(who, 'POST', url(tenant), payload);
const update = (who: Who, payload: Record<string, unknown>, tenant = tA) =>
  call(who, 'PUT', url(tenant), payload);
const remove = (who: Who, payload: Record<string, unknown>, tenant = tA) =>
  call(who, 'DELETE', url(tenant), payload);
const harvest = (who: Who, payload: Record<string, unknown>, tenant = tA) =>
  call(who, 'POST', url(tenant, '/harvest'), payload);
const getOne = async (id: number) => json<BatchBody>(await call('viewer', 'GET', url(tA, `/${id}`)));
const list = async (query = '') =>
  json<PageBody<BatchBody>>(await call('viewer', 'GET', url(tA, `?size=0${query}`)));
const total = async () => (await list()).totalElements;

const post = async (who: Who, tenant: number, path: string, payload: Record<string, unknown>) => {
  const res = await call(who, 'POST', `/wfpf/v1/${tenant}/${path}`, payload);
  expect(res.statusCode, res.body).toBe(200);
  return json<Record<string, number>>(res);
};
const insertCrop = async (tenant: number, cropName: string, cropType = 'plant') => {
  const [c] = await s.platform.database.withTenant(tenant, (tx) =>
    tx.insert(crops).values({ tenantId: tenant, cropName, cropType }).returning(),
  );
  return c?.id ?? 0;
};
const insertVariety = async (tenant: number, cropId: number, varietyName: string, growthDays: number) => {
  const [v] = await s.platform.database.withTenant(tenant, (tx) =>
    tx.insert(varieties).values({ tenantId: tenant, cropId, varietyName, growthDays }).returning(),
  );
  return v?.id ?? 0;
};

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  tok = await signInRoles(s);
  ids.field = (await post('admin', tA, 'area', { areaName: 'Panyu fields' })).areaId ?? 0;
  ids.farm =
    (await post('admin', tA, 'area', { areaName: 'Nansha ponds', areaUsage: 'nurture' })).areaId ?? 0;
  ids.plot1 = (await post('admin', tA, 'land', { areaId: ids.field, landName: 'Plot 1' })).landId ?? 0;
  ids.plot2 = (await post('admin', tA, 'land', { areaId: ids.field, landName: 'Plot 2' })).landId ?? 0;
  ids.plot3 = (await post('admin', tA, 'land', { areaId: ids.field, landName: 'Plot 3' })).landId ?? 0;
  ids.pond = (await post('admin', tA, 'land', { areaId: ids.farm, landName: 'Pond 1' })).landId ?? 0;
  ids.tomato = await insertCrop(tA, 'Tomato');
  ids.cherry = await insertVariety(tA, ids.tomato, 'Cherry', 90);
  ids.rice = await insertCrop(tA, 'Rice');
  ids.riceVariety = await insertVariety(tA, ids.rice, 'Indica', 120);
  ids.carp = await insertCrop(tA, 'Grass carp', 'nurture');
  ids.baseB = (await post('adminB', tB, 'area', { areaName: 'B base' })).areaId ?? 0;
  ids.plotB = (await post('adminB', tB, 'land', { areaId: ids.baseB, landName: 'B plot' })).landId ?? 0;
  ids.cropB = await insertCrop(tB, 'B crop');
});
afterAll(async () => {
  await s?.close();
});

const CODE = /^B\d{8}-\d{3}$/;
const todayCode = () => `B${todayIn(ZONE).replaceAll('-', '')}-`;

describe('batches: create', () => {
  let first: BatchBody;

  it('creates a growing batch on a plot with a generated code, the base of the plot and joined names', async () => {
    const res = await create('admin', {
      batchName: '  Spring tomatoes ',
      landId: ids.plot1,
      cropId: ids.tomato,
      varietyId: ids.cherry,
      plantingStandard: 'organic',
      startDate: '2025-03-01',
      endDate: '2025-06-30',
      plannedQuantity: 12_000.5,
      unit: 'kg',
      description: 'first crop',
    });
    expect(res.statusCode, res.body).toBe(200);
    first = json<BatchBody>(res);
    expect(first).toMatchObject({
      batchCode: `${todayCode()}001`,
      batchName: 'Spring tomatoes',
      batchType: 'plant',
      areaId: ids.field,
      areaName: 'Panyu fields',
      landId: ids.plot1,
      landName: 'Plot 1',
      cropId: ids.tomato,
      cropName: 'Tomato',
      varietyId: ids.cherry,
      varietyName: 'Cherry',
      plantingStandard: 'organic',
      startDate: '2025-03-01',
      endDate: '2025-06-30',
      plannedQuantity: 12_000.5,
      stockCount: null,
      unit: 'kg',
      harvestQuantity: null,
      harvestDate: null,
      status: 'growing',
      description: 'first crop',
      objectVersionNumber: 1,
    });
    expect(first.batchCode).toMatch(CODE);
    expect(await getOne(first.batchId)).toEqual(first);
  });

  it('numbers generated codes by day and takes a given code', async () => {
    const res = await create('operator', {
      batchName: 'Rice',
      landId: ids.plot2,
      cropId: ids.rice,
      startDate: '2025-04-01 08:00:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<BatchBody>(res)).toMatchObject({
      batchCode: `${todayCode()}002`,
      startDate: '2025-04-01',
      plantingStandard: 'normal',
    });
    const own = await create('admin', {
      batchName: 'Unbound seedlings',
      batchCode: 'SEED_2025-01',
      areaId: ids.field,
      cropId: ids.tomato,
      startDate: '2025-02-01',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(json<BatchBody>(own)).toMatchObject({ batchCode: 'SEED_2025-01', landId: null, landName: null });
  });

  it('takes the usage of a pond for its batch, with a stock count', async () => {
    const res = await create('admin', {
      batchName: 'Carp 2025',
      landId: ids.pond,
      cropId: ids.carp,
      startDate: '2025-03-15',
      stockCount: 5000,
      plantingStandard: 'pollution_free',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<BatchBody>(res)).toMatchObject({ batchType: 'nurture', stockCount: 5000, areaId: ids.farm });
  });

  it('rejects a second growing batch on a plot with 409, in both languages', async () => {
    const payload = { batchName: 'Again', landId: ids.plot1, cropId: ids.tomato, startDate: '2025-05-01' };
    const res = await create('admin', payload);
    expect(res.statusCode).toBe(409);
    expect(json<ErrBody>(res).code).toBe('wfpf.batch.existsOnLand');
    expect(json<ErrBody>(res).message).toContain('A batch already exists in this plot');
    const zh = await call('admin', 'POST', url(tA), payload, {});
    expect(json<ErrBody>(zh).message).toContain('该地块已存在批次');
  });

  it('lets exactly one of several concurrent batches onto a free plot', async () => {
    const racing = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        create('admin', {
          batchName: `Race ${i}`,
          landId: ids.plot3,
          cropId: ids.rice,
          startDate: '2025-05-01',
        }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const codes = (await list()).content.map((b) => b.batchCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each([
    ['a blank name', { batchName: '  ' }, 'batchName'],
    ['a 61-character name', { batchName: 'n'.repeat(61) }, 'batchName: text too long'],
    ['a code with symbols', { batchCode: 'B 1!' }, 'batchCode'],
    ['a 31-character code', { batchCode: 'c'.repeat(31) }, 'batchCode: text too long'],
    [
      'start after end',
      { startDate: '2025-05-02', endDate: '2025-05-01' },
      'endDate: start date cannot be later than end date',
    ],
    ['a date that does not exist', { startDate: '2025-02-30' }, 'startDate'],
    ['a date in another form', { startDate: '01/03/2025' }, 'startDate'],
    ['a planned quantity with 3 decimals', { plannedQuantity: 1.234 }, 'plannedQuantity'],
    ['a negative planned quantity', { plannedQuantity: -1 }, 'plannedQuantity'],
    ['a planned quantity over 99,999,999', { plannedQuantity: 100_000_000 }, 'plannedQuantity'],
    ['an unknown planting standard', { plantingStandard: 'bio' }, 'plantingStandard'],
    ['a stock count on a plant batch', { stockCount: 10 }, 'stockCount'],
    ['a negative stock count', { stockCount: -1 }, 'stockCount'],
    ['an unknown crop', { cropId: 987_654 }, 'cropId'],
    ['a variety of another crop', { varietyId: 0 }, 'varietyId'],
    ['an unknown plot', { landId: 987_654, areaId: undefined }, 'landId'],
    ['a plot of another base', { landId: -1 }, 'areaId'],
    ['a plant batch in a pond', { landId: -2, areaId: undefined, batchType: 'plant' }, 'batchType'],
    ['neither base nor plot', { areaId: undefined }, 'areaId'],
    ['an unknown base', { areaId: 987_654 }, 'areaId'],
    ['an unknown field', { colour: 'red' }, 'colour'],
  ])('answers 400 naming the field for %s, and creates nothing', async (_what, patch, field) => {
    const p: Record<string, unknown> = {
      batchName: 'Bad batch',
      areaId: ids.field,
      cropId: ids.tomato,
      startDate: '2025-05-01',
      ...patch,
    };
    if (p.varietyId === 0) p.varietyId = ids.riceVariety;
    if (p.landId === -1) p.landId = ids.pond;
    if (p.landId === -2) p.landId = ids.pond;
    const before = await total();
    const res = await create('admin', p);
    expect(res.statusCode, res.body).toBe(400);
    expect(json<ErrBody>(res).message).toContain(field);
    expect(await total()).toBe(before);
  });

  it('answers 409 for a duplicate code', async () => {
    const res = await create('admin', {
      batchName: 'Dup',
      batchCode: 'SEED_2025-01',
      areaId: ids.field,
      cropId: ids.tomato,
      startDate: '2025-05-01',
    });
    expect(res.statusCode).toBe(409);
    expect(json<ErrBody>(res)).toMatchObject({ code: 'wfpf.batch.codeExists' });
    expect(json<ErrBody>(res).message).toContain('"SEED_2025-01"');
  });

  it('refuses a viewer with 403 and lets them read', async () => {
    const res = await create('viewer', {
      batchName: 'Viewer batch',
      areaId: ids.field,
      cropId: ids.tomato,
      startDate: '2025-05-01',
    });
    expect(res.statusCode).toBe(403);
    expect((await list('&batchName=viewer')).totalElements).toBe(0);
    expect((await call('viewer', 'GET', url(tA))).statusCode).toBe(200);
  });
});

describe('batches: tenants', () => {
  it("tenant B gets 404 for A's batches and cannot bind a batch to A's plot or crop", async () => {
    const a = (await list('&batchName=spring')).content[0] as BatchBody;
    expect((await call('adminB', 'GET', url(tA, `/${a.batchId}`))).statusCode).toBe(403);
    expect((await call('adminB', 'GET', url(tB, `/${a.batchId}`))).statusCode).toBe(404);
    const put = await update(
      'adminB',
      { batchId: a.batchId, objectVersionNumber: 1, batchName: 'Hijacked' },
      tB,
    );
    expect(put.statusCode).toBe(404);
    expect((await remove('adminB', { batchId: a.batchId }, tB)).statusCode).toBe(404);
    const h = await harvest(
      'adminB',
      { batchId: a.batchId, harvestQuantity: 1, unit: 'kg', harvestDate: '2025-06-01' },
      tB,
    );
    expect(h.statusCode).toBe(404);
    const onA = await create(
      'adminB',
      { batchName: 'Sneaky', landId: ids.plot3, cropId: ids.cropB, startDate: '2025-05-01' },
      tB,
    );
    expect(onA.statusCode).toBe(400);
    expect(json<ErrBody>(onA).code).toBe('wfpf.batch.landNotFound');
    const cropA = await create(
      'adminB',
      { batchName: 'Sneaky', landId: ids.plotB, cropId: ids.tomato, startDate: '2025-05-01' },
      tB,
    );
    expect(json<ErrBody>(cropA).code).toBe('wfpf.batch.cropNotFound');
    const plan = await call('adminB', 'GET', url(tB, '/plan?startDate=2000-01-01&endDate=2999-12-31'));
    expect(json<PlanItem[]>(plan)).toEqual([]);
    expect(await getOne(a.batchId)).toEqual(a);
    // B's own batch on its own plot works.
    const own = await create(
      'adminB',
      { batchName: 'B batch', landId: ids.plotB, cropId: ids.cropB, startDate: '2025-05-01' },
      tB,
    );
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe('batches: update, harvest and delete', () => {
  const byName = async (name: string) => {
    const b = (await list()).content.find((x) => x.batchName === name);
    if (!b) throw new Error(`no batch ${name}`);
    return b;
  };

  it('updates with the current version; a stale one is 409 and changes nothing', async () => {
    const b = await byName('Spring tomatoes');
    const res = await update('operator', {
      batchId: b.batchId,
      objectVersionNumber: b.objectVersionNumber,
      batchName: 'Spring tomatoes',
      plantingStandard: 'green',
      plannedQuantity: 99_999_999,
      endDate: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const u = json<BatchBody>(res);
    expect(u).toMatchObject({
      plantingStandard: 'green',
      plannedQuantity: 99_999_999,
      endDate: null,
      varietyName: 'Cherry',
      batchCode: b.batchCode,
      objectVersionNumber: b.objectVersionNumber + 1,
    });
    const stale = await update('admin', {
      batchId: b.batchId,
      objectVersionNumber: b.objectVersionNumber,
      batchName: 'Renamed',
    });
    expect(stale.statusCode).toBe(409);
    expect(json<ErrBody>(stale).code).toBe('error.objectVersionNumber.stale');
    expect(await getOne(b.batchId)).toEqual(u);
  });

  it('refuses an end date before the kept start date, and a crop change that orphans the variety', async () => {
    const b = await byName('Spring tomatoes');
    const early = await update('admin', {
      batchId: b.batchId,
      objectVersionNumber: b.objectVersionNumber,
      batchName: b.batchName,
      endDate: '2025-02-01',
    });
    expect(early.statusCode).toBe(400);
    expect(json<ErrBody>(early).code).toBe('wfpf.batch.dateOrder');
    const crop = await update('admin', {
      batchId: b.batchId,
      objectVersionNumber: b.objectVersionNumber,
      batchName: b.batchName,
      cropId: ids.rice,
    });
    expect(crop.statusCode).toBe(400);
    expect(json<ErrBody>(crop).message).toContain('varietyId');
    expect(await getOne(b.batchId)).toEqual(b);
  });

  it('refuses to move a growing batch onto a plot that has one, and moves it to a free plot', async () => {
    const b = await byName('Rice');
    const onto = await update('admin', {
      batchId: b.batchId,
      objectVersionNumber: b.objectVersionNumber,
      batchName: 'Rice',
      landId: ids.plot1,
    });
    expect(onto.statusCode).toBe(409);
    expect(json<ErrBody>(onto).code).toBe('wfpf.batch.existsOnLand');
    const unbind = await update('admin', {
      batchId: b.batchId,
      objectVersionNumber: b.objectVersionNumber,
      batchName: 'Rice',
      landId: null,
    });
    expect(unbind.statusCode, unbind.body).toBe(200);
    expect(json<BatchBody>(unbind)).toMatchObject({ landId: null, areaId: ids.field });
    const free = await call('viewer', 'GET', `/wfpf/v1/${tA}/land/un-bound/${ids.field}`);
    expect(json<{ landName: string }[]>(free).map((l) => l.landName)).toEqual(['Plot 2']);
    const back = await update('admin', {
      batchId: b.batchId,
      objectVersionNumber: b.objectVersionNumber + 1,
      batchName: 'Rice',
      landId: ids.plot2,
      varietyId: ids.riceVariety,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(json<BatchBody>(back)).toMatchObject({ landName: 'Plot 2', varietyName: 'Indica' });
  });

  it('records a harvest: status harvested, quantity and end date; the plot is free again', async () => {
    const b = await byName('Spring tomatoes');
    const bads: [Record<string, unknown>, string][] = [
      [{ harvestQuantity: 0 }, 'harvestQuantity'],
      [{ harvestQuantity: 12.345 }, 'harvestQuantity'],
      [{ harvestQuantity: 100_000_000 }, 'harvestQuantity'],
      [{ unit: ' ' }, 'unit'],
      [{ harvestDate: '2025-02-28' }, 'harvestDate'],
    ];
    for (const [patch, field] of bads) {
      const bad = await harvest('admin', {
        batchId: b.batchId,
        harvestQuantity: 10,
        unit: 'kg',
        harvestDate: '2025-06-20',
        ...patch,
      });
      expect(bad.statusCode, field).toBe(400);
      expect(json<ErrBody>(bad).message).toContain(field);
    }
    expect(await getOne(b.batchId)).toEqual(b);
    expect(
      (
        await harvest('viewer', {
          batchId: b.batchId,
          harvestQuantity: 1,
          unit: 'kg',
          harvestDate: '2025-06-20',
        })
      ).statusCode,
    ).toBe(403);
    const res = await harvest('operator', {
      batchId: b.batchId,
      objectVersionNumber: b.objectVersionNumber,
      harvestQuantity: 11_800.25,
      unit: 'kg',
      harvestDate: '2025-06-20',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<BatchBody>(res)).toMatchObject({
      status: 'harvested',
      harvestQuantity: 11_800.25,
      harvestDate: '2025-06-20',
      unit: 'kg',
      endDate: '2025-06-20',
      objectVersionNumber: b.objectVersionNumber + 1,
    });
    const stale = await harvest('operator', {
      batchId: b.batchId,
      objectVersionNumber: b.objectVersionNumber,
      harvestQuantity: 1,
      unit: 'kg',
      harvestDate: '2025-06-21',
    });
    expect(stale.statusCode).toBe(409);
    const next = await create('admin', {
      batchName: 'Summer tomatoes',
      landId: ids.plot1,
      cropId: ids.tomato,
      startDate: '2025-07-01',
    });
    expect(next.statusCode, next.body).toBe(200);
    expect((await list('&status=harvested')).content.map((x) => x.batchName)).toEqual(['Spring tomatoes']);
  });

  it('deletes only a batch with no harvest; viewers may not', async () => {
    const harvested = await byName('Spring tomatoes');
    const refused = await remove('admin', { batchId: harvested.batchId });
    expect(refused.statusCode).toBe(409);
    expect(json<ErrBody>(refused).code).toBe('wfpf.batch.hasHarvest');
    const summer = await byName('Summer tomatoes');
    expect((await remove('viewer', { batchId: summer.batchId })).statusCode).toBe(403);
    expect((await remove('admin', { batchId: summer.batchId, objectVersionNumber: 9 })).statusCode).toBe(409);
    const ok = await remove('operator', { batchId: summer.batchId, objectVersionNumber: 1 });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toEqual({ success: true });
    expect((await call('viewer', 'GET', url(tA, `/${summer.batchId}`))).statusCode).toBe(404);
    expect((await remove('admin', { batchId: summer.batchId })).statusCode).toBe(404);
  });
});

describe('batches: listing and plan', () => {
  it('pages (0-based), latest start first, and filters', async () => {
    const all = await list();
    const starts = all.content.map((b) => b.startDate);
    expect(starts).toEqual([...starts].sort().reverse());
    const p1 = json<PageBody<BatchBody>>(await call('viewer', 'GET', url(tA, '?page=1&size=2')));
    expect(p1).toMatchObject({ number: 1, size: 2, totalElements: all.totalElements });
    expect(p1.content).toHaveLength(2);
    const name = async (q: string) => (await list(q)).content.map((b) => b.batchName).sort();
    expect(await name(`&areaId=${ids.farm}`)).toEqual(['Carp 2025']);
    expect(await name(`&landId=${ids.plot2}`)).toEqual(['Rice']);
    expect(await name(`&cropId=${ids.tomato}`)).toEqual(['Spring tomatoes', 'Unbound seedlings']);
    expect(await name('&batchType=nurture')).toEqual(['Carp 2025']);
    expect(await name('&batchName=TOMATO&status=')).toEqual(['Spring tomatoes']);
    expect((await call('viewer', 'GET', url(tA, '?status=sleeping'))).statusCode).toBe(400);
  });

  it('answers the batches overlapping a period, by plot, with expected ends from growth days', async () => {
    const plan = await call(
      'viewer',
      'GET',
      url(tA, `/plan?areaId=${ids.field}&startDate=2025-04-15&endDate=2025-12-31`),
    );
    expect(plan.statusCode, plan.body).toBe(200);
    const items = json<PlanItem[]>(plan);
    // The race winner is one of 'Race 0'…'Race 4'.
    const race = items[2]?.batchName ?? '';
    expect(race).toMatch(/^Race \d$/);
    expect(items.map((i) => [i.batchName, i.landName])).toEqual([
      ['Spring tomatoes', 'Plot 1'],
      ['Rice', 'Plot 2'],
      [race, 'Plot 3'],
      ['Unbound seedlings', null],
    ]);
    const rice = items.find((i) => i.batchName === 'Rice');
    expect(rice).toMatchObject({ endDate: null, expectedEndDate: '2025-07-30', varietyName: 'Indica' });
    const spring = items.find((i) => i.batchName === 'Spring tomatoes');
    expect(spring).toMatchObject({ endDate: '2025-06-20', expectedEndDate: '2025-06-20' });
    // Spring tomatoes ended on 2025-06-20: not in a later period.
    const later = json<PlanItem[]>(
      await call(
        'viewer',
        'GET',
        url(tA, `/plan?areaId=${ids.field}&startDate=2025-06-21&endDate=2025-12-31`),
      ),
    );
    expect(later.map((i) => i.batchName)).not.toContain('Spring tomatoes');
    // Batches starting after the period are left out.
    const early = json<PlanItem[]>(
      await call('viewer', 'GET', url(tA, '/plan?startDate=2024-01-01&endDate=2025-01-31')),
    );
    expect(early).toEqual([]);
  });

  it('answers 400 for a period that ends before it starts or a missing date', async () => {
    const bad = await call('viewer', 'GET', url(tA, '/plan?startDate=2025-05-02&endDate=2025-05-01'));
    expect(bad.statusCode).toBe(400);
    expect(json<ErrBody>(bad).message).toContain('start date cannot be later than end date');
    expect((await call('viewer', 'GET', url(tA, '/plan?startDate=2025-05-02'))).statusCode).toBe(400);
  });
});

describe("batch codes follow the tenant's time zone", () => {
  it("in America/New_York, a generated code carries New York's day", async () => {
    const at = splitInstant();
    const { newYork } = daysAt(at);
    await setTenantZone(s, tok.adminB, tB, NEW_YORK);
    try {
      const res = await atInstant(at, async () =>
        s.inject({
          method: 'POST',
          url: url(tB),
          headers: auth(await login(s, 'adminB')),
          payload: { batchName: 'Hudson greens', areaId: ids.baseB, cropId: ids.cropB, startDate: newYork },
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(json<BatchBody>(res).batchCode).toMatch(new RegExp(`^B${newYork.replaceAll('-', '')}-\\d{3}$`));
    } finally {
      await setTenantZone(s, tok.adminB, tB, SHANGHAI);
    }
  });
});
