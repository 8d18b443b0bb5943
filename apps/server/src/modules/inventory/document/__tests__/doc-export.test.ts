import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../../../test/harness.js';
import { docHarness } from './doc-helpers.js';

// GET /inventory/documents/export: one row per document, filtered as the list, the type's permission.

let h: Awaited<ReturnType<typeof docHarness>>;
beforeAll(async () => {
  h = await docHarness();
  await h.receive(h.a.w1, h.a.apple, 10);
  await h.create({
    docType: 'warehousing',
    bizType: 'purchase',
    warehouseId: h.a.w2,
    businessId: h.a.supplier,
    docDate: '2026-03-05',
    lines: [{ skuId: h.a.apple, unitId: h.a.pcs, quantity: 4, unitPrice: 2.35 }],
  });
  await h.create({
    docType: 'shipment',
    bizType: 'sale',
    warehouseId: h.a.w1,
    businessId: h.a.customer,
    submit: true,
    lines: [{ skuId: h.a.apple, unitId: h.a.pcs, quantity: 1, unitPrice: 5 }],
  });
});
afterAll(async () => {
  await h.s.close();
});

type Lang = 'en-US' | 'zh-CN';
const download = (
  query: string,
  lang: Lang = 'en-US',
  who: 'admin' | 'adminB' | 'operator' = 'admin',
  tenant = h.tA,
) =>
  h.s.inject({
    method: 'GET',
    url: `/wfpf/v1/${tenant}/inventory/documents/export${query}`,
    headers: { ...auth(h.tok[who]), 'accept-language': lang },
  });
const sheet = async (
  query: string,
  lang: Lang = 'en-US',
  who: 'admin' | 'adminB' = 'admin',
  tenant = h.tA,
) => {
  const res = await download(query, lang, who, tenant);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(res.headers['content-disposition']).toContain('attachment');
  expect(res.headers['cache-control']).toBe('no-store');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no worksheet');
  const rows: unknown[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
};
const column = (rows: unknown[][], header: string): unknown[] => {
  const i = (rows[0] ?? []).indexOf(header);
  expect(i, `column ${header}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((r) => r[i]);
};

describe('documents export', () => {
  it('answers one row per document of the type, with the list columns, in English', async () => {
    const rows = await sheet('?docType=warehousing');
    expect(rows[0]).toEqual([
      'Document code',
      'Document type',
      'Document date',
      'Warehouse',
      'Counterparty',
      'Approval',
      'Stock state',
      'Total amount',
      'Created by',
      'Created',
    ]);
    expect(rows).toHaveLength(1 + 2);
    expect(column(rows, 'Document type')).toEqual(['Inbound order', 'Inbound order']);
    const list = await h.ok<{ content: { docCode: string; totalAmount: number }[] }>(
      'admin',
      'GET',
      'documents?docType=warehousing',
    );
    // The list's order and codes; the amount exact (4 × 2.35).
    expect(column(rows, 'Document code')).toEqual(list.content.map((d) => d.docCode));
    expect(column(rows, 'Total amount')).toContain(9.4);
    expect(column(rows, 'Approval')).toEqual(expect.arrayContaining(['Draft', 'Approved']));
    expect(column(rows, 'Stock state')).toEqual(expect.arrayContaining(['Stored', 'Not stored']));
    expect(column(rows, 'Created by').every((n) => typeof n === 'string' && n.length > 0)).toBe(true);
  });

  it('the filters narrow the rows; Chinese headers and states', async () => {
    const draft = await sheet('?docType=warehousing&auditState=draft', 'zh-CN');
    expect(draft[0]).toContain('单据编号');
    expect(column(draft, '审批状态')).toEqual(['草稿']);
    expect(column(draft, '往来单位')).toEqual(['供应商']);
    expect(column(draft, '单据日期')).toEqual(['2026-03-05']);
    const dated = await sheet('?docType=warehousing&dateFrom=2026-03-01&dateTo=2026-03-31');
    expect(dated).toHaveLength(2);
    const byWarehouse = await sheet(`?warehouseId=${h.a.w1}`);
    expect(column(byWarehouse, 'Document type').sort()).toEqual(['Inbound order', 'Outbound order']);
    const out = await sheet('?docType=shipment', 'zh-CN');
    expect(column(out, '出入库状态')).toEqual(['未出库']);
  });

  it('another tenant sees none of A; the type permission is needed; a bad filter is a 400', async () => {
    const b = await sheet('', 'en-US', 'adminB', h.tB);
    expect(b).toHaveLength(1);
    expect((await download('', 'en-US', 'adminB', h.tA)).statusCode).toBe(403);
    expect((await download('?docType=shipment', 'en-US', 'operator')).statusCode).toBe(403);
    const bad = await download('?dateFrom=2026-04-01&dateTo=2026-03-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('dateFrom');
    const badType = await download('?docType=invoice');
    expect(badType.statusCode).toBe(400);
    expect(badType.body).toContain('docType');
  });
});
