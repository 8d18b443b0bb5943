import type { MapConfig, MapDigital, MapFeatures } from '@tilth/contracts/map.types';
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
import { crops } from '../../crop/crop.tables.js';
import { tasks } from '../../task/task.tables.js';

// The fixture tenants keep the default zone; a test that moves one names its own.
const ZONE = 'Asia/Shanghai';

let s: TestServer;
let tA: number;
let tB: number;
let tok: RoleTokens;
const ids = { field: 0, ponds: 0, plot1: 0, plot2: 0, pond: 0, tomato: 0, carp: 0, batch: 0, baseB: 0 };

const en = { 'accept-language': 'en-US' };
const get = (token: string, path: string) =>
  s.inject({ method: 'GET', url: path, headers: { ...auth(token), ...en } });
const post = async (token: string, tenant: number, path: string, payload: Record<string, unknown>) => {
  const res = await s.inject({
    method: 'POST',
    url: `/wfpf/v1/${tenant}/${path}`,
    headers: auth(token),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<Record<string, number>>(res);
};
/** A closed square of side ~100 m at lat, lng ([lng, lat] positions). */
const square = (lat: number, lng: number): [number, number][] => {
  const d = 0.0009;
  return [
    [lng, lat],
    [lng + d, lat],
    [lng + d, lat + d],
    [lng, lat + d],
    [lng, lat],
  ];
};
const insertCrop = async (tenant: number, cropName: string, cropType = 'plant') => {
  const [c] = await s.platform.database.withTenant(tenant, (tx) =>
    tx.insert(crops).values({ tenantId: tenant, cropName, cropType }).returning(),
  );
  return c?.id ?? 0;
};

beforeAll(async () => {
  s = await startTestServer();
  tA = s.fixtures.tenantA;
  tB = s.fixtures.tenantB;
  tok = await signInRoles(s);
  ids.field = (await post(tok.admin, tA, 'area', { areaName: 'Panyu fields' })).areaId ?? 0;
  ids.ponds =
    (await post(tok.admin, tA, 'area', { areaName: 'Nansha ponds', areaUsage: 'nurture' })).areaId ?? 0;
  ids.plot1 =
    (
      await post(tok.admin, tA, 'land', {
        areaId: ids.field,
        landName: 'Plot 1',
        boundary: [square(22.96, 113.34)],
      })
    ).landId ?? 0;
  ids.plot2 =
    (
      await post(tok.admin, tA, 'land', {
        areaId: ids.field,
        landName: 'Plot 2',
        boundary: [square(22.962, 113.34)],
      })
    ).landId ?? 0;
  ids.pond = (await post(tok.admin, tA, 'land', { areaId: ids.ponds, landName: 'Pond 1' })).landId ?? 0;
  ids.tomato = await insertCrop(tA, 'Tomato');
  ids.carp = await insertCrop(tA, 'Grass carp', 'nurture');
  const today = todayIn(ZONE);
  ids.batch =
    (
      await post(tok.admin, tA, 'batch', {
        batchName: 'Spring tomatoes',
        landId: ids.plot1,
        cropId: ids.tomato,
        startDate: today,
      })
    ).batchId ?? 0;
  await post(tok.admin, tA, 'batch', {
    batchName: 'Carp 2025',
    landId: ids.pond,
    cropId: ids.carp,
    startDate: today,
  });
  await s.platform.database.withTenant(tA, (tx) =>
    tx.insert(tasks).values([
      { tenantId: tA, taskName: 'Weeding', startDate: today, endDate: today, status: 'in_progress' },
      { tenantId: tA, taskName: 'Done already', startDate: today, endDate: today, status: 'finished' },
      {
        tenantId: tA,
        taskName: 'Long ago',
        startDate: '2020-01-01',
        endDate: '2020-01-02',
        status: 'not_started',
      },
    ]),
  );
  ids.baseB = (await post(tok.adminB, tB, 'area', { areaName: 'B base' })).areaId ?? 0;
  await post(tok.adminB, tB, 'land', { areaId: ids.baseB, landName: 'B plot', boundary: [square(23, 113)] });
});
afterAll(async () => {
  await s?.close();
});

describe('GET map/config', () => {
  it('gives the tile layers, default centre and zooms to a viewer', async () => {
    const res = await get(tok.viewer, `/wfpf/v1/${tA}/map/config`);
    expect(res.statusCode, res.body).toBe(200);
    const c = json<MapConfig>(res);
    expect(c.providers.some((p) => p.kind === 'street')).toBe(true);
    expect(c.providers.filter((p) => p.kind === 'satellite').length).toBeGreaterThanOrEqual(2);
    expect(c).toMatchObject({ maxZoom: 20, maxNativeZoom: 18, center: [22.96, 113.34] });
  });

  it('needs a signed-in member of the tenant', async () => {
    expect((await s.inject({ method: 'GET', url: `/wfpf/v1/${tA}/map/config` })).statusCode).toBe(401);
    expect((await get(tok.adminB, `/wfpf/v1/${tA}/map/config`)).statusCode).toBe(403);
  });
});

describe('GET map/features', () => {
  it('answers every base and plot with boundary, area and the growing batch in one call', async () => {
    const res = await get(tok.viewer, `/wfpf/v1/${tA}/map/features`);
    expect(res.statusCode, res.body).toBe(200);
    const f = json<MapFeatures>(res);
    expect(f.bases.map((b) => b.areaName).sort()).toEqual(['Nansha ponds', 'Panyu fields']);
    const field = f.bases.find((b) => b.areaId === ids.field);
    expect(field?.landCount).toBe(2);
    expect(field?.areaMu).toBeGreaterThan(20); // two ~100 m squares ≈ 2 × 15 mu
    expect(f.plots).toHaveLength(3);
    const p1 = f.plots.find((p) => p.landId === ids.plot1);
    expect(p1).toMatchObject({
      landName: 'Plot 1',
      batchId: ids.batch,
      batchName: 'Spring tomatoes',
      cropName: 'Tomato',
    });
    expect(p1?.boundary?.[0]).toHaveLength(5);
    expect(p1?.areaM2).toBeGreaterThan(9000);
    expect(p1?.landCenter).toMatch(/^22\.96/);
    const p2 = f.plots.find((p) => p.landId === ids.plot2);
    expect(p2).toMatchObject({ batchId: null, batchName: null, cropName: null });
    expect(f.plots.find((p) => p.landId === ids.pond)).toMatchObject({
      boundary: null,
      areaMu: null,
      cropName: 'Grass carp',
    });
  });

  it('narrows to one base with areaId', async () => {
    const f = json<MapFeatures>(await get(tok.viewer, `/wfpf/v1/${tA}/map/features?areaId=${ids.ponds}`));
    expect(f.bases.map((b) => b.areaId)).toEqual([ids.ponds]);
    expect(f.plots.map((p) => p.landId)).toEqual([ids.pond]);
    const blank = json<MapFeatures>(await get(tok.viewer, `/wfpf/v1/${tA}/map/features?areaId=`));
    expect(blank.plots).toHaveLength(3);
  });

  it('answers 404 for a base that is not the tenant’s and 400 for a malformed areaId', async () => {
    const other = await get(tok.viewer, `/wfpf/v1/${tA}/map/features?areaId=${ids.baseB}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('B base');
    const bad = await get(tok.viewer, `/wfpf/v1/${tA}/map/features?areaId=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('areaId');
  });

  it("tenant B sees none of A's bases and plots, and may not read A's map", async () => {
    const f = json<MapFeatures>(await get(tok.adminB, `/wfpf/v1/${tB}/map/features`));
    expect(f.bases.map((b) => b.areaName)).toEqual(['B base']);
    expect(f.plots.map((p) => p.landName)).toEqual(['B plot']);
    const replay = await get(tok.adminB, `/wfpf/v1/${tA}/map/features`);
    expect(replay.statusCode).toBe(403);
    expect(replay.body).not.toContain('Plot 1');
  });
});

describe('GET map/digital', () => {
  it('aggregates bases, plots, area, growing batches, tasks today and the three charts', async () => {
    const res = await get(tok.viewer, `/wfpf/v1/${tA}/map/digital`);
    expect(res.statusCode, res.body).toBe(200);
    const d = json<MapDigital>(res);
    expect(d).toMatchObject({
      baseCount: 2,
      plotCount: 3,
      growingBatchCount: 2,
      plotsInUse: 2,
      tasksToday: 1,
    });
    expect(d.totalAreaMu).toBeGreaterThan(20);
    expect(d.areaByCrop.map((c) => c.name)).toEqual(['Tomato', 'Grass carp']);
    expect(d.areaByCrop[1]?.value).toBe(0); // the pond has no boundary, so no area
    expect(d.plotsByBase).toEqual([
      { name: 'Panyu fields', value: 2 },
      { name: 'Nansha ponds', value: 1 },
    ]);
    expect(d.batchesByMonth).toHaveLength(12);
    expect(d.batchesByMonth[11]).toEqual({ name: todayIn(ZONE).slice(0, 7), value: 2 });
  });

  it("counts only the caller's tenant", async () => {
    const d = json<MapDigital>(await get(tok.adminB, `/wfpf/v1/${tB}/map/digital`));
    expect(d).toMatchObject({
      baseCount: 1,
      plotCount: 1,
      growingBatchCount: 0,
      tasksToday: 0,
      areaByCrop: [],
    });
  });

  it('is refused (403) to a member whose roles lack the map pages', async () => {
    const role = await s.inject({
      method: 'POST',
      url: `/iam/v1/${tA}/roles`,
      headers: auth(tok.admin),
      payload: {
        code: 'bases-only',
        nameZh: '仅基地',
        nameEn: 'Bases only',
        permissions: ['wfpf.farm.farm.base'],
      },
    });
    expect(role.statusCode, role.body).toBe(200);
    const user = s.fixtures.users.operatorA.id;
    const assigned = await s.inject({
      method: 'PUT',
      url: `/iam/v1/${tA}/members/${user}/roles`,
      headers: auth(tok.admin),
      payload: { roleIds: [json<{ id: number }>(role).id] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const token = await login(s, 'operatorA');
    for (const path of ['map/config', 'map/features', 'map/digital']) {
      const res = await get(token, `/wfpf/v1/${tA}/${path}`);
      expect(res.statusCode, path).toBe(403);
      expect(res.body).not.toContain('Plot 1');
    }
  });
});
