import type {
  InvLedgerPage,
  InvSlowPage,
  InvStockPage,
  InvSummaryPage,
  InvWarehouseValue,
} from '@tilth/contracts/inventory.report.types';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../../../platform/time/zone.js';
import { auth, json, login, startTestServer, type TestServer } from '../../../../test/harness.js';
import { type Ids, seedReportData } from './report-fixture.js';

// The stock reports users rely on, over ledger rows posted by the engine itself: on hand with value,
// transit and flags; in / out / balance by day, month and year with opening balances; the movement
// detail; slow movers; the Excel exports; another tenant sees nothing; a role limited to one base sees
// only that base's warehouses.

let s: TestServer;
let A: number;
let B: number;
let admin: Record<string, string>;
let adminB: Record<string, string>;
let ids: Ids;
const en = { 'accept-language': 'en-US' };

const get = (h: Record<string, string>, url: string) =>
  s.inject({ method: 'GET', url, headers: { ...h, ...en } });
const ok = async <T>(h: Record<string, string>, url: string): Promise<T> => {
  const res = await get(h, url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return json<T>(res);
};
const inv = (path: string) => `/wfpf/v1/${A}/inventory${path}`;
const workbook = async (h: Record<string, string>, url: string) => {
  const res = await get(h, url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no worksheet');
  const rows: unknown[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
};

let areas: { north: number; south: number };

beforeAll(async () => {
  s = await startTestServer();
  A = s.fixtures.tenantA;
  B = s.fixtures.tenantB;
  admin = auth(await login(s, 'adminA'));
  adminB = auth(await login(s, 'adminB'));
  const area = async (areaName: string) =>
    json<{ areaId: number }>(
      await s.inject({
        method: 'POST',
        url: `/wfpf/v1/${A}/area`,
        headers: admin,
        payload: { areaName },
      }),
    ).areaId;
  areas = { north: await area('Stock north'), south: await area('Stock south') };
  ids = await s.platform.database.withTenant(A, (tx) => seedReportData(tx, A, areas, today('Asia/Shanghai')));
});
afterAll(async () => {
  await s?.close();
});

describe('stock on hand', () => {
  it('lists each warehouse, SKU and lot with value, transit apart, flags and totals', async () => {
    const page = await ok<InvStockPage>(admin, inv('/stock?size=0'));
    expect(page.quantityDecimals).toBe(3);
    const row = (w: number, sku: number, lot = '') =>
      page.content.find((r) => r.warehouseId === w && r.skuId === sku && r.lotNo === lot);
    expect(row(ids.w1, ids.s1, 'L1')).toMatchObject({
      warehouseName: 'North store',
      productCode: 'P001',
      productName: 'Apple',
      skuName: 'Grade A',
      stockUnitName: 'kg',
      quantity: 20,
      value: 40,
      avgCost: 2,
      minQty: 50,
      skuWarehouseQty: 40,
      belowMin: true,
      aboveMax: false,
      expiryState: 'expiring',
    });
    expect(row(ids.w1, ids.s1, 'L2')).toMatchObject({
      quantity: 20,
      value: 80,
      belowMin: true,
      expiryState: null,
    });
    expect(row(ids.w2, ids.s2, 'L9')).toMatchObject({ quantity: 7, expiryState: 'expired' });
    expect(row(ids.w2, ids.s3)).toMatchObject({ quantity: 15, value: 150, maxQty: 10, aboveMax: true });
    // In transit to W1: shown, but not available there.
    expect(row(ids.w1, ids.s3)).toMatchObject({ quantity: 0, transitQty: 5, value: 0 });
    expect(page.totals).toEqual({ quantity: 75, transitQty: 5, value: 311 });
    expect(page.totalElements).toBe(7);
  });

  it('filters by warehouse, product, keyword, lot and flags, and pages', async () => {
    const list = async (q: string) => (await ok<InvStockPage>(admin, inv(`/stock?size=0&${q}`))).content;
    const keys = async (q: string) =>
      (await list(q)).map((r) => `${r.warehouseId}-${r.skuId}-${r.lotNo}`).sort();
    expect((await list(`warehouseId=${ids.w2}`)).every((r) => r.warehouseId === ids.w2)).toBe(true);
    expect(await keys(`productId=${ids.p2}`)).toEqual(
      [`${ids.w1}-${ids.s3}-`, `${ids.w2}-${ids.s3}-`].sort(),
    );
    expect(await keys('keyword=rice')).toEqual(await keys(`productId=${ids.p2}`));
    expect(await keys('lotNo=l2')).toEqual([`${ids.w1}-${ids.s1}-L2`]);
    expect(await keys('belowMin=1')).toEqual([`${ids.w1}-${ids.s1}-L1`, `${ids.w1}-${ids.s1}-L2`].sort());
    expect(await keys('aboveMax=1')).toEqual([`${ids.w2}-${ids.s3}-`]);
    expect(await keys('expiring=1')).toEqual([`${ids.w1}-${ids.s1}-L1`, `${ids.w2}-${ids.s2}-L9`].sort());
    const p = await ok<InvStockPage>(admin, inv('/stock?page=1&size=3'));
    expect(p).toMatchObject({ totalElements: 7, totalPages: 3, number: 1, size: 3 });
    expect(p.content).toHaveLength(3);
    const past = await ok<InvStockPage>(admin, inv('/stock?page=9&size=3'));
    expect(past).toMatchObject({ content: [], totalElements: 7, totals: { value: 311 } });
    expect((await get(admin, inv('/stock?warehouseId=abc'))).statusCode).toBe(400);
  });

  it('shows the value per warehouse, with what is in transit to it', async () => {
    const rows = await ok<InvWarehouseValue[]>(admin, inv('/stock/by-warehouse'));
    expect(rows.find((r) => r.warehouseId === ids.w2)).toMatchObject({ value: 167, transitValue: 0 });
    expect(rows.find((r) => r.warehouseId === ids.w1)).toMatchObject({ value: 144, transitValue: 50 });
  });

  it('exports the filtered list as a workbook with the same figures', async () => {
    const rows = await workbook(admin, inv(`/stock/export?warehouseId=${ids.w1}`));
    expect(rows[0]).toContain('On hand');
    expect(rows).toHaveLength(1 + 4);
    const l1 = rows.find((r) => r.includes('L1'));
    expect(l1).toEqual(
      expect.arrayContaining(['North store', 'Apple', 'L1', 'kg', 20, 40, 'yes', 'expiring']),
    );
  });
});

describe('in / out / balance by period', () => {
  const summary = (q: string) => ok<InvSummaryPage>(admin, inv(`/report/summary?size=0&${q}`));
  const pick = (p: InvSummaryPage, label: string, w: number, sku: number) =>
    p.content.find((r) => r.periodLabel === label && r.warehouseId === w && r.skuId === sku);

  it('by month, with the opening balance carried from before the range', async () => {
    const p = await summary('period=month&dateFrom=2026-01-01&dateTo=2026-02-28');
    expect(pick(p, '2026-01', ids.w1, ids.s1)).toMatchObject({
      periodStart: '2026-01-01',
      productName: 'Apple',
      openingQty: 100,
      openingValue: 200,
      inQty: 50,
      inValue: 200,
      outQty: 80,
      outValue: 160,
      closingQty: 70,
      closingValue: 240,
    });
    expect(pick(p, '2026-02', ids.w1, ids.s1)).toMatchObject({
      openingQty: 70,
      openingValue: 240,
      inQty: 0,
      outQty: 30,
      outValue: 120,
      closingQty: 40,
      closingValue: 120,
    });
    expect(pick(p, '2026-02', ids.w2, ids.s3)).toMatchObject({ openingQty: 20, outQty: 5, closingQty: 15 });
    // Transit is no warehouse's stock: the transfer's receiving side is not in the report.
    expect(p.content.some((r) => r.warehouseId === ids.w1 && r.skuId === ids.s3)).toBe(false);
    expect(p.content.map((r) => r.periodLabel)).toEqual([...p.content.map((r) => r.periodLabel)].sort());
    expect(p.series).toEqual([
      { periodLabel: '2026-01', inValue: 407, outValue: 160, closingValue: 447 },
      { periodLabel: '2026-02', inValue: 0, outValue: 170, closingValue: 277 },
    ]);
  });

  it('by day and by year, filtered by warehouse or product', async () => {
    const d = await summary(`period=day&dateFrom=2026-01-10&dateTo=2026-01-20&warehouseId=${ids.w1}`);
    expect(d.content.map((r) => [r.periodLabel, r.openingQty, r.inQty, r.outQty, r.closingQty])).toEqual([
      ['2026-01-10', 100, 50, 0, 150],
      ['2026-01-20', 150, 0, 80, 70],
    ]);
    expect(d.series).toHaveLength(11);
    const y = await summary(`period=year&dateFrom=2026-01-01&dateTo=2026-12-31&productId=${ids.p2}`);
    expect(y.content).toHaveLength(1);
    expect(y.content[0]).toMatchObject({
      periodLabel: '2026',
      skuId: ids.s3,
      // A single-SKU product's SKU has no name: its code names it.
      skuName: '',
      skuCode: 'P002',
      inQty: 20,
      outQty: 5,
      closingValue: 150,
    });
  });

  it('refuses a reversed or over-long range, naming the field', async () => {
    const bad = await get(admin, inv('/report/summary?period=month&dateFrom=2026-02-01&dateTo=2026-01-01'));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('dateTo');
    const long = await get(admin, inv('/report/summary?period=day&dateFrom=2024-01-01&dateTo=2026-01-01'));
    expect(long.statusCode).toBe(400);
    expect(json<{ code: string }>(long).code).toBe('wfpf.inventory.report.rangeTooLong');
    expect(
      (await get(admin, inv('/report/summary?period=week&dateFrom=2026-01-01&dateTo=2026-01-02'))).statusCode,
    ).toBe(400);
    expect((await get(admin, inv('/report/summary?dateFrom=2026-02-30&dateTo=2026-03-01'))).statusCode).toBe(
      400,
    );
  });

  it('exports the report', async () => {
    const rows = await workbook(
      admin,
      inv('/report/summary/export?period=month&dateFrom=2026-01-01&dateTo=2026-02-28'),
    );
    expect(rows[0]).toEqual(expect.arrayContaining(['Period', 'Opening qty', 'Closing value']));
    expect(rows).toHaveLength(1 + 5);
    expect(rows[1]).toEqual(
      expect.arrayContaining(['2026-01', 'North store', 'Apple', 100, 200, 50, 70, 240]),
    );
    const skuCol = (rows[0] ?? []).indexOf('SKU');
    expect(rows.find((r) => r.includes('Rice'))?.[skuCol]).toBe('P002');
  });
});

describe('movement detail', () => {
  it('lists every ledger row with its document, newest posting first', async () => {
    const p = await ok<InvLedgerPage>(
      admin,
      inv(`/report/ledger?size=0&skuId=${ids.s1}&warehouseId=${ids.w1}`),
    );
    expect(
      p.content.map((r) => [r.docDate, r.sourceType, r.sourceCode, r.lotNo, r.quantity, r.balanceQty]),
    ).toEqual([
      ['2026-02-05', 'shipment', 'CK6', 'L2', -30, 20],
      ['2026-01-20', 'shipment', 'CK5', 'L1', -80, 20],
      ['2026-01-10', 'warehousing', 'RK3', 'L2', 50, 50],
      ['2025-12-15', 'warehousing', 'RK1', 'L1', 100, 100],
    ]);
    expect(p.content[1]).toMatchObject({ sourceId: 1005, unitCost: 2, valueChange: -160, balanceValue: 40 });
    const transit = await ok<InvLedgerPage>(admin, inv('/report/ledger?location=transit'));
    expect(transit.content).toHaveLength(1);
    expect(transit.content[0]).toMatchObject({ warehouseId: ids.w1, sourceCode: 'CK-T1', quantity: 5 });
    const outs = await ok<InvLedgerPage>(
      admin,
      inv('/report/ledger?size=2&direction=out&dateFrom=2026-01-01&dateTo=2026-02-28'),
    );
    expect(outs).toMatchObject({ totalElements: 3, totalPages: 2 });
    expect((await ok<InvLedgerPage>(admin, inv('/report/ledger?docCode=ck-t'))).totalElements).toBe(2);
    const rows = await workbook(admin, inv(`/report/ledger/export?skuId=${ids.s1}&warehouseId=${ids.w1}`));
    expect(rows).toHaveLength(5);
    expect(rows[1]).toEqual(expect.arrayContaining(['2026-02-05', 'CK6', 'shipment', -30, 20]));
  });
});

describe('slow movers', () => {
  it('lists stock held without an outbound movement for N days, not what moved or just arrived', async () => {
    const p = await ok<InvSlowPage>(admin, inv('/report/slow-movers?days=90&size=0'));
    const keys = p.content.map((r) => `${r.warehouseId}-${r.skuId}`);
    // Largest value first: W2 rice 150, W1 apple A 120, W2 apple B 7.
    expect(keys).toEqual([`${ids.w2}-${ids.s3}`, `${ids.w1}-${ids.s1}`, `${ids.w2}-${ids.s2}`]);
    expect(p.content[1]).toMatchObject({
      quantity: 40,
      value: 120,
      lastOutDate: '2026-02-05',
      lastInDate: '2026-01-10',
    });
    expect(p.content[2]).toMatchObject({ lastOutDate: null });
    expect(p.content[0]?.idleDays).toBeGreaterThan(90);
    // A shorter window: Grade B last went out 3 days ago, so within 2 days it did not move.
    const short = await ok<InvSlowPage>(admin, inv('/report/slow-movers?days=2&size=0'));
    expect(short.content.map((r) => `${r.warehouseId}-${r.skuId}`)).toContain(`${ids.w1}-${ids.s2}`);
    expect((await get(admin, inv('/report/slow-movers?days=0'))).statusCode).toBe(400);
    const rows = await workbook(admin, inv('/report/slow-movers/export?days=90'));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain('Idle days');
  });
});

describe('isolation', () => {
  it('another tenant sees nothing', async () => {
    const other = (p: string) => `/wfpf/v1/${B}/inventory${p}`;
    expect((await ok<InvStockPage>(adminB, other('/stock?size=0'))).content).toEqual([]);
    expect((await ok<InvLedgerPage>(adminB, other('/report/ledger'))).totalElements).toBe(0);
    const sum = await ok<InvSummaryPage>(
      adminB,
      other('/report/summary?period=month&dateFrom=2026-01-01&dateTo=2026-02-28'),
    );
    expect(sum.content).toEqual([]);
    expect(sum.series.every((x) => x.closingValue === 0)).toBe(true);
    expect((await ok<InvSlowPage>(adminB, other('/report/slow-movers'))).content).toEqual([]);
    // Nor may tenant B's administrator read tenant A's reports.
    expect((await get(adminB, inv('/stock'))).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('a role limited to one base sees only the warehouses of that base', async () => {
    const role = json<{ id: number }>(
      await s.inject({
        method: 'POST',
        url: `/iam/v1/${A}/roles`,
        headers: admin,
        payload: {
          code: 'north-stock',
          nameZh: '北区库存',
          nameEn: 'North stock',
          permissions: ['wfpf.inventory.prment.stock', 'wfpf.inventory.prment.report'],
          dataScope: 'bases',
          baseIds: [areas.north],
        },
      }),
    );
    const created = await s.inject({
      method: 'POST',
      url: `/iam/v1/${A}/users`,
      headers: admin,
      payload: { realName: 'North keeper', phone: '13800000901', password: 'Start123', roleIds: [role.id] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const north = auth(await login(s, '13800000901', 'Start123'));
    const stock = await ok<InvStockPage>(north, inv('/stock?size=0'));
    expect(new Set(stock.content.map((r) => r.warehouseId))).toEqual(new Set([ids.w1]));
    expect(stock.totals.value).toBe(144);
    const ledger = await ok<InvLedgerPage>(north, inv('/report/ledger?size=0'));
    expect(ledger.content.every((r) => r.warehouseId === ids.w1)).toBe(true);
    const sum = await ok<InvSummaryPage>(
      north,
      inv('/report/summary?period=month&dateFrom=2026-01-01&dateTo=2026-02-28'),
    );
    expect(sum.content.every((r) => r.warehouseId === ids.w1)).toBe(true);
    expect(sum.series.at(-1)?.closingValue).toBe(120);
    const byW = await ok<InvWarehouseValue[]>(north, inv('/stock/by-warehouse'));
    expect(byW.map((r) => r.warehouseId)).toEqual([ids.w1]);
    // Without the report permission a user gets no report.
    const viewer = auth(await login(s, 'viewerA'));
    expect((await get(viewer, inv('/report/ledger'))).statusCode).toBe(403);
  });
});
