import type { CarbonEntry, CarbonFactor, CarbonMonitor, CarbonSettings } from '@tilth/contracts/carbon.types';
import type { ErrorBody, Page } from '@tilth/contracts/common.types';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  json,
  type RoleTokens,
  signInRoles,
  startTestServer,
  type TestServer,
} from '../../../../test/harness.js';
import { type Scenario, seedScenario } from './carbon-scenario.js';

// The carbon API on the scenario of carbon-scenario.ts (2023 season, urea, aerator, a bill, a removal).
// Hand-computed figures (AR5; IPCC 2019 Tier 1; MEE/NBS 2023 national grid 0.5306, 2022 0.5366):
//   fertiliser 191.5571 + 21.0713 + 50.5711 + 227.7 = 490.8995
//   aerator May 12 h × 2 kW × 0.5306 = 12.7344 (batch); December 5 h × 2 kW × 0.5306 = 5.306 (no batch)
//   processing bill 100 kWh × 0.5306 = 53.06; removal 10
//   year: emissions 561.9999, removals 10, net 551.9999; batch net 546.6939 / 1000 kg = 0.546694

let s: TestServer;
let tok: RoleTokens;
let a: Scenario;
let b: Scenario;
type Who = keyof RoleTokens;

const call = (
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  tenant?: number,
) =>
  s.inject({
    method,
    url: `/wfpf/v1/${tenant ?? s.fixtures.tenantA}/carbon/${path}`,
    headers: { ...auth(tok[who]), 'accept-language': 'en-US' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const ok = async <T>(
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  tenant?: number,
) => {
  const res = await call(who, method, path, payload, tenant);
  expect(res.statusCode, res.body).toBe(200);
  return json<T>(res);
};
const refused = async (
  status: number,
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  tenant?: number,
) => {
  const res = await call(who, method, path, payload, tenant);
  expect(res.statusCode, res.body).toBe(status);
  return json<ErrorBody>(res);
};
const year2023 = 'monitor?from=2023-01-01&to=2023-12-31';

beforeAll(async () => {
  s = await startTestServer();
  tok = await signInRoles(s);
  a = await seedScenario(s, s.fixtures.tenantA, 'A');
  b = await seedScenario(s, s.fixtures.tenantB, 'B');
});
afterAll(async () => s?.close());

describe('monitoring computed from records', () => {
  it('totals, the batch per kg and the calculation lines with their records and sources', async () => {
    const m = await ok<CarbonMonitor>('operator', 'GET', year2023);
    expect(m.totals).toEqual({ emissions: '561.9999', removals: '10', net: '551.9999' });
    const batch = m.byBatch.find((g) => g.id === a.batchId);
    expect(batch).toMatchObject({ net: '546.6939', harvestKg: '1000', kgCo2ePerKg: '0.546694' });
    expect(m.byBase.find((g) => g.id === a.areaId)?.name).toBe('Tea base A');
    expect(m.bySource.map((x) => x.source)).toEqual([
      'fertilizer_n2o_direct',
      'fertilizer_n2o_indirect',
      'fertilizer_manufacture',
      'electricity',
      'manual',
    ]);
    const direct = m.lines.find((l) => l.source === 'fertilizer_n2o_direct');
    expect(direct).toMatchObject({
      kgCo2e: '191.5571',
      formula: '46 kg N × 0.01 × 44/28 × 265',
      factor: { code: 'n2o.ef1', own: false },
    });
    expect(direct?.factor.source).toContain('2019 Refinement');
    expect(direct?.refs).toEqual([
      { type: 'task', id: a.taskId, name: 'Top dressing' },
      { type: 'input', id: a.inputId, name: 'Urea' },
    ]);
    const may = m.lines.find((l) => l.source === 'electricity' && l.batchId === a.batchId);
    expect(may).toMatchObject({ kgCo2e: '12.7344', activity: { amount: '24', unit: 'kWh' } });
    expect(may?.refs[0]).toEqual({ type: 'device', id: a.deviceId, name: 'Aerator A' });
    expect(m.byMonth.find((x) => x.month === '2023-12')).toEqual({
      month: '2023-12',
      emissions: '5.306',
      removals: '0',
    });
  });

  it('another tenant sees none of it, even asking for the batch by id', async () => {
    const m = await ok<CarbonMonitor>(
      'adminB',
      'GET',
      `${year2023}&batchId=${a.batchId}`,
      undefined,
      s.fixtures.tenantB,
    );
    expect(m.lines).toEqual([]);
    const entries = await ok<Page<CarbonEntry>>('adminB', 'GET', 'entries', undefined, s.fixtures.tenantB);
    expect(entries.content.every((e) => !a.entryIds.includes(e.id))).toBe(true);
    await refused(
      404,
      'adminB',
      'DELETE',
      `entries/${a.entryIds[0]}?objectVersionNumber=1`,
      undefined,
      s.fixtures.tenantB,
    );
    expect(b.batchId).toBeGreaterThan(0);
  });

  it('refuses a reversed or too long period', async () => {
    expect(
      (await refused(400, 'operator', 'GET', 'monitor?from=2023-02-01&to=2023-01-01')).message,
    ).toContain('to:');
    await refused(400, 'operator', 'GET', 'monitor?from=2019-01-01&to=2023-12-31');
  });
});

describe('the registry', () => {
  const base = {
    factorCode: 'electricity.grid',
    category: 'electricity',
    factorName: 'Green power contract',
    gas: 'CO2',
    value: 0.6,
    activityUnit: 'kWh',
    source: 'Supplier declaration 2023',
    region: 'CN',
    validYear: 2023,
    calcYear: 2022,
  };

  it('validates on the server: 400 naming the field, nothing stored', async () => {
    for (const [patch, field] of [
      [{ value: -1 }, 'value'],
      [{ activityUnit: 'furlong' }, 'activityUnit'],
      [{ validYear: 1980 }, 'validYear'],
      [{ uncertaintyPct: 120 }, 'uncertaintyPct'],
      [{ calcYear: 2024 }, 'calcYear'],
      [{ activityUnit: 'kg' }, 'activityUnit'],
    ] as const) {
      const body = await refused(400, 'operator', 'POST', 'factors', { ...base, ...patch });
      expect(body.message, JSON.stringify(patch)).toContain(field);
    }
    const page = await ok<Page<CarbonFactor>>('operator', 'GET', 'factors?origin=own&size=0');
    expect(page.totalElements).toBe(0);
  });

  it('a tenant override beats the default; the nearest valid year and the grid region apply', async () => {
    // 2022 activity: the national 2022 default (0.5366) is nearer than 2023's.
    await ok('operator', 'POST', 'entries', {
      kind: 'emission',
      entryDate: '2022-06-01',
      stage: 'storage',
      areaId: a.areaId,
      factorCode: 'electricity.grid',
      activityAmount: 100,
    });
    const y22 = await ok<CarbonMonitor>('operator', 'GET', 'monitor?from=2022-01-01&to=2022-12-31');
    expect(y22.totals.emissions).toBe('53.66');

    // Region East China: 12 h × 2 kW × 0.55 = 13.2 for the batch's aerator line.
    const st = await ok<CarbonSettings>('operator', 'GET', 'settings');
    expect(st).toMatchObject({ gridRegion: 'CN', objectVersionNumber: 0 });
    const saved = await ok<CarbonSettings>('operator', 'PUT', 'settings', {
      gridRegion: 'CN-EAST',
      dashboardYear: 2023,
      objectVersionNumber: 0,
    });
    await refused(409, 'operator', 'PUT', 'settings', {
      gridRegion: 'CN',
      dashboardYear: null,
      objectVersionNumber: 0,
    });
    let m = await ok<CarbonMonitor>('operator', 'GET', year2023);
    expect(m.lines.find((l) => l.source === 'electricity' && l.batchId === a.batchId)?.kgCo2e).toBe('13.2');

    // The tenant's own factor for CN does not touch East China; back to CN it applies (0.6).
    const own = await ok<CarbonFactor>('operator', 'POST', 'factors', base);
    expect(own).toMatchObject({ own: true, overrides: true, unit: 'kgCO2/kWh' });
    await ok('operator', 'PUT', 'settings', {
      gridRegion: 'CN',
      dashboardYear: 2023,
      objectVersionNumber: saved.objectVersionNumber,
    });
    m = await ok<CarbonMonitor>('operator', 'GET', year2023);
    const line = m.lines.find((l) => l.source === 'electricity' && l.batchId === a.batchId);
    expect(line).toMatchObject({ kgCo2e: '14.4', factor: { own: true, value: '0.6' } });
    const list = await ok<Page<CarbonFactor>>(
      'operator',
      'GET',
      'factors?category=electricity&region=CN&year=2023&size=0',
    );
    expect(list.content.find((f) => !f.own)?.overriddenBy).toBe(own.id);

    // Disabled, the default is back; a stale version is refused and changes nothing.
    const off = await ok<CarbonFactor>('operator', 'PUT', 'factors', {
      ...base,
      id: own.id,
      objectVersionNumber: 1,
      enabledFlag: 0,
    });
    await refused(409, 'operator', 'PUT', 'factors', {
      ...base,
      value: 9,
      id: own.id,
      objectVersionNumber: 1,
      enabledFlag: 1,
    });
    m = await ok<CarbonMonitor>('operator', 'GET', year2023);
    expect(m.lines.find((l) => l.source === 'electricity' && l.batchId === a.batchId)?.kgCo2e).toBe(
      '12.7344',
    );
    await ok('operator', 'DELETE', `factors/${own.id}?objectVersionNumber=${off.objectVersionNumber}`);
    await refused(403, 'viewer', 'POST', 'factors', base);
  });
});

describe('manual entries', () => {
  it('records with the factor unit, refuses others’ places and files, and checks the version', async () => {
    const e = await ok<CarbonEntry>('operator', 'POST', 'entries', {
      kind: 'emission',
      entryDate: '2023-08-01',
      stage: 'transport_sales',
      areaId: a.areaId,
      batchId: a.batchId,
      factorCode: 'fuel.diesel',
      activityAmount: 20,
      description: 'Delivery van',
    });
    // 20 kg × 3.5172 = 70.344
    expect(e).toMatchObject({ activityUnit: 'kg', kgCo2e: '70.344', objectVersionNumber: 1 });
    await refused(400, 'operator', 'POST', 'entries', {
      kind: 'emission',
      entryDate: '2023-08-01',
      stage: 'usage',
      batchId: b.batchId,
      factorCode: 'fuel.diesel',
      activityAmount: 1,
    });
    await refused(400, 'operator', 'POST', 'entries', {
      kind: 'emission',
      entryDate: '2023-08-01',
      stage: 'usage',
      factorCode: 'no.such',
      activityAmount: 1,
    });
    await refused(400, 'operator', 'POST', 'entries', {
      kind: 'emission',
      entryDate: '2023-08-01',
      stage: 'usage',
      factorCode: 'fuel.diesel',
      activityAmount: 1,
      evidence: ['https://evil.example/x.png'],
    });
    await refused(403, 'viewer', 'POST', 'entries', {
      kind: 'emission',
      entryDate: '2023-08-01',
      stage: 'usage',
      factorCode: 'fuel.diesel',
      activityAmount: 1,
    });
    const put = {
      kind: 'emission',
      entryDate: '2023-08-01',
      stage: 'transport_sales',
      areaId: a.areaId,
      batchId: a.batchId,
      factorCode: 'fuel.diesel',
      activityAmount: 30,
    };
    const saved = await ok<CarbonEntry>('operator', 'PUT', 'entries', {
      ...put,
      id: e.id,
      objectVersionNumber: 1,
    });
    expect(saved).toMatchObject({ activityAmount: '30', objectVersionNumber: 2 });
    await refused(409, 'operator', 'PUT', 'entries', {
      ...put,
      activityAmount: 40,
      id: e.id,
      objectVersionNumber: 1,
    });
    await refused(409, 'operator', 'DELETE', `entries/${e.id}?objectVersionNumber=1`);
    const list = await ok<Page<CarbonEntry>>(
      'viewer',
      'GET',
      `entries?stage=transport_sales&batchId=${a.batchId}`,
    );
    expect(list.content.map((x) => [x.id, x.activityAmount, x.batchName])).toEqual([
      [e.id, '30', 'Spring tea A'],
    ]);
    await ok('operator', 'DELETE', `entries/${e.id}?objectVersionNumber=2`);
  });
});

describe('dashboard and its report', () => {
  it('shows the fixed year and exports a workbook and a PDF that open', async () => {
    const d = await ok<CarbonMonitor>('viewer', 'GET', 'dashboard');
    expect(d.from).toBe('2023-01-01');
    await refused(403, 'viewer', 'GET', 'dashboard/export?format=xlsx');
    const x = await call('operator', 'GET', 'dashboard/export?format=xlsx');
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const totals = wb.worksheets[0];
    expect(totals?.getRow(1).getCell(1).value).toBe('Carbon report 2023');
    expect(totals?.getRow(4).getCell(1).value).toBe(Number(d.totals.emissions));
    const lines = wb.worksheets.find((w) => w.name === 'Calculation lines');
    expect(lines?.rowCount).toBe(d.lines.length + 1);
    const p = await call('operator', 'GET', 'dashboard/export?format=pdf');
    expect(p.statusCode).toBe(200);
    expect(p.headers['content-type']).toBe('application/pdf');
    expect(p.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(p.rawPayload.length).toBeGreaterThan(2000);
  });
});
