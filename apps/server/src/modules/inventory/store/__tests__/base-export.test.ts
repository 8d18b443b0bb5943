import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../../../test/harness.js';
import { docHarness } from '../../document/__tests__/doc-helpers.js';

// Excel export of every base-data list (issue 15 item 4): the list's filters narrow the rows, another
// tenant's rows never appear, the list's permission is needed, the header is in the caller's language.

let h: Awaited<ReturnType<typeof docHarness>>;
beforeAll(async () => {
  h = await docHarness();
});
afterAll(async () => {
  await h.s.close();
});

type Lang = 'en-US' | 'zh-CN';
const download = (path: string, lang: Lang = 'en-US', who: 'admin' | 'adminB' = 'admin', tenant = h.tA) =>
  h.s.inject({
    method: 'GET',
    url: `/wfpf/v1/${tenant}/inventory/${path}`,
    headers: { ...auth(h.tok[who]), 'accept-language': lang },
  });

/** The first sheet's rows (header first) of an export answered 200. */
const sheet = async (
  path: string,
  lang: Lang = 'en-US',
  who: 'admin' | 'adminB' = 'admin',
  tenant = h.tA,
) => {
  const res = await download(path, lang, who, tenant);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+\.xlsx"/);
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

describe('base-data list exports', () => {
  it('units: the filter narrows the rows; header in English or Chinese; B sees only its own', async () => {
    const all = await sheet('unit/export');
    expect(all[0]).toEqual(['Unit name', 'Unit code', 'Status', 'Remark', 'Created']);
    expect(column(all, 'Unit code').sort()).toEqual(['BOX', 'PCS']);
    const some = await sheet(`unit/export?unitName=${encodeURIComponent('箱')}`);
    expect(column(some, 'Unit code')).toEqual(['BOX']);
    const zh = await sheet('unit/export', 'zh-CN');
    expect(zh[0]).toEqual(['单位名称', '单位编码', '状态', '备注', '创建时间']);
    expect(column(zh, '状态')).toEqual(['启用', '启用']);
    // Created is the tenant's wall time, not an ISO instant.
    expect(String(column(zh, '创建时间')[0])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // Tenant B's export holds B's rows only (seeded with the same codes, but its own ids).
    await h.ok('adminB', 'POST', 'unit', { unitName: '吨B', unitCode: 'TONB' }, h.tB);
    const b = await sheet('unit/export', 'en-US', 'adminB', h.tB);
    expect(column(b, 'Unit code').sort()).toEqual(['BOX', 'PCS', 'TONB']);
    expect(column(all, 'Unit code')).not.toContain('TONB');
  });

  it('warehouses, shops and counterparties take the list filters', async () => {
    const ws = await sheet(`store/export?warehouseCode=W`);
    expect(column(ws, 'Warehouse code').sort()).toEqual(['W1', 'W2', 'WN']);
    const neg = await sheet(`store/export?warehouseName=${encodeURIComponent('负库存')}`);
    expect(column(neg, 'Warehouse code')).toEqual(['WN']);
    expect(column(neg, 'Negative stock')).toEqual(['Allowed']);
    expect(column(neg, 'Base')).toEqual(['Company level']);

    await h.ok('admin', 'POST', 'shops', { shopCode: 'SH1', shopName: '一店', warehouseId: h.a.w1 });
    await h.ok('admin', 'POST', 'shops', { shopCode: 'SH2', shopName: '二店', enabledFlag: 0 });
    const shops = await sheet('shops/export?enabledFlag=1');
    expect(column(shops, 'Shop code')).toEqual(['SH1']);
    expect(column(shops, 'Ships from')).toEqual(['一号仓']);
    expect((await sheet('shops/export', 'en-US', 'adminB', h.tB)).length).toBe(1);

    const suppliers = await sheet('businesses/export?category=supplier');
    expect(column(suppliers, 'Code')).toEqual(['S1']);
    expect(column(suppliers, 'Category')).toEqual(['Supplier']);
    const zh = await sheet('businesses/export?keyword=C1', 'zh-CN');
    expect(column(zh, '类别')).toEqual(['客户']);
  });

  it('attributes, numbering and products', async () => {
    await h.ok('admin', 'POST', 'standard', {
      standardName: '等级',
      values: [{ valueName: '一级' }, { valueName: '二级' }],
    });
    await h.ok('admin', 'POST', 'standard', { standardName: '重量', values: [{ valueName: '5kg' }] });
    const st = await sheet(`standard/export?standardName=${encodeURIComponent('等级')}`, 'zh-CN');
    expect(column(st, '属性名称')).toEqual(['等级']);
    expect(column(st, '属性值')).toEqual(['一级、二级']);

    const bill = await sheet('bill/export');
    expect(column(bill, 'Document type')).toEqual([
      'Purchase request',
      'Receipt',
      'Shipment',
      'Transfer',
      'Return',
      'Stocktake',
    ]);
    expect(column(bill, 'Rule')[0]).toBe('Built-in default');

    const products = await sheet('product/export?enabledFlag=1');
    expect(column(products, 'Product code (SPU)').sort()).toEqual(['APPLE', 'MILK']);
    const apple = await sheet('product/export?keyword=APPLE');
    // Decimals as numbers: the factor and the cost price are exact.
    expect(column(apple, 'Purchase factor')).toEqual([12]);
    expect(column(apple, 'Cost price')).toEqual([2]);
  });

  it('needs the list permission (403) and another tenant gets nothing of A', async () => {
    for (const path of ['unit', 'store', 'shops', 'businesses', 'standard', 'bill', 'product']) {
      const res = await h.call('operator', 'GET', `${path}/export`);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(403);
      // B's administrator naming A's tenant in the path is refused.
      const cross = await download(`${path}/export`, 'en-US', 'adminB', h.tA);
      expect(cross.statusCode, `${path}: ${cross.body}`).toBe(403);
    }
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const res = await h.call('admin', 'GET', 'unit/export?enabledFlag=7');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('enabledFlag');
    const cat = await h.call('admin', 'GET', 'businesses/export?category=friend');
    expect(cat.statusCode).toBe(400);
    expect(cat.body).toContain('category');
  });
});
